import type { ProviderVatRow } from '@portal/contract/provider-vat';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, get, login, post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import type { Headers } from '../selling/selling.fixtures.ts';

/**
 * The VAT treatment of provider goods (issue 35, decision 0132): documented defaults since ever, set by the
 * platform's superadmin from now on, never backdated, and each provider sale invoiced with the entry in force when
 * it was sold (a soft-pin product's own entry replacing its provider's).
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let dynamicProductId: number;
let otherDynamicProductId: number;
let ip = 0;
let saleNo = 0;

async function signInNow(username: string): Promise<Headers> {
  ip++;
  const res = await login(ctx, { username }, { ip: `10.11.${Math.floor(ip / 250)}.${ip % 250}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  return authHeaders(res.body.data);
}

async function setVat(iso: string, body: object) {
  ctx.clock.set(new Date(iso));
  return post(ctx.app, '/api/set_provider_vat_treatment/', body, await signInNow('superadmin'));
}

/** A successful provider sale of the demo shop at `iso`, its facts as the provider flow writes them. */
async function sale(provider: string, iso: string, sellerPrice: string, operatorId = 0) {
  saleNo++;
  await ctx.db.execute(sql`
    insert into provider_sales (provider, external_id, customer_id, reseller_id, platform_id, sold_by, product_id,
      product_name, operator_id, operator_name, country_iso_code, mobile_number, face_value, face_currency,
      retail_price, seller_price, reseller_price, provider_cost, status, reservation_entry_id, created_at,
      updated_at, final_at)
    values (${provider}, ${`vat-test-${saleNo}`}, ${ids.seller}, ${ids.reseller}, ${ids.platform},
      ${ids.user('seller')}, ${9000 + saleNo}, ${`${provider} ${saleNo}`}, ${operatorId}, 'Brand', 'DE', '',
      ${sellerPrice}, 'EUR', ${sellerPrice}, ${sellerPrice}, ${sellerPrice}, '1.00', 'successful', 0,
      ${iso}::timestamptz, ${iso}::timestamptz, ${iso}::timestamptz)`);
}

const rowOf = (rows: ProviderVatRow[], provider: string, dp: number | null = null) =>
  rows.find((r) => r.provider === provider && r.dynamic_product_id === dp)!;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into dynamic_products (provider, provider_product_id, name, product_type, face_value, enabled, updated_by,
      created_at, updated_at)
    values ('softpin', 501, 'Steam 20', 'gift_card', 20, true, ${ids.user('superadmin')}, now(), now()),
           ('softpin', 502, 'PlayStation 25', 'gift_card', 25, true, ${ids.user('superadmin')}, now(), now())
    returning id`);
  expect(rows).toHaveLength(2);
  [dynamicProductId, otherDynamicProductId] = [rows[0]!.id, rows[1]!.id];
}, 60_000);
afterAll(async () => ctx?.close());

describe('provider VAT treatments', () => {
  it('lists the documented defaults, in force since ever, to the superadmin only', async () => {
    const res = await get(ctx.app, '/api/provider_vat_treatments/', await signInNow('superadmin'));
    expect(res.status).toBe(200);
    const rows: ProviderVatRow[] = res.body.data.treatments;
    expect(rowOf(rows, 'dtone').current).toMatchObject({ choice: 'mpv', valid_from: null });
    expect(rowOf(rows, 'direct_recharge').current).toMatchObject({ choice: 'mpv', valid_from: null });
    expect(rowOf(rows, 'softpin').current).toMatchObject({ choice: 'mpv', valid_from: null });
    expect(rowOf(rows, 'flixbus').current).toMatchObject({
      choice: 'carrier_19',
      valid_from: null,
      carrier: expect.stringContaining('FlixBus'),
    });
    // A soft-pin product without entries of its own follows its provider.
    expect(rowOf(rows, 'softpin', dynamicProductId)).toMatchObject({ own: false, name: 'Steam 20' });
    for (const who of ['reseller', 'seller']) {
      const headers = await signInNow(who);
      expect((await get(ctx.app, '/api/provider_vat_treatments/', headers)).status).toBe(403);
      const set = await post(
        ctx.app,
        '/api/set_provider_vat_treatment/',
        { provider: 'dtone', choice: 'spv_19' },
        headers,
      );
      expect(set.status).toBe(403);
    }
  });

  it('refuses a carrier treatment for vouchers, a carrier without name and address, and an unknown product', async () => {
    const carrierForTopups = await setVat('2026-11-02T09:00:00Z', {
      provider: 'dtone',
      choice: 'carrier_19',
      carrier: 'X',
    });
    expect(carrierForTopups.status).toBe(422);
    expect(carrierForTopups.body.errors[0].field).toBe('choice');
    const noCarrier = await setVat('2026-11-02T09:00:00Z', { provider: 'flixbus', choice: 'carrier_7' });
    expect(noCarrier.status).toBe(422);
    expect(noCarrier.body.errors[0]).toMatchObject({ field: 'carrier', rule: 'required' });
    const productOfTopups = await setVat('2026-11-02T09:00:00Z', {
      provider: 'dtone',
      dynamic_product_id: dynamicProductId,
      choice: 'mpv',
    });
    expect(productOfTopups.status).toBe(422);
    expect(productOfTopups.body.errors[0].field).toBe('dynamic_product_id');
    const unknown = await setVat('2026-11-02T09:00:00Z', {
      provider: 'softpin',
      dynamic_product_id: 999_999,
      choice: 'spv_19',
    });
    expect(unknown.status).toBe(404);
  });

  it('invoices each provider sale with the treatment in force when it was sold', async () => {
    // The 1st–19th under the defaults.
    await sale('dtone', '2026-11-01T10:00:00Z', '11.98');
    await sale('softpin', '2026-11-03T10:00:00Z', '20.00', dynamicProductId);
    await sale('flixbus', '2026-11-05T10:00:00Z', '29.99');
    // The 20th: top-ups become single-purpose at 19 %, one soft-pin product at 7 %, bus fares stay the carrier's.
    const set = await setVat('2026-11-20T09:00:00Z', { provider: 'dtone', choice: 'spv_19' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(rowOf(set.body.data.treatments, 'dtone')).toMatchObject({
      own: true,
      current: { choice: 'spv_19', valid_from: '2026-11-20T09:00:00.000Z', set_by: 'superadmin' },
      history: [{ choice: 'spv_19' }, { choice: 'mpv', valid_from: null }],
    });
    const own = await setVat('2026-11-20T09:00:00Z', {
      provider: 'softpin',
      dynamic_product_id: dynamicProductId,
      choice: 'spv_7',
    });
    expect(rowOf(own.body.data.treatments, 'softpin', dynamicProductId)).toMatchObject({
      own: true,
      current: { choice: 'spv_7' },
    });
    await sale('dtone', '2026-11-21T10:00:00Z', '11.98');
    await sale('softpin', '2026-11-22T10:00:00Z', '20.00', dynamicProductId);
    await sale('softpin', '2026-11-22T11:00:00Z', '25.00', otherDynamicProductId);
    await sale('flixbus', '2026-11-23T10:00:00Z', '29.99');

    ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
    const issued = await ctx.app.services.invoices.issueInvoice(
      ids.reseller,
      ids.seller,
      { start: '2026-11-01', end: '2026-11-30' },
      null,
    );
    // Two documents (decision 0092): the not-taxable goods and fares on one, the taxed top-ups and soft pins on the other.
    expect(issued.invoiceIds, JSON.stringify(issued)).toHaveLength(2);
    const { rows } = await ctx.db.execute<{
      product_name: string;
      vat_treatment: string;
      vat_rate: string;
      part: string;
    }>(sql`
      select l.product_name, l.vat_treatment, l.vat_rate::text, i.part from invoice_lines l
      join invoices i on i.id = l.invoice_id
      where l.invoice_id = any(${`{${issued.invoiceIds.join(',')}}`}::bigint[]) and l.line_kind = 'topup'
      order by l.product_name`);
    const by = Object.fromEntries(rows.map((r) => [r.product_name, `${r.vat_treatment} ${r.vat_rate}`]));
    expect(new Set(rows.filter((r) => r.vat_treatment === 'spv').map((r) => r.part))).toEqual(new Set(['taxable']));
    expect(new Set(rows.filter((r) => r.vat_treatment !== 'spv').map((r) => r.part))).toEqual(new Set(['not_taxable']));
    expect(by).toEqual({
      // before the change: the defaults
      'dtone 1': 'mpv 0.00',
      'softpin 2': 'mpv 0.00',
      'flixbus 3': 'carrier 0.00',
      // after: top-ups at 19 %, the one soft-pin product at 7 %, the other still its provider's
      'dtone 4': 'spv 19.00',
      'softpin 5': 'spv 7.00',
      'softpin 6': 'mpv 0.00',
      // a fare passed through for the carrier carries no VAT of the issuer's
      'flixbus 7': 'carrier 0.00',
    });
  });

  it('refuses a backdated entry and any change or deletion of one', async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    expect(
      await refusal(
        ctx.db.execute(sql`insert into provider_vat_treatments (provider, valid_from, treatment, vat_rate)
          values ('dtone', '2026-11-10T00:00:00Z', 'mpv', 0)`),
      ),
    ).toMatch(/backdated/);
    expect(await refusal(ctx.db.execute(sql`update provider_vat_treatments set vat_rate = 7`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`delete from provider_vat_treatments`))).toMatch(/append-only/);
  });
});
