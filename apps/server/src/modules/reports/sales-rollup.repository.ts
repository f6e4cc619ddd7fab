import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { providerSaleEvents } from '../../db/sql.ts';
import { platformCost, platformRevenue } from './sales.queries.ts';

/**
 * The SQL of the sales rollup (decision 0065): which sales are settled, and adding a range of them to
 * `sales_rollup` together with the cursor. Always on the primary, which the rollup is written to.
 */
/**
 * The append-only tables read after a cursor by increasing id: the sales (the rollup, the partner events), and the
 * journal entries and notices (the partner events, decision 0097).
 */
export type CursorTable = 'sales' | 'journal_entries' | 'notices';

/**
 * Adds rows named like the sales' columns (`rows`, as `s`, each with `sales` and `pins`) to the rollup at its four
 * grains; a row of a key already there adds to it. The shop months (grain 4) sum the same rows by calendar month, so
 * they always hold exactly what the shop days of that month hold.
 */
const addToRollup = (rows: SQL) => sql`
  insert into sales_rollup as r (grain, day, reseller_id, customer_id, user_id, product_id, configuration_id,
    kind, sales, pins, face_value, seller_amount, platform_cost, reseller_cost, platform_revenue, platform_own_cost)
  select case when grouping(s.day) = 1 then 4 when grouping(s.customer_id) = 0 then 1
      when grouping(s.reseller_id) = 0 then 2 else 3 end,
    coalesce(s.day, s.month), coalesce(s.reseller_id, 0), coalesce(s.customer_id, 0), coalesce(s.user_id, 0),
    coalesce(s.product_id, 0), coalesce(s.configuration_id, 0), s.kind, sum(s.sales), sum(s.pins),
    sum(s.face_value * s.quantity), sum(s.seller_price * s.quantity), sum(s.total_cost),
    sum(case when s.owner_customer_id = s.reseller_id then s.total_cost else s.reseller_price * s.quantity end),
    sum(${platformRevenue}), sum(${platformCost})
  from (select r.*, date_trunc('month', r.day)::date as month from ${rows} r) s
  group by grouping sets (
    (s.day, s.product_id, s.configuration_id, s.kind, s.reseller_id, s.customer_id, s.user_id),
    (s.day, s.product_id, s.configuration_id, s.kind, s.reseller_id),
    (s.day, s.product_id, s.configuration_id, s.kind),
    (s.month, s.kind, s.reseller_id, s.customer_id))
  on conflict on constraint sales_rollup_pk do update set
    sales = r.sales + excluded.sales,
    pins = r.pins + excluded.pins,
    face_value = r.face_value + excluded.face_value,
    seller_amount = r.seller_amount + excluded.seller_amount,
    platform_cost = r.platform_cost + excluded.platform_cost,
    -- null only while every sale of the row had none, as sum() over the sales themselves
    reseller_cost = coalesce(r.reseller_cost + excluded.reseller_cost, r.reseller_cost, excluded.reseller_cost),
    platform_revenue = r.platform_revenue + excluded.platform_revenue,
    platform_own_cost = r.platform_own_cost + excluded.platform_own_cost`;

export function createSalesRollupRepository(db: Db) {
  return {
    /** The highest id committed so far in the table (0 when empty). */
    async findLastId(table: CursorTable = 'sales'): Promise<number> {
      const { rows } = await db.execute<{ id: string | null }>(sql`select max(id) as id from ${sql.identifier(table)}`);
      return Number(rows[0]!.id ?? 0); // max() answers one row
    },

    /**
     * The transactions (virtual ids) of other sessions that may write the table now. Every insert takes this lock
     * on the table before its id is drawn from the sequence and keeps it until it commits or rolls back.
     */
    async findWriters(table: CursorTable = 'sales'): Promise<string[]> {
      const { rows } = await db.execute<{ vxid: string }>(sql`
        select distinct virtualtransaction as vxid from pg_locks
        where locktype = 'relation' and database = (select oid from pg_database where datname = current_database())
          and relation = ${table}::regclass and mode = 'RowExclusiveLock' and pid is distinct from pg_backend_pid()`);
      return rows.map((r) => r.vxid);
    },

    /** Whether any of these transactions still holds its lock on the table. */
    async anyStillWriting(vxids: string[], table: CursorTable = 'sales'): Promise<boolean> {
      if (vxids.length === 0) return false;
      const { rows } = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from pg_locks
        where locktype = 'relation' and relation = ${table}::regclass and mode = 'RowExclusiveLock'
          and virtualtransaction in (${sql.join(
            vxids.map((v) => sql`${v}`),
            sql`, `,
          )})`);
      return rows[0]!.n > 0; // count(*) answers one row
    },

    /**
     * Adds the sales after the cursor up to `upTo` (at most `limit` ids) to the rollup at its four grains and
     * moves the cursor, in one transaction: a crash leaves both as they were. The cursor row is locked first, so
     * two copies of the job take turns and never add a sale twice. Returns the new cursor.
     */
    async rollUp(upTo: number, limit: number, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ last_sale_id: string }>(
          sql`select last_sale_id from sales_rollup_cursor where id = 1 for update`,
        );
        const [cursor] = rows;
        if (!cursor) throw new Error('the rollup cursor row is missing'); // migration 0024 inserts it
        const from = Number(cursor.last_sale_id);
        const to = Math.min(upTo, from + limit);
        if (to <= from) return from;
        await tx.execute(
          addToRollup(sql`(select (created_at at time zone 'Europe/Berlin')::date as day, 1 as sales, quantity as pins, *
            from sales where id > ${from} and id <= ${to})`),
        );
        await tx.execute(
          sql`update sales_rollup_cursor set last_sale_id = ${to}, rolled_up_at = ${now.toISOString()} where id = 1`,
        );
        return to;
      });
    },

    /**
     * Adds the provider sales' success and refund entries after the provider cursor up to `upTo` (at most `limit`
     * ids of `journal_entries`) to the rollup and moves that cursor, in one transaction, as `rollUp` does for the
     * sales (decision 0102). A refund adds −1 sale on its own day. Returns the new cursor.
     */
    async rollUpProviderSales(upTo: number, limit: number, now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ last_provider_entry_id: string }>(
          sql`select last_provider_entry_id from sales_rollup_cursor where id = 1 for update`,
        );
        const [cursor] = rows;
        if (!cursor) throw new Error('the rollup cursor row is missing'); // migration 0024 inserts it
        const from = Number(cursor.last_provider_entry_id);
        const to = Math.min(upTo, from + limit);
        if (to <= from) return from;
        await tx.execute(
          addToRollup(sql`(select (created_at at time zone 'Europe/Berlin')::date as day, quantity as sales, 0 as pins, *
            from ${providerSaleEvents((id) => sql`${id} > ${from} and ${id} <= ${to}`)} e)`),
        );
        await tx.execute(
          sql`update sales_rollup_cursor set last_provider_entry_id = ${to}, rolled_up_at = ${now.toISOString()}
              where id = 1`,
        );
        return to;
      });
    },
  };
}
export type SalesRollupRepository = ReturnType<typeof createSalesRollupRepository>;
