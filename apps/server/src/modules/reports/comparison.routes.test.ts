import { changeOf } from '@portal/contract/report-periods';
import {
  COMPARISON_SORTS,
  type ComparisonFigures,
  type ComparisonGroup,
  type SalesComparisonRow,
  type SalesSummaryRow,
} from '@portal/contract/reports';
import { ROLE, ROLE_FLAGS } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { berlinDate } from '../../platform/berlin-time.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { type Headers, ok, type Stock, signInOnce, stockFor } from '../selling/selling.fixtures.ts';
import { insertSales, insertUser, randomSaleSeed, type SaleSeed, seeded, twoTenants } from './reports.fixtures.ts';
import { createSalesRollupRepository } from './sales-rollup.repository.ts';

/**
 * Issue 39: the comparison of two periods is computed by the server over the whole scope. Random sales of 130 more
 * shops of the demo reseller (some selling in one period only, odd prices), of both stocks, half of them rolled up:
 * for every role the comparison must be the two periods' summaries side by side — every key of either, zeros where a
 * period has none, `new` where the compared period has none — and its order by change (or either period) must hold
 * across pages.
 */

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
const seeds: SaleSeed[] = [];
const benchShops: number[] = [];
let otherReseller = 0;

const EARLIER = { from: '2026-03-01', to: '2026-03-31' };
const CURRENT = { from: '2026-04-01', to: '2026-04-30' };

/** A time on a random day of a period, any hour (Berlin midnight included: the days are Berlin days). */
const timeIn = (random: () => number, p: { from: string; to: string }) => {
  const start = Date.parse(`${p.from}T00:00:00+02:00`);
  const end = Date.parse(`${p.to}T23:59:59+02:00`);
  return new Date(start + Math.floor(random() * (end - start)));
};

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const tenants = await twoTenants(ctx.db, { shopTwo: true });
  ids = tenants.ids;
  otherReseller = tenants.otherReseller.customerId;
  const platformStock: Stock = await stockFor(ctx, { owner: 'platform', pins: 1, shops: [ids.seller] });
  const resellerStock: Stock = await stockFor(ctx, { owner: 'reseller', pins: 1, shops: [ids.seller] });
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into customers (organisation_id, parent_id, account_role, name, credit_limit)
    select organisation_id, id, 2, 'Kiosk ' || lpad(g::text, 3, '0'), 500 from customers, generate_series(1, 130) g
    where id = ${ids.reseller} returning id`);
  benchShops.push(...rows.map((r) => Number(r.id)));
  await ctx.db.execute(sql`update customers set mask_seller_discount = true where id = ${ids.seller}`);

  const random = seeded(39);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!; // an index below the length
  const sellerUsers = ['seller', 'seller-staff', 'support'].map(ids.user);
  const shops = [
    ...benchShops.map((id, i) => ({
      customerId: id,
      resellerId: ids.reseller,
      users: [ids.user('reseller')],
      // A third sells in the earlier period only, a third in the current one only, a third in both.
      periods: [[EARLIER], [CURRENT], [EARLIER, CURRENT]][i % 3]!,
    })),
    { customerId: ids.seller, resellerId: ids.reseller, users: sellerUsers, periods: [EARLIER, CURRENT] },
    {
      customerId: tenants.shopTwo!.customerId,
      resellerId: ids.reseller,
      users: [tenants.shopTwo!.userId],
      periods: [CURRENT],
    },
    {
      customerId: tenants.otherShop.customerId,
      resellerId: otherReseller,
      users: [tenants.otherShop.userId],
      periods: [EARLIER, CURRENT],
    },
  ];
  const stocks = {
    platform: { ownerId: ids.platform, ...platformStock },
    reseller: { ownerId: ids.reseller, ...resellerStock },
  };
  for (const shop of shops) {
    const n = shop.customerId === ids.seller ? 40 : 1 + Math.floor(random() * 4);
    for (let i = 0; i < n; i++) {
      seeds.push(
        randomSaleSeed(random, {
          shop,
          stocks,
          ownShare: 0.35,
          maxQuantity: 4,
          bulkAbove: 2,
          sellerPrices: ['9.6300', '9.4100', '9.8700'],
          resellerPrices: ['9.3300', '9.1900'],
          unitCost: '8.9700',
          // Outside both periods too: February must count for neither.
          at: () => timeIn(random, random() < 0.1 ? { from: '2026-02-01', to: '2026-02-28' } : pick(shop.periods)),
        }),
      );
    }
  }
  const saleIds = await insertSales(ctx.db, seeds);
  // Half the sales in the rollup, half above its cursor: the comparison must add both, as the summaries do.
  await createSalesRollupRepository(ctx.db).rollUp(saleIds[Math.floor(saleIds.length / 2)]!, 1_000_000, new Date());
  ids = await demoIds(ctx.db);
}, 180_000);
afterAll(async () => ctx?.close());

const as = (user: string): Promise<Headers> => signInOnce(ctx, user);

type Page<K extends string, T> = { [k in K]: T[] } & { filters: { total_pages: number; total_count: number } };

async function compareAll(headers: Headers, body: object, limit = 100) {
  const rows: SalesComparisonRow[] = [];
  for (let page = 1; ; page++) {
    const data = await ok<Page<'comparison', SalesComparisonRow>>(
      post(ctx.app, '/api/get_sales_comparison_report/', { ...body, page, limit }, headers),
    );
    rows.push(...data.comparison);
    expect(data.filters.total_count).toBeGreaterThanOrEqual(rows.length);
    if (page >= data.filters.total_pages) return rows;
  }
}

async function summaryAll(headers: Headers, body: object) {
  const rows: SalesSummaryRow[] = [];
  for (let page = 1; ; page++) {
    const data = await ok<Page<'summary', SalesSummaryRow>>(
      post(
        ctx.app,
        '/api/get_sales_summary_report_with_customer_and_products_list/',
        { ...body, page, limit: 100 },
        headers,
      ),
    );
    rows.push(...data.summary);
    if (page >= data.filters.total_pages) return rows;
  }
}

const figuresOf = (r: SalesSummaryRow | undefined, masked: boolean): ComparisonFigures => {
  if (!r) {
    const zero = masked ? null : '0.00';
    const none = { sales: 0, pins: 0, topups: 0, tickets: 0, face_value: '0.00', selling_amount: '0.00' };
    return { ...none, buying_amount: zero, margin: zero };
  }
  const { key: _k, name: _n, ...figures } = r;
  return figures;
};

/** The comparison as two summaries say it must be. */
async function expectedComparison(headers: Headers, group: ComparisonGroup, filters: object, masked: boolean) {
  const current = await summaryAll(headers, {
    ...filters,
    group_by: group,
    from_date: CURRENT.from,
    to_date: CURRENT.to,
  });
  const earlier = await summaryAll(headers, {
    ...filters,
    group_by: group,
    from_date: EARLIER.from,
    to_date: EARLIER.to,
  });
  const keys = new Set([...current.map((r) => r.key), ...earlier.map((r) => r.key)]);
  return [...keys].map((key) => {
    const c = current.find((r) => r.key === key);
    const e = earlier.find((r) => r.key === key);
    const now = figuresOf(c, masked);
    const then = figuresOf(e, masked);
    const { absolute, percent } = changeOf(then.selling_amount, now.selling_amount);
    return {
      key,
      name: (c ?? e)!.name,
      status: !e ? 'new' : !c ? 'gone' : 'both',
      current: now,
      earlier: then,
      change: absolute,
      change_percent: e ? percent : null,
    } satisfies SalesComparisonRow;
  });
}

const body = (group: ComparisonGroup, extra: object = {}) => ({
  ...extra,
  group_by: group,
  from_date: CURRENT.from,
  to_date: CURRENT.to,
  compare_from: EARLIER.from,
  compare_to: EARLIER.to,
});

const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

describe('the comparison is the two summaries side by side, for every role', () => {
  const ROLES = [
    ['superadmin', false],
    ['platform-staff', false],
    ['reseller', false],
    ['reseller-staff', false],
    ['other-reseller', false],
    ['seller', false],
    ['seller-staff', true],
  ] as const;
  it.each(ROLES)(
    '%s',
    async (user, masked) => {
      const headers = await as(user);
      for (const group of ['shop', 'product', 'reseller'] as const) {
        for (const filters of [{}, { kind: 'bulk' }]) {
          const wanted = await expectedComparison(headers, group, filters, masked);
          const rows = await compareAll(headers, body(group, filters));
          expect([...rows].sort(byKey), `${group} ${JSON.stringify(filters)}`).toEqual(wanted.sort(byKey));
        }
      }
    },
    120_000,
  );

  it("a reseller's comparison by shop has every shop of either period (more than 100), none of another reseller", async () => {
    const rows = await compareAll(await as('reseller'), body('shop'));
    const inPeriod = (s: SaleSeed, p: { from: string; to: string }) =>
      berlinDate(s.createdAt) >= p.from && berlinDate(s.createdAt) <= p.to;
    const mine = seeds.filter((s) => s.resellerId === ids.reseller);
    const shopsOf = (p: typeof CURRENT) => new Set(mine.filter((s) => inPeriod(s, p)).map((s) => String(s.customerId)));
    const now = shopsOf(CURRENT);
    const then = shopsOf(EARLIER);
    expect(new Set(rows.map((r) => r.key))).toEqual(new Set([...now, ...then]));
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      expect(r.status).toBe(now.has(r.key) ? (then.has(r.key) ? 'both' : 'new') : 'gone');
      const sold = (p: typeof CURRENT) => mine.filter((s) => String(s.customerId) === r.key && inPeriod(s, p));
      const face = (xs: SaleSeed[]) =>
        xs.reduce((a, s) => a.plus(new Decimal(s.faceValue).times(s.quantity)), new Decimal(0));
      const revenue = (xs: SaleSeed[]) =>
        xs.reduce((a, s) => a.plus(new Decimal(s.sellerPrice).times(s.quantity)), new Decimal(0));
      expect(r.current.sales).toBe(sold(CURRENT).length);
      expect(r.earlier.sales).toBe(sold(EARLIER).length);
      expect(r.current.face_value).toBe(face(sold(CURRENT)).toFixed(2));
      expect(r.change).toBe(
        revenue(sold(CURRENT))
          .minus(revenue(sold(EARLIER)))
          .toFixed(2),
      );
      if (r.status === 'new') expect(r.change_percent).toBeNull();
      if (r.status === 'gone') expect(r.change_percent).toBe('-100.0');
    }
    expect(rows.some((r) => r.status === 'new')).toBe(true);
    expect(rows.some((r) => r.status === 'gone')).toBe(true);
    expect(rows.map((r) => r.key)).not.toContain(String(seeds.find((s) => s.resellerId === otherReseller)!.customerId));
  });
});

describe('paging and order', () => {
  it.each(COMPARISON_SORTS)('sort %s: pages of 25 keep the order and never repeat a row', async (sort) => {
    const headers = await as('reseller');
    const rows = await compareAll(headers, { ...body('shop'), sort }, 25);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    const all = await compareAll(headers, body('shop'));
    expect(rows.length).toBe(all.length);
    const value = (r: SalesComparisonRow) =>
      new Decimal(
        sort.endsWith('change')
          ? r.change
          : sort.endsWith('current')
            ? r.current.selling_amount
            : r.earlier.selling_amount,
      );
    const descending = sort.startsWith('-');
    for (let i = 1; i < rows.length; i++) {
      const cmp = value(rows[i - 1]!).comparedTo(value(rows[i]!));
      expect(descending ? cmp >= 0 : cmp <= 0, `${rows[i - 1]!.key} before ${rows[i]!.key}`).toBe(true);
    }
  });

  it('refuses a compared period that ends before it starts, naming the field', async () => {
    const res = await post(
      ctx.app,
      '/api/get_sales_comparison_report/',
      { ...body('shop'), compare_from: '2026-03-31', compare_to: '2026-03-01' },
      await as('reseller'),
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(JSON.stringify(res.body.errors)).toContain('compare_to');
  });

  it('refuses an operator without has_reports like every report call', async () => {
    await insertUser(ctx.db, {
      customerId: ids.reseller,
      username: 'reseller-no-reports',
      role: ROLE.reseller,
      internalRole: 0,
      features: ROLE_FLAGS[ROLE.reseller].filter((f) => f !== 'has_reports'),
    });
    const res = await post(ctx.app, '/api/get_sales_comparison_report/', body('shop'), await as('reseller-no-reports'));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });
});
