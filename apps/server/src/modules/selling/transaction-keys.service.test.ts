import { flagsFrom } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, signIn, type TestContext } from '../../../test/harness.ts';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { createTransactionKeysRepository } from './transaction-keys.repository.ts';
import { canonicalJson, createTransactionKeysService } from './transaction-keys.service.ts';

let ctx: TestContext;
let keys: ReturnType<typeof createTransactionKeysService>;
let seller: Actor;
beforeAll(async () => {
  ctx = await createTestApp();
  keys = createTransactionKeysService({
    db: ctx.db,
    repo: createTransactionKeysRepository(ctx.db),
    clock: ctx.clock,
    runningWaitMs: 1500,
  });
  await ctx.db.execute(sql`create table effects (id serial primary key, note text not null)`);
  const headers = await signIn(ctx, 'seller');
  const user = await ctx.db.execute<{ id: number }>(sql`select id from users where username = 'seller'`);
  seller = {
    userId: user.rows[0]!.id, // the demo seller
    customerId: Number(headers['x-customer-id']),
    sessionId: headers['x-session-id'],
    organisationId: 1,
    username: 'seller',
    account_role: 2,
    internal_role: 0,
    enable_web_view: 0,
    flags: flagsFrom(['has_transaction']),
    customerRole: 2,
    parentCustomerId: null,
  };
});
afterAll(async () => ctx.close());

const effects = async (db: Db, note: string) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from effects where note = ${note}`)).rows[0]!.n;

/** A purchase stand-in: writes one row, takes a while, answers with the row's id. */
const operation =
  (note: string, sleepMs = 0) =>
  async (tx: Tx) => {
    // returning of one row
    const row = (await tx.execute<{ id: number }>(sql`insert into effects (note) values (${note}) returning id`))
      .rows[0]!;
    if (sleepMs) await tx.execute(sql`select pg_sleep(${sleepMs / 1000})`);
    return {
      status: 200,
      answer: { message_type: 1 as const, message: 'done', data: { id: row.id } },
      stored: { id: row.id },
    };
  };
const replay = async (stored: { id: number }, status: number) => ({
  status,
  answer: { message_type: 1 as const, message: 'done', data: { id: stored.id } },
});

describe('transaction keys', () => {
  it('runs one operation for 20 simultaneous requests with the same key; the rest replay it or wait', async () => {
    const { transaction_key } = await keys.issue(seller);
    const body = { configuration: 7, quantity: 1, transaction_key };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        keys.runOnce(seller, transaction_key, body, operation('burst', 300), replay).catch((e: AppError) => e),
      ),
    );
    expect(await effects(ctx.db, 'burst')).toBe(1);
    const ids = new Set<number>();
    for (const a of answers) {
      if (a instanceof AppError) expect(a.code).toBe('in_progress');
      else ids.add((a.answer.data as { id: number }).id);
    }
    expect(ids.size).toBe(1);
  });

  it('answers 409 in_progress when the first is still running after the wait', async () => {
    const { transaction_key } = await keys.issue(seller);
    const slow = keys.runOnce(seller, transaction_key, {}, operation('slow', 2500), replay);
    await new Promise((r) => setTimeout(r, 200));
    await expect(keys.runOnce(seller, transaction_key, {}, operation('slow'), replay)).rejects.toMatchObject({
      code: 'in_progress',
    });
    await slow;
    expect(await effects(ctx.db, 'slow')).toBe(1);
  });

  it('refuses the same key with a different body, another session, an unknown or an expired key', async () => {
    const { transaction_key } = await keys.issue(seller);
    await keys.runOnce(seller, transaction_key, { quantity: 1 }, operation('a'), replay);
    await expect(keys.runOnce(seller, transaction_key, { quantity: 2 }, operation('a'), replay)).rejects.toMatchObject({
      code: 'key_reused',
    });
    const other = await keys.issue(seller);
    await expect(
      keys.runOnce({ ...seller, sessionId: crypto.randomUUID() }, other.transaction_key, {}, operation('b'), replay),
    ).rejects.toMatchObject({ code: 'key_invalid' });
    await expect(keys.runOnce(seller, 'no-such-key', {}, operation('b'), replay)).rejects.toMatchObject({
      code: 'key_invalid',
    });
    ctx.clock.advance(24 * 3_600_000 + 1000);
    await expect(keys.runOnce(seller, other.transaction_key, {}, operation('b'), replay)).rejects.toMatchObject({
      code: 'key_invalid',
    });
    expect(await effects(ctx.db, 'b')).toBe(0);
  });

  it('remembers a refusal without keeping its writes, and replays it', async () => {
    const { transaction_key } = await keys.issue(seller);
    const refuse = async (tx: Tx) => {
      await tx.execute(sql`insert into effects (note) values ('refused')`);
      throw new AppError('out_of_stock', 'Out of stock');
    };
    const first = await keys.runOnce(seller, transaction_key, {}, refuse, replay);
    const second = await keys.runOnce(seller, transaction_key, {}, operation('refused'), replay);
    expect(first).toEqual({ status: 409, answer: { message_type: 0, message: 'Out of stock', code: 'out_of_stock' } });
    expect(second).toEqual(first);
    expect(await effects(ctx.db, 'refused')).toBe(0);
  });

  it('leaves the key usable after a failure that is not a refusal', async () => {
    const { transaction_key } = await keys.issue(seller);
    const crash = async () => {
      throw new Error('connection lost');
    };
    await expect(keys.runOnce(seller, transaction_key, {}, crash, replay)).rejects.toThrow('connection lost');
    const retry = await keys.runOnce(seller, transaction_key, {}, operation('retried'), replay);
    expect(retry.status).toBe(200);
    expect(await effects(ctx.db, 'retried')).toBe(1);
  });

  it('hashes bodies independent of field order', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 1, c: 2 }] })).toBe(canonicalJson({ a: [2, { c: 2, d: 1 }], b: 1 }));
  });
});

describe('GET /api/get_transaction_session_key/', () => {
  it('issues keys to sellers and web_support, refuses operators and users without has_transaction', async () => {
    for (const u of ['seller', 'seller-staff', 'support']) {
      const res = await get(ctx.app, '/api/get_transaction_session_key/', await signIn(ctx, u));
      expect(res.status, u).toBe(200);
      expect(res.body.data.transaction_key.length, u).toBeGreaterThanOrEqual(32);
    }
    for (const u of ['superadmin', 'reseller']) {
      expect((await get(ctx.app, '/api/get_transaction_session_key/', await signIn(ctx, u))).status, u).toBe(403);
    }
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_transaction') where username = 'seller-staff'`,
    );
    expect((await get(ctx.app, '/api/get_transaction_session_key/', await signIn(ctx, 'seller-staff'))).status).toBe(
      403,
    );
  });
});
