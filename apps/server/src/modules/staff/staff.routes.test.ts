import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, get, login, post, signIn, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertCustomer, insertOtherTenant } from '../customers/customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let h: Record<string, Record<string, string>>;
let otherShop: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  const other = await insertOtherTenant(ctx.db, ids.platform);
  otherShop = other.shop.customerId;
  // The demo reseller's customer lacks the read-only flag, so none of its users could hold it.
  await ctx.db.execute(
    sql`update customers set features = features || '{has_customers_read}' where id = ${ids.reseller}`,
  );
  h = {};
  for (const u of ['superadmin', 'reseller', 'reseller-staff', 'seller', 'seller-staff', 'support', 'other-reseller']) {
    h[u] = await signIn(ctx, u);
  }
});
afterAll(async () => ctx.close());

describe('operator staff', () => {
  let staffId: number;

  it('adds a staff member with job role, privileges and login settings', async () => {
    const res = await post(
      ctx.app,
      '/api/add_internal_permission/',
      {
        username: 'accountant',
        name: 'Anna Accountant',
        email: 'anna@example.com',
        password: 'Anna#Pass1',
        job_role: 'Accounting',
        is_manager: 0,
        features: ['has_credit', 'has_credit_and_balance', 'has_customers_read'],
        require_device_approval: 1,
      },
      h.reseller,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'accountant',
      account_role: 1,
      internal_role: 1,
      is_manager: 0,
      job_role: 'Accounting',
      features: ['has_credit', 'has_credit_and_balance', 'has_customers_read'],
      require_device_approval: 1,
      is_active: 1,
    });
    staffId = res.body.data.user_id;
  });

  it('never gives a flag the customer lacks or one of another role', async () => {
    const res = await post(
      ctx.app,
      '/api/add_internal_permission/',
      { username: 'greedy', name: 'Greedy', password: 'Greedy#Pass1', features: ['has_customers', 'has_transaction'] },
      h.reseller,
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/features: not available to this user: has_transaction/);
    await ctx.db.execute(
      sql`update customers set features = array_remove(features, 'has_invoice') where id = ${ids.reseller}`,
    );
    const missing = await post(
      ctx.app,
      '/api/update_internal_permission/',
      { user_id: staffId, features: ['has_invoice'] },
      h.reseller,
    );
    expect(missing.status).toBe(422);
    await ctx.db.execute(sql`update customers set features = features || '{has_invoice}' where id = ${ids.reseller}`);
  });

  it('lists staff accounts and refuses a taken username', async () => {
    const list = await post(ctx.app, '/api/view_internal_permission/', {}, h.reseller);
    expect(list.body.data.staff_accounts.map((u: { username: string }) => u.username)).toEqual([
      'reseller',
      'accountant',
      'reseller-staff',
    ]);
    expect(list.body.data.filters.total_count).toBe(3);
    // The user forms offer only the customer's own flags.
    expect(list.body.data.customer_features).toContain('has_customers_read');
    expect(list.body.data.customer_features).not.toContain('has_transaction');
    const taken = await post(
      ctx.app,
      '/api/add_internal_permission/',
      { username: 'Seller', name: 'x', password: 'Taken#Pass1' },
      h.reseller,
    );
    expect(taken.body.errors[0]).toMatchObject({ field: 'username', rule: 'taken' });
  });

  it('updates a user; deactivating or a new password ends its sessions', async () => {
    const anna = { username: 'accountant', password: 'Anna#Pass1' };
    // Device approval is on for this user: the first sign-in waits for the manager.
    expect((await login(ctx, anna)).body.data.status).toBe('approval_required');
    await post(
      ctx.app,
      '/api/update_internal_permission/',
      { user_id: staffId, require_device_approval: 0 },
      h.reseller,
    );
    const headers = authHeaders((await login(ctx, anna)).body.data as Parameters<typeof authHeaders>[0]);
    expect((await get(ctx.app, '/api/dynamic_balance/', headers)).status).toBe(200);
    const res = await post(
      ctx.app,
      '/api/update_internal_permission/',
      { user_id: staffId, is_active: 0, job_role: 'Former' },
      h.reseller,
    );
    expect(res.body.data).toMatchObject({ is_active: 0, job_role: 'Former' });
    expect((await get(ctx.app, '/api/dynamic_balance/', headers)).status).toBe(401);
    await post(ctx.app, '/api/update_internal_permission/', { user_id: staffId, is_active: 1 }, h.reseller);
    expect((await login(ctx, { username: 'accountant', password: 'Anna#Pass1' })).body.data.status).toBe('signed_in');
  });

  it('keeps the main account an active manager and nobody demotes themselves', async () => {
    const main = ids.user('reseller');
    expect(
      (await post(ctx.app, '/api/update_internal_permission/', { user_id: main, is_manager: 0 }, h.reseller)).status,
    ).toBe(409);
    expect(
      (await post(ctx.app, '/api/update_internal_permission/', { user_id: main, is_active: 0 }, h.reseller)).status,
    ).toBe(409);
  });

  it('assigns customers to staff, who then see only those, with the history of every change', async () => {
    const staff = ids.user('reseller-staff');
    const shop2 = await insertCustomer(ctx.db, {
      name: 'Shop Two',
      accountRole: 2,
      parentId: ids.reseller,
      username: 'shop-two',
    });
    expect((await post(ctx.app, '/api/view_customers/', {}, h['reseller-staff'])).body.data.customers).toEqual([]);
    const res = await post(
      ctx.app,
      '/api/staff_assign/',
      { user_id: staff, assign: [ids.seller, shop2.customerId] },
      h.reseller,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.assigned.sort()).toEqual([ids.seller, shop2.customerId].sort());
    const seen = await post(ctx.app, '/api/view_customers/', {}, h['reseller-staff']);
    expect(seen.body.data.customers.map((c: { name: string }) => c.name).sort()).toEqual([
      'Demo Shop Berlin',
      'Shop Two',
    ]);
    await post(ctx.app, '/api/staff_assign/', { user_id: staff, unassign: [shop2.customerId] }, h.reseller);
    const after = await post(ctx.app, '/api/view_customers/', {}, h['reseller-staff']);
    expect(after.body.data.customers.map((c: { name: string }) => c.name)).toEqual(['Demo Shop Berlin']);
    const history = await post(ctx.app, '/api/staff_assign_history/', { user_id: staff }, h.reseller);
    expect(
      history.body.data.assign_history.map(
        (r: { action: string; customer_name: string }) => `${r.action} ${r.customer_name}`,
      ),
    ).toEqual(['unassigned Shop Two', expect.stringMatching(/^assigned /), expect.stringMatching(/^assigned /)]);
    expect(history.body.data.assign_history[0]).toMatchObject({ username: 'reseller-staff', changed_by: 'reseller' });
    const detail = await post(ctx.app, '/api/view_internal_permission/', { user_id: staff }, h.reseller);
    expect(detail.body.data.assigned_customers.map((c: { customer_id: number }) => c.customer_id)).toEqual([
      ids.seller,
    ]);
  });

  it("refuses another reseller's customers and managers as assignees", async () => {
    const staff = ids.user('reseller-staff');
    expect(
      (await post(ctx.app, '/api/staff_assign/', { user_id: staff, assign: [otherShop] }, h.reseller)).status,
    ).toBe(404);
    expect(
      (await post(ctx.app, '/api/staff_assign/', { user_id: ids.user('reseller'), assign: [ids.seller] }, h.reseller))
        .status,
    ).toBe(409);
    expect(
      (await post(ctx.app, '/api/staff_assign/', { user_id: staff, assign: [ids.seller] }, h['other-reseller'])).status,
    ).toBe(404);
  });
});

describe("a shop's sub-users", () => {
  it('lets the shop manager add sub-users and web_support users, limited to the shop', async () => {
    const sub = await post(
      ctx.app,
      '/api/add_internal_permission/',
      {
        username: 'shop-cashier',
        name: 'Cashier',
        password: 'Cash#Pass12',
        features: ['has_transaction', 'has_cash_card'],
      },
      h.seller,
    );
    expect(sub.status).toBe(200);
    expect(sub.body.data).toMatchObject({
      account_role: 2,
      internal_role: 1,
      features: ['has_transaction', 'has_cash_card'],
    });
    const web = await post(
      ctx.app,
      '/api/add_internal_permission/',
      {
        username: 'shop-web',
        name: 'Web',
        password: 'Web#Pass123',
        account_role: 3,
        enable_web_view: 1,
        features: ['has_transaction'],
      },
      h.seller,
    );
    expect(web.body.data).toMatchObject({ account_role: 3, enable_web_view: 1 });
    // web_support users never get the shop's back-office flags.
    const bad = await post(
      ctx.app,
      '/api/add_internal_permission/',
      { username: 'shop-web2', name: 'Web', password: 'Web#Pass123', account_role: 3, features: ['has_reports'] },
      h.seller,
    );
    expect(bad.status).toBe(422);
    const list = await post(ctx.app, '/api/view_internal_permission/', {}, h.seller);
    expect(list.body.data.staff_accounts.map((u: { username: string }) => u.username).sort()).toEqual(
      ['seller', 'seller-staff', 'shop-cashier', 'shop-web', 'support'].sort(),
    );
    // The shop's staff cannot manage users; operators cannot name a shop role.
    expect((await post(ctx.app, '/api/view_internal_permission/', {}, h['seller-staff'])).status).toBe(403);
    const opRole = await post(
      ctx.app,
      '/api/add_internal_permission/',
      { username: 'op-web', name: 'x', password: 'OpWeb#Pass1', account_role: 3 },
      h.reseller,
    );
    expect(opRole.body.errors[0].field).toBe('account_role');
  });

  it('answers 404 for a user of another customer', async () => {
    expect(
      (
        await post(
          ctx.app,
          '/api/update_internal_permission/',
          { user_id: ids.user('reseller-staff'), name: 'x' },
          h.seller,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          ctx.app,
          '/api/update_internal_permission/',
          { user_id: ids.user('seller-staff'), name: 'x' },
          h.reseller,
        )
      ).status,
    ).toBe(404);
    expect(
      (await post(ctx.app, '/api/view_internal_permission/', { user_id: ids.user('seller') }, h.reseller)).body.data
        .staff_accounts,
    ).toEqual([]);
  });
});

describe('who may manage users', () => {
  it('answers 403 to reseller staff, web_support and for the assignment calls to shops', async () => {
    for (const [u, url, body] of [
      ['reseller-staff', '/api/view_internal_permission/', {}],
      ['reseller-staff', '/api/add_internal_permission/', { username: 'zzz', name: 'z', password: 'Zzz#Pass12' }],
      ['reseller-staff', '/api/staff_assign/', { user_id: 1 }],
      ['reseller-staff', '/api/staff_assign_history/', {}],
      ['support', '/api/view_internal_permission/', {}],
      ['seller', '/api/staff_assign/', { user_id: 1 }],
      ['seller', '/api/staff_assign_history/', {}],
    ] as const) {
      expect((await post(ctx.app, url, body, h[u])).status, `${u} ${url}`).toBe(403);
    }
  });

  it('lets the superadmin manage the platform staff', async () => {
    const res = await post(
      ctx.app,
      '/api/add_internal_permission/',
      { username: 'platform-ops', name: 'Ops', email: 'ops@example.com', job_role: 'Operations', is_manager: 1 },
      h.superadmin,
    );
    expect(res.body.data).toMatchObject({ account_role: 0, internal_role: 0, is_manager: 1 });
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox_messages where recipient = 'ops@example.com'`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
