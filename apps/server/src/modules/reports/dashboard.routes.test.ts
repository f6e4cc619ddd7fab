import type { SalesDashboard } from '@portal/contract/dashboard';
import type { SalesCounters } from '@portal/contract/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import type { demoIds } from '../customers/customers.fixtures.ts';
import { buy, type Headers, ok, type Stock, signInOnce, stockFor, topUp } from '../selling/selling.fixtures.ts';
import { insertSales, type SaleSeed, twoTenants } from './reports.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let platformStock: Stock;
let resellerStock: Stock;
// Filled in beforeAll.
const t = {} as Record<'otherReseller' | 'otherShop' | 'otherShopUser', number>;
const seeds: SaleSeed[] = [];

const USERS = [
  'superadmin',
  'platform-staff',
  'reseller',
  'reseller-staff',
  'seller',
  'seller-staff',
  'support',
  'other-reseller',
  'other-shop',
] as const;
type User = (typeof USERS)[number];
const OPERATOR_USERS: readonly User[] = [
  'superadmin',
  'platform-staff',
  'reseller',
  'reseller-staff',
  'other-reseller',
];

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const tenants = await twoTenants(ctx.db);
  ids = tenants.ids;
  Object.assign(t, {
    otherReseller: tenants.otherReseller.customerId,
    otherShop: tenants.otherShop.customerId,
    otherShopUser: tenants.otherShop.userId,
  });

  platformStock = await stockFor(ctx, { owner: 'platform', pins: 4, shops: [ids.seller] });
  resellerStock = await stockFor(ctx, { owner: 'reseller', pins: 4, shops: [ids.seller] });
  await topUp(ctx, ids.reseller, '500');
  await topUp(ctx, ids.seller, '500');
  await ok(buy(ctx, await signInOnce(ctx, 'seller'), platformStock.configurationId, 1));

  // Sales over the last 60 days, some of them today (the clock stands at 2026-11-21 10:00 Berlin).
  const now = ctx.clock.now().getTime();
  const shops = [
    { customerId: ids.seller, resellerId: ids.reseller, users: ['seller', 'seller-staff', 'support'].map(ids.user) },
    { customerId: t.otherShop, resellerId: t.otherReseller, users: [t.otherShopUser] },
  ];
  for (let i = 0; i < 120; i++) {
    const shop = shops[i % 2]!;
    const own = shop.resellerId === ids.reseller && i % 3 === 0;
    const stock = own ? resellerStock : platformStock;
    const quantity = 1 + (i % 4);
    seeds.push({
      customerId: shop.customerId,
      userId: shop.users[i % shop.users.length]!,
      resellerId: shop.resellerId,
      ownerCustomerId: own ? ids.reseller : ids.platform,
      productId: stock.productId,
      configurationId: stock.configurationId,
      kind: quantity > 3 ? 'bulk' : 'single',
      quantity,
      faceValue: '10.0000',
      sellerPrice: ['9.7000', '9.5000'][i % 2]!,
      resellerPrice: own ? null : '9.4000',
      totalCost: (9 * quantity).toFixed(4),
      createdAt: new Date(i < 10 ? now - (i + 1) * 60_000 : now - ((i * 7919) % 60) * 86_400_000 - 3_600_000),
    });
  }
  await insertSales(ctx.db, seeds);
  await ctx.db.execute(sql`update customers set mask_seller_discount = true where id = ${ids.seller}`);
  // Close to the limit: the seller (a reseller's shop) and the other reseller (a platform customer).
  for (const [id, limit, owed] of [
    [ids.seller, '1000', '900'],
    [t.otherReseller, '200', '170'],
    [t.otherShop, '1000', '100'],
  ] as const) {
    await ctx.db.execute(sql`update customers set credit_limit = ${limit} where id = ${id}`);
    await ctx.db.execute(sql`select open_wallet(${id})`);
    await ctx.db.execute(sql`update wallet_accounts set outstanding_credit = ${owed} where customer_id = ${id}`);
  }
}, 180_000);
afterAll(async () => ctx?.close());

const as = (user: string): Promise<Headers> => signInOnce(ctx, user);
const dashboardOf = async (h: Headers) => ok<SalesDashboard>(get(ctx.app, '/api/get_sales_dashboard/', h));
// Every sale is in euro: one row of counters.
const counters = async (h: Headers, filters: object) =>
  (await ok<{ counters: SalesCounters[] }>(post(ctx.app, '/api/get_sales_report_counters/', filters, h))).counters[0]!;

describe('the dashboard shows the report figures of the caller’s scope (two tenants)', () => {
  it.each(USERS)('%s', async (user) => {
    const h = await as(user);
    const d = await dashboardOf(h);
    expect(d.periods).toEqual({ today: '2026-11-21', month_from: '2026-11-01', days_from: '2026-10-23' });

    const today = await counters(h, { from_date: d.periods.today, to_date: d.periods.today });
    const month = await counters(h, { from_date: d.periods.month_from, to_date: d.periods.today });
    const days = await counters(h, { from_date: d.periods.days_from, to_date: d.periods.today });
    expect(d.today).toEqual(today);
    expect(d.this_month).toEqual(month);
    expect(today.sales).toBeGreaterThan(0);
    expect(month.sales).toBeGreaterThan(today.sales);

    expect(d.sales_per_day).toHaveLength(30);
    expect(d.sales_per_day[0]!.day).toBe(d.periods.days_from);
    expect(d.sales_per_day.at(-1)?.day).toBe(d.periods.today);
    expect(d.sales_per_day.reduce((a, x) => a + x.sales, 0)).toBe(days.sales);
    expect(d.sales_per_day.at(-1)?.selling_amount).toBe(today.selling_amount);

    // Two products were sold, so the top list holds the whole month.
    expect(d.top_products.reduce((a, r) => a + r.sales, 0)).toBe(month.sales);

    const masked = user === 'seller-staff' || user === 'support';
    const amounts = [d.today.margin, d.this_month.buying_amount, ...d.sales_per_day.map((x) => x.margin)];
    amounts.push(...d.top_products.map((r) => r.margin));
    if (masked) expect(amounts.every((a) => a === null)).toBe(true);
    else expect(amounts.every((a) => a !== null)).toBe(true);

    const shopsSeen = d.top_shops.map((r) => Number(r.key)).sort();
    const expectedShops: Record<User, number[]> = {
      superadmin: [ids.seller, t.otherShop].sort(),
      'platform-staff': [t.otherShop],
      reseller: [ids.seller],
      'reseller-staff': [ids.seller],
      'other-reseller': [t.otherShop],
      seller: [],
      'seller-staff': [],
      support: [],
      'other-shop': [],
    };
    expect(shopsSeen).toEqual(expectedShops[user]);
    if (OPERATOR_USERS.includes(user)) expect(d.top_shops.reduce((a, r) => a + r.sales, 0)).toBe(month.sales);

    const nearLimit: Record<User, number[]> = {
      superadmin: [t.otherReseller],
      'platform-staff': [t.otherReseller],
      reseller: [ids.seller],
      'reseller-staff': [ids.seller],
      'other-reseller': [],
      seller: [],
      'seller-staff': [],
      support: [],
      'other-shop': [],
    };
    expect(d.credit_near_limit.map((r) => r.customer_id)).toEqual(nearLimit[user]);

    const lowStock = d.low_stock.map((r) => r.configuration_id);
    expect(lowStock.includes(platformStock.configurationId)).toBe(user === 'superadmin' || user === 'platform-staff');
    expect(lowStock.includes(resellerStock.configurationId)).toBe(user === 'reseller' || user === 'reseller-staff');
    // Operator staff learn how many customers are assigned to them (one each here); nobody else is told.
    const staff = user === 'reseller-staff' || user === 'platform-staff';
    expect(d.assigned_customers).toBe(staff ? 1 : null);
  });

  it('tells a reseller’s staff member without assigned customers that none are, beside its empty figures', async () => {
    const staffUser = ids.user('reseller-staff');
    const { rows } = await ctx.db.execute<{ customer_id: number; assigned_by: number; assigned_at: string }>(
      sql`delete from staff_assignments where staff_user_id = ${staffUser} returning customer_id, assigned_by, assigned_at`,
    );
    try {
      const d = await dashboardOf(await as('reseller-staff'));
      expect(d.assigned_customers).toBe(0);
      expect(d.this_month.sales).toBe(0);
      expect(d.top_shops).toEqual([]);
      expect((await dashboardOf(await as('reseller'))).assigned_customers).toBeNull();
    } finally {
      for (const r of rows) {
        await ctx.db.execute(sql`insert into staff_assignments (staff_user_id, customer_id, assigned_by, assigned_at)
          values (${staffUser}, ${r.customer_id}, ${r.assigned_by}, ${r.assigned_at})`);
      }
    }
  });

  it('counts the seeded sales exactly for this month', async () => {
    const d = await dashboardOf(await as('other-shop'));
    const monthStart = new Date('2026-10-31T23:00:00Z').getTime();
    const mine = seeds.filter((s) => s.customerId === t.otherShop && s.createdAt.getTime() >= monthStart);
    expect(d.this_month.sales).toBe(mine.length);
    expect(d.this_month.pins).toBe(mine.reduce((a, s) => a + s.quantity, 0));
  });

  it('lists a customer close to its limit with its share used', async () => {
    const d = await dashboardOf(await as('reseller'));
    expect(d.credit_near_limit[0]).toMatchObject({
      credit_limit: '1000.00',
      outstanding_credit: '900.00',
      used_percent: '90.0',
    });
  });
});

describe('low-stock thresholds', () => {
  it('lists stock below its threshold (default 10) until the owner lowers it', async () => {
    const reseller = await as('reseller');
    const before = await dashboardOf(reseller);
    const row = before.low_stock.find((r) => r.configuration_id === resellerStock.configurationId);
    expect(row).toMatchObject({ threshold: 10, available: 4, value: '10.00' });

    const list = await ok<{ thresholds: { configuration_id: number; threshold: number; available: number }[] }>(
      get(ctx.app, `/api/low_stock_thresholds/?product_id=${resellerStock.productId}`, reseller),
    );
    expect(list.thresholds).toEqual([
      { configuration_id: resellerStock.configurationId, value: '10.00', threshold: 10, available: 4 },
    ]);

    await ok(
      post(
        ctx.app,
        '/api/set_low_stock_threshold/',
        { configuration_id: resellerStock.configurationId, threshold: 4 },
        reseller,
      ),
    );
    const after = await dashboardOf(reseller);
    expect(after.low_stock.map((r) => r.configuration_id)).not.toContain(resellerStock.configurationId);
  });

  it('refuses another owner’s denomination and a negative threshold', async () => {
    const reseller = await as('reseller');
    const foreign = await post(
      ctx.app,
      '/api/set_low_stock_threshold/',
      { configuration_id: platformStock.configurationId, threshold: 1 },
      reseller,
    );
    expect(foreign.status).toBe(404);
    const other = await get(
      ctx.app,
      `/api/low_stock_thresholds/?product_id=${resellerStock.productId}`,
      await as('other-reseller'),
    );
    expect((other.body as { data: { thresholds: unknown[] } }).data.thresholds).toEqual([]);
    const negative = await post(
      ctx.app,
      '/api/set_low_stock_threshold/',
      { configuration_id: resellerStock.configurationId, threshold: -1 },
      reseller,
    );
    expect(negative.status).toBe(422);
    const seller = await post(
      ctx.app,
      '/api/set_low_stock_threshold/',
      { configuration_id: resellerStock.configurationId, threshold: 2 },
      await as('seller'),
    );
    expect(seller.status).toBe(403);
  });
});
