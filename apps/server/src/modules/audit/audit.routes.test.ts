import type { AuditChange } from '@portal/contract/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';

/** Issue 41: who sees which changes of the audit trail (decision 0141). */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let headers: Record<string, Record<string, string>>;
let otherShop: number;

type Page = { changes: AuditChange[]; filters: { total_count?: number } };
const changesOf = (r: { body: { data: Page } }) => r.body.data.changes;
/** Today in Berlin, as the period filter takes it (the trail's time is the database's clock). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  otherShop = (await insertOtherTenant(ctx.db, ids.platform)).shop.customerId;
  headers = {};
  for (const u of ['superadmin', 'reseller', 'seller', 'other-reseller']) headers[u] = await signIn(ctx, u);
  const edit = await post(
    ctx.app,
    '/api/edit_customer/',
    { customer_id: ids.seller, credit_limit: '777.77' },
    headers.reseller,
  );
  expect(edit.status).toBe(200);
}, 120_000);
afterAll(async () => ctx.close());

/** The reseller's user's name as the screens show it, and the shop's name. */
async function demoNames() {
  const { rows } = await ctx.db.execute<{ reseller: string; seller: string }>(
    sql`select (select coalesce(nullif(btrim(name), ''), username) from users where id = ${ids.user('reseller')}) as reseller,
      (select name from customers where id = ${ids.seller}) as seller`,
  );
  return rows[0];
}

describe("a customer's changes", () => {
  it('shows the operator above who changed what, newest first, with its users’ changes', async () => {
    const r = await get(ctx.app, `/api/customer_changes/?customer_id=${ids.seller}&limit=100`, headers.reseller);
    expect(r.status).toBe(200);
    const changes = changesOf(r);
    expect(changes[0]).toMatchObject({
      actor_name: 'user',
      actor_user_id: ids.user('reseller'),
      actor_username: 'reseller',
      actor_customer_id: ids.reseller,
      kind: 'customers',
      record_key: String(ids.seller),
      customer_id: ids.seller,
      action: 'update',
      changes: { credit_limit: { after: '777.7700' } },
    });
    expect(changes.map((c) => c.id)).toEqual([...changes.map((c) => c.id)].sort((a, b) => b - a));
    // The shop's main user, created by the demo seed, belongs to the shop's changes; no password in them.
    const user = changes.find((c) => c.kind === 'users' && c.record_key === String(ids.user('seller')));
    expect(user).toMatchObject({ actor_name: 'seed', action: 'insert' });
    expect(user?.changes.password_hash).toEqual({ event: 'set' });
    expect(changes.every((c) => c.customer_id === ids.seller)).toBe(true);
  });

  it('pages on the server and names the actor and the customer for the screens', async () => {
    const all = await get(ctx.app, `/api/customer_changes/?customer_id=${ids.seller}&limit=100`, headers.reseller);
    const total = changesOf(all).length;
    expect(total).toBeGreaterThan(2);
    const second = await get(
      ctx.app,
      `/api/customer_changes/?customer_id=${ids.seller}&limit=1&page=2`,
      headers.reseller,
    );
    expect(second.body.data.filters).toMatchObject({ total_count: total, total_pages: total, page: 2, limit: 1 });
    expect(changesOf(second).map((c) => c.id)).toEqual([changesOf(all)[1].id]);
    const names = await demoNames();
    expect(changesOf(all)[0]).toMatchObject({ actor_user_name: names.reseller, customer_name: names.seller });
  });

  it("answers 404 for another tenant's customer and refuses a shop", async () => {
    const foreign = await get(ctx.app, `/api/customer_changes/?customer_id=${ids.seller}`, headers['other-reseller']);
    expect(foreign.status).toBe(404);
    const below = await get(ctx.app, `/api/customer_changes/?customer_id=${otherShop}`, headers.reseller);
    expect(below.status).toBe(404);
    const shop = await get(ctx.app, `/api/customer_changes/?customer_id=${ids.seller}`, headers.seller);
    expect(shop.status).toBe(403);
  });
});

describe("the superadmin's log", () => {
  it('filters by actor, customer, kind and period', async () => {
    const q = `actor_user_id=${ids.user('reseller')}&customer_id=${ids.seller}&kind=customers&from=${today}&to=${today}`;
    const r = await get(ctx.app, `/api/audit_log/?${q}`, headers.superadmin);
    expect(r.status).toBe(200);
    const changes = changesOf(r);
    expect(changes.length).toBeGreaterThan(0);
    expect(changes[0].changes.credit_limit).toMatchObject({ after: '777.7700' });
    expect(changes.every((c) => c.actor_user_id === ids.user('reseller') && c.kind === 'customers')).toBe(true);
    const before = await get(
      ctx.app,
      `/api/audit_log/?${q.replace(`from=${today}&to=${today}`, 'from=2020-01-01&to=2020-01-31')}`,
      headers.superadmin,
    );
    expect(changesOf(before)).toEqual([]);
    const users = await get(ctx.app, `/api/audit_log/?kind=users&customer_id=${ids.seller}`, headers.superadmin);
    expect(changesOf(users).length).toBeGreaterThan(0);
    expect(changesOf(users).every((c) => c.kind === 'users')).toBe(true);
  });

  it('is the superadmin’s only, and refuses an unknown kind and a period that ends before it starts', async () => {
    expect((await get(ctx.app, '/api/audit_log/', headers.reseller)).status).toBe(403);
    expect((await get(ctx.app, '/api/audit_log/?kind=sales', headers.superadmin)).status).toBe(422);
    expect((await get(ctx.app, '/api/audit_log/?from=2026-02-01&to=2026-01-01', headers.superadmin)).status).toBe(422);
  });
});
