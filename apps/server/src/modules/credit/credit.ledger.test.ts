import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { AppError } from '../../platform/errors.ts';
import { demoIds, insertCustomer } from '../customers/customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let reseller: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  reseller = await signIn(ctx, 'reseller');
});
afterAll(async () => ctx.close());

const credit = () => ctx.app.services.credit.ledger;

async function shop(name: string, creditLimit: string) {
  return (
    await insertCustomer(ctx.db, {
      name,
      accountRole: 2,
      parentId: ids.reseller,
      username: name.toLowerCase().replaceAll(' ', '-'),
      creditLimit,
    })
  ).customerId;
}

/** A sale of the reseller's own stock: seller balance −amount, reseller sales income +amount. */
const debit = (sellerId: number, amount: Decimal.Value) =>
  ctx.db.transaction((tx) =>
    credit().postSale(tx, {
      sellerId,
      resellerId: ids.reseller,
      platformId: ids.platform,
      sellerPrice: amount,
      ownerId: ids.reseller,
      cost: new Decimal(amount).times('0.9').toDecimalPlaces(2),
      createdBy: ids.user('seller'),
      reference: 'test-sale',
    }),
  );

/** Invariants 2 and 3 of DOMAIN.md, read from the database itself. */
async function checkInvariants() {
  const { rows } = await ctx.db.execute<{
    unbalanced: number;
    total: string;
    cache_mismatch: number;
    negative: number;
    over_limit: number;
  }>(sql`
    select
      (select count(*)::int from (select entry_id from ledger_lines group by entry_id having sum(amount) <> 0) e)
        as unbalanced,
      (select coalesce(sum(amount), 0)::text from ledger_lines) as total,
      (select count(*)::int from wallets w
        where w.balance <> coalesce((select sum(amount) from ledger_lines l
                where l.customer_id = w.customer_id and l.account = 'balance'), 0)
           or w.outstanding_credit <> -coalesce((select sum(amount) from ledger_lines l
                where l.customer_id = w.customer_id and l.account = 'credit'), 0)) as cache_mismatch,
      (select count(*)::int from wallets where balance < 0 or outstanding_credit < 0) as negative,
      (select count(*)::int from wallets w join customers c on c.id = w.customer_id
        where w.outstanding_credit > c.credit_limit) as over_limit`);
  expect(rows[0]).toEqual({ unbalanced: 0, total: '0.0000', cache_mismatch: 0, negative: 0, over_limit: 0 });
}

describe('concurrency', () => {
  it('lets exactly 10 of 50 simultaneous debits through when the balance has room for 10', async () => {
    const seller = await shop('Busy Shop', '1000');
    await post(ctx.app, '/api/add_customer_credit/', { customer_id: seller, amount: '100' }, reseller);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => debit(seller, '10')));
    const passed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    expect(passed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((e) => e instanceof AppError && e.code === 'insufficient_balance')).toBe(true);
    const { rows } = await ctx.db.execute<{ balance: string }>(
      sql`select balance from wallets where customer_id = ${seller}`,
    );
    expect(rows[0]!.balance).toBe('0.0000');
    await checkInvariants();
  });

  it('lets exactly 5 of 20 simultaneous credit top-ups through when the limit leaves room for 5', async () => {
    const seller = await shop('Credit Shop', '250');
    await post(ctx.app, '/api/add_customer_credit/', { customer_id: seller, amount: '150' }, reseller);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(ctx.app, '/api/add_customer_credit/', { customer_id: seller, amount: '20' }, reseller),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.code === 'credit_limit_exceeded')).toBe(true);
    const { rows } = await ctx.db.execute<{ outstanding_credit: string }>(
      sql`select outstanding_credit from wallets where customer_id = ${seller}`,
    );
    expect(rows[0]!.outstanding_credit).toBe('250.0000');
    await checkInvariants();
  });

  it('never deadlocks when sales lock a seller and the reseller in opposite argument orders', async () => {
    const seller = await shop('Platform Stock Shop', '1000');
    await post(ctx.app, '/api/add_customer_credit/', { customer_id: seller, amount: '500' }, reseller);
    const superadmin = await signIn(ctx, 'superadmin');
    await post(ctx.app, '/api/add_customer_credit/', { customer_id: ids.reseller, amount: '500' }, superadmin);
    const sale = () =>
      ctx.db.transaction((tx) =>
        credit().postSale(tx, {
          sellerId: seller,
          resellerId: ids.reseller,
          platformId: ids.platform,
          sellerPrice: '9.70',
          resellerPrice: '9.40',
          ownerId: ids.platform,
          cost: '9.00',
          createdBy: ids.user('seller'),
          reference: 'platform-stock',
        }),
      );
    const topUp = () =>
      ctx.db.transaction((tx) =>
        credit().postEntry(tx, {
          kind: 'adjustment',
          customerId: ids.reseller,
          // Lines name the seller before the reseller: the lock order must not follow them.
          lines: [
            { customerId: seller, account: 'balance', amount: '1' },
            { customerId: ids.reseller, account: 'balance', amount: '-1' },
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => (i % 2 ? sale() : topUp())));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await checkInvariants();
  });
});

describe('property: random sequences of top-ups, payments and debits', () => {
  it('keep every invariant and match a model of balance and credit', async () => {
    const sellers = [await shop('Model Shop A', '300'), await shop('Model Shop B', '50')];
    const limits = [new Decimal(300), new Decimal(50)];
    const cents = fc.integer({ min: 1, max: 25_000 }).map((n) => new Decimal(n).dividedBy(100));
    const op = fc.record({
      kind: fc.constantFrom('credit', 'payment', 'debit'),
      who: fc.integer({ min: 0, max: 1 }),
      amount: cents,
    });

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const model = await Promise.all(
          sellers.map(async (id) => {
            const { rows } = await ctx.db.execute<{ balance: string; outstanding_credit: string }>(
              sql`select balance, outstanding_credit from wallets where customer_id = ${id}`,
            );
            return { balance: new Decimal(rows[0]!.balance), owed: new Decimal(rows[0]!.outstanding_credit) };
          }),
        );
        for (const o of ops) {
          const m = model[o.who]!; // who is 0 or 1, as are both arrays' indices
          const id = sellers[o.who]!;
          if (o.kind === 'debit') {
            const fits = m.balance.gte(o.amount);
            const outcome = await debit(id, o.amount).then(
              () => 'ok',
              (e: AppError) => e.code,
            );
            expect(outcome).toBe(fits ? 'ok' : 'insufficient_balance');
            if (fits) m.balance = m.balance.minus(o.amount);
          } else {
            const res = await post(
              ctx.app,
              '/api/add_customer_credit/',
              { customer_id: id, type: o.kind, amount: o.amount.toFixed(2), method: 'cash' },
              reseller,
            );
            if (o.kind === 'credit') {
              const fits = m.owed.plus(o.amount).lte(limits[o.who]!);
              expect(res.status).toBe(fits ? 200 : 409);
              if (fits) {
                m.balance = m.balance.plus(o.amount);
                m.owed = m.owed.plus(o.amount);
              }
            } else {
              expect(res.status).toBe(200);
              const settle = Decimal.min(m.owed, o.amount);
              m.owed = m.owed.minus(settle);
              m.balance = m.balance.plus(o.amount.minus(settle));
            }
          }
        }
        const { rows } = await ctx.db.execute<{ customer_id: number; balance: string; outstanding_credit: string }>(
          sql`select customer_id, balance, outstanding_credit from wallets
              where customer_id in (${sellers[0]}, ${sellers[1]}) order by customer_id`,
        );
        expect(rows.map((r) => [r.balance, r.outstanding_credit])).toEqual(
          model.map((m) => [m.balance.toFixed(4), m.owed.toFixed(4)]),
        );
        await checkInvariants();
      }),
      { numRuns: 40 },
    );
  });
});
