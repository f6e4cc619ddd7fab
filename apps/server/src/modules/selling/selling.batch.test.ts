import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { connect } from '../../db/connect.ts';
import { sha256 } from '../../platform/crypto.ts';
import { demoIds, insertCustomer } from '../customers/customers.fixtures.ts';
import { allowIps, callPartner, newApiKey } from '../partner/partner.fixtures.ts';
import {
  balanceOf,
  buy,
  checkInvariants,
  newShop,
  signInOnce,
  stockFor,
  topUp,
  transactionKey,
} from './selling.fixtures.ts';
import { createSellingRepository, type PurchaseCall } from './selling.repository.ts';
import { canonicalJson } from './transaction-keys.service.ts';

/**
 * Purchases that arrive together share one call, one transaction, one commit (issue 38, portal_purchase_batch).
 * The app here gathers a batch for 2.5 s instead of the next turn of the event loop, so requests sent together
 * surely meet in one batch; which batch a purchase went through shows in the rows it wrote: one transaction, one
 * `xmin`.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { PURCHASE_BATCH_WINDOW_MS: '2500' } });
  ids = await demoIds(ctx.db);
}, 60_000);
afterAll(async () => ctx.close());

const xminsOfKeys = async (keys: string[]) =>
  (
    await ctx.db.execute<{ n: number }>(
      sql`select count(distinct xmin::text)::int as n from transaction_keys where key in ${keys}`,
    )
  ).rows[0]!.n; // count answers one row

/** A second reseller under the platform with `shops` shops, each with a signed-in main user. */
async function otherReseller(name: string, shops: number) {
  const slug = name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-');
  const reseller = await insertCustomer(ctx.db, {
    name,
    accountRole: 1,
    parentId: ids.platform,
    username: slug,
    password: 'Demo#2026',
    creditLimit: '100000',
  });
  const out: { customerId: number; headers: Record<string, string> }[] = [];
  for (let i = 0; i < shops; i++) {
    const username = `${slug}-shop-${i}`;
    const shop = await insertCustomer(ctx.db, {
      name: `${name} Shop ${i}`,
      accountRole: 2,
      parentId: reseller.customerId,
      username,
      password: 'Demo#2026',
      creditLimit: '100000',
    });
    out.push({ customerId: shop.customerId, headers: await signInOnce(ctx, username) });
  }
  return { customerId: reseller.customerId, username: slug, shops: out };
}

describe('a batch of purchases', () => {
  it('answers a batch mixing two resellers’ shops, a partner-API purchase and every refusal, each on its own', async () => {
    const shopA = await newShop(ctx, 'Batch Shop A');
    const shopA2 = await newShop(ctx, 'Batch Shop A2');
    const poor = await newShop(ctx, 'Batch Poor Shop');
    const two = await otherReseller('Batch Reseller Two', 2);
    const own = await stockFor(ctx, {
      owner: 'reseller',
      pins: 20,
      shops: [shopA.customerId, shopA2.customerId, poor.customerId, ids.seller],
    });
    const small = await stockFor(ctx, { owner: 'reseller', pins: 5, shops: [shopA.customerId] });
    const platform = await stockFor(ctx, {
      owner: 'platform',
      pins: 10,
      shops: two.shops.map((s) => s.customerId),
      reseller: two,
    });
    for (const s of [shopA.customerId, shopA2.customerId, ids.seller]) await topUp(ctx, s, '300');
    for (const s of two.shops) await topUp(ctx, s.customerId, '100', two.username);
    // R = 9.40: reseller two's balance covers one sale of platform stock, not three.
    await topUp(ctx, two.customerId, '20', 'superadmin');
    await allowIps(ctx, ids.seller, ['203.0.113.0/24']);
    const { api_key } = await newApiKey(ctx);
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_cash_card') where username = 'seller-staff'`,
    );
    const noCash = await signInOnce(ctx, 'seller-staff');

    // Keys used before the batch: one to replay, one to reuse for another purchase.
    const used = await transactionKey(ctx, shopA.headers);
    const first = await buy(ctx, shopA.headers, own.configurationId, 1, used);
    expect(first.status).toBe(200);
    const reused = await transactionKey(ctx, shopA.headers);
    expect((await buy(ctx, shopA.headers, own.configurationId, 1, reused)).status).toBe(200);

    const k = async (h: Record<string, string>) => transactionKey(ctx, h);
    const keys = {
      a: await k(shopA.headers),
      b: await k(two.shops[0]!.headers),
      c: await k(two.shops[1]!.headers),
      stock: await k(shopA.headers),
      poor: await k(poor.headers),
      missing: await k(shopA.headers),
      dup: await k(shopA2.headers),
      forbidden: await k(noCash),
    };
    const buyWith = (h: Record<string, string>, configuration: number, quantity: number, key: string) =>
      post(ctx.app, '/api/add_transaction_v3/', { transaction_key: key, configuration, quantity }, h);
    const [a, b, c, partner, stock, poorAnswer, replay, reuse, invalid, missing, dup1, dup2, forbidden] =
      await Promise.all([
        buyWith(shopA.headers, own.configurationId, 2, keys.a),
        buyWith(two.shops[0]!.headers, platform.configurationId, 1, keys.b),
        buyWith(two.shops[1]!.headers, platform.configurationId, 3, keys.c),
        callPartner(ctx, 'POST', '/purchases', api_key, {
          body: { configuration_id: own.configurationId, quantity: 1 },
          idempotencyKey: 'batch-order-1',
        }),
        buyWith(shopA.headers, small.configurationId, 20, keys.stock),
        buyWith(poor.headers, own.configurationId, 1, keys.poor),
        buyWith(shopA.headers, own.configurationId, 1, used),
        buyWith(shopA.headers, own.configurationId, 2, reused),
        buyWith(shopA.headers, own.configurationId, 1, 'no-such-key-0000000000000'),
        buyWith(shopA.headers, platform.configurationId, 1, keys.missing),
        buyWith(shopA2.headers, own.configurationId, 1, keys.dup),
        buyWith(shopA2.headers, own.configurationId, 1, keys.dup),
        buyWith(noCash, own.configurationId, 1, keys.forbidden),
      ]);

    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data.pins).toHaveLength(2);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(c.status).toBe(409);
    expect(c.body.code).toBe('reseller_insufficient_balance');
    expect(partner.status, JSON.stringify(partner.body)).toBe(200);
    expect(stock.status).toBe(409);
    expect(stock.body).toMatchObject({ code: 'out_of_stock', message: 'Out of stock: only 5 available' });
    expect(poorAnswer.status).toBe(409);
    expect(poorAnswer.body.code).toBe('insufficient_balance');
    expect(replay.status).toBe(200);
    expect(replay.body.data.sale_id ?? replay.body.data.id).toBe(first.body.data.sale_id ?? first.body.data.id);
    expect(reuse.body.code).toBe('key_reused');
    expect(invalid.body.code).toBe('key_invalid');
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('assignment_missing');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('forbidden');
    // The same key twice: one sale; the other answer is that sale again or "still running".
    const dups = [dup1, dup2];
    expect(dups.filter((d) => d.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const d of dups) if (d.status !== 200) expect(d.body.code).toBe('in_progress');
    const { rows: dupSales } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sales where customer_id = ${shopA2.customerId}`,
    );
    expect(dupSales[0]!.n).toBe(1);

    // One batch: every key that got an outcome was written by one transaction, with the sales it made.
    const partnerKey = (
      await ctx.db.execute<{ key: string }>(sql`select key from transaction_keys where key like '%:batch-order-1'`)
    ).rows[0]!.key; // the partner's purchase took its key
    const decided = [keys.a, keys.b, keys.c, keys.stock, keys.poor, keys.missing, keys.dup, partnerKey];
    expect(await xminsOfKeys(decided)).toBe(1);
    // The refused purchases' PINs are all back: 5 of `small`, and platform stock less the one sale.
    const { rows: left } = await ctx.db.execute<{ small: number; platform: number }>(sql`
      select (select count(*)::int from available_stock where configuration_id = ${small.configurationId}) as small,
             (select count(*)::int from available_stock where configuration_id = ${platform.configurationId}) as platform`);
    expect(left[0]).toEqual({ small: 5, platform: 9 });
    expect((await balanceOf(ctx, two.customerId)).toFixed(2)).toBe('10.60');
    expect((await balanceOf(ctx, poor.customerId)).toFixed(2)).toBe('0.00');
    await checkInvariants(ctx);
    await ctx.db.execute(
      sql`update users set features = features || '{has_cash_card}'::text[] where username = 'seller-staff'`,
    );
  }, 180_000);

  it('sends back what would wait (a key held, a day being closed) and answers a changed actor, all in one call', async () => {
    const shops = await Promise.all([1, 2, 3].map((i) => newShop(ctx, `Alone Shop ${i}`)));
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 10, shops: shops.map((s) => s.customerId) });
    for (const s of shops) await topUp(ctx, s.customerId, '50');
    const repo = createSellingRepository(ctx.db);
    const callFor = async (s: (typeof shops)[number], actorVersion: string | null = null): Promise<PurchaseCall> => {
      const sessionId = s.headers['x-session-id']!; // a signed-in shop's headers
      const { rows } = await ctx.db.execute<{ user_id: number }>(
        sql`select user_id from sessions where id = ${sessionId}`,
      );
      const request = { kind: 'single', configuration: stock.configurationId, quantity: 1 };
      return {
        key: await transactionKey(ctx, s.headers),
        sessionId,
        userId: rows[0]!.user_id, // the shop's signed-in session
        requestHash: sha256(canonicalJson(request)),
        waitMs: 5_000,
        lifetimeMs: 24 * 3_600_000,
        customerId: s.customerId,
        configurationId: stock.configurationId,
        quantity: 1,
        kind: 'single',
        allowedTypes: ['cash_card', 'gift_card', 'calling_card'],
        at: ctx.clock.now(),
        downloadExpiresAt: null,
        purchaseGroup: null,
        actorVersion,
      };
    };
    // The three shops made above.
    const held = await callFor(shops[0]!);
    const closing = await callFor(shops[1]!);
    const changed = await callFor(shops[2]!, 'not-the-current-version');
    const sold = await callFor(shops[2]!);
    const other = new pg.Client({ connectionString: ctx.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from transaction_keys where key = $1 for update', [held.key]);
      await other.query('select pg_advisory_xact_lock(5, $1)', [shops[1]!.customerId]);
      const answers = await repo.purchaseBatch([held, closing, changed, sold]);
      expect(answers.map((a) => a.outcome)).toEqual(['alone', 'alone', 'error', 'sold']);
      expect(answers[2]).toEqual({ outcome: 'error', code: 'actor_changed' });
    } finally {
      await other.query('rollback');
      await other.end();
    }
    // Alone, after the batch, they sell as ever.
    expect((await repo.purchase(held)).outcome).toBe('sold');
    expect((await repo.purchase(closing)).outcome).toBe('sold');
    await checkInvariants(ctx);
  }, 120_000);

  it('never deadlocks when two copies run batches over the same shops in opposite orders, with top-ups', async () => {
    const shops = await Promise.all(Array.from({ length: 8 }, (_, i) => newShop(ctx, `Opposite Shop ${i}`)));
    const shopIds = shops.map((s) => s.customerId);
    const platform = await stockFor(ctx, { owner: 'platform', pins: 900, shops: shopIds });
    const own = await stockFor(ctx, { owner: 'reseller', pins: 900, shops: shopIds });
    for (const s of shopIds) await topUp(ctx, s, '2000');
    // The reseller's 8 slots hold about 3 sales each: batches run short, fall back to every slot, or go alone.
    const start = await balanceOf(ctx, ids.reseller);
    await topUp(ctx, ids.reseller, (250 - start.toNumber()).toFixed(2), 'superadmin');
    const { rows: owners } = await ctx.db.execute<{ session_id: string; user_id: number; customer_id: number }>(sql`
      select s.id as session_id, s.user_id, u.customer_id from sessions s join users u on u.id = s.user_id
      where s.id in ${shops.map((x) => x.headers['x-session-id'])}`);
    const ownerOf = new Map(owners.map((o) => [o.customer_id, o]));
    const deadlocks = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
        )
      ).rows[0]!.n;
    const before = await deadlocks();

    let n = 0;
    const callsFor = async (order: number[], configurationId: number) => {
      const calls: PurchaseCall[] = order.map((customerId) => {
        const o = ownerOf.get(customerId) as { session_id: string; user_id: number };
        const request = { kind: 'single', configuration: configurationId, quantity: 1 };
        return {
          key: `opposite-${process.pid}-${n++}-aaaaaaaaaaaaaaaa`,
          sessionId: o.session_id,
          userId: o.user_id,
          requestHash: sha256(canonicalJson(request)),
          waitMs: 5_000,
          lifetimeMs: 24 * 3_600_000,
          customerId,
          configurationId,
          quantity: 1,
          kind: 'single' as const,
          allowedTypes: ['cash_card' as const],
          at: ctx.clock.now(),
          downloadExpiresAt: null,
          purchaseGroup: null,
          actorVersion: null,
        };
      });
      await ctx.db.$client.query(
        `insert into transaction_keys (key, session_id, user_id, created_at)
         select k, s, u, $4 from unnest($1::text[], $2::uuid[], $3::int[]) t(k, s, u)`,
        [calls.map((c) => c.key), calls.map((c) => c.sessionId), calls.map((c) => c.userId), ctx.clock.now()],
      );
      return calls;
    };
    // Two copies: each its own pool, each sending batches as the batcher would, alone what the batch sends back.
    const copies = [connect(ctx.url, 4), connect(ctx.url, 4)];
    const outcomes = { sold: 0, refused: 0, alone: 0 };
    // 20 s in the suite; the minute is `OPPOSITE_BATCH_SECONDS=60` (bench/RESULTS.md has that run).
    const until = Date.now() + Number(process.env.OPPOSITE_BATCH_SECONDS ?? 20) * 1_000;
    const run = async (copy: number) => {
      const repo = createSellingRepository(copies[copy]!); // copy 0 or 1
      const order = copy === 0 ? [...shopIds] : [...shopIds].reverse();
      for (let round = 0; Date.now() < until; round++) {
        const calls = await callsFor(order, round % 3 === 0 ? own.configurationId : platform.configurationId);
        const answers = await repo.purchaseBatch(calls);
        for (const [i, a] of answers.entries()) {
          if (a.outcome === 'alone') outcomes.alone++;
          const o = a.outcome === 'alone' ? await repo.purchase(calls[i]!) : a; // one answer per call
          if (o.outcome === 'sold') outcomes.sold++;
          else if (o.outcome === 'refused') outcomes.refused++;
        }
      }
    };
    const topUps = async () => {
      while (Date.now() < until) {
        await topUp(ctx, ids.reseller, '30', 'superadmin');
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    try {
      await Promise.all([run(0), run(1), topUps()]);
    } finally {
      for (const c of copies) await c.$client.end();
    }
    // A backend reports its counts when it ends or goes idle (at most once a second).
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await deadlocks()).toBe(before);
    expect(outcomes.sold).toBeGreaterThan(100);
    expect(outcomes.alone + outcomes.refused).toBeGreaterThan(0);
    await checkInvariants(ctx);
  }, 600_000);
});
