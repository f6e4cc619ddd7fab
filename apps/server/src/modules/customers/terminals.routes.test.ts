import { ROLE } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { assignCustomer, insertUser } from '../reports/reports.fixtures.ts';
import { demoIds, insertCustomer, insertOtherTenant } from './customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let otherShop: number;
let h: Record<string, Record<string, string>>;

const activate = (user: string, body: Record<string, unknown>) =>
  post(ctx.app, '/api/activate_terminal_id/', body, h[user]);
const list = (user: string, body: Record<string, unknown> = {}) =>
  post(ctx.app, '/api/list_sellers_with_terminal_ids/', body, h[user]);

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  const other = await insertOtherTenant(ctx.db, ids.platform);
  otherShop = other.shop.customerId;
  // Platform staff see only what is assigned to them: here the other reseller, so its shop's terminals.
  const staff = await insertUser(ctx.db, {
    customerId: ids.platform,
    username: 'platform-staff',
    role: ROLE.superadmin,
    internalRole: 1,
  });
  await assignCustomer(ctx.db, staff, other.reseller.customerId, ids.user('superadmin'));
  h = {};
  for (const u of ['superadmin', 'platform-staff', 'reseller', 'reseller-staff', 'seller', 'support']) {
    h[u] = await signIn(ctx, u);
  }
});
afterAll(async () => ctx.close());

describe('EPay terminals', () => {
  it('registers a terminal id for a shop, switches it off and on, and lists it with message_type 1', async () => {
    const added = await activate('superadmin', { terminal_id: 'ep1001', customer_id: ids.seller, is_active: 1 });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      terminal_id: 'EP1001',
      customer_id: ids.seller,
      customer_name: 'Demo Shop Berlin',
      reseller_name: 'Demo Reseller GmbH',
      is_active: 1,
      changed_by: 'superadmin',
    });
  });

  it('refuses a terminal id with other characters than letters and digits, naming the field', async () => {
    const bad = await activate('superadmin', { terminal_id: 'EP-1001', customer_id: ids.seller, is_active: 1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ field: 'terminal_id' });
  });

  it('normalises the id to capitals, so the same terminal is not registered twice in another case', async () => {
    const first = await activate('superadmin', { terminal_id: 'ab12', customer_id: ids.seller, is_active: 1 });
    expect(first.body.data.terminal_id).toBe('AB12');
    const off = await activate('superadmin', { terminal_id: 'AB12', is_active: 0 });
    expect(off.body).toMatchObject({ message_type: 1, data: { terminal_id: 'AB12', is_active: 0 } });
    const on = await activate('superadmin', { terminal_id: 'Ab12', is_active: true });
    expect(on.body.data.is_active).toBe(1);
    const listed = await list('superadmin', { search: 'ab1' });
    expect(listed.body.message_type).toBe(1);
    expect(listed.body.data.filters).toMatchObject({ total_count: 1, limit: 20 });
    expect(listed.body.data.sellers[0]).toMatchObject({ customer_id: ids.seller, reseller_name: 'Demo Reseller GmbH' });
    expect(listed.body.data.sellers[0].terminals.map((t: { terminal_id: string }) => t.terminal_id)).toEqual([
      'AB12',
      'EP1001',
    ]);
  });

  it('refuses an id that belongs to another shop and a new id without its shop', async () => {
    await activate('superadmin', { terminal_id: 'T777', customer_id: ids.seller, is_active: 1 });
    const taken = await activate('superadmin', { terminal_id: 'T777', customer_id: otherShop, is_active: 1 });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'terminal_taken', params: { terminal_id: 'T777' } });
    const noShop = await activate('superadmin', { terminal_id: 'NEW1', is_active: 1 });
    expect(noShop.status).toBe(422);
    expect(noShop.body.errors[0]).toMatchObject({ field: 'customer_id', rule: 'required' });
    const reseller = await activate('superadmin', { terminal_id: 'NEW2', customer_id: ids.reseller, is_active: 1 });
    expect(reseller.status).toBe(404);
  });

  it('registers a racing id once: one shop gets it, the other is refused', async () => {
    const [a, b] = await Promise.all(
      [ids.seller, otherShop].map((shop) =>
        activate('superadmin', { terminal_id: 'RACE1', customer_id: shop, is_active: 1 }),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 409]); // Promise.all answers one per shop
    const held = await ctx.db.execute(sql`select shop_id from shop_terminals where terminal_id = 'RACE1'`);
    expect(held.rows).toHaveLength(1);
  });

  it('lets platform staff see and switch only the terminals of shops below their assigned customers', async () => {
    await activate('superadmin', { terminal_id: 'OTHER9', customer_id: otherShop, is_active: 0 });
    const seen = await list('platform-staff');
    expect(seen.body.data.sellers.map((s: { customer_id: number }) => s.customer_id)).toEqual([otherShop]);
    expect((await activate('platform-staff', { terminal_id: 'OTHER9', is_active: 1 })).status).toBe(200);
    expect((await activate('platform-staff', { terminal_id: 'T777', is_active: 0 })).status).toBe(404);
    expect(
      (await activate('platform-staff', { terminal_id: 'MINE2', customer_id: ids.seller, is_active: 1 })).status,
    ).toBe(404);
  });

  it('lists every shop, and by filter those with an active, an inactive or no terminal id', async () => {
    const shop = await insertCustomer(ctx.db, {
      name: 'Zz Shop Without Terminal',
      accountRole: 2,
      parentId: ids.reseller,
      username: 'zz-shop',
    });
    const names = async (status?: string) =>
      (await list('superadmin', status ? { status, limit: 100 } : { limit: 100 })).body.data.sellers.map(
        (s: { customer_id: number }) => s.customer_id,
      );
    expect(await names()).toEqual(expect.arrayContaining([ids.seller, otherShop, shop.customerId]));
    expect(await names('none')).toEqual([shop.customerId]);
    expect(await names('active')).toEqual(expect.arrayContaining([ids.seller, otherShop]));
    await activate('superadmin', { terminal_id: 'ZZ1', customer_id: shop.customerId, is_active: 0 });
    expect(await names('inactive')).toEqual([shop.customerId]);
    expect(await names('none')).toEqual([]);
  });

  it.each(['reseller', 'reseller-staff', 'seller', 'support'])('refuses %s both calls', async (user) => {
    expect((await list(user)).status).toBe(403);
    expect((await activate(user, { terminal_id: 'T777', is_active: 0 })).status).toBe(403);
  });
});
