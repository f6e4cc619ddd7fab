import type { ProductType } from '@portal/contract/products';
import type { SalesReportFilters, SummaryGroup } from '@portal/contract/reports';
import { eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { reportExports } from '../../db/schema/reports.ts';
import { berlinDayEndSql, berlinDayStartSql, pageWindow } from '../../db/sql.ts';

/**
 * Whose purchase price a report shows (decision 0063): the platform's is the provider cost; a reseller's
 * its price from the platform, or for its own stock its provider cost; a shop's its seller price (it
 * sells at face value).
 */
export type PriceLevel = 'platform' | 'reseller' | 'shop';

/** What a report reads: the caller's visible sales (`visibleSales`), the filters and the price level. */
export interface SalesQuery {
  scope: SQL;
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

function where(q: SalesQuery): SQL {
  const f = q.filters;
  const parts: (SQL | undefined)[] = [
    q.scope,
    f.from_date ? sql`s.created_at >= ${berlinDayStartSql(f.from_date)}` : undefined,
    f.to_date ? sql`s.created_at < ${berlinDayEndSql(f.to_date)}` : undefined,
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

const GROUPS: Record<SummaryGroup, { key: SQL; name: SQL; join: SQL; order: SQL }> = {
  shop: {
    key: sql`s.customer_id::text`,
    name: sql`max(shop.name)`,
    join: sql`join customers shop on shop.id = s.customer_id`,
    order: sql`selling_amount desc, key`,
  },
  reseller: {
    key: sql`s.reseller_id::text`,
    name: sql`max(r.name)`,
    join: sql`join customers r on r.id = s.reseller_id`,
    order: sql`selling_amount desc, key`,
  },
  product: {
    key: sql`s.product_id::text`,
    name: sql`max(p.product_name)`,
    join: sql`join products p on p.id = s.product_id`,
    order: sql`selling_amount desc, key`,
  },
  denomination: {
    key: sql`s.configuration_id::text`,
    name: sql`max(p.product_name || ' ' || to_char(c.value, 'FM999999990.00'))`,
    join: sql`join products p on p.id = s.product_id join product_configurations c on c.id = s.configuration_id`,
    order: sql`selling_amount desc, key`,
  },
  staff: {
    key: sql`s.user_id::text`,
    name: sql`max(coalesce(nullif(u.name, ''), u.username))`,
    join: sql`join users u on u.id = s.user_id`,
    order: sql`selling_amount desc, key`,
  },
  day: {
    key: sql`to_char(s.created_at at time zone 'Europe/Berlin', 'YYYY-MM-DD')`,
    name: sql`to_char(s.created_at at time zone 'Europe/Berlin', 'YYYY-MM-DD')`,
    join: sql``,
    order: sql`key`,
  },
};

/**
 * The SQL of the sales reports: lists, counters, summaries, export chunks and the export records. Sales are
 * read from `readDb` (a replica when `DATABASE_READ_URL` is set); the export records and the caller's masking
 * from the primary, which they are written to and which decides what a user may see.
 */
export function createReportsRepository(db: Db, readDb: Db = db) {
  const rowSelect = (q: SalesQuery) => sql`
    select s.id, s.created_at, s.customer_id as shop_id, shop.name as shop_name, s.reseller_id,
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
      const [items, total] = await Promise.all([
        readDb.execute<SaleReportRecord>(sql`${rowSelect(q)} where ${where(q)}
          order by s.created_at desc, s.id desc limit ${w.limit} offset ${w.offset}`),
        readDb.execute<{ n: number }>(sql`select count(*)::int as n from sales s where ${where(q)}`),
      ]);
      return { items: items.rows.map(record), total: total.rows[0].n };
    },

    /**
     * The rows of an export in chunks, newest first, each chunk read after the last one's position
     * (created_at, id), so no more than one chunk is held and later pages cost no offset.
     */
    async *chunks(q: SalesQuery, size: number): AsyncGenerator<SaleReportRecord[]> {
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const { rows } = await readDb.execute<SaleReportRecord>(sql`${rowSelect(q)} where ${where(q)}
          ${after ? sql`and (s.created_at, s.id) < (${after.at.toISOString()}::timestamptz, ${after.id})` : sql``}
          order by s.created_at desc, s.id desc limit ${size}`);
        if (rows.length === 0) return;
        const chunk = rows.map(record);
        const last = chunk[chunk.length - 1];
        after = { at: last.created_at, id: last.id };
        yield chunk;
        if (rows.length < size) return;
      }
    },

    async sumSales(q: SalesQuery): Promise<TotalsRecord> {
      const { rows } = await readDb.execute<TotalsRecord>(sql`
        select count(*)::int as sales, coalesce(sum(s.quantity), 0)::int as pins,
          coalesce(sum(s.face_value * s.quantity), 0) as face_value,
          coalesce(sum(${selling(q.level)}), 0) as selling_amount,
          coalesce(sum(${buying(q.level)}), 0) as buying_amount
        from sales s where ${where(q)}`);
      return rows[0];
    },

    async findSummaryPage(q: SalesQuery, group: SummaryGroup, p: { page: number; limit: number }) {
      const g = GROUPS[group];
      const w = pageWindow(p);
      const [items, total] = await Promise.all([
        readDb.execute<TotalsRecord & { key: string; name: string }>(sql`
          select ${g.key} as key, ${g.name} as name, count(*)::int as sales, sum(s.quantity)::int as pins,
            sum(s.face_value * s.quantity) as face_value, sum(${selling(q.level)}) as selling_amount,
            sum(${buying(q.level)}) as buying_amount
          from sales s ${g.join}
          where ${where(q)}
          group by 1 order by ${g.order} limit ${w.limit} offset ${w.offset}`),
        readDb.execute<{ n: number }>(sql`select count(distinct ${g.key})::int as n from sales s where ${where(q)}`),
      ]);
      return { items: items.rows, total: total.rows[0].n };
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
