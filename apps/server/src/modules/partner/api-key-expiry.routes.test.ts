import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { ok } from '../selling/selling.fixtures.ts';
import { allowIps, callPartner } from './partner.fixtures.ts';

/** The test clock starts at 2026-11-21T09:00Z, 10:00 in Berlin (CET, UTC+1). */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  await allowIps(ctx, ids.seller, ['203.0.113.0/24']);
});
afterAll(() => ctx.close());

/** A fresh session at the test clock's time (the clock jumps past the sessions' idle limit), each from its own address. */
let signIns = 0;
async function session(username: string) {
  signIns++;
  const res = await login(ctx, { username }, { ip: `10.47.0.${signIns}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(JSON.stringify(res.body));
  return authHeaders(res.body.data);
}

type Key = { api_key: string; api_key_id: string; expires_at: string | null; expired: 0 | 1 };
const addKey = async (name: string, expires_at?: string | null) =>
  post(
    ctx.app,
    '/api/seller/api_key/add/',
    { name, user_id: ids.user('seller'), ...(expires_at === undefined ? {} : { expires_at }) },
    await session('seller'),
  );
const keyRow = async (id: string) => {
  const answer = await ok<{ api_keys: Key[] }>(
    post(ctx.app, '/api/customer/api_keys/', { customer_id: ids.seller }, await session('reseller')),
  );
  return answer.api_keys.find((k) => k.api_key_id === id);
};

describe('API keys with an expiry date', () => {
  it('work through the last Berlin day and answer 401 api_key_expired from its midnight on', async () => {
    const lastDay = await ok<Key>(addKey('Till until today', '2026-11-21'));
    const forever = await ok<Key>(addKey('Till'));
    expect(lastDay).toMatchObject({ expires_at: '2026-11-21', expired: 0 });
    expect(forever).toMatchObject({ expires_at: null, expired: 0 });
    expect((await callPartner(ctx, 'GET', '/balance', lastDay.api_key)).status).toBe(200);

    // 23:59:59 in Berlin: still the last day.
    ctx.clock.set(new Date('2026-11-21T22:59:59Z'));
    expect((await callPartner(ctx, 'GET', '/balance', lastDay.api_key)).status).toBe(200);
    const row = await keyRow(lastDay.api_key_id);

    // Midnight in Berlin: expired, also from an address the shop does not allow (the key is judged first).
    ctx.clock.set(new Date('2026-11-21T23:00:00Z'));
    for (const ip of ['203.0.113.10', '198.51.100.99']) {
      const res = await callPartner(ctx, 'GET', '/balance', lastDay.api_key, { ip });
      expect(res.status, ip).toBe(401);
      expect(res.body).toMatchObject({
        message_type: 0,
        code: 'api_key_expired',
        params: { expires_at: '2026-11-21' },
      });
    }
    expect((await callPartner(ctx, 'GET', '/balance', forever.api_key)).status).toBe(200);
    expect(row).toMatchObject({ expires_at: '2026-11-21', expired: 0 });
    ctx.clock.set(new Date('2026-11-22T09:00:00Z'));
    expect(await keyRow(lastDay.api_key_id)).toMatchObject({ expires_at: '2026-11-21', expired: 1 });
    expect(await keyRow(forever.api_key_id)).toMatchObject({ expires_at: null, expired: 0 });
  });

  it('in summer time too: the key stops at 22:00 UTC', async () => {
    ctx.clock.set(new Date('2027-07-01T08:00:00Z'));
    const key = await ok<Key>(addKey('Summer till', '2027-07-01'));
    ctx.clock.set(new Date('2027-07-01T21:59:59Z'));
    expect((await callPartner(ctx, 'GET', '/balance', key.api_key)).status).toBe(200);
    ctx.clock.set(new Date('2027-07-01T22:00:00Z'));
    expect((await callPartner(ctx, 'GET', '/balance', key.api_key)).body.code).toBe('api_key_expired');
  });

  it('refuses a day already over, and a day that does not exist, naming the field', async () => {
    ctx.clock.set(new Date('2026-11-21T09:00:00Z'));
    const past = await addKey('Old till', '2026-11-20');
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual([expect.objectContaining({ field: 'expires_at', rule: 'not_past' })]);
    const impossible = await addKey('Odd till', '2026-11-31');
    expect(impossible.status).toBe(422);
    expect(impossible.body.errors).toEqual([expect.objectContaining({ field: 'expires_at', rule: 'calendar_day' })]);
    expect((await addKey('Null till', null)).status).toBe(200);
  });

  it("is set by operators on the customer's details the same way", async () => {
    const key = await ok<Key>(
      post(
        ctx.app,
        '/api/customer/api_key/add/',
        { customer_id: ids.seller, name: 'By reseller', user_id: ids.user('seller'), expires_at: '2026-12-31' },
        await session('reseller'),
      ),
    );
    expect(key).toMatchObject({ expires_at: '2026-12-31', expired: 0 });
  });
});
