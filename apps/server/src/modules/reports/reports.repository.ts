import type { ProductType } from '@portal/contract/products';
import { type ComparisonGroup, type ComparisonSort, PIN_SALE_KIND, type SummaryGroup } from '@portal/contract/reports';
import { eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { reportExports } from '../../db/schema/reports.ts';
import { countParts, pageWindow, providerSaleEvents, sumCounts } from '../../db/sql.ts';
import { buying, figures, GROUPS, type RollupCursor, type SalesQuery, selling, where } from './sales.queries.ts';

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
  /** The PINs of the row by decision 0063: its quantity for a PIN sale, 0 for provider goods. */
  pins: number;
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
  topups: number;
  tickets: number;
  face_value: string;
  selling_amount: string;
  buying_amount: string | null;
};

/** One row of a comparison: both periods' figures (`c_…` the report's period, `e_…` the compared one). */
export type ComparisonRecord = {
  key: string;
  name: string;
  in_current: boolean;
  in_earlier: boolean;
  change: string;
} & { [K in keyof TotalsRecord as `c_${K}` | `e_${K}`]: TotalsRecord[K] };

const FIGURE_COLUMNS = ['sales', 'pins', 'topups', 'tickets', 'face_value', 'selling_amount', 'buying_amount'] as const;
/** The order of a comparison's rows; the key breaks ties, so pages never overlap. */
const COMPARISON_ORDER: Record<ComparisonSort, SQL> = {
  '-change': sql`g.change desc, g.key`,
  change: sql`g.change, g.key`,
  '-current': sql`g.c_selling_amount desc, g.key`,
  current: sql`g.c_selling_amount, g.key`,
  '-earlier': sql`g.e_selling_amount desc, g.key`,
  earlier: sql`g.e_selling_amount, g.key`,
};

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
        s.mobile_number, s.quantity, ${countParts(sql`s.kind`, sql`s.quantity`, sql`s.quantity`).pins} as pins,
        s.face_value * s.quantity as face_value,
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
        const [row] = rows;
        if (!row) throw new Error('the rollup cursor row is missing'); // migration 0024 inserts it
        const cursor = { sales: Number(row.last_sale_id), providerEntries: Number(row.last_provider_entry_id) };
        return read(tx, cursor);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  const sumFigures = (q: SalesQuery, cursor: RollupCursor) => sql`
    select ${sumCounts(sql`s.kind`, sql`s.sales`, sql`s.pins`)},
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
      return Number(rows[0]!.n); // a select without from answers one row
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
        const last = rows[rows.length - 1]!; // not empty: an empty chunk returned above
        after = { at: last.position_at, src: Number(last.src), ord: Number(last.ord) };
        yield rows.map(record);
        if (rows.length < size) return;
      }
    },

    countRows,

    async sumSales(q: SalesQuery): Promise<TotalsRecord> {
      return atCursor(async (tx, cursor) => (await tx.execute<TotalsRecord>(sumFigures(q, cursor))).rows[0]!); // sums answer one row
    },

    async findSummaryPage(q: SalesQuery, group: SummaryGroup, p: { page: number; limit: number }) {
      const g = GROUPS[group];
      const w = pageWindow(p);
      return atCursor(async (tx, cursor) => {
        // The groups are summed once; the page and the number of groups both come from that one sum.
        const { rows } = await tx.execute<TotalsRecord & { key: string | null; name: string; groups: number }>(sql`
          with summed as (
            select ${g.key} as key, ${sumCounts(sql`s.kind`, sql`s.sales`, sql`s.pins`)},
              sum(s.face_value) as face_value, sum(s.selling_amount) as selling_amount,
              sum(s.buying_amount) as buying_amount
            from ${figures(q, cursor, group)}
            group by 1
          )
          select t.groups, g.* from (select count(*)::int as groups from summed) t
          left join lateral (
            select g.key, ${g.name} as name, g.sales, g.pins, g.topups, g.tickets, g.face_value, g.selling_amount, g.buying_amount
            from summed g order by ${g.order} limit ${w.limit} offset ${w.offset}
          ) g on true
          order by ${g.order}`);
        const items = rows.flatMap(({ groups: _, key, ...r }) => (key === null ? [] : [{ ...r, key }]));
        return { items, total: rows[0]!.groups }; // the count's row, joined on true, is always there
      });
    },

    /**
     * Two periods side by side per group (decision 0063 "Comparison"): each period summed as its summary sums it
     * (the same `figures`, rollup plus the sales above the cursor, the same `sumCounts`), in one snapshot, joined
     * over every key present in either period; the change of the revenue is taken in numeric, so the order by it
     * is exact, and the page and the number of rows come from that one join.
     */
    async findComparisonPage(
      current: SalesQuery,
      earlier: SalesQuery,
      group: ComparisonGroup,
      sort: ComparisonSort,
      p: { page: number; limit: number },
    ) {
      const g = GROUPS[group];
      const w = pageWindow(p);
      const summed = (q: SalesQuery, cursor: RollupCursor) => sql`
        select ${g.key} as key, ${sumCounts(sql`s.kind`, sql`s.sales`, sql`s.pins`)},
          sum(s.face_value) as face_value, sum(s.selling_amount) as selling_amount, sum(s.buying_amount) as buying_amount
        from ${figures(q, cursor, group)}
        group by 1`;
      const side = (alias: 'c' | 'e') =>
        sql.join(
          FIGURE_COLUMNS.map((f) => sql`coalesce(${sql.raw(`${alias}.${f}`)}, 0) as ${sql.raw(`${alias}_${f}`)}`),
          sql`, `,
        );
      return atCursor(async (tx, cursor) => {
        const { rows } = await tx.execute<Omit<ComparisonRecord, 'key'> & { groups: number; key: string | null }>(sql`
          with c as (${summed(current, cursor)}), e as (${summed(earlier, cursor)}),
          joined as (
            select coalesce(c.key, e.key) as key, c.key is not null as in_current, e.key is not null as in_earlier,
              ${side('c')}, ${side('e')},
              coalesce(c.selling_amount, 0) - coalesce(e.selling_amount, 0) as change
            from c full join e on e.key = c.key
          )
          select t.groups, g.* from (select count(*)::int as groups from joined) t
          left join lateral (
            select g.*, ${g.name} as name from joined g
            order by ${COMPARISON_ORDER[sort]} limit ${w.limit} offset ${w.offset}
          ) g on true
          order by ${COMPARISON_ORDER[sort]}`);
        const items = rows.flatMap(({ groups: _, key, ...r }) => (key === null ? [] : [{ ...r, key }]));
        return { items, total: rows[0]!.groups }; // the count's row, joined on true, is always there
      });
    },

    async insertExport(e: typeof reportExports.$inferInsert) {
      const [row] = await db.insert(reportExports).values(e).returning();
      return row!; // insert … returning answers the row it inserted
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
