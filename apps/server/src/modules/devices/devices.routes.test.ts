import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let h: Record<string, Record<string, string>>;
let otherShop: number;
const deviceIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  otherShop = (await insertOtherTenant(ctx.db, ids.platform)).shop.customerId;
  h = {};
  for (const u of ['superadmin', 'reseller', 'seller', 'other-reseller']) h[u] = await signIn(ctx, u);
  await ctx.db.execute(sql`update customers set terminal_limit = 1 where id = ${ids.seller}`);
});
afterAll(async () => ctx.close());

describe('devices of the platform', () => {
  it('registers devices, hands them to a reseller and refuses a serial number twice', async () => {
    for (const n of [1, 2, 3]) {
      const res = await post(
        ctx.app,
        '/api/add_update_delete_devices/',
        { action: 'add', tag: `POS-${n}`, serial_no: `SN-000${n}`, reseller_id: ids.reseller },
        h.superadmin,
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'active', reseller_id: ids.reseller, assigned: 0 });
      deviceIds.push(res.body.data.id);
    }
    const twice = await post(
      ctx.app,
      '/api/add_update_delete_devices/',
      { action: 'add', tag: 'POS-X', serial_no: 'SN-0001' },
      h.superadmin,
    );
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'serial_taken', params: { serial_no: 'SN-0001' } });
    const list = await post(ctx.app, '/api/view_devices/', { search: 'SN-000' }, h.superadmin);
    expect(list.body.data.filters).toMatchObject({ total_count: 3, limit: 20 });
    const off = await post(
      ctx.app,
      '/api/add_update_delete_devices/',
      { action: 'update', id: deviceIds[2], status: 'inactive' },
      h.superadmin,
    );
    expect(off.body.data.status).toBe('inactive');
  });
});

describe("a reseller's devices and its shops' terminal limit", () => {
  it('refuses a second device beyond the limit of one when two assignments race', async () => {
    const [a, b] = await Promise.all(
      deviceIds
        .slice(0, 2)
        .map((id) =>
          post(
            ctx.app,
            '/api/add_update_delete_assigned_devices/',
            { device_id: id, customer_id: ids.seller },
            h.reseller,
          ),
        ),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 409]); // Promise.all answers one per device
    const refused = a!.status === 409 ? a! : b!;
    expect(refused.body).toMatchObject({ code: 'terminal_limit_reached', params: { terminal_limit: 1 } });
    const held = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from devices where shop_id = ${ids.seller}`,
    );
    expect(held.rows[0]!.n).toBe(1);
  });

  it('moves a device back and keeps the history', async () => {
    const mine = await post(ctx.app, '/api/view_assigned_devices/', { customer_id: ids.seller }, h.reseller);
    const assigned = mine.body.data.devices[0];
    expect(assigned).toMatchObject({ customer_id: ids.seller, customer_name: 'Demo Shop Berlin', assigned: 1 });
    const back = await post(ctx.app, '/api/delete_assigned_devices/', { device_id: assigned.id }, h.reseller);
    expect(back.body.data).toMatchObject({ customer_id: null, assigned: 0 });
    const other = deviceIds.find((id) => id !== assigned.id && id !== deviceIds[2])!;
    const now = await post(
      ctx.app,
      '/api/add_update_delete_assigned_devices/',
      { device_id: other, customer_id: ids.seller },
      h.reseller,
    );
    expect(now.status).toBe(200);
    const history = (await post(ctx.app, '/api/view_assigned_devices/', {}, h.reseller)).body.data.history;
    expect(history.map((r: { action: string }) => r.action)).toEqual(['assigned', 'unassigned', 'assigned']);
  });

  it("keeps another reseller away from this reseller's devices and this reseller from its shops", async () => {
    const other = h['other-reseller'];
    expect((await post(ctx.app, '/api/view_assigned_devices/', {}, other)).body.data.devices).toEqual([]);
    const foreign = await post(
      ctx.app,
      '/api/add_update_delete_assigned_devices/',
      { device_id: deviceIds[0], customer_id: otherShop },
      other,
    );
    expect(foreign.status).toBe(404);
    const cross = await post(
      ctx.app,
      '/api/add_update_delete_assigned_devices/',
      { device_id: deviceIds[0], customer_id: otherShop },
      h.reseller,
    );
    expect(cross.status).toBe(404);
    expect((await post(ctx.app, '/api/delete_assigned_devices/', { device_id: deviceIds[0] }, other)).status).toBe(404);
  });

  it.each([
    ['/api/view_devices/', {}, ['reseller', 'seller', 'other-reseller']],
    ['/api/add_update_delete_devices/', { action: 'delete', id: 1 }, ['reseller', 'seller']],
    ['/api/view_assigned_devices/', {}, ['superadmin', 'seller']],
    ['/api/add_update_delete_assigned_devices/', { device_id: 1, customer_id: 1 }, ['superadmin', 'seller']],
    ['/api/delete_assigned_devices/', { device_id: 1 }, ['superadmin', 'seller']],
  ] as const)('%s refuses the other roles with 403 and anyone signed out with 401', async (url, body, refused) => {
    for (const user of refused) expect((await post(ctx.app, url, body, h[user])).status, user).toBe(403);
    expect((await post(ctx.app, url, body, {})).status).toBe(401);
  });
});
