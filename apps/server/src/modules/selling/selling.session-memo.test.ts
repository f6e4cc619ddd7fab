import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, type Headers, newShop, type Stock, stockFor, topUp, transactionKey } from './selling.fixtures.ts';

/**
 * The purchase routes take the actor from the session memo (decision 0124) and `portal_purchase` compares the
 * rows' versions: whatever changed since the memo was filled is acted on as the uncached path would.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let shop: { customerId: number; headers: Headers };
let stock: Stock;
let queries: MockInstance;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  shop = await newShop(ctx, 'Memo Shop');
  stock = await stockFor(ctx, { owner: 'reseller', pins: 30, shops: [shop.customerId] });
  await topUp(ctx, shop.customerId, '500');
  // The app's own pool: the test's fixtures pool never runs the routes' lookups.
  queries = vi.spyOn(ctx.appDb.$client, 'query');
}, 120_000);
afterAll(async () => ctx.close());

/** How many session lookups the app ran since the last call. */
function lookups() {
  const n = queries.mock.calls.filter(([q]) => (q as { name?: string })?.name === 'find_session').length;
  queries.mockClear();
  return n;
}
const salesOfShop = async () =>
  (
    await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sales where customer_id = ${shop.customerId}`,
    )
  ).rows[0]!.n; // count answers one row
const sessionId = () => shop.headers['x-session-id'];

/** A purchase with the memo filled: the key is fetched first, its route reads the session afresh. */
async function buyWithMemo() {
  const key = await transactionKey(ctx, shop.headers);
  lookups();
  return { res: await buy(ctx, shop.headers, stock.configurationId, 1, key), lookups: lookups() };
}

describe('the session memo of the purchase routes', () => {
  it('sells from the memo without looking the session up, and reads it afresh once it would need touching', async () => {
    for (let i = 0; i < 3; i++) {
      const { res, lookups: n } = await buyWithMemo();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(n).toBe(0);
    }
    const key = await transactionKey(ctx, shop.headers);
    ctx.clock.advance(61_000);
    lookups();
    expect((await buy(ctx, shop.headers, stock.configurationId, 1, key)).status).toBe(200);
    // The lookup touched the session, so the next one fills the memo again.
    expect(lookups()).toBe(1);
  });

  it('retries once with the actor read afresh when only the rows’ versions changed, and sells', async () => {
    await buyWithMemo();
    const key = await transactionKey(ctx, shop.headers);
    await ctx.db.execute(sql`update sessions set last_active_at = last_active_at where id = ${sessionId()}`);
    const before = await salesOfShop();
    lookups();
    const res = await buy(ctx, shop.headers, stock.configurationId, 1, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(lookups()).toBe(1);
    expect(await salesOfShop()).toBe(before + 1);
    // The retry's lookup filled the memo again.
    expect((await buyWithMemo()).lookups).toBe(0);
  });

  /** A deactivation of the user's row (by its customer) or of a customer's, and its undoing. */
  const deactivated = (what: string, table: 'users' | 'customers', where: () => ReturnType<typeof sql>) => ({
    what,
    change: () => sql`update ${sql.raw(table)} set is_active = false where ${where()}`,
    undo: () => sql`update ${sql.raw(table)} set is_active = true where ${where()}`,
    status: 403,
    code: 'account_inactive',
  });
  const changes = [
    {
      what: 'the user lost the selling permission',
      change: () => sql`update users set features = array_remove(features, 'has_transaction')
        where customer_id = ${shop.customerId}`,
      undo: () =>
        sql`update users set features = features || '{has_transaction}' where customer_id = ${shop.customerId}`,
      status: 403,
      code: 'forbidden',
    },
    deactivated('the user was deactivated', 'users', () => sql`customer_id = ${shop.customerId}`),
    deactivated('the shop was deactivated', 'customers', () => sql`id = ${shop.customerId}`),
    deactivated('the shop’s reseller was deactivated', 'customers', () => sql`id = ${ids.reseller}`),
  ];
  it.each(changes)('refuses and sells nothing when $what since the memo was filled', async (c) => {
    expect((await buyWithMemo()).res.status).toBe(200);
    const key = await transactionKey(ctx, shop.headers);
    await ctx.db.execute(c.change());
    try {
      const before = await salesOfShop();
      const res = await buy(ctx, shop.headers, stock.configurationId, 1, key);
      expect(res.status, JSON.stringify(res.body)).toBe(c.status);
      expect(res.body.code).toBe(c.code);
      expect(await salesOfShop()).toBe(before);
    } finally {
      await ctx.db.execute(c.undo());
    }
  });

  it('answers 401 for a session ended elsewhere (a logout on another copy) and sells nothing', async () => {
    expect((await buyWithMemo()).res.status).toBe(200);
    const key = await transactionKey(ctx, shop.headers);
    await ctx.db.execute(sql`update sessions set ended_at = now() where id = ${sessionId()}`);
    const before = await salesOfShop();
    const res = await buy(ctx, shop.headers, stock.configurationId, 1, key);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthenticated');
    expect(await salesOfShop()).toBe(before);
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`select status from transaction_keys where key = ${key}`,
    );
    expect(rows[0]!.status).not.toBe('done'); // the key was taken above
  });
});
