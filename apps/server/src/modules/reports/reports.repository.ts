import type { ProductType } from '@portal/contract/products';
import type { SalesReportFilters, SummaryGroup } from '@portal/contract/reports';
import { eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { reportExports } from '../../db/schema/reports.ts';
import { berlinDayEndSql, berlinDayStartSql, pageWindow } from '../../db/sql.ts';

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
  product_type: ProductType;
  denomination_id: number;
  denomination_value: string;
  kind: 'single' | 'bulk';
  quantity: number;
  face_value: string;
  selling_amount: string;
  buying_amount: string | null;
};

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

/** The conditions of a query on `sales s`, or on `sales_rollup s` whose columns carry the same names. */
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

/**
 * The figures of the query's sales, one row per rollup row or sale, as `s`: the rollup rows of the sales up to the
 * cursor and the sales after it, so a figure is exact however far the rollup job has come. Both read in the same
 * snapshot as the cursor (`atCursor`).
 */
function figures(q: SalesQuery, cursor: number, group?: SummaryGroup): SQL {
  const dims = sql`s.day, s.reseller_id, s.customer_id, s.user_id, s.product_id, s.configuration_id, s.kind`;
  return sql`(
    select ${dims}, s.sales, s.pins, s.face_value, ${rolledSelling(q.level)} as selling_amount,
      ${rolledBuying(q.level)} as buying_amount
    from sales_rollup s where s.grain = ${grainOf(q, group)} and ${where(q, rollupDays)}
    union all
    select ${dims}, 1, s.quantity, s.face_value * s.quantity, ${selling(q.level)}, ${buying(q.level)}
    from (select (created_at at time zone 'Europe/Berlin')::date as day, * from sales) s
    where s.id > ${cursor} and ${where(q)}
  ) s`;
}

/**
 * A summary's groups: the key summed by (text, as the answer carries it), and the name of a key `g.key` looked up
 * only for the rows of the page.
 */
const BY_AMOUNT = sql`g.selling_amount desc, g.key`;
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
    key: sql`s.product_id::text`,
    name: sql`(select product_name from products where id = g.key::int)`,
    order: BY_AMOUNT,
  },
  denomination: {
    key: sql`s.configuration_id::text`,
    name: sql`(select p.product_name || ' ' || to_char(c.value, 'FM999999990.00')
      from product_configurations c join products p on p.id = c.product_id where c.id = g.key::int)`,
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
  const rowSelect = (q: SalesQuery, extra: SQL = sql``) => sql`
    select s.id, s.created_at${extra}, s.customer_id as shop_id, shop.name as shop_name, s.reseller_id,
      r.name as reseller_name, s.user_id as staff_id, coalesce(nullif(u.name, ''), u.username) as staff_name,
      s.product_id, p.product_name, p.product_type, s.configuration_id as denomination_id,
      c.value as denomination_value, s.kind, s.quantity, s.face_value * s.quantity as face_value,
      ${selling(q.level)} as selling_amount, ${buying(q.level)} as buying_amount
    from sales s
    join customers shop on shop.id = s.customer_id
    join customers r on r.id = s.reseller_id
    join users u on u.id = s.user_id
    join products p on p.id = s.product_id
    join product_configurations c on c.id = s.configuration_id`;
  /**
   * Reads with the rollup cursor: the cursor and the figures in one repeatable-read snapshot, so a rollup job
   * committing in between can neither count a sale twice nor drop it.
   */
  const atCursor = <T>(read: (tx: Tx, cursor: number) => Promise<T>): Promise<T> =>
    readDb.transaction(
      async (tx) => {
        const { rows } = await tx.execute<{ last_sale_id: string }>(
          sql`select last_sale_id from sales_rollup_cursor where id = 1`,
        );
        return read(tx, Number(rows[0].last_sale_id));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  const sumFigures = (q: SalesQuery, cursor: number) => sql`
    select coalesce(sum(s.sales), 0)::int as sales, coalesce(sum(s.pins), 0)::int as pins,
      coalesce(sum(s.face_value), 0) as face_value, coalesce(sum(s.selling_amount), 0) as selling_amount,
      coalesce(sum(s.buying_amount), 0) as buying_amount
    from ${figures(q, cursor)}`;
  const record = (r: SaleReportRecord): SaleReportRecord => ({
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
      // The total is the counters' number of sales; a count over the sales of a long period would read them all.
      const [items, total] = await Promise.all([
        readDb.execute<SaleReportRecord>(sql`${rowSelect(q)} where ${where(q)}
          order by s.created_at desc, s.id desc limit ${w.limit} offset ${w.offset}`),
        atCursor((tx, cursor) => tx.execute<TotalsRecord>(sumFigures(q, cursor))),
      ]);
      return { items: items.rows.map(record), total: total.rows[0].sales };
    },

    /**
     * The rows of an export in chunks, newest first, each chunk read after the last one's position
     * (created_at, id), so no more than one chunk is held and later pages cost no offset.
     */
    async *chunks(q: SalesQuery, size: number): AsyncGenerator<SaleReportRecord[]> {
      // The position in PostgreSQL's own microseconds: a JavaScript Date keeps milliseconds, and a cursor cut to
      // them would skip the sales of the same millisecond that come after it.
      let after: { at: string; id: number } | undefined;
      for (;;) {
        const { rows } = await readDb.execute<SaleReportRecord & { position_at: string }>(sql`
          ${rowSelect(q, sql`, s.created_at::text as position_at`)} where ${where(q)}
          ${after ? sql`and (s.created_at, s.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
          order by s.created_at desc, s.id desc limit ${size}`);
        if (rows.length === 0) return;
        const last = rows[rows.length - 1];
        after = { at: last.position_at, id: Number(last.id) };
        yield rows.map(({ position_at: _, ...r }) => record(r));
        if (rows.length < size) return;
      }
    },

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
