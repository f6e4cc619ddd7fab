import type { StockValueReport, SupplierDebtReport } from '@portal/contract/books';
import type { SalesCounters, SalesSummaryRow } from '@portal/contract/reports';
import type { SaleReceipt } from '@portal/contract/selling';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { sendTopup } from '../../../test/provider-sales.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import {
  buy,
  type Headers,
  ok,
  type Stock,
  signInOnce,
  stockFor,
  topUp,
  transactionKey,
} from '../selling/selling.fixtures.ts';
import { createSalesRollupRepository } from './sales-rollup.repository.ts';
import { createSalesRollupService } from './sales-rollup.service.ts';

/**
 * Decision 0063's definition of each party's figures, checked against the ledger: random PIN sales of platform
 * stock and of the reseller's own stock (discounts that do not divide evenly), top-ups of provider goods through the
 * DT One simulator (some reversed after success), and reclamations credited by credit notes. For the platform, the
 * reseller and the shop, the report's revenue, cost and margin must equal what its ledger lines of the sales say,
 * before and after the rollup job; the credit notes are booked in their own entries and are not netted, so the
 * ledger including them differs from the report by exactly the credit notes' amounts.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
const as: Record<string, Headers> = {};
let platformStock: Stock;
let resellerStock: Stock;
const sold: { receipt: SaleReceipt; owner: 'superadmin' | 'reseller'; credited: boolean }[] = [];
let topups = 0;
/** Top-ups booked as final sales, net: a reversed one counts +1 and −1, so 0 (decision 0102). */
let topupsDone = 0;

/** Sale entries: a PIN sale, and the entries that move a provider sale's money (reservation, release, success, refund). */
const SALE_ENTRIES = sql`('sale', 'provider_reservation', 'provider_release', 'provider_success', 'provider_refund')`;

async function ledgerSum(customerId: number, accounts: string[], kinds = SALE_ENTRIES): Promise<Decimal> {
  const { rows } = await ctx.db.execute<{ s: string }>(sql`
    select coalesce(sum(l.amount), 0) as s from ledger_lines l join journal_entries je on je.id = l.entry_id
    where l.customer_id = ${customerId} and je.kind in ${kinds}
      and l.account in (${sql.join(
        accounts.map((a) => sql`${a}`),
        sql`, `,
      )})`);
  return new Decimal(rows[0]!.s); // a sum answers one row
}

/** Each party's revenue and cost by decision 0063, from its ledger lines of the sales alone. */
async function fromLedger() {
  const platformRevenue = await ledgerSum(ids.platform, ['revenue', 'sales_income']);
  const platformCost = await ledgerSum(ids.platform, ['cost_of_sales']);
  const resellerRevenue = await ledgerSum(ids.reseller, ['sales_income']);
  // What the reseller paid the platform for these sales: its balance lines of the sale entries (−R each).
  const resellerCost = (await ledgerSum(ids.reseller, ['cost_of_sales'])).minus(
    await ledgerSum(ids.reseller, ['balance']),
  );
  // A shop books no income: it takes the retail price at its counter. Its cost is what its balance paid.
  const shopCost = (await ledgerSum(ids.seller, ['balance'])).negated();
  const { rows } = await ctx.db.execute<{ f: string }>(sql`
    select coalesce((select sum(face_value * quantity) from sales where customer_id = ${ids.seller}), 0)
      + coalesce((select sum(ps.retail_price) from provider_sales ps
                    join journal_entries je on je.id = ps.final_entry_id and je.kind = 'provider_success'
                    where ps.customer_id = ${ids.seller} and ps.refund_entry_id is null), 0) as f`);
  return {
    platform: { revenue: platformRevenue, cost: platformCost },
    reseller: { revenue: resellerRevenue, cost: resellerCost },
    shop: { revenue: new Decimal(rows[0]!.f), cost: shopCost },
  };
}

// Every sale is in euro: one row of counters.
const counters = async (who: string): Promise<SalesCounters> =>
  (await ok<{ counters: SalesCounters[] }>(post(ctx.app, '/api/get_sales_report_counters/', {}, as[who]))).counters[0]!;

const summary = async (who: string, group_by: string) =>
  ok<{ summary: SalesSummaryRow[] }>(
    post(
      ctx.app,
      '/api/get_sales_summary_report_with_customer_and_products_list/',
      { page: 1, limit: 100, group_by },
      as[who],
    ),
  );

const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0));

type ListRow = { sale_kind: string; refund: boolean; pins: number; quantity: number };

/**
 * Decision 0063's one definition of each count, read everywhere the shop sees it: the report's counters, its list
 * rows (what the sum row and an export add up), its summaries, the open Z report and the dashboard's day. All sales of
 * the test are made on the test clock's day, so the day, the open period and "all time" hold the same sales.
 */
async function checkCounts() {
  const c = await counters('seller');
  const rows: ListRow[] = [];
  for (let page = 1; ; page++) {
    const r = await ok<{ sales: ListRow[]; total: number }>(
      post(ctx.app, '/api/get_sales_report_list/', { page, limit: 100 }, as.seller),
    );
    rows.push(...r.sales);
    if (rows.length >= r.total || r.sales.length === 0) break;
  }
  const signed = (r: ListRow) => (r.refund ? -1 : 1);
  const fromRows = {
    sales: rows.reduce((a, r) => a + signed(r), 0),
    pins: rows.reduce((a, r) => a + r.pins, 0),
    topups: rows.filter((r) => r.sale_kind === 'dtone').reduce((a, r) => a + signed(r), 0),
  };
  // What a model of the test's own operations says.
  const model = {
    pins: sold.reduce((a, s) => a + s.receipt.quantity, 0),
    sales: sold.length + topupsDone,
    topups: topupsDone,
  };
  expect({ sales: c.sales, pins: c.pins, topups: c.topups }).toEqual(model);
  expect(fromRows).toEqual(model);
  expect(c.tickets).toBe(0);
  for (const group of ['product', 'day']) {
    const rowsOf = (await summary('seller', group)).summary;
    expect(
      rowsOf.reduce((a, r) => a + r.pins, 0),
      group,
    ).toBe(model.pins);
    expect(
      rowsOf.reduce((a, r) => a + r.sales, 0),
      group,
    ).toBe(model.sales);
  }
  const z = await ok<{ totals: { sales_count: number; quantity: number } }>(
    post(ctx.app, '/api/z_report/', { action: 'view' }, as.seller),
  );
  expect({ sales: z.totals.sales_count, pins: z.totals.quantity }, 'Z report').toEqual({
    sales: model.sales,
    pins: model.pins,
  });
  const dashboard = await ok<{ today: { sales_count: number; quantity: number } }>(
    get(ctx.app, '/api/seller_dashboard/', as.seller),
  );
  expect({ sales: dashboard.today.sales_count, pins: dashboard.today.quantity }, 'dashboard').toEqual({
    sales: model.sales,
    pins: model.pins,
  });
}

async function checkAgainstLedger() {
  const ledger = await fromLedger();
  const parties = { superadmin: 'platform', reseller: 'reseller', seller: 'shop' } as const;
  for (const [who, party] of Object.entries(parties)) {
    const c = await counters(who);
    const l = ledger[party];
    expect(c.party, who).toBe(party);
    expect(new Decimal(c.selling_amount).toFixed(2), `${who} revenue`).toBe(l.revenue.toFixed(2));
    expect(new Decimal(c.buying_amount ?? 'NaN').toFixed(2), `${who} cost`).toBe(l.cost.toFixed(2));
    expect(new Decimal(c.margin ?? 'NaN').toFixed(2), `${who} margin`).toBe(l.revenue.minus(l.cost).toFixed(2));
  }
  // The platform's figures per reseller, product and day add up to its counters (provider goods included).
  const platform = await counters('superadmin');
  for (const group of ['reseller', 'product', 'day']) {
    const rows = (await summary('superadmin', group)).summary;
    expect(sum(rows.map((r) => r.selling_amount)).toFixed(2), group).toBe(
      new Decimal(platform.selling_amount).toFixed(2),
    );
    expect(sum(rows.map((r) => r.buying_amount ?? '0')).toFixed(2), group).toBe(
      new Decimal(platform.buying_amount ?? '0').toFixed(2),
    );
  }
  // Credit notes are not netted (decision 0063): with their entries the ledger is lower by exactly their amounts.
  const credited = sold.filter((s) => s.credited);
  // One PIN credited per reclamation, at the price S the shop paid for it.
  const { rows } = await ctx.db.execute<{ s: string }>(sql`
    select coalesce(sum(seller_price), 0) as s from sales
    where id in (${sql.join(
      [0, ...credited.map((c) => c.receipt.sale_id)].map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const creditS = new Decimal(rows[0]!.s);
  const withNotes = await ledgerSum(
    ids.reseller,
    ['sales_income'],
    sql`('sale', 'provider_success', 'provider_refund', 'credit_note')`,
  );
  expect(withNotes.toFixed(2)).toBe(ledger.reseller.revenue.minus(creditS).toFixed(2));
  await checkBooks();
}

/** An account's whole balance: the sum of all its lines. */
async function accountBalance(customerId: number, account: string): Promise<Decimal> {
  const { rows } = await ctx.db.execute<{ s: string }>(sql`
    select coalesce(sum(amount), 0) as s from ledger_lines where customer_id = ${customerId} and account = ${account}`);
  return new Decimal(rows[0]!.s); // a sum answers one row
}

/**
 * The books at a date (decision 0136), at a day after every movement of the test: each owner's stock value is its
 * `inventory` account (approvals in, sales out), the supplier debt the platform's `supplier_payables` (its PIN
 * approvals and the DT One top-ups' cost, reversals netted).
 */
async function checkBooks() {
  const day = '2030-12-31';
  const stock = await ok<StockValueReport>(post(ctx.app, '/api/get_stock_value_report/', { day }, as.superadmin));
  for (const owner of [ids.platform, ids.reseller]) {
    const own = stock.owners.find((o) => o.owner_customer_id === owner);
    expect(own?.stock_value, `stock value of ${owner}`).toBe((await accountBalance(owner, 'inventory')).toFixed(2));
  }
  const debt = await ok<SupplierDebtReport>(post(ctx.app, '/api/get_supplier_debt_report/', { day }, as.superadmin));
  expect(debt.total).toBe((await accountBalance(ids.platform, 'supplier_payables')).negated().toFixed(2));
  const dtone = debt.rows.find((r) => r.provider === 'dtone');
  expect(dtone?.quantity ?? 0, 'DT One sales, reversals netted').toBe(topupsDone);
}

/** Asks the shop's status call (which settles the sale) until the sale's status passes `done`. */
async function waitFor(key: string, done: (status: string) => boolean, what: string) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const res = await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: key }, as.seller);
    const status = res.body.data?.sale?.status;
    if (typeof status === 'string' && done(status)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`top-up ${key} never became ${what}`);
}

type Op =
  | { op: 'buy'; stock: 'platform' | 'reseller'; quantity: number }
  | { op: 'topup'; reversed: boolean }
  | { op: 'credit'; pick: number };

async function run(o: Op) {
  if (o.op === 'buy') {
    const stock = o.stock === 'platform' ? platformStock : resellerStock;
    const receipt = await ok<SaleReceipt>(buy(ctx, as.seller!, stock.configurationId, o.quantity));
    sold.push({ receipt, owner: o.stock === 'platform' ? 'superadmin' : 'reseller', credited: false });
  } else if (o.op === 'topup') {
    topups += 1;
    // 1xx completes after 3 s × the delay scale; 2x08 completes, then is reversed after the same delay again.
    const mobile = `+90532${100 + topups}${o.reversed ? '4208' : '4100'}`;
    const transaction_key = await transactionKey(ctx, as.seller!); // signed in before the run
    await ok(sendTopup(ctx.app, { transaction_key, product_id: 5000, mobile_number: mobile }, as.seller!));
    // A reversed one may pass from successful to refunded between two asks on a loaded machine; either way it ends
    // final, and whatever the portal booked is what the figures must show.
    const final = (s: string) => s !== 'pending' && (!o.reversed || s !== 'successful');
    await waitFor(transaction_key, final, o.reversed ? 'reversed' : 'final');
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from provider_sales ps
      join journal_entries je on je.id = ps.final_entry_id and je.kind = 'provider_success'
      where ps.mobile_number = ${mobile} and ps.refund_entry_id is null`);
    topupsDone += rows[0]!.n; // count(*) answers one row
  } else {
    const open = sold.filter((s) => !s.credited);
    if (open.length === 0) return;
    const s = open[o.pick % open.length]!; // not empty: checked above
    s.credited = true;
    const r = await ok<{ reclamation_id: number }>(
      post(
        ctx.app,
        '/api/post_reclam_pins/',
        { sale_id: s.receipt.sale_id, pin_ids: [s.receipt.pins[0]!.pin_id], reason: 'Code rejected' },
        as.seller,
      ),
    );
    const steps: [string, string][] = [
      ['open', 'reseller'],
      ['accept', 'reseller'],
      ['forward', 'reseller'],
      ['approve', s.owner],
      ['issue_credit_note', s.owner],
    ];
    for (const [action, who] of steps) {
      await ok(post(ctx.app, '/api/view_update_reclam_pins/', { reclamation_id: r.reclamation_id, action }, as[who]));
    }
  }
}

const ops = fc.array(
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        op: fc.constant('buy' as const),
        stock: fc.constantFrom('platform' as const, 'reseller' as const),
        quantity: fc.integer({ min: 1, max: 3 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('topup' as const), reversed: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('credit' as const), pick: fc.nat(50) }) },
  ),
  { minLength: 4, maxLength: 8 },
);

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      LOG_LEVEL: 'error',
      DT_ONE_SIMULATOR_DELAY_SCALE: '0.01',
      DT_ONE_POLL_MS: '150',
      DT_ONE_TIMEOUT_MS: '1000',
    },
  });
  ids = await demoIds(ctx.db);
  for (const who of ['superadmin', 'reseller', 'seller']) as[who] = await signInOnce(ctx, who);
  await topUp(ctx, ids.reseller, '1000');
  await topUp(ctx, ids.seller, '500');
  // Discounts that leave odd cents: R = 10 × (1 − 6.35 %), S = 10 × (1 − 3.85 %) and 10 × (1 − 4.15 %).
  platformStock = await stockFor(ctx, {
    owner: 'platform',
    pins: 60,
    shops: [ids.seller],
    resellerDiscount: '6.35',
    sellerDiscount: '3.85',
  });
  resellerStock = await stockFor(ctx, { owner: 'reseller', pins: 60, shops: [ids.seller], sellerDiscount: '4.15' });
}, 180_000);
afterAll(async () => ctx?.close());

describe("each party's figures by its ledger (decision 0063)", () => {
  it('equal the ledger for random sales, top-ups, refunds and credit notes, before and after the rollup', async () => {
    const rollup = createSalesRollupService({ repo: createSalesRollupRepository(ctx.db), clock: ctx.clock });
    await fc.assert(
      fc.asyncProperty(ops, async (batch) => {
        for (const o of batch) await run(o);
        await checkAgainstLedger();
        await checkCounts();
        // The rollup job reads the sales and the provider events after its cursors: the same figures from its rows.
        await rollup.rollUpSales();
        await checkAgainstLedger();
        await checkCounts();
      }),
      { numRuns: 4, seed: 63, endOnFailure: true },
    );
    // The runs made every kind of movement the definition speaks of.
    expect(sold.some((s) => s.owner === 'superadmin')).toBe(true);
    expect(sold.some((s) => s.owner === 'reseller')).toBe(true);
    expect(sold.some((s) => s.credited)).toBe(true);
    expect(topups).toBeGreaterThan(0);
    expect(topupsDone).toBeGreaterThan(0);
  }, 240_000);
});
