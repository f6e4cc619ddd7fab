import { PARTNER_API_PREFIX, partnerEndpoints } from '@portal/contract/partner';
import { Ajv } from 'ajv';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { sha256 } from '../../platform/crypto.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { checkInvariants, newShop, ok, type Stock, signInOnce, stockFor, topUp } from '../selling/selling.fixtures.ts';
import {
  callPartner,
  allowIps as fixtureAllowIps,
  newApiKey,
  type PartnerCallOpts,
  TILL_IP,
} from './partner.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let stock: Stock;
let shopB: { customerId: number; headers: Record<string, string> };
let otherShop: number;
const ALLOWED = TILL_IP;
const FOREIGN = '198.51.100.99';

/** The part of an OpenAPI operation the document test reads. */
type OpenApiOperation = {
  responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
};

const call = (method: 'GET' | 'POST', url: string, key: string, o?: PartnerCallOpts) =>
  callPartner(ctx, method, url, key, o);

async function seller() {
  return signInOnce(ctx, 'seller');
}

const newKey = (user?: string, name?: string) => newApiKey(ctx, user, name);
const allowIps = (customerId: number, ips: string[], enabled?: number) =>
  fixtureAllowIps(ctx, customerId, ips, enabled);

const userIdOf = async (username: string) =>
  (await ctx.db.execute<{ id: number }>(sql`select id from users where username = ${username}`)).rows[0]!.id;

/** How many reveal records of this kind the sale has. */
const revealsOf = async (saleId: number, kind: string) =>
  (
    await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pin_reveals where sale_id = ${saleId} and kind = ${kind}`,
    )
  ).rows[0]!.n;

const salesOf = async (customerId: number) =>
  (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from sales where customer_id = ${customerId}`))
    .rows[0]!.n;

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  otherShop = (await insertOtherTenant(ctx.db, ids.platform)).shop.customerId;
  shopB = await newShop(ctx, 'Partner Shop B');
  stock = await stockFor(ctx, { owner: 'reseller', pins: 40, shops: [ids.seller, shopB.customerId] });
  await topUp(ctx, ids.seller, '300');
  await topUp(ctx, shopB.customerId, '300');
  await allowIps(ids.seller, ['203.0.113.0/24']);
  await allowIps(shopB.customerId, [ALLOWED]);
}, 120_000);
afterAll(async () => ctx.close());

describe('partner API keys', () => {
  it('shows a new key once and keeps only its hash', async () => {
    const created = await newKey('seller', 'Web shop');
    expect(created.api_key).toMatch(/^ppk_[\w-]{40,}$/);
    const list = await ok<{ api_keys: Record<string, unknown>[]; users: { username: string }[] }>(
      get(ctx.app, '/api/seller/api_keys/', await seller()),
    );
    const row = list.api_keys.find((k) => k.api_key_id === created.api_key_id);
    expect(row).toMatchObject({ name: 'Web shop', username: 'seller', revoked_at: null, last_used_at: null });
    expect(row).not.toHaveProperty('api_key');
    expect(list.users.map((u) => u.username)).toEqual(['seller', 'seller-staff', 'support']);
    const { rows } = await ctx.db.execute<{ key_hash: string; key_prefix: string }>(
      sql`select key_hash, key_prefix from api_keys where id = ${created.api_key_id}`,
    );
    expect(rows[0]!.key_hash).not.toContain(created.api_key);
    expect(created.api_key.startsWith(rows[0]!.key_prefix)).toBe(true);
    expect(rows[0]!.key_prefix.length).toBeLessThan(12);
  });

  it('binds a key only to a user of the shop, and only shops get keys', async () => {
    const foreign = await post(
      ctx.app,
      '/api/seller/api_key/add/',
      { name: 'x', user_id: ids.user('reseller') },
      await seller(),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].field).toBe('user_id');
    const reseller = await post(
      ctx.app,
      '/api/customer/api_keys/',
      { customer_id: ids.reseller },
      await signInOnce(ctx, 'superadmin'),
    );
    expect(reseller.status).toBe(409);
    expect(reseller.body.code).toBe('api_keys_shops_only');
  });

  // Role × endpoint: the shop's managers on /seller/api, operators with has_customers on the customer's details.
  const matrix: [string, { sellerList: number; customerList: number; otherShopList: number }][] = [
    ['superadmin', { sellerList: 403, customerList: 404, otherShopList: 404 }],
    ['reseller', { sellerList: 403, customerList: 200, otherShopList: 404 }],
    ['other-reseller', { sellerList: 403, customerList: 404, otherShopList: 200 }],
    ['seller', { sellerList: 200, customerList: 403, otherShopList: 403 }],
    ['seller-staff', { sellerList: 403, customerList: 403, otherShopList: 403 }],
    ['support', { sellerList: 403, customerList: 403, otherShopList: 403 }],
  ];
  it.each(matrix)('%s on the key screens', async (user, expected) => {
    const h = await signInOnce(ctx, user);
    const got = {
      sellerList: (await get(ctx.app, '/api/seller/api_keys/', h)).status,
      customerList: (await post(ctx.app, '/api/customer/api_keys/', { customer_id: ids.seller }, h)).status,
      otherShopList: (await post(ctx.app, '/api/customer/api_keys/', { customer_id: otherShop }, h)).status,
    };
    expect(got).toEqual(expected);
  });

  it('lets the reseller make and revoke a key of its shop, never of another reseller’s shop', async () => {
    const h = await signInOnce(ctx, 'reseller');
    const made = await ok<{ api_key_id: string; api_key: string }>(
      post(
        ctx.app,
        '/api/customer/api_key/add/',
        { customer_id: ids.seller, name: 'Till 2', user_id: ids.user('seller') },
        h,
      ),
    );
    const foreign = await post(
      ctx.app,
      '/api/customer/api_key/revoke/',
      { customer_id: otherShop, api_key_id: made.api_key_id },
      await signInOnce(ctx, 'other-reseller'),
    );
    expect(foreign.status).toBe(404);
    // The shop's own revoke of another shop's key finds nothing either.
    const byOtherShop = await post(
      ctx.app,
      '/api/seller/api_key/revoke/',
      { api_key_id: made.api_key_id },
      shopB.headers,
    );
    expect(byOtherShop.status).toBe(404);
    const revoked = await ok<{ revoked_at: string | null }>(
      post(ctx.app, '/api/customer/api_key/revoke/', { customer_id: ids.seller, api_key_id: made.api_key_id }, h),
    );
    expect(revoked.revoked_at).not.toBeNull();
  });
});

describe('partner API calls', () => {
  it('lists sellable products with prices and availability, the balance and the ledger', async () => {
    const { api_key } = await newKey();
    const products = await call('GET', '/products', api_key);
    expect(products.status, JSON.stringify(products.body)).toBe(200);
    const row = products.body.data.products.find(
      (p: { configuration_id: number }) => p.configuration_id === stock.configurationId,
    );
    expect(row).toMatchObject({ value: '10.00', price: '9.70', in_stock: 1 });
    expect(row.available).toBeGreaterThan(0);
    const balance = await call('GET', '/balance', api_key);
    expect(balance.body.data).toMatchObject({ balance: '300.00', currency: 'EUR' });
    const ledger = await call('GET', '/ledger?limit=5', api_key);
    expect(ledger.status).toBe(200);
    expect(ledger.body.data.ledger.every((l: { customer_id: number }) => l.customer_id === ids.seller)).toBe(true);
    const { rows } = await ctx.db.execute<{ last_used_at: Date | null }>(
      sql`select last_used_at from api_keys where key_prefix = ${api_key.slice(0, 10)}`,
    );
    expect(rows[0]!.last_used_at).not.toBeNull();
  });

  it('buys under an Idempotency-Key: the same body replays, another body is refused', async () => {
    const { api_key } = await newKey();
    const body = { configuration_id: stock.configurationId, quantity: 2 };
    const first = await call('POST', '/purchases', api_key, { body, idempotencyKey: 'order-1001' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.pins).toHaveLength(2);
    expect(first.body.data.sold_by).toBe('seller');
    const before = await salesOf(ids.seller);
    const again = await call('POST', '/purchases', api_key, { body, idempotencyKey: 'order-1001' });
    expect(again.status).toBe(200);
    expect(again.body.data.sale_id).toBe(first.body.data.sale_id);
    expect(again.body.data.pins).toEqual(first.body.data.pins);
    expect(await salesOf(ids.seller)).toBe(before);
    // Each answer with plain PINs is recorded: the sale's own reveal, then the replay's.
    expect(await revealsOf(first.body.data.sale_id, 'sale')).toBe(1);
    expect(await revealsOf(first.body.data.sale_id, 'replay')).toBe(1);
    const other = await call('POST', '/purchases', api_key, {
      body: { ...body, quantity: 1 },
      idempotencyKey: 'order-1001',
    });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('key_reused');
    const missing = await call('POST', '/purchases', api_key, { body });
    expect(missing.status).toBe(422);
    // Another key may use the same Idempotency-Key: it is scoped to the API key.
    const second = await newKey('seller', 'Till 3');
    const scoped = await call('POST', '/purchases', second.api_key, { body, idempotencyKey: 'order-1001' });
    expect(scoped.status).toBe(200);
    expect(scoped.body.data.sale_id).not.toBe(first.body.data.sale_id);
    await checkInvariants(ctx);
  });

  it('sells once for the same Idempotency-Key sent twice at the same time', async () => {
    const { api_key } = await newKey();
    const before = await salesOf(ids.seller);
    const body = { configuration_id: stock.configurationId, quantity: 1 };
    const [a, b] = await Promise.all([
      call('POST', '/purchases', api_key, { body, idempotencyKey: 'concurrent-1' }),
      call('POST', '/purchases', api_key, { body, idempotencyKey: 'concurrent-1' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.sale_id).toBe(b.body.data.sale_id);
    expect(await salesOf(ids.seller)).toBe(before + 1);
    await checkInvariants(ctx);
  });

  it('answers 409 in_progress to the same Idempotency-Key while the first purchase is still running', async () => {
    const { api_key } = await newKey();
    const body = { configuration_id: stock.configurationId, quantity: 1 };
    const before = await salesOf(ids.seller);
    // Closing the shop's day holds its sales-period lock: the first purchase takes its key, then waits for it.
    const close = await ctx.db.$client.connect();
    try {
      await close.query('begin');
      await close.query('select pg_advisory_xact_lock(5, $1)', [ids.seller]);
      const first = call('POST', '/purchases', api_key, { body, idempotencyKey: 'inflight-1' });
      await expect
        .poll(
          async () =>
            (await close.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`))
              .rows[0].n,
        )
        .toBe(1);
      const second = await call('POST', '/purchases', api_key, { body, idempotencyKey: 'inflight-1' });
      expect([second.status, second.body.code]).toEqual([409, 'in_progress']);
      await close.query('commit');
      const done = await first;
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    } finally {
      close.release();
    }
    // Asked again once the first has finished: its answer, charged once.
    const again = await call('POST', '/purchases', api_key, { body, idempotencyKey: 'inflight-1' });
    expect(again.status).toBe(200);
    expect(await salesOf(ids.seller)).toBe(before + 1);
  });

  it('buys in bulk and fetches the PINs of the sale, recording each reveal', async () => {
    const { api_key } = await newKey();
    const bulk = await call('POST', '/bulk_purchases', api_key, {
      body: { configuration_id: stock.configurationId, quantity: 3 },
      idempotencyKey: 'bulk-0001',
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data).not.toHaveProperty('pins');
    const saleId = bulk.body.data.sale_id;
    const sale = await call('GET', `/sales/${saleId}`, api_key);
    expect(sale.status).toBe(200);
    expect(sale.body.data.pins).toHaveLength(3);
    expect(stock.pins).toContain(sale.body.data.pins[0].pin);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pin_reveals where sale_id = ${saleId} and kind = 'api'`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  // Isolation, key × call: the shop's manager sees its sale; its staff user (not the seller of record; its ledger is
  // its own sales'), another shop of the same reseller and a shop of another reseller see neither the sale, nor its
  // PINs, nor its ledger line.
  it("keeps a key to its own shop's sales (and a staff user's key to that user's sales)", async () => {
    const mine = await newKey();
    const sold = await call('POST', '/purchases', mine.api_key, {
      body: { configuration_id: stock.configurationId, quantity: 1 },
      idempotencyKey: 'isolation-1',
    });
    const saleId = sold.body.data.sale_id;
    const keyOf = async (headers: Record<string, string>, url: string, body: Record<string, unknown>) =>
      (await ok<{ api_key: string }>(post(ctx.app, url, { name: 'Iso', ...body }, headers))).api_key;
    const otherReseller = await signInOnce(ctx, 'other-reseller');
    await ok(
      post(
        ctx.app,
        '/api/update_customer_api_details/',
        { customer_id: otherShop, api_enabled: 1, api_allowed_ips: [ALLOWED] },
        otherReseller,
      ),
    );
    const keys: [string, string, { sale: number; ledgerLine: boolean; owner: 'own' | 'B' | 'other' }][] = [
      ['manager', mine.api_key, { sale: 200, ledgerLine: true, owner: 'own' }],
      ['staff', (await newKey('seller-staff', 'Staff till')).api_key, { sale: 404, ledgerLine: false, owner: 'own' }],
      [
        'shop B',
        await keyOf(shopB.headers, '/api/seller/api_key/add/', { user_id: await userIdOf('partner-shop-b') }),
        { sale: 404, ledgerLine: false, owner: 'B' },
      ],
      [
        'other tenant',
        await keyOf(otherReseller, '/api/customer/api_key/add/', {
          customer_id: otherShop,
          user_id: await userIdOf('other-shop'),
        }),
        { sale: 404, ledgerLine: false, owner: 'other' },
      ],
    ];
    const owners = { own: ids.seller, B: shopB.customerId, other: otherShop };
    for (const [who, key, expected] of keys) {
      const sale = await call('GET', `/sales/${saleId}`, key);
      const ledger = await call('GET', '/ledger?limit=100', key);
      const lines = (ledger.body.data?.ledger ?? []) as { customer_id: number; sale: { id: number } | null }[];
      expect(
        {
          sale: sale.status,
          ledgerLine: lines.some((l) => l.sale?.id === saleId),
          ownLedger: ledger.status === 200 && lines.every((l) => l.customer_id === owners[expected.owner]),
        },
        who,
      ).toEqual({ sale: expected.sale, ledgerLine: expected.ledgerLine, ownLedger: true });
    }
    // Only the manager's fetch showed the PINs, so only it is recorded.
    expect(await revealsOf(saleId, 'api')).toBe(1);
  });
});

describe('partner API refusals', () => {
  it('refuses a call from an address outside the allow-list with ip_not_allowed', async () => {
    const { api_key } = await newKey();
    const res = await call('GET', '/balance', api_key, { ip: FOREIGN });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message_type: 0, code: 'ip_not_allowed', params: { ip: FOREIGN } });
    const buy = await call('POST', '/purchases', api_key, {
      ip: FOREIGN,
      body: { configuration_id: stock.configurationId, quantity: 1 },
      idempotencyKey: 'foreign-1',
    });
    expect(buy.status).toBe(403);
    // Nothing of the refused call is kept: the key was never registered.
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from transaction_keys where key like ${'%:foreign-1'}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses a revoked key and an unknown one with 401', async () => {
    const { api_key, api_key_id } = await newKey();
    expect((await call('GET', '/balance', api_key)).status).toBe(200);
    await ok(post(ctx.app, '/api/seller/api_key/revoke/', { api_key_id }, await seller()));
    const revoked = await call('GET', '/balance', api_key);
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('api_key_invalid');
    expect((await call('GET', '/balance', 'ppk_not-a-key')).status).toBe(401);
    expect((await call('GET', '/balance', '')).status).toBe(401);
  });

  it("refuses every key while the shop's API is switched off", async () => {
    const keyB = await ok<{ api_key: string }>(
      post(
        ctx.app,
        '/api/seller/api_key/add/',
        { name: 'B2', user_id: await userIdOf('partner-shop-b') },
        shopB.headers,
      ),
    );
    await allowIps(shopB.customerId, [ALLOWED], 0);
    const res = await call('GET', '/balance', keyB.api_key);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('api_disabled');
    await allowIps(shopB.customerId, [ALLOWED], 1);
    expect((await call('GET', '/balance', keyB.api_key)).status).toBe(200);
  });

  it('limits the calls of one key per minute over all partner calls', async () => {
    const { api_key } = await newKey('seller', 'Busy till');
    const other = await newKey('seller', 'Quiet till');
    let last = 0;
    for (let i = 0; i < 120; i++) last = (await call('GET', i % 2 ? '/balance' : '/ledger', api_key)).status;
    expect(last).toBe(200);
    const over = await call('GET', '/balance', api_key);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('throttled');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Counted on the shared store (PostgreSQL), which every copy of the server reads.
    const { rows } = await ctx.db.execute<{ hits: number }>(
      sql`select hits from rate_limit_hits where key like ${`%${sha256(api_key)}%`}`,
    );
    expect(rows.map((r) => r.hits)).toEqual([121]);
    expect((await call('GET', '/balance', other.api_key)).status).toBe(200);
    ctx.clock.advance(61_000);
    expect((await call('GET', '/balance', api_key)).status).toBe(200);
  }, 60_000);

  it('serves its own OpenAPI document and leaves it out of the portal’s', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/partner/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths: Record<string, Record<string, unknown>> = doc.json().paths;
    // Every call of the contract's table and nothing else, each with an answer.
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(PARTNER_API_PREFIX, '')}`),
    );
    expect(documented.sort()).toEqual(Object.keys(partnerEndpoints).sort());
    expect(Object.keys(paths).some((p) => !p.startsWith(`${PARTNER_API_PREFIX}/`))).toBe(false);
    expect(JSON.stringify(doc.json())).toContain('Idempotency-Key');
    // With examples: what a purchase answers, and a refusal.
    const purchase = paths[`${PARTNER_API_PREFIX}/purchases`]!.post as { responses: Record<string, unknown> };
    expect(JSON.stringify(purchase.responses['200'])).toMatch(/"examples?":.*"pin":"1234567890123456"/);
    expect(JSON.stringify(purchase.responses['4XX'] ?? purchase.responses['4xx'])).toMatch(
      /"examples?":.*"code":"ip_not_allowed"/,
    );
    // Every answer has an example, and each example is what its schema says the call answers.
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods as Record<string, OpenApiOperation>)) {
        const schema = op.responses['200']!.content['application/json']!.schema;
        const { example, ...shape } = schema;
        expect(example, `${method} ${path}`).toBeDefined();
        const valid = ajv.validate(shape, example);
        expect(valid, `${method} ${path}: ${ajv.errorsText()}`).toBe(true);
      }
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/api/partner/docs' });
    expect(page.statusCode).toBe(200);
    const portal = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(portal.json().paths).some((p) => p.startsWith('/api/partner/'))).toBe(false);
  });

  it("keeps the portal's limits: 1–20 PINs in one purchase, up to 1500 in bulk", async () => {
    const { api_key } = await newKey('seller', 'Limits till');
    for (const [url, quantity] of [
      ['/purchases', 0],
      ['/purchases', 21],
      ['/bulk_purchases', 1501],
    ] as const) {
      const res = await call('POST', url, api_key, {
        body: { configuration_id: stock.configurationId, quantity },
        idempotencyKey: `limits-${url}-${quantity}`,
      });
      expect([res.status, res.body.code, res.body.errors?.[0]?.field], `${url} ${quantity}`).toEqual([
        422,
        'validation_failed',
        'quantity',
      ]);
    }
  });

  // Last in the file: it moves the clock a day on.
  it('keeps an Idempotency-Key 24 hours: then the same key is refused with key_invalid, and charges nothing', async () => {
    const { api_key } = await newKey('seller', 'Late till');
    const body = { configuration_id: stock.configurationId, quantity: 1 };
    const first = await call('POST', '/purchases', api_key, { body, idempotencyKey: 'order-late' });
    expect(first.status).toBe(200);
    ctx.clock.advance(23 * 3_600_000);
    const within = await call('POST', '/purchases', api_key, { body, idempotencyKey: 'order-late' });
    expect(within.body.data.sale_id).toBe(first.body.data.sale_id);
    const before = await salesOf(ids.seller);
    ctx.clock.advance(2 * 3_600_000);
    const late = await call('POST', '/purchases', api_key, { body, idempotencyKey: 'order-late' });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('key_invalid');
    expect(await salesOf(ids.seller)).toBe(before);
  });
});
