import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createTestApp,
  DEMO_PASSWORD,
  get,
  login,
  post,
  signIn,
  type TestContext,
} from '../../../test/harness.ts';
import { users } from '../../db/schema/customers.ts';
import { hashPassword } from '../auth/account.ts';
import { demoIds, insertOtherTenant } from './customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let h: Record<string, Record<string, string>>;
let otherShop: number;

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  const other = await insertOtherTenant(ctx.db, ids.platform);
  otherShop = other.shop.customerId;
  const org = await ctx.db
    .execute<{ organisation_id: number }>(sql`select organisation_id from customers where id = ${ids.reseller}`)
    .then((r) => r.rows[0]!); // the demo reseller
  // The demo reseller's customer does not hold the read-only flag; a user can only hold its customer's flags.
  await ctx.db.execute(
    sql`update customers set features = features || '{has_customers_read}' where id = ${ids.reseller}`,
  );
  await ctx.db.insert(users).values({
    customerId: ids.reseller,
    organisationId: org.organisation_id,
    username: 'reseller-readonly',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    accountRole: 1,
    internalRole: 0,
    features: ['has_customers_read'],
  });
  h = {};
  for (const u of [
    'superadmin',
    'reseller',
    'reseller-staff',
    'reseller-readonly',
    'seller',
    'support',
    'other-reseller',
  ]) {
    h[u] = await signIn(ctx, u);
  }
});
afterAll(async () => ctx.close());

const outbox = async (recipient: string) =>
  (await ctx.messagesTo(recipient)).map(({ channel, body }) => ({ channel, body }));

const fullCustomer = {
  username: 'kiosk-mitte',
  name: 'Kiosk Mitte',
  contact_name: 'Ayse Yilmaz',
  email: 'kiosk@example.com',
  mobile: '+49 170 1234567',
  mobile_confirmation: '+49 170 1234567',
  alternative_mobiles: ['+49 171 7654321'],
  organisation_type: 'GmbH',
  address: { address: 'Torstraße', house_no: '12', postal: '10119', city: 'Berlin' },
  credit_limit: '500',
  balance_trigger: '50',
  balance_topup: '100',
  auto_credit: 1,
  sms_sender_id: 'KIOSK',
  invoice_logo: PNG,
  invoice_header_image: PNG,
  invoice_footer_image: PNG,
  login_logo: PNG,
  shop_type: 'kiosk',
  shop_timings: { mon: { open: '08:00', close: '20:00' }, sun: null },
  holidays: ['2026-12-25'],
  lunch: { from: '13:00', to: '14:00' },
  mask_seller_discount: 1,
  terminal_limit: 3,
  enable_otp: 0,
  remarks: 'new shop',
};

describe('add and show a customer', () => {
  let customerId: number;

  it('creates a shop with every section 3 field, its main user, a wallet and a set-password invitation', async () => {
    const res = await post(ctx.app, '/api/add_customer/', fullCustomer, h.reseller);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ invitation_sent: 1 });
    customerId = res.body.data.customer_id;
    const details = await post(ctx.app, '/api/customer_details/', { customer_id: customerId }, h.reseller);
    expect(details.body.data).toMatchObject({
      customer_id: customerId,
      account_role: 2,
      username: 'kiosk-mitte',
      name: 'Kiosk Mitte',
      contact_name: 'Ayse Yilmaz',
      email: 'kiosk@example.com',
      mobile: '+49 170 1234567',
      alternative_mobiles: ['+49 171 7654321'],
      organisation_type: 'GmbH',
      credit_limit: '500.00',
      balance: '0.00',
      auto_credit: 1,
      balance_trigger: '50.00',
      balance_topup: '100.00',
      sms_sender_id: 'KIOSK',
      login_logo: PNG,
      shop_type: 'kiosk',
      shop_timings: { mon: { open: '08:00', close: '20:00' }, sun: null },
      holidays: ['2026-12-25'],
      lunch: { from: '13:00', to: '14:00' },
      mask_seller_discount: 1,
      terminal_limit: 3,
      enable_otp: 0,
      remarks: 'new shop',
      is_active: 1,
    });
    expect(details.body.data.features).toContain('has_transaction');
    const message = (await outbox('kiosk@example.com'))[0]!; // messagesTo waits for the queued invitation
    expect(message.channel).toBe('email');
    expect(message.body).toMatch(/https:\/\/localhost\/registration\/set-password\/[\w-]{20,}/);
  });

  it("invites in the inviter's language a user who has none yet, and keeps it for the user", async () => {
    await post(ctx.app, '/api/update_settings/', { language: 'fr' }, h['other-reseller']);
    const res = await post(
      ctx.app,
      '/api/add_customer/',
      { username: 'epicerie-lyon', name: 'Épicerie Lyon', email: 'epicerie@example.com' },
      h['other-reseller'],
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const message = (await ctx.messagesTo('epicerie@example.com'))[0]!;
    expect(message.subject).toBe('Votre compte : définissez votre mot de passe');
    expect(message.body).toMatch(/^Votre compte est prêt\. .*set-password\//);
    const stored = (
      await ctx.db.execute<{ language: string }>(
        sql`select settings->>'language' as language from users where username = 'epicerie-lyon'`,
      )
    ).rows[0]!; // the user just invited
    expect(stored.language).toBe('fr');
    await post(ctx.app, '/api/update_settings/', { language: 'de' }, h['other-reseller']);
  });

  it('refuses a taken username and answers check_customer', async () => {
    const taken = await post(ctx.app, '/api/add_customer/', { ...fullCustomer, name: 'Again' }, h.reseller);
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual([{ field: 'username', rule: 'taken', message: 'username: is already taken' }]);
    // Usernames are unique per organisation, whatever the case.
    expect((await post(ctx.app, '/api/check_customer/', { username: 'KIOSK-MITTE' }, h.reseller)).body.data).toEqual({
      username: 'KIOSK-MITTE',
      available: 0,
    });
    expect(
      (await post(ctx.app, '/api/check_customer/', { username: 'kiosk-nord' }, h.reseller)).body.data.available,
    ).toBe(1);
  });

  it('refuses a mobile confirmation that does not match, a foreign slab, flags of another role and bad fields', async () => {
    const res = await post(
      ctx.app,
      '/api/add_customer/',
      { ...fullCustomer, username: 'x-shop', mobile_confirmation: '+49 170 0000000' },
      h.reseller,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['mobile_confirmation']);
    const flags = await post(
      ctx.app,
      '/api/add_customer/',
      { ...fullCustomer, username: 'y-shop', features: ['has_transaction', 'has_product'] },
      h.reseller,
    );
    expect(flags.status).toBe(422);
    expect(flags.body.message).toMatch(/features: not for this customer: has_product/);
    const bad = await post(
      ctx.app,
      '/api/add_customer/',
      {
        ...fullCustomer,
        username: 'z-shop',
        credit_limit: '-1',
        shop_timings: { mon: { open: '20:00', close: '08:00' } },
        invoice_logo: 'javascript:alert(1)',
        discount_slab_id: 999999,
      },
      h.reseller,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['credit_limit', 'invoice_logo', 'shop_timings.mon'].sort(),
    );
    const slab = await post(
      ctx.app,
      '/api/add_customer/',
      { ...fullCustomer, username: 'z-shop', discount_slab_id: 999999 },
      h.reseller,
    );
    expect(slab.body.errors.map((e: { field: string }) => e.field)).toEqual(['discount_slab_id']);
    const subDomain = await post(
      ctx.app,
      '/api/add_customer/',
      { ...fullCustomer, username: 'z-shop', sub_domain: 'z.example.com' },
      h.reseller,
    );
    expect(subDomain.body.errors.map((e: { field: string }) => e.field)).toEqual(['sub_domain']);
  });

  it('edits the customer and its main user, and the extra, remarks, API and OTP calls', async () => {
    const res = await post(
      ctx.app,
      '/api/edit_customer/',
      {
        customer_id: customerId,
        name: 'Kiosk Mitte 2',
        credit_limit: '800',
        mobile: '+49 170 2222222',
        mobile_confirmation: '+49 170 2222222',
      },
      h.reseller,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Kiosk Mitte 2', credit_limit: '800.00', mobile: '+49 170 2222222' });
    const extra = await post(
      ctx.app,
      '/api/update_customer_extra_details/',
      { customer_id: customerId, shop_type: 'späti', holidays: [], lunch: null, terminal_limit: 5 },
      h.reseller,
    );
    expect(extra.body.data).toMatchObject({ shop_type: 'späti', holidays: [], lunch: null, terminal_limit: 5 });
    const remarks = await post(
      ctx.app,
      '/api/update_customer_remarks/',
      { customer_id: customerId, remarks: 'VIP' },
      h.reseller,
    );
    expect(remarks.body.data.remarks).toBe('VIP');
    const api = await post(
      ctx.app,
      '/api/update_customer_api_details/',
      {
        customer_id: customerId,
        api_enabled: 1,
        api_allowed_ips: ['203.0.113.7'],
        api_callback_url: 'https://shop.example/cb',
      },
      h.reseller,
    );
    expect(api.body.data).toMatchObject({ api_enabled: 1, api_allowed_ips: ['203.0.113.7'] });
    const badApi = await post(
      ctx.app,
      '/api/update_customer_api_details/',
      { customer_id: customerId, api_enabled: 1, api_allowed_ips: ['not-an-ip'], api_callback_url: 'http://insecure' },
      h.reseller,
    );
    expect(badApi.status).toBe(422);
    const otp = await post(
      ctx.app,
      '/api/update_customer_otp_type/',
      { customer_id: customerId, enable_otp: 1, otp_type: 'email' },
      h.reseller,
    );
    expect(otp.body.data).toEqual({ customer_id: customerId, enable_otp: 1, otp_type: 'email' });
  });

  it('keeps a customer without an address without one when the form sends its empty parts, and records nothing', async () => {
    await ctx.db.execute(sql`update customers set address = null where id = ${customerId}`);
    const trail = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from audit_trail where table_name = 'customers'
              and record_key = ${String(customerId)} and changes ? 'address'`,
        )
      ).rows[0]!.n; // count(*) answers one row
    const before = await trail();
    const empty = { address: '', house_no: '', postal: '', city: '' };
    const res = await post(ctx.app, '/api/edit_customer/', { customer_id: customerId, address: empty }, h.reseller);
    expect(res.status).toBe(200);
    expect(res.body.data.address).toEqual(empty);
    const row = (
      await ctx.db.execute<{ address: unknown }>(sql`select address from customers where id = ${customerId}`)
    ).rows[0]!; // the customer edited above
    expect(row.address).toBeNull();
    expect(await trail()).toBe(before);
    // A part given is written, and recorded.
    await post(ctx.app, '/api/edit_customer/', { customer_id: customerId, address: { city: 'Köln' } }, h.reseller);
    const after = (
      await ctx.db.execute<{ address: Record<string, string> }>(
        sql`select address from customers where id = ${customerId}`,
      )
    ).rows[0]!;
    expect(after.address).toEqual({ ...empty, city: 'Köln' });
    expect(await trail()).toBe(before + 1);
  });

  it('lists customers with search, pagination and the stopped filter', async () => {
    const list = await post(ctx.app, '/api/view_customers/', { page: 1, limit: 1 }, h.reseller);
    expect(list.body.data.filters).toMatchObject({ page: 1, limit: 1, total_count: 2, total_pages: 2 });
    expect(list.body.data.customers[0]).toMatchObject({ name: 'Kiosk Mitte 2', username: 'kiosk-mitte', is_active: 1 });
    const search = await post(ctx.app, '/api/view_customers/', { search_text: 'berlin' }, h.reseller);
    expect(search.body.data.customers.map((c: { name: string }) => c.name)).toEqual(['Demo Shop Berlin']);
    await post(ctx.app, '/api/update_customer_status/', { customer_id: customerId, is_active: 0 }, h.reseller);
    const stopped = await post(ctx.app, '/api/view_customers/', { filters: { is_active: 0 } }, h.reseller);
    expect(stopped.body.data.customers.map((c: { customer_id: number }) => c.customer_id)).toEqual([customerId]);
    expect(stopped.body.data.filters.is_active).toBe(0);
    const less = await post(ctx.app, '/api/view_customers_list_with_less_data/', {}, h.reseller);
    expect(less.body.data.customers).toHaveLength(2);
  });
});

describe('status, passwords', () => {
  it('deactivating a shop locks its users out on their next request', async () => {
    const seller = h.seller;
    expect((await get(ctx.app, '/api/dynamic_balance/', seller)).status).toBe(200);
    await post(ctx.app, '/api/update_customer_status/', { customer_id: ids.seller, is_active: 0 }, h.reseller);
    const res = await get(ctx.app, '/api/dynamic_balance/', seller);
    expect(res.status).toBe(403);
    expect(res.body.account_status).toBe(0);
    const on = await post(
      ctx.app,
      '/api/update_customer_status/',
      { customer_id: ids.seller, is_active: 1 },
      h.reseller,
    );
    expect(on.body.data).toEqual({ customer_id: ids.seller, is_active: 1 });
    expect((await get(ctx.app, '/api/dynamic_balance/', seller)).status).toBe(200);
  });

  it('names what a deactivation would do: the active shops below and the active users signed out', async () => {
    // Each query is a count(*): one row.
    const count = async (q: ReturnType<typeof sql>) => (await ctx.db.execute<{ n: number }>(q)).rows[0]!.n;
    const shopUsers = await count(
      sql`select count(*)::int as n from users where customer_id = ${ids.seller} and is_active`,
    );
    const impact = async () =>
      (await post(ctx.app, '/api/customer_status_impact/', { customer_id: ids.reseller }, h.superadmin)).body.data;
    const before = await impact();
    expect(before).toMatchObject({ customer_id: ids.reseller, name: 'Demo Reseller GmbH', account_role: 1 });
    expect(before.shops).toBeGreaterThanOrEqual(1);
    expect(shopUsers).toBeGreaterThanOrEqual(1);
    // A shop already stopped is no longer signed out by its reseller's deactivation, nor are its users.
    await post(ctx.app, '/api/update_customer_status/', { customer_id: ids.seller, is_active: 0 }, h.reseller);
    const after = await impact();
    expect(after.shops).toBe(before.shops - 1);
    expect(after.users).toBe(before.users - shopUsers);
    await post(ctx.app, '/api/update_customer_status/', { customer_id: ids.seller, is_active: 1 }, h.reseller);
    expect(await impact()).toEqual(before);
    const shop = await post(ctx.app, '/api/customer_status_impact/', { customer_id: ids.seller }, h.reseller);
    expect(shop.body.data).toEqual({
      customer_id: ids.seller,
      name: 'Demo Shop Berlin',
      account_role: 2,
      shops: 0,
      users: shopUsers,
    });
    // The same visibility and permission as the change itself.
    expect((await post(ctx.app, '/api/customer_status_impact/', { customer_id: otherShop }, h.reseller)).status).toBe(
      404,
    );
    for (const who of ['seller', 'reseller-readonly']) {
      const res = await post(ctx.app, '/api/customer_status_impact/', { customer_id: ids.seller }, h[who]);
      expect(res.status, who).toBe(403);
    }
  });

  it("lets an operator set a customer user's password by the rule, ending that user's sessions", async () => {
    const weak = await post(
      ctx.app,
      '/api/change_password/',
      { username: 'seller', new_password: 'short' },
      h.reseller,
    );
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0].field).toBe('new_password');
    const res = await post(
      ctx.app,
      '/api/change_password/',
      { username: 'seller', new_password: 'Neu#Pass2026' },
      h.reseller,
    );
    expect(res.status).toBe(200);
    expect((await get(ctx.app, '/api/dynamic_balance/', h.seller)).status).toBe(401);
    expect((await login(ctx, { username: 'seller', password: 'Neu#Pass2026' })).body.data.status).toBe('signed_in');
    const foreign = await post(
      ctx.app,
      '/api/change_password/',
      { username: 'other-shop', new_password: 'Neu#Pass2026' },
      h.reseller,
    );
    expect(foreign.status).toBe(404);
  });

  it('lets a user change its own password with the old one', async () => {
    const wrong = await post(
      ctx.app,
      '/api/update_password/',
      { old_password: 'nope', new_password: 'Neu#Pass2027', confirm_password: 'Neu#Pass2027' },
      h.support,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].field).toBe('old_password');
    const mismatch = await post(
      ctx.app,
      '/api/update_password/',
      { old_password: DEMO_PASSWORD, new_password: 'Neu#Pass2027', confirm_password: 'Neu#Pass2028' },
      h.support,
    );
    expect(mismatch.body.errors[0].field).toBe('confirm_password');
    const res = await post(
      ctx.app,
      '/api/update_password/',
      { old_password: DEMO_PASSWORD, new_password: 'Neu#Pass2027', confirm_password: 'Neu#Pass2027' },
      h.support,
    );
    expect(res.status).toBe(200);
    expect((await get(ctx.app, '/api/dynamic_balance/', h.support)).status).toBe(200);
    expect((await login(ctx, { username: 'support', password: 'Neu#Pass2027' })).body.data.status).toBe('signed_in');
  });
});

describe("a reseller's sub domain", () => {
  it("answers p_check with the reseller's branding and lets only its own users sign in there", async () => {
    const res = await post(
      ctx.app,
      '/api/add_customer/',
      {
        username: 'acme',
        name: 'ACME Prepaid',
        email: 'owner@acme.example',
        password: 'Acme#Owner1',
        credit_limit: '1000',
        sub_domain: 'Portal.ACME.example',
        login_logo: PNG,
      },
      h.superadmin,
    );
    expect(res.status).toBe(200);
    const acme = res.body.data.customer_id;
    const host = 'portal.acme.example';
    const check = await post(ctx.app, '/api/p_check/', { organisation_name: host }, { host });
    expect(check.body.data).toMatchObject({ organisation_name: 'ACME Prepaid', login_logo: PNG });
    expect((await login(ctx, { username: 'acme', password: 'Acme#Owner1' }, { host })).body.data.status).toBe(
      'signed_in',
    );
    const foreign = await login(ctx, { username: 'reseller' }, { host });
    expect(foreign.status).toBe(401);
    // The same user still signs in on the platform's host.
    expect((await login(ctx, { username: 'reseller' })).body.data.status).toBe('signed_in');

    // Its shops' users sign in there too.
    const ownerLogin = await login(ctx, { username: 'acme', password: 'Acme#Owner1' }, { host });
    const acmeHeaders = authHeaders(ownerLogin.body.data as Parameters<typeof authHeaders>[0]);
    const shop = await post(
      ctx.app,
      '/api/add_customer/',
      { username: 'acme-shop', name: 'ACME Shop', password: 'Acme#Shop12' },
      { ...acmeHeaders, host },
    );
    expect(shop.status).toBe(200);
    expect((await login(ctx, { username: 'acme-shop', password: 'Acme#Shop12' }, { host })).body.data.status).toBe(
      'signed_in',
    );

    // Another reseller cannot take the host; moving it frees the old one.
    const taken = await post(
      ctx.app,
      '/api/edit_customer/',
      { customer_id: ids.reseller, sub_domain: host },
      h.superadmin,
    );
    expect(taken.body.errors.map((e: { field: string }) => e.field)).toEqual(['sub_domain']);
    await post(ctx.app, '/api/edit_customer/', { customer_id: acme, sub_domain: 'shop.acme.example' }, h.superadmin);
    expect((await post(ctx.app, '/api/p_check/', { organisation_name: host }, { host })).status).toBe(404);
    const moved = await post(ctx.app, '/api/p_check/', {}, { host: 'shop.acme.example' });
    expect(moved.body.data.organisation_name).toBe('ACME Prepaid');
  });
});

describe('registrations', () => {
  const application = (username: string) => ({
    shop_name: `Shop ${username}`,
    contact_name: 'Max Muster',
    username,
    email: `${username}@example.com`,
    mobile: '+49 160 5555555',
    mobile_confirmation: '+49 160 5555555',
    address: { address: 'Hauptstraße', house_no: '1', postal: '10115', city: 'Berlin' },
    shop_type: 'kiosk',
  });
  const apply = (body: unknown, host = 'localhost', ip = '192.0.2.10') =>
    ctx.app
      .inject({ method: 'POST', url: '/api/register/', payload: body as object, headers: { host }, remoteAddress: ip })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  it('takes an application on the public form, validated like every form', async () => {
    const bad = await apply({ ...application('new-shop'), mobile_confirmation: '+49 160 1' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['mobile_confirmation']);
    const taken = await apply(application('seller'));
    expect(taken.body.errors[0]).toMatchObject({ field: 'username', rule: 'taken' });
    const ok = await apply(application('new-shop'));
    expect(ok.status).toBe(200);
    expect(ok.body.data.registration_id).toBeGreaterThan(0);
  });

  it('goes to the operator of the host: the platform here, a reseller on its sub domain', async () => {
    const platform = await post(ctx.app, '/api/view_registration/', {}, h.superadmin);
    expect(platform.body.data.registrations.map((r: { username: string }) => r.username)).toEqual(['new-shop']);
    expect((await post(ctx.app, '/api/view_registration/', {}, h.reseller)).body.data.registrations).toEqual([]);
    await ctx.db.execute(sql`insert into organisation_hosts (host, organisation_id, reseller_id)
      select 'demo-reseller.example', organisation_id, id from customers where id = ${ids.reseller}`);
    expect((await apply(application('reseller-shop'), 'demo-reseller.example')).status).toBe(200);
    const list = await post(ctx.app, '/api/view_registration/', { status: 'pending' }, h.reseller);
    expect(list.body.data.registrations).toHaveLength(1);
    expect(list.body.data.filters).toMatchObject({ status: 'pending', total_count: 1 });
  });

  it('accepts: a customer with a set-password invitation through the outbox', async () => {
    const [r] = (await post(ctx.app, '/api/view_registration/', {}, h.reseller)).body.data.registrations;
    expect(
      (
        await post(
          ctx.app,
          '/api/update_registration/',
          { registration_id: r.registration_id, status: 'accepted' },
          h['other-reseller'],
        )
      ).status,
    ).toBe(404);
    const res = await post(
      ctx.app,
      '/api/update_registration/',
      { registration_id: r.registration_id, status: 'accepted' },
      h.reseller,
    );
    expect(res.status).toBe(200);
    const customerId = res.body.data.customer_id;
    const details = await post(ctx.app, '/api/customer_details/', { customer_id: customerId }, h.reseller);
    expect(details.body.data).toMatchObject({ name: 'Shop reseller-shop', account_role: 2, username: 'reseller-shop' });
    const message = (await outbox('reseller-shop@example.com'))[0]!;
    expect(message.body).toMatch(/set-password\//);
    const again = await post(
      ctx.app,
      '/api/update_registration/',
      { registration_id: r.registration_id, status: 'rejected', reject_reason: 'late' },
      h.reseller,
    );
    expect(again.status).toBe(409);
  });

  it('rejects only with a reason', async () => {
    const [r] = (await post(ctx.app, '/api/view_registration/', {}, h.superadmin)).body.data.registrations;
    const noReason = await post(
      ctx.app,
      '/api/update_registration/',
      { registration_id: r.registration_id, status: 'rejected' },
      h.superadmin,
    );
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors[0].field).toBe('reject_reason');
    const res = await post(
      ctx.app,
      '/api/update_registration/',
      { registration_id: r.registration_id, status: 'rejected', reject_reason: 'No trade licence' },
      h.superadmin,
    );
    expect(res.status).toBe(200);
    const all = await post(ctx.app, '/api/view_registration/', { status: 'rejected' }, h.superadmin);
    expect(all.body.data.registrations[0]).toMatchObject({ status: 'rejected', reject_reason: 'No trade licence' });
  });

  it('is rate-limited per address', async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await apply({}, 'localhost', ip)).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses[5]).toBe(429);
  });
});

describe('who may see and change customers', () => {
  it('answers 403 to sellers, web_support and read-only users on changes', async () => {
    // The seller's sessions ended when its password was changed above.
    const relogin = await login(ctx, { username: 'seller', password: 'Neu#Pass2026' });
    h.seller = authHeaders(relogin.body.data as Parameters<typeof authHeaders>[0]);
    for (const u of ['seller', 'support']) {
      expect((await post(ctx.app, '/api/view_customers/', {}, h[u])).status, u).toBe(403);
      expect((await post(ctx.app, '/api/customer_details/', { customer_id: ids.seller }, h[u])).status, u).toBe(403);
      expect((await post(ctx.app, '/api/add_customer/', { ...fullCustomer, username: 'qqq1' }, h[u])).status).toBe(403);
    }
    const ro = h['reseller-readonly'];
    expect((await post(ctx.app, '/api/view_customers/', {}, ro)).status).toBe(200);
    expect((await post(ctx.app, '/api/customer_details/', { customer_id: ids.seller }, ro)).status).toBe(200);
    for (const [url, body] of [
      ['/api/add_customer/', { ...fullCustomer, username: 'qqq2' }],
      ['/api/edit_customer/', { customer_id: ids.seller, name: 'x' }],
      ['/api/update_customer_status/', { customer_id: ids.seller, is_active: 0 }],
      ['/api/update_customer_remarks/', { customer_id: ids.seller, remarks: 'x' }],
      ['/api/update_customer_extra_details/', { customer_id: ids.seller, shop_type: 'x' }],
      ['/api/update_customer_api_details/', { customer_id: ids.seller, api_enabled: 0 }],
      ['/api/update_customer_otp_type/', { customer_id: ids.seller, enable_otp: 0 }],
      ['/api/change_password/', { username: 'seller', new_password: 'Neu#Pass2029' }],
      ['/api/check_customer/', { username: 'free-name' }],
      ['/api/view_registration/', {}],
    ] as const) {
      expect((await post(ctx.app, url, body, ro)).status, url).toBe(403);
    }
  });

  it("answers 404 for another reseller's customer", async () => {
    for (const [url, body] of [
      ['/api/customer_details/', { customer_id: otherShop }],
      ['/api/edit_customer/', { customer_id: otherShop, name: 'x' }],
      ['/api/update_customer_status/', { customer_id: otherShop, is_active: 0 }],
      ['/api/update_customer_remarks/', { customer_id: otherShop, remarks: 'x' }],
      ['/api/update_customer_extra_details/', { customer_id: otherShop, shop_type: 'x' }],
      ['/api/update_customer_api_details/', { customer_id: otherShop, api_enabled: 0 }],
      ['/api/update_customer_otp_type/', { customer_id: otherShop, enable_otp: 0 }],
    ] as const) {
      expect((await post(ctx.app, url, body, h.reseller)).status, url).toBe(404);
    }
    const list = await post(ctx.app, '/api/view_customers/', { search_text: 'Other' }, h.reseller);
    expect(list.body.data.customers).toEqual([]);
  });

  it('shows staff only their assigned customers, and assigns the ones they create', async () => {
    const staff = h['reseller-staff'];
    expect((await post(ctx.app, '/api/view_customers/', {}, staff)).body.data.customers).toEqual([]);
    expect((await post(ctx.app, '/api/customer_details/', { customer_id: ids.seller }, staff)).status).toBe(404);
    const made = await post(
      ctx.app,
      '/api/add_customer/',
      { username: 'staff-shop', name: 'Staff Shop', password: 'Staff#Shop1' },
      staff,
    );
    expect(made.status).toBe(200);
    const list = await post(ctx.app, '/api/view_customers/', {}, staff);
    expect(list.body.data.customers.map((c: { name: string }) => c.name)).toEqual(['Staff Shop']);
  });
});
