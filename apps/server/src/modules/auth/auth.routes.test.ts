import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createTestApp,
  get,
  login,
  loginData,
  post,
  signIn,
  type TestContext,
} from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

async function lastCode(recipient: string): Promise<string> {
  const sent = await ctx.messagesTo(recipient);
  // messagesTo waits until one is sent; the pattern's one group is required.
  return /(\d{6})/.exec(sent[sent.length - 1]!.body)![1]!;
}

describe('password sign-in', () => {
  it('signs a demo user in with a token, a session and its customer', async () => {
    const res = await login(ctx, { username: 'seller' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'signed_in' });
    const s = res.body.data as { access_token: string; session_id: string; customer_id: number };
    expect(s.access_token.length).toBeGreaterThanOrEqual(43);
    const info = await post(ctx.app, '/api/auth_check/', undefined, authHeaders(s));
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ username: 'seller', account_role: 2, internal_role: 0, has_transaction: 1 });
  });

  it('stores only a hash of the token', async () => {
    const res = await login(ctx, { username: 'reseller' });
    const token = (res.body.data as { access_token: string }).access_token;
    const found = await ctx.db.execute(sql`select 1 from sessions where token_hash = ${token}`);
    expect(found.rows).toHaveLength(0);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await login(ctx, { username: 'seller', password: 'Wrong#2026' }, { ip: '10.1.1.1' });
    const unknown = await login(ctx, { username: 'nobody', password: 'Wrong#2026' }, { ip: '10.1.1.1' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body.message).toBe('Wrong Username or Password');
    }
  });

  it('refuses a replayed payload and a stale one', async () => {
    const data = await loginData(ctx.app, { username: 'seller' }, ctx.clock.now());
    const first = await post(ctx.app, '/api/login/', { data });
    expect(first.status).toBe(200);
    const replay = await post(ctx.app, '/api/login/', { data });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toMatch(/already used/);
    const stale = await login(ctx, { username: 'seller', iat: Math.floor(ctx.clock.now().getTime() / 1000) - 301 });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({
      code: 'sign_in_clock_skew',
      params: { server_time: ctx.clock.now().toISOString() },
    });
  });

  it("hands out the server's clock, so a browser whose clock is off dates its payload right", async () => {
    const check = await post(ctx.app, '/api/p_check/', { organisation_name: 'localhost' });
    expect(check.body.data.server_time).toBe(ctx.clock.now().toISOString());
    // A counter PC 20 minutes behind dates the payload by the server's clock plus the time since p_check.
    const iat = Math.floor(Date.parse(check.body.data.server_time) / 1000) + 3;
    expect((await login(ctx, { username: 'seller', iat })).status).toBe(200);
  });

  it('refuses data that is not a JWE for this server', async () => {
    const res = await post(ctx.app, '/api/login/', { data: 'not.a.jwe.at.all' });
    expect(res.status).toBe(400);
    expect(res.body.message_type).toBe(0);
  });

  it('accepts form data as well as JSON', async () => {
    const data = await loginData(ctx.app, { username: 'seller-staff' }, ctx.clock.now());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: `data=${encodeURIComponent(data)}`,
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('signed_in');
  });

  it('refuses a deactivated account with account_status 0', async () => {
    await ctx.db.execute(sql`update users set is_active = false where username = 'seller-staff'`);
    const res = await login(ctx, { username: 'seller-staff' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ account_status: 0, message_type: 0 });
    await ctx.db.execute(sql`update users set is_active = true where username = 'seller-staff'`);
  });
});

describe('OTP', () => {
  beforeAll(async () => {
    await ctx.db.execute(sql`update customers set enable_otp = true where name = 'Demo Reseller GmbH'`);
  });
  afterAll(async () => {
    await ctx.db.execute(sql`update customers set enable_otp = false where name = 'Demo Reseller GmbH'`);
  });

  it('sends a code through the outbox and signs in once with it', async () => {
    const res = await login(ctx, { username: 'reseller-staff' });
    expect(res.body.data).toMatchObject({ status: 'otp_required', channel: 'email' });
    const reference = (res.body.data as { reference: string }).reference;
    const otp = await lastCode('reseller-staff@demo-prepaid.example');
    const wrong = await post(ctx.app, '/api/verify/', {
      username: 'reseller-staff',
      otp: otp === '000000' ? '111111' : '000000',
      reference,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Wrong Email or Password');
    const ok = await post(ctx.app, '/api/verify/', { username: 'reseller-staff', otp, reference });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('signed_in');
    const again = await post(ctx.app, '/api/verify/', { username: 'reseller-staff', otp, reference });
    expect(again.status).toBe(401);
  });

  it("sends the code in the user's own language, German when it chose none", async () => {
    const mail = 'reseller-staff@demo-prepaid.example';
    const sentTo = async () => (await ctx.messagesTo(mail)).at(-1)!;
    await ctx.db.execute(sql`update users set settings = settings - 'language' where username = 'reseller-staff'`);
    await login(ctx, { username: 'reseller-staff' });
    expect(await sentTo()).toMatchObject({
      subject: 'Ihr Anmeldecode',
      body: expect.stringMatching(/^Ihr Anmeldecode lautet \d{6}\./),
    });
    const { id } = (await ctx.db.execute<{ id: number }>(sql`select id from users where username = 'reseller-staff'`))
      .rows[0]!; // a demo user
    await ctx.db.execute(sql`update users set settings = settings || '{"language": "tr"}' where id = ${id}`);
    await login(ctx, { username: 'reseller-staff' });
    expect(await sentTo()).toMatchObject({
      subject: 'Giriş kodunuz',
      body: expect.stringMatching(/^Giriş kodunuz \d{6}\./),
    });
    await ctx.db.execute(sql`update users set settings = settings - 'language' where id = ${id}`);
  });

  it('counts wrong codes atomically: a burst of 20 from 20 addresses gets 5 checks, then even the right code is refused', async () => {
    const res = await login(ctx, { username: 'reseller-staff' });
    const reference = (res.body.data as { reference: string }).reference;
    const otp = await lastCode('reseller-staff@demo-prepaid.example');
    const wrong = otp === '000000' ? '111111' : '000000';
    // One address each, so the per-address sign-in throttle leaves every guess to the challenge's own count.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/verify/',
          payload: { username: 'reseller-staff', otp: wrong, reference },
          headers: { host: 'localhost' },
          remoteAddress: `198.51.100.${n + 1}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(401));
    const { rows } = await ctx.db.execute<{ attempts: number }>(
      sql`select attempts from login_challenges where reference = ${reference} order by created_at desc limit 1`,
    );
    expect(rows[0]!.attempts).toBe(5);
    const right = await post(ctx.app, '/api/verify/', { username: 'reseller-staff', otp, reference });
    expect(right.status).toBe(401);
  });

  it('expires a code after 10 minutes', async () => {
    const res = await login(ctx, { username: 'reseller' });
    const reference = (res.body.data as { reference: string }).reference;
    const otp = await lastCode('reseller@demo-prepaid.example');
    ctx.clock.advance(10 * 60_000 + 1000);
    const late = await post(ctx.app, '/api/verify/', { username: 'reseller', otp, reference });
    expect(late.status).toBe(401);
  });

  it('delivers the message through the outbox job and never keeps a readable code', async () => {
    await login(ctx, { username: 'reseller' });
    const stored = async () =>
      (
        await ctx.db.execute<{ status: string; body: string }>(
          sql`select status, body from outbox_messages order by id desc limit 1`,
        )
      ).rows[0]!; // the sign-in above queued one
    // Queued: sealed, no code in it.
    const queued = await stored();
    expect(queued.body).toMatch(/^sealed:v1:[A-Za-z0-9+/=]+$/);
    const sent = await ctx.messagesTo('reseller@demo-prepaid.example');
    const last = sent[sent.length - 1]!; // messagesTo waits until one is sent
    expect(last.body).toMatch(/\d{6}/);
    expect(queued.body).not.toContain(last.body);
    // Sent: blanked.
    await expect.poll(async () => (await stored()).status, { timeout: 10_000 }).toBe('sent');
    expect((await stored()).body).toBe('');
  });

  it('still delivers a message queued before bodies were sealed', async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      insert into outbox_messages (channel, recipient, subject, body)
      values ('sms', '+4915100000001', 'Code', 'Your verification code is 123456.') returning id`);
    await ctx.app.services.outbox.dispatch(rows[0]!.id); // insert … returning of one row
    expect((await ctx.messagesTo('+4915100000001')).map((m) => m.body)).toEqual(['Your verification code is 123456.']);
  });
});

describe('new-device approval', () => {
  it('waits for the reseller to approve a seller on a new device, then signs in exactly once', async () => {
    await ctx.db.execute(sql`update users set require_device_approval = true where username = 'seller'`);
    const res = await login(ctx, { username: 'seller', fingerprint: 'brand-new-device-123' });
    expect(res.body.data.status).toBe('approval_required');
    const { reference_id, reference } = res.body.data as { reference_id: string; reference: string };

    const pending = await post(ctx.app, '/api/check_login_request_approval/', { reference_id, reference });
    expect(pending.body.data.status).toBe('pending');
    const forged = await post(ctx.app, '/api/check_login_request_approval/', { reference_id, reference: 'WRONGREF' });
    expect(forged.status).toBe(404);

    // The seller's own staff, another seller or the superadmin cannot see or decide it; the reseller can.
    const superadmin = await signIn(ctx, 'superadmin');
    const seen = await post(ctx.app, '/api/view_login_requests/', {}, superadmin);
    expect(seen.body.data.login_requests).toHaveLength(0);
    const denied = await post(ctx.app, '/api/update_login_requests/', { reference_id, status: 'approved' }, superadmin);
    expect(denied.status).toBe(404);
    const staff = await signIn(ctx, 'reseller-staff');
    expect((await post(ctx.app, '/api/view_login_requests/', {}, staff)).body.data.login_requests).toHaveLength(0);

    const reseller = await signIn(ctx, 'reseller');
    const list = await post(ctx.app, '/api/view_login_requests/', { page: 1 }, reseller);
    expect(list.body.data.login_requests).toEqual([
      expect.objectContaining({ reference_id, reference, username: 'seller', status: 'pending' }),
    ]);
    expect(list.body.data.filters).toMatchObject({ page: 1, limit: 20, total_count: 1, total_pages: 1 });
    const approve = await post(ctx.app, '/api/update_login_requests/', { reference_id, status: 'approved' }, reseller);
    expect(approve.status).toBe(200);
    const twice = await post(ctx.app, '/api/update_login_requests/', { reference_id, status: 'rejected' }, reseller);
    expect(twice.status).toBe(409);

    const approved = await post(ctx.app, '/api/check_login_request_approval/', { reference_id, reference });
    expect(approved.body.data).toMatchObject({ status: 'approved' });
    expect(approved.body.data.access_token).toBeTruthy();
    const reused = await post(ctx.app, '/api/check_login_request_approval/', { reference_id, reference });
    expect(reused.body.data.access_token).toBeUndefined();

    // The device is known now: the next sign-in from it needs no approval.
    const next = await login(ctx, { username: 'seller', fingerprint: 'brand-new-device-123' });
    expect(next.body.data.status).toBe('signed_in');
    await ctx.db.execute(sql`update users set require_device_approval = false where username = 'seller'`);
  });

  it("lets a main account decide its staff's requests and reports a rejection", async () => {
    await ctx.db.execute(sql`update users set require_device_approval = true where username = 'seller-staff'`);
    const res = await login(ctx, { username: 'seller-staff', fingerprint: 'staff-new-device-9' });
    const { reference_id, reference } = res.body.data as { reference_id: string; reference: string };
    const reseller = await signIn(ctx, 'reseller');
    expect(
      (await post(ctx.app, '/api/update_login_requests/', { reference_id, status: 'rejected' }, reseller)).status,
    ).toBe(404);
    const seller = await signIn(ctx, 'seller');
    expect(
      (await post(ctx.app, '/api/update_login_requests/', { reference_id, status: 'rejected' }, seller)).status,
    ).toBe(200);
    const answer = await post(ctx.app, '/api/check_login_request_approval/', { reference_id, reference });
    expect(answer.body.data.status).toBe('rejected');
    await ctx.db.execute(sql`update users set require_device_approval = false where username = 'seller-staff'`);
  });

  it("asks the superadmin's own new device for an OTP instead", async () => {
    await ctx.db.execute(sql`update users set require_device_approval = true where username = 'superadmin'`);
    const res = await login(ctx, { username: 'superadmin', fingerprint: 'admin-laptop-new' });
    expect(res.body.data.status).toBe('otp_required');
    await ctx.db.execute(sql`update users set require_device_approval = false where username = 'superadmin'`);
  });

  it('counts wrong references atomically: a burst of 20 gets 5 checks, then even the right one is refused', async () => {
    await ctx.db.execute(sql`update users set require_device_approval = true where username = 'seller'`);
    const res = await login(ctx, { username: 'seller', fingerprint: 'burst-device-123' });
    const { reference_id, reference } = res.body.data as { reference_id: string; reference: string };
    // Polling with the right reference uses no attempt.
    for (let i = 0; i < 6; i++) {
      const poll = await post(ctx.app, '/api/check_login_request_approval/', { reference_id, reference });
      expect(poll.body.data.status).toBe('pending');
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        post(ctx.app, '/api/check_login_request_approval/', { reference_id, reference: `WRONG${n}` }),
      ),
    );
    expect(answers.every((a) => a.status === 404)).toBe(true);
    const { rows } = await ctx.db.execute<{ attempts: number }>(
      sql`select attempts from login_challenges where id = ${reference_id}`,
    );
    expect(rows[0]!.attempts).toBe(5);
    expect((await post(ctx.app, '/api/check_login_request_approval/', { reference_id, reference })).status).toBe(404);
    await ctx.db.execute(sql`update users set require_device_approval = false where username = 'seller'`);
  });
});

describe('sessions', () => {
  it('ends after 3 hours without activity and stays alive with activity', async () => {
    const headers = await signIn(ctx, 'seller');
    ctx.clock.advance(2 * 3_600_000);
    expect((await post(ctx.app, '/api/auth_check/', undefined, headers)).status).toBe(200);
    ctx.clock.advance(2 * 3_600_000);
    expect((await post(ctx.app, '/api/auth_check/', undefined, headers)).status).toBe(200);
    ctx.clock.advance(3 * 3_600_000 + 1000);
    const expired = await post(ctx.app, '/api/auth_check/', undefined, headers);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('unauthenticated');
  });

  it('ends at the absolute lifetime however active', async () => {
    const headers = await signIn(ctx, 'seller');
    for (let i = 0; i < 6; i++) {
      ctx.clock.advance(2 * 3_600_000);
      await post(ctx.app, '/api/auth_check/', undefined, headers);
    }
    expect((await post(ctx.app, '/api/auth_check/', undefined, headers)).status).toBe(401);
  });

  it('ends at logout', async () => {
    const headers = await signIn(ctx, 'seller');
    expect((await post(ctx.app, '/api/logout/', undefined, headers)).status).toBe(200);
    expect((await post(ctx.app, '/api/auth_check/', undefined, headers)).status).toBe(401);
  });

  it('refuses a session or customer header that does not match the token', async () => {
    const headers = await signIn(ctx, 'seller');
    expect((await post(ctx.app, '/api/auth_check/', undefined, { ...headers, 'x-customer-id': '1' })).status).toBe(401);
    expect(
      (await post(ctx.app, '/api/auth_check/', undefined, { ...headers, 'x-session-id': crypto.randomUUID() })).status,
    ).toBe(401);
  });

  it('answers account_status 0 once the account is deactivated', async () => {
    const headers = await signIn(ctx, 'seller-staff');
    await ctx.db.execute(sql`update users set is_active = false where username = 'seller-staff'`);
    const res = await get(ctx.app, '/api/dynamic_balance/', headers);
    expect(res.status).toBe(403);
    expect(res.body.account_status).toBe(0);
    await ctx.db.execute(sql`update users set is_active = true where username = 'seller-staff'`);
  });
});

describe('throttling', () => {
  it('slows one IP down after 5 failures, doubling the wait, without stopping the user elsewhere', async () => {
    const attacker = { ip: '203.0.113.7' };
    for (let i = 0; i < 5; i++) {
      expect((await login(ctx, { username: 'reseller-staff', password: 'Guess#0000' }, attacker)).status).toBe(401);
    }
    const blocked = await login(ctx, { username: 'reseller-staff' }, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.body.retry_after).toBe(30);
    expect(blocked.body.message).toMatch(/30 seconds/);

    // The real user, from another IP, signs in.
    const real = await login(ctx, { username: 'reseller-staff' }, { ip: '198.51.100.20' });
    expect(real.body.data.status).toBe('signed_in');

    ctx.clock.advance(31_000);
    expect((await login(ctx, { username: 'reseller-staff', password: 'Guess#0001' }, attacker)).status).toBe(401);
    const longer = await login(ctx, { username: 'reseller-staff' }, attacker);
    expect(longer.status).toBe(429);
    expect(longer.body.retry_after).toBe(60);
  });

  it('caps a username at 100 failures an hour from all IPs', async () => {
    await ctx.db.execute(sql`
      insert into auth_throttle (key, failures, window_start) values ('login:user:support', 99, ${ctx.clock.now()})`);
    expect((await login(ctx, { username: 'support', password: 'Nope#1234' }, { ip: '192.0.2.50' })).status).toBe(401);
    const capped = await login(ctx, { username: 'support' }, { ip: '192.0.2.51' });
    expect(capped.status).toBe(429);
    ctx.clock.advance(3_600_000 + 1000);
    expect((await login(ctx, { username: 'support' }, { ip: '192.0.2.51' })).body.data.status).toBe('signed_in');
  });
});
