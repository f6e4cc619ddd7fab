import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, post, type TestContext } from '../../../test/harness.ts';
import { asActor } from '../../db/audit.ts';

let ctx: TestContext;
let userId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await ctx.db.execute<{ id: number }>(sql`select id from users where username = 'seller-staff'`);
  userId = rows.rows[0]!.id; // a demo user
  await ctx.db.execute(sql`update users set mobile = '+491701234567' where id = ${userId}`);
});
afterAll(async () => ctx.close());

async function lastSms() {
  const sent = await ctx.messagesTo('+491701234567');
  const last = sent[sent.length - 1]!; // messagesTo waits until one is sent
  return { code: /(\d{6})/.exec(last.body)![1]!, channel: last.channel };
}

describe('registration set-password', () => {
  it('sends an OTP, verifies it, sets the password once', async () => {
    const id = await asActor('test', () => ctx.app.services.auth.invitations.createInvitation(userId));
    const one = await post(ctx.app, '/api/set_password_step_one/', { id });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ channel: 'sms', recipient: '**********567' });
    const { code, channel } = await lastSms();
    expect(channel).toBe('sms');

    expect(
      (
        await post(ctx.app, '/api/set_password_step_three/', {
          id,
          password: 'New#Pass1',
          confirm_password: 'New#Pass1',
        })
      ).status,
    ).toBe(409);
    const wrong = await post(ctx.app, '/api/set_password_step_two/', {
      id,
      otp: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.status).toBe(422);
    expect((await post(ctx.app, '/api/set_password_step_two/', { id, otp: code })).status).toBe(200);

    const weak = await post(ctx.app, '/api/set_password_step_three/', {
      id,
      password: 'weakpass',
      confirm_password: 'weakpass',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors[0].field).toBe('password');
    const mismatch = await post(ctx.app, '/api/set_password_step_three/', {
      id,
      password: 'New#Pass1',
      confirm_password: 'New#Pass2',
    });
    expect(mismatch.body.errors[0].field).toBe('confirm_password');

    expect(
      (
        await post(ctx.app, '/api/set_password_step_three/', {
          id,
          password: 'New#Pass1',
          confirm_password: 'New#Pass1',
        })
      ).status,
    ).toBe(200);
    expect((await login(ctx, { username: 'seller-staff', password: 'New#Pass1' })).body.data.status).toBe('signed_in');
    // Single use.
    expect((await post(ctx.app, '/api/set_password_step_one/', { id })).status).toBe(404);
  });

  it('refuses an expired or unknown link', async () => {
    const id = await asActor('test', () => ctx.app.services.auth.invitations.createInvitation(userId, 60_000));
    ctx.clock.advance(61_000);
    expect((await post(ctx.app, '/api/set_password_step_one/', { id })).status).toBe(404);
    expect((await post(ctx.app, '/api/set_password_step_one/', { id: 'x'.repeat(43) })).status).toBe(404);
  });

  it('locks the code after 5 wrong tries', async () => {
    const id = await asActor('test', () => ctx.app.services.auth.invitations.createInvitation(userId));
    await post(ctx.app, '/api/set_password_step_one/', { id });
    const { code } = await lastSms();
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) await post(ctx.app, '/api/set_password_step_two/', { id, otp: wrong });
    expect((await post(ctx.app, '/api/set_password_step_two/', { id, otp: code })).status).toBe(422);
  });

  it('checks no more than 5 codes of a burst of 20 wrong ones sent at once', async () => {
    const id = await asActor('test', () => ctx.app.services.auth.invitations.createInvitation(userId));
    await post(ctx.app, '/api/set_password_step_one/', { id });
    const { code } = await lastSms();
    const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => post(ctx.app, '/api/set_password_step_two/', { id, otp: wrong(n) })),
    );
    expect(answers.every((a) => a.status === 422)).toBe(true);
    const { rows } = await ctx.db.execute<{ otp_attempts: number }>(
      sql`select otp_attempts from password_invitations where user_id = ${userId} order by created_at desc limit 1`,
    );
    expect(rows[0]!.otp_attempts).toBe(5);
    expect((await post(ctx.app, '/api/set_password_step_two/', { id, otp: code })).status).toBe(422);
  });
});
