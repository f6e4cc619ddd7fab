import type { SalesReportFilters, SummaryGroup } from '@portal/contract/reports';
import { ROLE } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { insertCustomer } from '../customers/customers.fixtures.ts';
import { stockFor } from '../selling/selling.fixtures.ts';
import { insertSales, type SaleSeed, twoTenants } from './reports.fixtures.ts';
import { createReportsRepository, type ReportsRepository, type TotalsRecord } from './reports.repository.ts';
import { createViewOf, type ReportActor } from './sales-reports.service.ts';
import { createSalesRollupRepository, type SalesRollupRepository } from './sales-rollup.repository.ts';
import { createSalesRollupService } from './sales-rollup.service.ts';

let ctx: TestContext;
let reports: ReportsRepository;
let rollupRepo: SalesRollupRepository;
/** Filled in beforeAll; the tests name the superadmin, the reseller and the seller directly. */
const actors = {} as Record<string, ReportActor> & Record<'superadmin' | 'reseller' | 'seller', ReportActor>;
const dims = { resellers: [] as number[], shops: [] as number[], users: [] as number[], products: [] as number[] };
const configurations: number[] = [];
const GROUPS: SummaryGroup[] = ['shop', 'reseller', 'product', 'denomination', 'staff', 'day'];

/**
 * Days around the end of summer time in Berlin (25 October 2026), sales close to midnight included, from late September
 * to early November, so periods hold whole months (read from the shop months) and days around them.
 */
const DAYS = Array.from({ length: 38 }, (_, i) => new Date(Date.UTC(2026, 8, 27 + i)).toISOString().slice(0, 10));

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  reports = createReportsRepository(ctx.db);
  rollupRepo = createSalesRollupRepository(ctx.db);
  const { ids, otherReseller, otherShop, platformStaff } = await twoTenants(ctx.db);
  const direct = await insertCustomer(ctx.db, {
    name: 'Platform Shop',
    accountRole: 2,
    parentId: ids.platform,
    username: 'platform-shop',
  });
  const platformCards = await stockFor(ctx, { owner: 'platform', pins: 1, shops: [ids.seller] });
  const giftCards = await stockFor(ctx, { owner: 'platform', pins: 1, shops: [ids.seller], productType: 'gift_card' });
  const ownCards = await stockFor(ctx, { owner: 'reseller', pins: 1, shops: [ids.seller] });
  await ctx.db.execute(sql`update customers set mask_seller_discount = true where id = ${ids.seller}`);

  const actor = (customerId: number, userId: number, role: number, internal: 0 | 1): ReportActor => ({
    customerId,
    userId,
    account_role: role as ReportActor['account_role'],
    internal_role: internal,
    customerRole: Math.min(role, 2) as 0 | 1 | 2,
  });
  Object.assign(actors, {
    superadmin: actor(ids.platform, ids.user('superadmin'), ROLE.superadmin, 0),
    platformStaff: actor(ids.platform, platformStaff, ROLE.superadmin, 1),
    reseller: actor(ids.reseller, ids.user('reseller'), ROLE.reseller, 0),
    resellerStaff: actor(ids.reseller, ids.user('reseller-staff'), ROLE.reseller, 1),
    otherReseller: actor(otherReseller.customerId, otherReseller.userId, ROLE.reseller, 0),
    seller: actor(ids.seller, ids.user('seller'), ROLE.seller, 0),
    sellerStaff: actor(ids.seller, ids.user('seller-staff'), ROLE.seller, 1),
    support: actor(ids.seller, ids.user('support'), ROLE.webSupport, 1),
  });

  const shops = [
    { customerId: ids.seller, resellerId: ids.reseller, users: ['seller', 'seller-staff', 'support'].map(ids.user) },
    { customerId: otherShop.customerId, resellerId: otherReseller.customerId, users: [otherShop.userId] },
    // A shop directly under the platform: the platform is its reseller and books S as its sales income.
    { customerId: direct.customerId, resellerId: ids.platform, users: [direct.userId] },
  ];
  dims.resellers.push(ids.reseller, otherReseller.customerId);
  dims.shops.push(...shops.map((s) => s.customerId));
  dims.users.push(...shops.flatMap((s) => s.users));
  dims.products.push(platformCards.productId, giftCards.productId, ownCards.productId);
  configurations.push(platformCards.configurationId, giftCards.configurationId, ownCards.configurationId);

  const seeds = fc.sample(
    fc.record({
      shop: fc.constantFrom(...shops),
      user: fc.nat(2),
      stock: fc.constantFrom(platformCards, giftCards, ownCards),
      quantity: fc.integer({ min: 1, max: 5 }),
      price: fc.constantFrom('9.7000', '9.5000', '9.9000'),
      day: fc.constantFrom(...DAYS),
      // Minutes from the day's UTC midnight: before and after the Berlin midnight (22:00 or 23:00 UTC).
      minute: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1310, max: 1439 })),
    }),
    { numRuns: 400, seed: 65 },
  );
  await insertSales(
    ctx.db,
    seeds.map((s): SaleSeed => {
      const own = s.stock === ownCards && s.shop.resellerId === ids.reseller;
      return {
        customerId: s.shop.customerId,
        userId: s.shop.users[s.user % s.shop.users.length]!,
        resellerId: s.shop.resellerId,
        ownerCustomerId: own ? ids.reseller : ids.platform,
        productId: own || s.stock !== ownCards ? s.stock.productId : platformCards.productId,
        configurationId: own || s.stock !== ownCards ? s.stock.configurationId : platformCards.configurationId,
        kind: s.quantity > 3 ? 'bulk' : 'single',
        quantity: s.quantity,
        faceValue: '10.0000',
        sellerPrice: s.price,
        // Platform stock sold through a reseller has the reseller's price R; a shop under the platform has none.
        resellerPrice: own || s.shop.resellerId === ids.platform ? null : '9.4000',
        totalCost: new Decimal('9.00').times(s.quantity).toFixed(4),
        createdAt: new Date(Date.parse(`${s.day}T00:00:00Z`) + s.minute * 60_000),
      };
    }),
  );
}, 180_000);
afterAll(async () => ctx?.close());

// The cursor table holds one row.
const cursor = async () =>
  Number((await ctx.db.execute<{ id: string }>(sql`select last_sale_id as id from sales_rollup_cursor`)).rows[0]!.id);

const amounts = (t: TotalsRecord) => ({
  sales: Number(t.sales),
  pins: Number(t.pins),
  face_value: new Decimal(t.face_value).toFixed(4),
  selling_amount: new Decimal(t.selling_amount).toFixed(4),
  buying_amount: t.buying_amount === null ? null : new Decimal(t.buying_amount).toFixed(4),
});

/** Every figure a report can show for one caller and filters: counters, list total, and each summary. */
async function figuresOf(actorName: string, filters: SalesReportFilters) {
  const view = await createViewOf(reports)(actors[actorName]!); // the names are the keys of actors
  const q = view.query(filters);
  const summaries: Record<string, unknown> = {};
  for (const group of GROUPS) {
    const page = await reports.findSummaryPage(q, group, { page: 1, limit: 500 });
    summaries[group] = {
      total: page.total,
      items: page.items.map((r) => ({ ...amounts(r), key: r.key, name: r.name })),
    };
  }
  const list = await reports.findSalesPage(q, { page: 1, limit: 1 });
  return { counters: amounts(await reports.sumSales(q)), listTotal: list.total, summaries };
}

const someOf = <T>(xs: T[]) => fc.option(fc.constantFrom(...xs), { nil: undefined });
const filterCases = fc.sample(
  fc.record(
    {
      actor: fc.constantFrom(...Object.keys({ superadmin: 0, platformStaff: 0, reseller: 0, resellerStaff: 0 })),
      from: someOf(DAYS),
      span: fc.nat(40),
      reseller: someOf([0, 1]),
      shop: someOf([0, 1]),
      staff: someOf([0, 1, 2, 3]),
      product: someOf([0, 1, 2]),
      product_type: someOf(['cash_card', 'gift_card', 'calling_card'] as const),
      denomination: someOf([0, 1, 2]),
      kind: someOf(['single', 'bulk'] as const),
    },
    { requiredKeys: ['actor', 'span'] },
  ),
  { numRuns: 40, seed: 2026 },
);

/** The random cases as (caller, filters), the shop roles and unfiltered calls of every caller added. */
function cases(): [string, SalesReportFilters][] {
  const pickFrom = <T>(xs: T[], i: number | undefined) => (i === undefined ? undefined : xs[i % xs.length]);
  const random = filterCases.map((c): [string, SalesReportFilters] => {
    const to = c.from && new Date(Date.parse(c.from) + c.span * 86_400_000).toISOString().slice(0, 10);
    const f: SalesReportFilters = {
      from_date: c.from,
      to_date: to,
      reseller: pickFrom(dims.resellers, c.reseller),
      shop: pickFrom(dims.shops, c.shop),
      staff: pickFrom(dims.users, c.staff),
      product: pickFrom(dims.products, c.product),
      product_type: c.product_type,
      denomination: pickFrom(configurations, c.denomination),
      kind: c.kind,
    };
    return [c.actor as string, Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined))];
  });
  const everyone = Object.keys(actors).map((a): [string, SalesReportFilters] => [a, {}]);
  const days = Object.keys(actors).map((a): [string, SalesReportFilters] => [
    a,
    { from_date: DAYS[4], to_date: DAYS[6] },
  ]);
  // Whole months with days before and after, exactly one month, and open ends: the shop months' cases.
  const months: SalesReportFilters[] = [
    { from_date: '2026-09-29', to_date: '2026-11-02' },
    { from_date: '2026-10-01', to_date: '2026-10-31' },
    { from_date: '2026-09-30' },
    { to_date: '2026-10-31' },
    { from_date: '2026-09-28', to_date: '2026-11-01', kind: 'bulk' },
    { from_date: '2026-10-01', to_date: '2026-11-03', shop: dims.shops[0] },
    { from_date: '2026-09-27', to_date: '2026-10-31', reseller: dims.resellers[0] },
  ];
  const monthCases = Object.keys(actors).flatMap((a) => months.map((f): [string, SalesReportFilters] => [a, f]));
  return [...everyone, ...days, ...monthCases, ...random];
}

const allFigures = async () => Promise.all(cases().map(([a, f]) => figuresOf(a, f)));

describe('sales rollup', () => {
  it('gives the figures of the raw sales for random filters and callers, before, during and after the rollup', async () => {
    expect(await cursor()).toBe(0);
    const raw = await allFigures();
    expect(raw[0]!.counters.sales).toBe(400);

    const last = await rollupRepo.findLastId();
    const halfway = await rollupRepo.rollUp(last - 150, 1_000_000, ctx.clock.now());
    expect(halfway).toBe(last - 150);
    expect(await allFigures()).toEqual(raw);

    const service = createSalesRollupService({ repo: rollupRepo, clock: ctx.clock });
    expect(await service.rollUpSales()).toBe(last);
    expect(await allFigures()).toEqual(raw);
    // The rollup is read: its platform grain alone holds every sale.
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select sum(sales)::int as n from sales_rollup where grain = 3`,
    );
    expect(rows[0]!.n).toBe(400);
    const grains = await ctx.db.execute<{ grain: number; sales: number; face_value: string }>(
      sql`select grain, sum(sales)::int as sales, sum(face_value)::text as face_value from sales_rollup group by 1
          order by 1`,
    );
    expect(grains.rows.map((g) => g.grain)).toEqual([1, 2, 3, 4]);
    expect(new Set(grains.rows.map((g) => `${g.sales} ${new Decimal(g.face_value).toFixed(4)}`)).size).toBe(1);
  }, 120_000);

  it('reads the whole months of a shop report from the shop months and the days around them from the shop days', async () => {
    const view = await createViewOf(reports)(actors.superadmin);
    const q = view.query({ from_date: '2026-09-29', to_date: '2026-11-02' });
    const salesBy = async (group: SummaryGroup) =>
      (await reports.findSummaryPage(q, group, { page: 1, limit: 500 })).items.reduce((n, r) => n + Number(r.sales), 0);
    const [byShop, byProduct] = [await salesBy('shop'), await salesBy('product')];
    expect(byShop).toBe(byProduct);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sales_rollup where grain = 4 and day = '2026-10-01'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
    // Marking October's shop months shows which rows each summary read: the shop summary October's shop months, the
    // product summary never.
    await ctx.db.execute(sql`update sales_rollup set sales = sales + 1000 where grain = 4 and day = '2026-10-01'`);
    try {
      expect(await salesBy('shop')).toBe(byShop + 1000 * rows[0]!.n);
      expect(await salesBy('product')).toBe(byProduct);
    } finally {
      await ctx.db.execute(sql`update sales_rollup set sales = sales - 1000 where grain = 4 and day = '2026-10-01'`);
    }
  });

  it('runs twice at once without counting a sale twice', async () => {
    const before = await figuresOf('superadmin', {});
    await insertSales(ctx.db, [saleOf(actors.seller, 3, '2026-10-30T10:00:00Z')]);
    const service = createSalesRollupService({ repo: rollupRepo, clock: ctx.clock });
    await Promise.all([service.rollUpSales(), service.rollUpSales()]);
    expect(await cursor()).toBe(await rollupRepo.findLastId());
    const after = await figuresOf('superadmin', {});
    expect(after.counters.sales).toBe(before.counters.sales + 1);
    expect(after.counters.pins).toBe(before.counters.pins + 3);
    expect(await rollupTotals()).toEqual(await rawTotals());
  });

  it('waits for a sale whose id was drawn before a higher one that committed first', async () => {
    const early = new pg.Client({ connectionString: ctx.url });
    await early.connect();
    try {
      await early.query('begin');
      const lowId = await insertRaw(early, saleOf(actors.seller, 2, '2026-10-31T10:00:00Z'));
      const [highId] = await insertSales(ctx.db, [saleOf(actors.seller, 4, '2026-10-31T11:00:00Z')]);
      expect(highId).toBeGreaterThan(lowId);

      // A writer that outlasts the wait keeps the cursor where it is; the committed sale is counted from the sales.
      const impatient = createSalesRollupService({ repo: rollupRepo, clock: ctx.clock, settleMs: 200 });
      const cursorBefore = await cursor();
      expect(await impatient.rollUpSales()).toBeNull();
      expect(await cursor()).toBe(cursorBefore);
      expect(await countedTotals()).toEqual(await rawTotals());

      // A patient run waits until the earlier transaction commits, then rolls both up.
      const patient = createSalesRollupService({ repo: rollupRepo, clock: ctx.clock, settleMs: 10_000 });
      const run = patient.rollUpSales();
      await new Promise((r) => setTimeout(r, 300));
      expect(await cursor()).toBe(cursorBefore);
      await early.query('commit');
      expect(await run).toBe(highId);
      expect(await countedTotals()).toEqual(await rawTotals());
      expect(await rollupTotals()).toEqual(await rawTotals());
    } finally {
      await early.end();
    }
  });
});

function saleOf(a: ReportActor, quantity: number, at: string): SaleSeed {
  return {
    customerId: a.customerId,
    userId: a.userId,
    resellerId: actors.reseller.customerId,
    ownerCustomerId: actors.superadmin.customerId,
    productId: dims.products[0]!,
    configurationId: configurations[0]!,
    kind: quantity > 3 ? 'bulk' : 'single',
    quantity,
    faceValue: '10.0000',
    sellerPrice: '9.7000',
    resellerPrice: '9.4000',
    totalCost: new Decimal('9.00').times(quantity).toFixed(4),
    createdAt: new Date(at),
  };
}

async function insertRaw(client: pg.Client, s: SaleSeed): Promise<number> {
  const { rows } = await client.query<{ id: string }>(
    `insert into sales (customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
       quantity, face_value, seller_price, reseller_price, total_cost, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      s.customerId,
      s.userId,
      s.resellerId,
      s.ownerCustomerId,
      s.productId,
      s.configurationId,
      s.kind,
      s.quantity,
      s.faceValue,
      s.sellerPrice,
      s.resellerPrice,
      s.totalCost,
      s.createdAt,
    ],
  );
  return Number(rows[0]!.id); // returning of one row
}

/** The superadmin's counters over all time as the reports give them (rollup plus the sales after the cursor). */
const countedTotals = async () => (await figuresOf('superadmin', {})).counters;

/**
 * The same figures straight from the sales: the platform's revenue is R of its stock sold through a reseller and S
 * of a shop directly under it, its cost C of its own stock (decision 0063).
 */
async function rawTotals() {
  const { rows } = await ctx.db.execute<TotalsRecord>(sql`
    select count(*)::int as sales, sum(quantity)::int as pins, sum(face_value * quantity) as face_value,
      sum(case when r.account_role = 0 then seller_price * quantity else coalesce(reseller_price * quantity, 0) end)
        as selling_amount,
      sum(case when o.account_role = 0 then total_cost else 0 end) as buying_amount
    from sales s join customers r on r.id = s.reseller_id join customers o on o.id = s.owner_customer_id`);
  return amounts(rows[0]!); // an aggregate answers one row
}

/** The same figures from the rollup alone, which is all there is once the cursor is at the last sale. */
async function rollupTotals() {
  const { rows } = await ctx.db.execute<TotalsRecord>(sql`
    select sum(sales)::int as sales, sum(pins)::int as pins, sum(face_value) as face_value,
      sum(platform_revenue) as selling_amount, sum(platform_own_cost) as buying_amount
    from sales_rollup where grain = 3`);
  return amounts(rows[0]!); // an aggregate answers one row
}
