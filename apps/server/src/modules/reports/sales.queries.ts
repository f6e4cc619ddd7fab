import {
  type FigureParty,
  PIN_SALE_KIND,
  PROVIDER_SALE_KIND,
  type SalesReportFilters,
  type SummaryGroup,
} from '@portal/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import { visibleSales, visibleSalesDetail } from '../../db/scopes.ts';
import { berlinDayEndSql, berlinDayStartSql, providerSaleEvents } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

// The SQL pieces every sales report is built from: its scope, filters, price level, grain and groups.

/**
 * Whose revenue, cost and margin a report shows: always the caller's own party's (decision 0063, `FIGURE_PARTIES`).
 */
export type PriceLevel = FigureParty;

/**
 * What a report reads: the sales its viewer may see (`visibleSales`, read at the grain `visibleSalesDetail`
 * allows), the filters and the price level.
 */
export interface SalesQuery {
  viewer: Viewer;
  filters: SalesReportFilters;
  level: PriceLevel;
}

/**
 * Whether the customer in a column of `s` is a platform (account_role 0). Read per row, by primary key: a report
 * reads raw sales only above the rollup cursor, a list page or an export chunk at a time.
 */
const isPlatform = (column: SQL) =>
  sql`exists (select 1 from customers pc where pc.id = ${column} and pc.account_role = 0)`;

/**
 * The platform's revenue from a sale row `s` (PIN sale or provider event), as its ledger books it: `revenue` +R×q
 * when it sold its stock through a reseller (the only sales with a reseller price), `sales_income` +S×q when the shop
 * is directly under it (it is the shop's reseller). A reseller's own stock earns the platform nothing.
 */
export const platformRevenue = sql`(coalesce(s.reseller_price * s.quantity, 0)
  + case when ${isPlatform(sql`s.reseller_id`)} then s.seller_price * s.quantity else 0 end)`;
/** The platform's cost of a sale row: its `cost_of_sales` line, C of its own stock or the provider's cost. */
export const platformCost = sql`(case when ${isPlatform(sql`s.owner_customer_id`)} then s.total_cost else 0 end)`;

/** The caller's revenue: the platform's (above), a reseller's S × quantity, a shop's the retail price F × quantity. */
export function selling(level: PriceLevel): SQL {
  if (level === 'platform') return platformRevenue;
  return level === 'shop' ? sql`(s.face_value * s.quantity)` : sql`(s.seller_price * s.quantity)`;
}

/**
 * The caller's cost: the platform's `cost_of_sales`; a reseller's `cost_of_sales` of its own stock or the R × quantity
 * it paid the platform (a reseller never sees the platform's cost); a shop's the S × quantity it paid its reseller.
 */
export function buying(level: PriceLevel): SQL {
  if (level === 'platform') return platformCost;
  if (level === 'shop') return sql`(s.seller_price * s.quantity)`;
  return sql`(case when s.owner_customer_id = s.reseller_id then s.total_cost else s.reseller_price * s.quantity end)`;
}

/** The rollup's figures at a price level, named like the sales' ones (decision 0063). */
const rolledSelling = (level: PriceLevel) =>
  level === 'platform' ? sql`s.platform_revenue` : level === 'shop' ? sql`s.face_value` : sql`s.seller_amount`;
const rolledBuying = (level: PriceLevel) =>
  level === 'platform' ? sql`s.platform_own_cost` : level === 'reseller' ? sql`s.reseller_cost` : sql`s.seller_amount`;

/** Sales by their time, rollup rows by their Berlin day: the same whole Berlin days either way. */
const saleDays = (f: SalesReportFilters): (SQL | undefined)[] => [
  f.from_date ? sql`s.created_at >= ${berlinDayStartSql(f.from_date)}` : undefined,
  f.to_date ? sql`s.created_at < ${berlinDayEndSql(f.to_date)}` : undefined,
];
const rollupDays = (f: SalesReportFilters): (SQL | undefined)[] => [
  f.from_date ? sql`s.day >= ${f.from_date}::date` : undefined,
  f.to_date ? sql`s.day <= ${f.to_date}::date` : undefined,
];

/** Sales keep their purchase kind in `kind`, provider sales their provider (`providerSaleEvents`, decision 0102). */
const PIN_KINDS = sql`('single', 'bulk')`;
function saleKindIs(kind: string): SQL {
  if (kind === PIN_SALE_KIND) return sql`s.kind in ${PIN_KINDS}`;
  if (kind === PROVIDER_SALE_KIND) return sql`s.kind not in ${PIN_KINDS}`;
  return sql`s.kind = ${kind}`;
}

/**
 * The conditions of a query on `sales s`, or on `sales_rollup s` or `providerSaleEvents s` whose columns carry the
 * same names. A provider sale has product and configuration 0, so a product, type or denomination filter leaves it
 * out.
 */
export function where(q: SalesQuery, days = saleDays): SQL {
  const f = q.filters;
  const parts: (SQL | undefined)[] = [
    visibleSales(q.viewer),
    ...days(f),
    f.reseller !== undefined ? sql`s.reseller_id = ${f.reseller}` : undefined,
    f.shop !== undefined ? sql`s.customer_id = ${f.shop}` : undefined,
    f.staff !== undefined ? sql`s.user_id = ${f.staff}` : undefined,
    f.product !== undefined ? sql`s.product_id = ${f.product}` : undefined,
    f.product_type !== undefined
      ? sql`s.product_id in (select id from products where product_type = ${f.product_type})`
      : undefined,
    f.denomination !== undefined ? sql`s.configuration_id = ${f.denomination}` : undefined,
    f.kind !== undefined ? sql`s.kind = ${f.kind}` : undefined,
    f.sale_kind !== undefined ? saleKindIs(f.sale_kind) : undefined,
  ];
  return sql.join(
    parts.filter((p): p is SQL => p !== undefined),
    sql` and `,
  );
}

/**
 * The rollup grain a query needs (decision 0065): 1 when its scope, filters or group name a shop or a staff
 * member, 2 when they name a reseller, else 3.
 */
function grainOf(q: SalesQuery, group?: SummaryGroup): 1 | 2 | 3 {
  const f = q.filters;
  const detail = visibleSalesDetail(q.viewer);
  if (detail === 'shop' || detail === 'user' || f.shop !== undefined || f.staff !== undefined) return 1;
  if (group === 'shop' || group === 'staff') return 1;
  if (detail === 'reseller' || f.reseller !== undefined || group === 'reseller') return 2;
  return 3;
}

/** A day and the first day of the month `months` later, as `YYYY-MM-DD`. */
const monthStart = (day: string, months = 0) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The whole calendar months of a query's period, `[from, before)` (either end open when the period is), when it reads
 * the shop grain and nothing finer than a shop: then those months are read from the shop months (grain 4), about 30
 * times fewer rows at the benchmark's density, and only the days around them from the shop days (decision 0065
 * "Shop months"). Undefined when the period holds no whole month or the query needs a staff member, product or day.
 */
function wholeMonths(q: SalesQuery, group?: SummaryGroup): { from?: string; before?: string } | undefined {
  const f = q.filters;
  const finer = f.staff ?? f.product ?? f.product_type ?? f.denomination;
  if (grainOf(q, group) !== 1 || finer !== undefined || visibleSalesDetail(q.viewer) === 'user') return undefined;
  if (group !== undefined && group !== 'shop' && group !== 'reseller') return undefined;
  const from = f.from_date && (f.from_date.endsWith('-01') ? f.from_date : monthStart(f.from_date, 1));
  // The month of the last day counts when that day is its last one.
  const before = f.to_date && monthStart(f.to_date, monthStart(f.to_date, 1) === nextDay(f.to_date) ? 1 : 0);
  return from && before && from >= before ? undefined : { from, before };
}

/**
 * The rollup rows of a query: one grain, or for whole months the shop months between the shop days before and after
 * them. Each part is a range of its grain's days, so each reads only its own rows by the index.
 */
function rolledUp(q: SalesQuery, group?: SummaryGroup): SQL {
  const read = (grain: number, days: (f: SalesReportFilters) => (SQL | undefined)[]) => sql`
    select s.day, s.reseller_id, s.customer_id, s.user_id, s.product_id, s.configuration_id, s.kind, s.sales, s.pins,
      s.face_value, ${rolledSelling(q.level)} as selling_amount, ${rolledBuying(q.level)} as buying_amount
    from sales_rollup s where s.grain = ${grain} and ${where(q, days)}`;
  const months = wholeMonths(q, group);
  if (!months) return read(grainOf(q, group), rollupDays);
  const { from, before } = months;
  const dayRange = (start?: string, end?: SQL) => () => [start ? sql`s.day >= ${start}::date` : undefined, end];
  const parts = [read(4, dayRange(from, before ? sql`s.day < ${before}::date` : undefined))];
  const f = q.filters;
  if (from && f.from_date && f.from_date < from) parts.push(read(1, dayRange(f.from_date, sql`s.day < ${from}::date`)));
  if (before && f.to_date && f.to_date >= before)
    parts.push(read(1, dayRange(before, sql`s.day <= ${f.to_date}::date`)));
  return sql.join(parts, sql` union all `);
}

/** Where the rollup job has come: the last sale and the last journal entry (of provider sales) it added. */
export interface RollupCursor {
  sales: number;
  providerEntries: number;
}

/**
 * The figures of the query's sales, one row per rollup row, sale or provider sale event, as `s`: the rollup rows up
 * to the cursors (`rolledUp`), the sales after the sales cursor and the provider sales' success and refund entries
 * after the entries cursor (decision 0102), so a figure is exact however far the rollup job has come. All read in the
 * same snapshot as the cursors (`atCursor`).
 */
export function figures(q: SalesQuery, cursor: RollupCursor, group?: SummaryGroup): SQL {
  const dims = sql`s.day, s.reseller_id, s.customer_id, s.user_id, s.product_id, s.configuration_id, s.kind`;
  return sql`(
    ${rolledUp(q, group)}
    union all
    select ${dims}, 1, s.quantity, s.face_value * s.quantity, ${selling(q.level)}, ${buying(q.level)}
    from (select (created_at at time zone 'Europe/Berlin')::date as day, * from sales) s
    where s.id > ${cursor.sales} and ${where(q)}
    union all
    select ${dims}, s.quantity, 0, s.face_value * s.quantity, ${selling(q.level)}, ${buying(q.level)}
    from (select (created_at at time zone 'Europe/Berlin')::date as day, *
          from ${providerSaleEvents((id) => sql`${id} > ${cursor.providerEntries}`)} e) s
    where ${where(q)}
  ) s`;
}

/**
 * A summary's groups: the key summed by (text, as the answer carries it), and the name of a key `g.key` looked up
 * only for the rows of the page.
 */
const BY_AMOUNT = sql`g.selling_amount desc, g.key`;
/** Provider sales have no product or denomination of the catalogue: they are one group per provider, named by it. */
const providerOr = (key: SQL) => sql`case when s.kind in ${PIN_KINDS} then ${key} else s.kind end`;
export const GROUPS: Record<SummaryGroup, { key: SQL; name: SQL; order: SQL }> = {
  shop: {
    key: sql`s.customer_id::text`,
    name: sql`(select name from customers where id = g.key::int)`,
    order: BY_AMOUNT,
  },
  reseller: {
    key: sql`s.reseller_id::text`,
    name: sql`(select name from customers where id = g.key::int)`,
    order: BY_AMOUNT,
  },
  product: {
    key: providerOr(sql`s.product_id::text`),
    name: sql`case when g.key ~ '^[0-9]+$' then (select product_name from products where id = g.key::int) else g.key end`,
    order: BY_AMOUNT,
  },
  denomination: {
    key: providerOr(sql`s.configuration_id::text`),
    name: sql`case when g.key ~ '^[0-9]+$' then (select p.product_name || ' ' || to_char(c.value, 'FM999999990.00')
      from product_configurations c join products p on p.id = c.product_id where c.id = g.key::int) else g.key end`,
    order: BY_AMOUNT,
  },
  staff: {
    key: sql`s.user_id::text`,
    name: sql`(select coalesce(nullif(name, ''), username) from users where id = g.key::int)`,
    order: BY_AMOUNT,
  },
  day: {
    key: sql`to_char(s.day, 'YYYY-MM-DD')`,
    name: sql`g.key`,
    order: sql`g.key`,
  },
};

/**
 * The SQL of the sales reports: lists, counters, summaries, export chunks and the export records. Sales are
 * read from `readDb` (a replica when `DATABASE_READ_URL` is set); the export records and the caller's masking
 * from the primary, which they are written to and which decides what a user may see.
 */
