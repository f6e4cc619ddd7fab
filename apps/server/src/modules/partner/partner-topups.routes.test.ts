import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { untilStatus } from '../provider-sales/provider-sales.fixtures.ts';
import { balanceOf, checkInvariants, newShop, ok, topUp } from '../selling/selling.fixtures.ts';
import { allowIps, callPartner, newApiKey, type PartnerCallOpts, TILL_IP } from './partner.fixtures.ts';

/**
 * International top-ups over the partner API against the DT One simulator the portal starts. Product 5000 is
 * Turkcell's 5 € top-up: the demo shop pays S = 4.90. The number's last three digits choose the outcome.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let key: string;
let shopB: { customerId: number; key: string };

const PRODUCT = 5000;
const number = (suffix: string) => `+90532123${suffix}`;
const call = (method: 'GET' | 'POST', url: string, apiKey: string, o?: PartnerCallOpts) =>
  callPartner(ctx, method, url, apiKey, o);

const topupsOf = async (customerId: number) =>
  (
    await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from provider_sales where customer_id = ${customerId}`,
    )
  ).rows[0]!.n;

/** Asks `GET /topups/{id}` until the top-up is `status`, as a till following its top-up does. */
const waitFor = (apiKey: string, id: number, status: string) =>
  untilStatus(`top-up ${id}`, status, async () => {
    const res = await call('GET', `/topups/${id}`, apiKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  });

beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'error', DT_ONE_SIMULATOR_DELAY_SCALE: '0.01', DT_ONE_POLL_MS: '150', DT_ONE_TIMEOUT_MS: '1000' },
  });
  ids = await demoIds(ctx.db);
  await topUp(ctx, ids.reseller, '1000');
  await topUp(ctx, ids.seller, '100');
  await allowIps(ctx, ids.seller, [TILL_IP]);
  key = (await newApiKey(ctx)).api_key;
  const b = await newShop(ctx, 'Topup Shop B');
  await topUp(ctx, b.customerId, '100');
  await allowIps(ctx, b.customerId, [TILL_IP]);
  const userB = (await ctx.db.execute<{ id: number }>(sql`select id from users where username = 'topup-shop-b'`))
    .rows[0]!.id;
  const created = await ok<{ api_key: string }>(
    post(ctx.app, '/api/seller/api_key/add/', { name: 'B', user_id: userB }, b.headers),
  );
  shopB = { customerId: b.customerId, key: created.api_key };
}, 120_000);
afterAll(async () => ctx.close());

describe('partner top-ups', () => {
  it("finds a number's operator and its products at the shop's price", async () => {
    const lookup = await call('GET', `/topups/lookup?mobile_number=${encodeURIComponent(number('4100'))}`, key);
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    const operator = lookup.body.data.operators[0];
    expect(operator).toMatchObject({ name: 'Turkcell Turkey', country_iso_code: 'TUR' });
    const products = await call('GET', `/topups/products?operator_id=${operator.id}`, key);
    expect(products.status).toBe(200);
    expect(products.body.data.products).toContainEqual(
      expect.objectContaining({ id: PRODUCT, retail_price: '5.00', price: '4.90' }),
    );
    const neither = await call('GET', '/topups/products', key);
    expect(neither.status).toBe(422);
    expect(neither.body.errors[0]).toMatchObject({ field: 'operator_id' });
  });

  it('sends once under one Idempotency-Key and follows the top-up to successful', async () => {
    const balance = await balanceOf(ctx, ids.seller);
    const before = await topupsOf(ids.seller);
    const body = { product_id: PRODUCT, mobile_number: number('4100') };
    const first = await call('POST', '/topups', key, { body, idempotencyKey: 'topup-1001' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = first.body.data.sale_id;
    const again = await call('POST', '/topups', key, { body, idempotencyKey: 'topup-1001' });
    expect(again.body.data.sale_id).toBe(id);
    const other = await call('POST', '/topups', key, {
      body: { ...body, mobile_number: number('4101') },
      idempotencyKey: 'topup-1001',
    });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('key_reused');
    expect((await call('POST', '/topups', key, { body })).status).toBe(422);

    const done = await waitFor(key, id, 'successful');
    expect(done).toMatchObject({ seller_price: '4.90', mobile_number: number('4100') });
    expect(await topupsOf(ids.seller)).toBe(before + 1);
    expect(balance.minus(await balanceOf(ctx, ids.seller)).toFixed(2)).toBe('4.90');
    await checkInvariants(ctx);
  });

  it('sends once for the same Idempotency-Key sent twice at the same time', async () => {
    const before = await topupsOf(ids.seller);
    const body = { product_id: PRODUCT, mobile_number: number('4100') };
    const [a, b] = await Promise.all([
      call('POST', '/topups', key, { body, idempotencyKey: 'topup-race' }),
      call('POST', '/topups', key, { body, idempotencyKey: 'topup-race' }),
    ]);
    // One sends; the other waits for it and answers the same top-up, or is told the key is in flight.
    const sent = [a, b].filter((r) => r.status === 200);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent.map((r) => r.body.data.sale_id)).size).toBe(1);
    for (const r of [a, b]) if (r.status !== 200) expect(r.body.code).toBe('in_progress');
    expect(await topupsOf(ids.seller)).toBe(before + 1);
    await waitFor(key, sent[0]!.body.data.sale_id, 'successful');
    await checkInvariants(ctx);
  });

  it('gives the money back when the operator declines', async () => {
    const balance = await balanceOf(ctx, ids.seller);
    const sent = await call('POST', '/topups', key, {
      body: { product_id: PRODUCT, mobile_number: number('4102') },
      idempotencyKey: 'topup-declined',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await waitFor(key, sent.body.data.sale_id, 'failed');
    expect((await balanceOf(ctx, ids.seller)).toFixed(4)).toBe(balance.toFixed(4));
    const failed = await call('GET', '/topups?status=failed', key);
    expect(failed.body.data.top_ups.map((t: { sale_id: number }) => t.sale_id)).toContain(sent.body.data.sale_id);
    await checkInvariants(ctx);
  });

  it("keeps a key to its own shop's top-ups and to its user's flags", async () => {
    const mine = await call('GET', '/topups', key);
    const id = mine.body.data.top_ups[0].sale_id;
    expect((await call('GET', `/topups/${id}`, shopB.key)).status).toBe(404);
    const theirs = await call('GET', '/topups', shopB.key);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.top_ups).toEqual([]);

    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_dt_one') where username = 'topup-shop-b'`,
    );
    const refused = await call('GET', `/topups/lookup?mobile_number=${encodeURIComponent(number('4100'))}`, shopB.key);
    expect(refused.status).toBe(403);
    const sent = await call('POST', '/topups', shopB.key, {
      body: { product_id: PRODUCT, mobile_number: number('4100') },
      idempotencyKey: 'topup-flagless',
    });
    expect(sent.status).toBe(403);
    expect(await topupsOf(shopB.customerId)).toBe(0);
  });
});
