import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { AppError } from '../../platform/errors.ts';
import { demoIds, insertCustomer } from '../customers/customers.fixtures.ts';
import { creditTopupLines } from './ledger.service.ts';

/**
 * A reseller's balance in slots (decision 0040): its shops' sales of platform stock each take from one slot,
 * so they do not queue on one row, while every promise of one balance still holds on the sum.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let superadmin: Record<string, string>;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  superadmin = await signIn(ctx, 'superadmin');
});
afterAll(async () => ctx.close());

const ledger = () => ctx.app.services.credit.ledger;

/** A new reseller under the platform with `shops` funded shops. */
async function resellerWithShops(shops: number) {
  n += 1;
  const reseller = (
    await insertCustomer(ctx.db, {
      name: `Slot Reseller ${n}`,
      accountRole: 1,
      parentId: ids.platform,
      username: `slot-reseller-${n}`,
      creditLimit: '100000',
    })
  ).customerId;
  const shopIds: number[] = [];
  for (let i = 0; i < shops; i++) {
    const shop = (
      await insertCustomer(ctx.db, {
        name: `Slot Shop ${n}.${i}`,
        accountRole: 2,
        parentId: reseller,
        username: `slot-shop-${n}-${i}`,
        creditLimit: '100000',
      })
    ).customerId;
    await topUp(shop, '10000');
    shopIds.push(shop);
  }
  return { reseller, shops: shopIds };
}

const topUp = (customerId: number, amount: Decimal.Value) =>
  ctx.db.transaction((tx) =>
    ledger().postEntry(tx, {
      kind: 'credit_topup',
      customerId,
      lines: creditTopupLines(customerId, new Decimal(amount)),
    }),
  );

/** A sale of platform stock: the shop pays its price, the reseller `resellerPrice` of its balance. */
const sale = (reseller: number, shop: number, resellerPrice: Decimal.Value) =>
  ctx.db.transaction((tx) =>
    ledger().postSale(tx, {
      sellerId: shop,
      resellerId: reseller,
      platformId: ids.platform,
      sellerPrice: new Decimal(resellerPrice).plus(1),
      resellerPrice,
      ownerId: ids.platform,
      cost: '0',
      createdBy: ids.user('seller'),
      reference: 'slot-test',
    }),
  );

const slots = async (customerId: number) =>
  (
    await ctx.db.execute<{ balance: string }>(
      sql`select balance::text from wallet_slots where customer_id = ${customerId} order by slot`,
    )
  ).rows.map((r) => r.balance);

const total = async (customerId: number) =>
  (await ctx.db.execute<{ balance: string }>(sql`select balance::text from wallets where customer_id = ${customerId}`))
    .rows[0]!.balance;

/** The wallets (sum of slots) equal the ledger, every slot ≥ 0, every entry balanced. */
async function checkInvariants() {
  const { rows } = await ctx.db.execute<{ mismatch: number; negative: number; unbalanced: number }>(sql`
    select
      (select count(*)::int from wallets w
        where w.balance <> coalesce((select sum(amount) from ledger_lines l
                where l.customer_id = w.customer_id and l.account = 'balance'), 0)) as mismatch,
      (select count(*)::int from wallet_slots where balance < 0) as negative,
      (select count(*)::int from (select entry_id from ledger_lines group by entry_id having sum(amount) <> 0) e)
        as unbalanced`);
  expect(rows[0]).toEqual({ mismatch: 0, negative: 0, unbalanced: 0 });
}

describe("a reseller's balance in slots", () => {
  it('is spread over eight slots by a top-up; a sale takes from its shop’s slot only', async () => {
    const { reseller, shops } = await resellerWithShops(1);
    expect(await slots(shops[0]!)).toEqual(['10000.0000']); // a shop has one slot
    await topUp(reseller, '800.03');
    // 800.03 / 8 = 100.00375: equal shares to the 0.0001, the rest in slot 0.
    const expected = ['100.0041', ...Array(7).fill('100.0037')];
    expect(await slots(reseller)).toEqual(expected);

    await sale(reseller, shops[0]!, '9.40');
    const k = shops[0]! % 8;
    expected[k] = new Decimal(expected[k]).minus('9.40').toFixed(4);
    expect(await slots(reseller)).toEqual(expected);
    expect(await total(reseller)).toBe('790.6300');
    await checkInvariants();
  });

  it('takes from the other slots when the shop’s is short, and refuses only when the sum is', async () => {
    const { reseller, shops } = await resellerWithShops(1);
    await topUp(reseller, '80'); // 10 a slot
    await sale(reseller, shops[0]!, '15'); // more than its slot: all slots, spread again
    expect(await slots(reseller)).toEqual(Array(8).fill('8.1250'));
    await sale(reseller, shops[0]!, '65');
    expect(await total(reseller)).toBe('0.0000');
    const refused = await sale(reseller, shops[0]!, '0.01').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('insufficient_balance');
    await checkInvariants();
  });

  it('lets shops on different slots sell while one holds its slot; a shop on the same slot waits', async () => {
    const { reseller, shops } = await resellerWithShops(9);
    await topUp(reseller, '8000');
    const [holder, sameSlot] = [shops[0]!, shops.find((s, i) => i > 0 && s % 8 === shops[0]! % 8)!];
    const other = shops.find((s) => s % 8 !== holder % 8)!;

    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let sold!: () => void;
    const holding = new Promise<void>((r) => {
      sold = r;
    });
    // A sale whose transaction stays open, as a slow commit would keep it.
    const open = ctx.db.transaction(async (tx) => {
      await ledger().postSale(tx, {
        sellerId: holder,
        resellerId: reseller,
        platformId: ids.platform,
        sellerPrice: '11',
        resellerPrice: '10',
        ownerId: ids.platform,
        cost: '0',
        createdBy: ids.user('seller'),
        reference: 'slot-held',
      });
      sold();
      await held;
    });
    await holding;
    const withLockTimeout = (shop: number) =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '500ms'`);
        await ledger().postSale(tx, {
          sellerId: shop,
          resellerId: reseller,
          platformId: ids.platform,
          sellerPrice: '11',
          resellerPrice: '10',
          ownerId: ids.platform,
          cost: '0',
          createdBy: ids.user('seller'),
          reference: 'slot-beside',
        });
      });
    await expect(withLockTimeout(other)).resolves.toBeUndefined();
    const waited = await withLockTimeout(sameSlot).catch((e: { cause?: { code?: string } }) => e.cause?.code);
    expect(waited).toBe('55P03'); // lock_not_available: it queued behind the open sale's slot
    release();
    await open;
    expect(await total(reseller)).toBe('7980.0000');
    await checkInvariants();
  });

  it('never deadlocks or overdraws when sales, short slots and top-ups race', async () => {
    const { reseller, shops } = await resellerWithShops(10);
    await topUp(reseller, '100'); // 12.50 a slot: sales of 7 empty slots and fall back to all of them
    const ops = Array.from({ length: 60 }, (_, i) =>
      i % 6 === 5 ? topUp(reseller, '20') : sale(reseller, shops[i % shops.length]!, '7'),
    );
    const results = await Promise.allSettled(ops);
    const failures = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(failures.every((e) => e instanceof AppError && e.code === 'insufficient_balance')).toBe(true);
    const sold = results.filter((r, i) => r.status === 'fulfilled' && i % 6 !== 5).length;
    expect(sold).toBeGreaterThan(0);
    expect(await total(reseller)).toBe(new Decimal(100 + 10 * 20).minus(sold * 7).toFixed(4));
    await checkInvariants();
  });

  it('shows the running balance of a one-slot sale in the statement, from the lines', async () => {
    const { reseller, shops } = await resellerWithShops(2);
    await topUp(reseller, '400');
    await sale(reseller, shops[0]!, '12.34');
    await sale(reseller, shops[1]!, '0.66');
    const res = await post(ctx.app, '/api/view_customer_ledger/', { customer_id: reseller }, superadmin);
    const lines = res.body.data.customer_ledger
      .filter((l: { account: string }) => l.account === 'balance')
      .map((l: { amount: string; balance_after: string }) => `${l.amount} → ${l.balance_after}`);
    expect(lines).toEqual(['-0.66 → 387.00', '-12.34 → 387.66', '400.00 → 400.00']);
    const { rows } = await ctx.db.execute<{ stored: number }>(
      sql`select count(*)::int as stored from ledger_lines
          where customer_id = ${reseller} and account = 'balance' and balance_after is not null`,
    );
    expect(rows[0]!.stored).toBe(1); // only the top-up's, which locked every slot
  });

  it('asks for auto-credit once per crossing of the sum, found by the sweep within a minute', async () => {
    const { reseller, shops } = await resellerWithShops(1);
    await ctx.db.execute(
      sql`update customers set auto_credit = true, balance_trigger = 50, balance_topup = 100 where id = ${reseller}`,
    );
    await topUp(reseller, '120');
    const requests = async () =>
      (
        await ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from auto_credit_requests where customer_id = ${reseller}`,
        )
      ).rows[0]!.n;
    const sweep = () => ctx.app.services.credit.autoCredit.sweepAutoCredit();

    expect((await sale(reseller, shops[0]!, '5')).autoCreditRequests).toEqual([]); // 115, one slot
    await sweep();
    expect(await requests()).toBe(0);
    await sale(reseller, shops[0]!, '10'); // 105
    await sale(reseller, shops[0]!, '60'); // 45: below 50
    await sweep();
    await sweep();
    expect(await requests()).toBe(1);
  });
});
