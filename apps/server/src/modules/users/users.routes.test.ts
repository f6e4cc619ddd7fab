import { FEATURE_FLAGS } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, login, post, signIn, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('organisation check', () => {
  it('answers the branding and the sign-in key for a known host', async () => {
    const res = await post(ctx.app, '/api/p_check/', { organisation_name: 'localhost' });
    expect(res.body).toMatchObject({ message_type: 1, data: { organisation_name: 'Demo Prepaid' } });
    expect(res.body.data.login_key).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256' });
    expect(res.body.data.login_key.d).toBeUndefined();
    const byIp = await post(ctx.app, '/api/p_check/', { organisation_name: '127.0.0.1' }, { host: '127.0.0.1:8080' });
    expect(byIp.body.message_type).toBe(1);
  });

  it('answers message_type 0 for an unknown host or a hint that disagrees with the host', async () => {
    const unknown = await post(
      ctx.app,
      '/api/p_check/',
      { organisation_name: 'evil.example' },
      { host: 'evil.example' },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message_type).toBe(0);
    const mismatch = await post(ctx.app, '/api/p_check/', { organisation_name: 'other.example' });
    expect(mismatch.body.message_type).toBe(0);
  });

  it('refuses sign-in on an unknown host', async () => {
    await expect(login(ctx, { username: 'seller' }, { host: 'evil.example' })).rejects.toThrow();
  });
});

describe('user info', () => {
  it('returns every field of spec section 3 with all feature flags', async () => {
    const headers = await signIn(ctx, 'reseller');
    const res = await post(ctx.app, '/api/auth_check/', undefined, headers);
    const info = res.body.data;
    for (const key of [
      'organisation_name',
      'address',
      'account_role',
      'internal_role',
      'template',
      'enable_web_view',
      'flag',
      'show_print_popup',
      'merge_receipts',
      'download_csv',
      'user_id',
      'customer_id',
      'session_id',
      'contact_details',
    ]) {
      expect(info, key).toHaveProperty(key);
    }
    for (const flag of FEATURE_FLAGS) expect([0, 1], flag).toContain(info[flag]);
    expect(info).toMatchObject({
      organisation_name: 'Demo Prepaid',
      account_role: 1,
      is_manager: 1,
      has_customers: 1,
      has_transaction: 0,
      session_id: headers['x-session-id'],
      address: { city: 'Berlin', postal: '10117' },
    });
  });

  it('never grants a flag the customer lacks', async () => {
    await ctx.db.execute(sql`update users set features = features || '{has_product}' where username = 'seller'`);
    const info = (await post(ctx.app, '/api/auth_check/', undefined, await signIn(ctx, 'seller'))).body.data;
    expect(info.has_product).toBe(0);
  });

  it('stores settings per user and validates them by field', async () => {
    const headers = await signIn(ctx, 'seller-staff');
    const saved = await post(
      ctx.app,
      '/api/update_settings/',
      { layout: 'vertical', theme: 'dark', language: 'fr', template: 5, download_csv: 1 },
      headers,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      layout: 'vertical',
      theme: 'dark',
      language: 'fr',
      template: 5,
      download_csv: 1,
    });
    const info = (await post(ctx.app, '/api/auth_check/', undefined, headers)).body.data;
    expect(info).toMatchObject({ layout: 'vertical', theme: 'dark', language: 'fr', template: 5, merge_receipts: 0 });

    const bad = await post(ctx.app, '/api/update_settings/', { template: 9, theme: 'neon' }, headers);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['template', 'theme']);
    expect(bad.body.message).toMatch(/template/);
  });

  it('keeps at most 10 starred pages', async () => {
    const headers = await signIn(ctx, 'seller');
    const pages = Array.from({ length: 11 }, (_, i) => `/page-${i}`);
    expect((await post(ctx.app, '/api/update_settings/', { starred_pages: pages }, headers)).status).toBe(422);
    expect((await post(ctx.app, '/api/update_settings/', { starred_pages: pages.slice(0, 10) }, headers)).status).toBe(
      200,
    );
  });
});

describe('dynamic balance', () => {
  it("reads the customer's wallet and credit limit as decimal strings", async () => {
    await ctx.db.execute(sql`
      with shop as (select id from customers where name = 'Demo Shop Berlin'),
        slot as (update wallet_slots set balance = 1234.5678 from shop where customer_id = shop.id and slot = 0)
      update wallet_accounts set outstanding_credit = 100.1 from shop where customer_id = shop.id`);
    const res = await get(ctx.app, '/api/dynamic_balance/', await signIn(ctx, 'seller'));
    expect(res.body.data).toEqual({
      balance: '1234.57',
      outstanding_credit: '100.10',
      credit_limit: '1000.00',
      currency: 'EUR',
    });
    // web_support sells for the seller, so it sees the shop's wallet.
    const support = await get(ctx.app, '/api/dynamic_balance/', await signIn(ctx, 'support'));
    expect(support.body.data.balance).toBe('1234.57');
  });

  it('answers 401 without a session', async () => {
    const res = await get(ctx.app, '/api/dynamic_balance/');
    expect(res.status).toBe(401);
    expect(res.body.message_type).toBe(0);
  });
});

describe('web_support', () => {
  it('is refused everything once its web view is disabled', async () => {
    const headers = await signIn(ctx, 'support');
    await ctx.db.execute(sql`update users set enable_web_view = false where username = 'support'`);
    expect((await post(ctx.app, '/api/auth_check/', undefined, headers)).status).toBe(403);
    await ctx.db.execute(sql`update users set enable_web_view = true where username = 'support'`);
  });
});

describe('operations', () => {
  it('reports health, serves OpenAPI and answers unknown API paths with the envelope', async () => {
    expect((await get(ctx.app, '/healthz')).body).toEqual({ status: 'ok' });
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/login/');
    const missing = await post(ctx.app, '/api/no_such_call/', {});
    expect(missing.status).toBe(404);
    expect(missing.body.message_type).toBe(0);
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/p_check/',
      payload: '{"organisation_name":',
      headers: { host: 'localhost', 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message_type).toBe(0);
  });
});
