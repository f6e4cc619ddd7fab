import type { ProductType } from '@portal/contract/products';
import {
  PIN_SALE_KIND,
  PROVIDER_SALE_KIND,
  type SalesReportFilters,
  type SummaryGroup,
} from '@portal/contract/reports';
import { eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { reportExports } from '../../db/schema/reports.ts';
import { berlinDayEndSql, berlinDayStartSql, pageWindow, providerSaleEvents } from '../../db/sql.ts';

/**
 * Whose purchase price a report shows (decision 0063): the platform's is the provider cost; a reseller's
 * its price from the platform, or for its own stock its provider cost; a shop's its seller price (it
 * sells at face value).
 */
export type PriceLevel = 'platform' | 'reseller' | 'shop';

/**
 * What a report reads: the caller's visible sales (`visibleSales`), which sale columns that scope reads
 * (`visibleSalesDetail`), the filters and the price level.
 */
export interface SalesQuery {
  scope: SQL;
  scopeDetail: 'all' | 'reseller' | 'shop';
  filters: SalesReportFilters;
  level: PriceLevel;
}

export type SaleReportRecord = {
  id: number;
  created_at: Date;
  shop_id: number;
  shop_name: string;
  reseller_id: number;
  reseller_name: string;
  staff_id: number;
  staff_name: string;
  product_id: number;
  product_name: string;
  product_type: ProductType | null;
  denomination_id: number;
  denomination_value: string;
  kind: 'single' | 'bulk' | null;
  sale_kind: string;
  refund: boolean;
  operator_name: string | null;
  mobile_number: string | null;
  quantity: number;
  face_value: string;
  selling_amount: string;
  buying_amount: string | null;
};

/** A list row with its position: time, source (0 sale, 1 provider event) and id within the source. */
type ListPosition = { at: string; src: number; ord: number };
type ListRecord = SaleReportRecord & { position_at: string; src: number; ord: number };

export type TotalsRecord = {
  sales: number;
  pins: number;
  face_value: string;
  selling_amount: string;
  buying_amount: string | null;
};

const selling = (level: PriceLevel) =>
  level === 'shop' ? sql`(s.face_value * s.quantity)` : sql`(s.seller_price * s.quantity)`;

function buying(level: PriceLevel): SQL {
  if (level === 'platform') return sql`s.total_cost`;
  if (level === 'shop') return sql`(s.seller_price * s.quantity)`;
  // A reseller never sees the platform's cost: for platform stock its own price R is its buying amount.
  return sql`(case when s.owner_customer_id = s.reseller_id then s.total_cost else s.reseller_price * s.quantity end)`;
}

/** The rollup's figures at a price level, named like the sales' ones (decision 0063). */
const rolledSelling = (level: PriceLevel) => (level === 'shop' ? sql`s.face_value` : sql`s.seller_amount`);
const rolledBuying = (level: PriceLevel) =>
  level === 'platform' ? sql`s.platform_cost` : level === 'reseller' ? sql`s.reseller_cost` : sql`s.seller_amount`;

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
function where(q: SalesQuery, days = saleDays): SQL {
  const f = q.filters;
  const parts: (SQL | undefined)[] = [
    q.scope,
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
  if (q.scopeDetail === 'shop' || f.shop !== undefined || f.staff !== undefined) return 1;
  if (group === 'shop' || group === 'staff') return 1;
  if (q.scopeDetail === 'reseller' || f.reseller !== undefined || group === 'reseller') return 2;
  return 3;
}

/** Where the rollup job has come: the last sale and the last journal entry (of provider sales) it added. */
export interface RollupCursor {
  sales: number;
  providerEntries: number;
}

/**
 * The figures of the query's sales, one row per rollup row, sale or provider sale event, as `s`: the rollup rows up
 * to the cursors, the sales after the sales cursor and the provider sales' success and refund entries after the
 * entries cursor (decision 0102), so a figure is exact however far the rollup job has come. All read in the same
 * snapshot as the cursors (`atCursor`).
 */
function figures(q: SalesQuery, cursor: RollupCursor, group?: SummaryGroup): SQL {
  const dims = sql`s.day, s.reseller_id, s.customer_id, s.user_id, s.product_id, s.configuration_id, s.kind`;
  return sql`(
    select ${dims}, s.sales, s.pins, s.face_value, ${rolledSelling(q.level)} as selling_amount,
      ${rolledBuying(q.level)} as buying_amount
    from sales_rollup s where s.grain = ${grainOf(q, group)} and ${where(q, rollupDays)}
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
const GROUPS: Record<SummaryGroup, { key: SQL; name: SQL; order: SQL }> = {
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
export function createReportsRepository(db: Db, readDb: Db = db) {
  /**
   * The rows of a list: the query's sales and provider sale events after `after`, newest first, at most `limit` after
   * skipping `offset`, with their names. Each source is ordered and cut on its own, so the sales are read by their
   * index as before; rows of the same microsecond come provider events first (`src` 1, by entry id), then sales.
   */
  const rowsOf = (q: SalesQuery, p: { limit: number; offset: number }, after?: ListPosition) => {
    const n = p.limit + p.offset;
    const saleAfter = after
      ? after.src === 0
        ? sql`and (s.created_at, s.id) < (${after.at}::timestamptz, ${after.ord})`
        : sql`and s.created_at <= ${after.at}::timestamptz`
      : sql``;
    const eventAfter = after
      ? after.src === 1
        ? sql`and (s.created_at, s.entry_id) < (${after.at}::timestamptz, ${after.ord})`
        : sql`and s.created_at < ${after.at}::timestamptz`
      : sql``;
    return sql`
      select s.id, s.created_at, s.created_at::text as position_at, s.src, s.ord, s.customer_id as shop_id,
        shop.name as shop_name, s.reseller_id, r.name as reseller_name, s.user_id as staff_id,
        coalesce(nullif(u.name, ''), u.username) as staff_name, s.product_id,
        coalesce(p.product_name, s.product_name) as product_name, p.product_type,
        s.configuration_id as denomination_id, coalesce(c.value, s.face_value) as denomination_value,
        case when s.src = 0 then s.kind end as kind,
        case when s.src = 0 then ${PIN_SALE_KIND} else s.kind end as sale_kind, s.refund, s.operator_name,
        s.mobile_number, s.quantity, s.face_value * s.quantity as face_value,
        ${selling(q.level)} as selling_amount, ${buying(q.level)} as buying_amount
      from (
        select * from (
          (select 0 as src, s.id as ord, s.id, s.created_at, s.customer_id, s.reseller_id, s.user_id, s.product_id,
             s.configuration_id, s.kind, s.quantity, s.face_value, s.seller_price, s.reseller_price, s.total_cost,
             s.owner_customer_id, null::text as product_name, null::text as operator_name,
             null::text as mobile_number, false as refund
           from sales s where ${where(q)} ${saleAfter}
           order by s.created_at desc, s.id desc limit ${n})
          union all
          (select 1, s.entry_id, s.id, s.created_at, s.customer_id, s.reseller_id, s.user_id, s.product_id,
             s.configuration_id, s.kind, s.quantity, s.face_value, s.seller_price, s.reseller_price, s.total_cost,
             s.owner_customer_id, s.product_name, s.operator_name, s.mobile_number, s.refund
           from ${providerSaleEvents()} s where ${where(q)} ${eventAfter}
           order by s.created_at desc, s.entry_id desc limit ${n})
        ) s order by s.created_at desc, s.src desc, s.ord desc limit ${p.limit} offset ${p.offset}
      ) s
      join customers shop on shop.id = s.customer_id
      join customers r on r.id = s.reseller_id
      join users u on u.id = s.user_id
      left join products p on s.src = 0 and p.id = s.product_id
      left join product_configurations c on s.src = 0 and c.id = s.configuration_id
      order by s.created_at desc, s.src desc, s.ord desc`;
  };
  /**
   * Reads with the rollup cursor: the cursor and the figures in one repeatable-read snapshot, so a rollup job
   * committing in between can neither count a sale twice nor drop it.
   */
  const atCursor = <T>(read: (tx: Tx, cursor: RollupCursor) => Promise<T>): Promise<T> =>
    readDb.transaction(
      async (tx) => {
        const { rows } = await tx.execute<{ last_sale_id: string; last_provider_entry_id: string }>(
          sql`select last_sale_id, last_provider_entry_id from sales_rollup_cursor where id = 1`,
        );
        const cursor = { sales: Number(rows[0].last_sale_id), providerEntries: Number(rows[0].last_provider_entry_id) };
        return read(tx, cursor);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  const sumFigures = (q: SalesQuery, cursor: RollupCursor) => sql`
    select coalesce(sum(s.sales), 0)::int as sales, coalesce(sum(s.pins), 0)::int as pins,
      coalesce(sum(s.face_value), 0) as face_value, coalesce(sum(s.selling_amount), 0) as selling_amount,
      coalesce(sum(s.buying_amount), 0) as buying_amount
    from ${figures(q, cursor)}`;
  /**
   * The rows of the query's list: its net number of sales plus twice its refunds, each of which is a row of its own
   * that the net number counts −1 (decision 0102).
   */
  const countRows = (q: SalesQuery): Promise<number> =>
    atCursor(async (tx, cursor) => {
      const { rows } = await tx.execute<{ n: number }>(sql`
        select (select sales from (${sumFigures(q, cursor)}) t)
          + 2 * (select count(*)::int from ${providerSaleEvents()} s where s.refund and ${where(q)}) as n`);
      return Number(rows[0].n);
    });

  const record = ({ position_at: _, src: __, ord: ___, ...r }: ListRecord): SaleReportRecord => ({
    ...r,
    id: Number(r.id),
    created_at: new Date(r.created_at),
  });

  return {
    async findShopMask(customerId: number): Promise<boolean> {
      const { rows } = await db.execute<{ m: boolean }>(
        sql`select mask_seller_discount as m from customers where id = ${customerId}`,
      );
      return rows[0]?.m === true;
    },

    async findSalesPage(q: SalesQuery, p: { page: number; limit: number }) {
      const w = pageWindow(p);
      // The total comes from the counters' figures; a count over the sales of a long period would read them all.
      const [items, total] = await Promise.all([readDb.execute<ListRecord>(rowsOf(q, w)), countRows(q)]);
      return { items: items.rows.map(record), total };
    },

    /**
     * The rows of an export in chunks, newest first, each chunk read after the last one's position
     * (created_at, id), so no more than one chunk is held and later pages cost no offset.
     */
    async *chunks(q: SalesQuery, size: number): AsyncGenerator<SaleReportRecord[]> {
      // The position in PostgreSQL's own microseconds: a JavaScript Date keeps milliseconds, and a cursor cut to
      // them would skip the sales of the same millisecond that come after it.
      let after: ListPosition | undefined;
      for (;;) {
        const { rows } = await readDb.execute<ListRecord>(rowsOf(q, { limit: size, offset: 0 }, after));
        if (rows.length === 0) return;
        const last = rows[rows.length - 1];
        after = { at: last.position_at, src: Number(last.src), ord: Number(last.ord) };
        yield rows.map(record);
        if (rows.length < size) return;
      }
    },

    countRows,

    async sumSales(q: SalesQuery): Promise<TotalsRecord> {
      return atCursor(async (tx, cursor) => (await tx.execute<TotalsRecord>(sumFigures(q, cursor))).rows[0]);
    },

    async findSummaryPage(q: SalesQuery, group: SummaryGroup, p: { page: number; limit: number }) {
      const g = GROUPS[group];
      const w = pageWindow(p);
      return atCursor(async (tx, cursor) => {
        // The groups are summed once; the page and the number of groups both come from that one sum.
        const { rows } = await tx.execute<TotalsRecord & { key: string | null; name: string; groups: number }>(sql`
          with summed as (
            select ${g.key} as key, sum(s.sales)::int as sales, sum(s.pins)::int as pins,
              sum(s.face_value) as face_value, sum(s.selling_amount) as selling_amount,
              sum(s.buying_amount) as buying_amount
            from ${figures(q, cursor, group)}
            group by 1
          )
          select t.groups, g.* from (select count(*)::int as groups from summed) t
          left join lateral (
            select g.key, ${g.name} as name, g.sales, g.pins, g.face_value, g.selling_amount, g.buying_amount
            from summed g order by ${g.order} limit ${w.limit} offset ${w.offset}
          ) g on true
          order by ${g.order}`);
        const items = rows.flatMap(({ groups: _, key, ...r }) => (key === null ? [] : [{ ...r, key }]));
        return { items, total: rows[0].groups };
      });
    },

    async insertExport(e: typeof reportExports.$inferInsert) {
      const [row] = await db.insert(reportExports).values(e).returning();
      return row;
    },

    async findExport(id: string) {
      const [row] = await db.select().from(reportExports).where(eq(reportExports.id, id));
      return row;
    },

    async updateExport(
      id: string,
      values: Partial<Pick<typeof reportExports.$inferInsert, 'status' | 'rowsDone' | 'rowsTotal' | 'fileId'>>,
    ) {
      await db.update(reportExports).set(values).where(eq(reportExports.id, id));
    },

    /** Expired exports with their files' ids, deleted in one go. */
    async deleteExpiredExports(now: Date) {
      return db
        .delete(reportExports)
        .where(lt(reportExports.expiresAt, now))
        .returning({ id: reportExports.id, fileId: reportExports.fileId });
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
