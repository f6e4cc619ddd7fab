import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { visibleStockOwners } from '../../db/scopes.ts';
import { berlinDayEndSql, PIN_KINDS_SQL, providerSaleEvents } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

/** Where the sales rollup has come (decision 0065): sales and provider entries above it are read raw. */
interface Cursor {
  sales: number;
  providerEntries: number;
}

export type StockValueRecord = {
  owner_customer_id: number;
  owner_name: string;
  product_id: number;
  product_name: string;
  product_type: string;
  configuration_id: number;
  value: string;
  pins: number;
  stock_value: string;
};

export type SupplierDebtRecord = {
  source: 'supplier' | 'provider';
  supplier_id: number | null;
  provider: string | null;
  name: string;
  /** PINs taken into stock from a supplier; signed provider sales (a refund −1) of a provider. */
  quantity: number;
  debt: string;
};

/**
 * The books at the end of a Berlin day (decision 0136): the stock value per owner and denomination and what the
 * platform owes its suppliers and providers. Both read the same two sources as the ledger lines they equal: the
 * approvals' `stock_import` entries (inventory +C × n, supplier payables −C × n), and the sales' cost as the sales
 * rollup keeps it plus the sales above its cursor (a sale's entry moves exactly its `total_cost` from inventory to
 * cost of sales; a provider success books its `provider_cost` against supplier payables, a refund undoes it). So a
 * report reads a few thousand approvals and the rollup's days, never the millions of sale lines.
 */
export function createBooksRepository(readDb: Db) {
  /** The cursor and the figures in one repeatable-read snapshot, as the sales reports read them. */
  const atCursor = <T>(read: (tx: Tx, cursor: Cursor) => Promise<T>): Promise<T> =>
    readDb.transaction(
      async (tx) => {
        const { rows } = await tx.execute<{ last_sale_id: string; last_provider_entry_id: string }>(
          sql`select last_sale_id, last_provider_entry_id from sales_rollup_cursor where id = 1`,
        );
        return read(tx, {
          sales: Number(rows[0]?.last_sale_id ?? 0),
          providerEntries: Number(rows[0]?.last_provider_entry_id ?? 0),
        });
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

  /** The approvals booked before the end of the day, with the amount of their line on `account`. */
  const approvals = (day: string, account: 'inventory' | 'supplier_payables', owner: SQL) => sql`
    select i.owner_customer_id, i.configuration_id, i.supplier_id, i.imported_pins, l.amount
    from inventory_imports i
    join journal_entries je on je.id = i.entry_id
    join ledger_lines l on l.entry_id = je.id and l.account = ${account}
    where i.entry_id is not null and je.created_at < ${berlinDayEndSql(day)} and ${owner}`;

  return {
    /**
     * The PINs in stock at the end of `day` and their cost, per owner and denomination: approved (the approvals'
     * inventory lines) less sold (the sales' `total_cost`, rolled up by day or read raw above the cursor).
     * The viewer's owners (`visibleStockOwners`), `ownerId` narrowing them to one owner's stock (none when that
     * owner is outside them).
     */
    async findStockValue(day: string, viewer: Viewer, ownerId?: number): Promise<StockValueRecord[]> {
      const owners = visibleStockOwners(viewer);
      const ownerIs = (column: SQL) =>
        sql.join(
          [
            owners === 'all' ? sql`true` : owners(column),
            ownerId === undefined ? sql`true` : sql`${column} = ${ownerId}`,
          ],
          sql` and `,
        );
      const owner = ownerIs(sql`i.owner_customer_id`);
      const ownProducts =
        owners === 'all' && ownerId === undefined
          ? sql`true`
          : sql`s.product_id in (select op.id from products op where ${ownerIs(sql`op.owner_customer_id`)})`;
      return atCursor(async (tx, cursor) => {
        const { rows } = await tx.execute<StockValueRecord>(sql`
          with moved as (
            select a.configuration_id, a.imported_pins::bigint as pins, a.amount as cost
            from (${approvals(day, 'inventory', owner)}) a
            union all
            select s.configuration_id, -s.pins, -s.platform_cost from sales_rollup s
            where s.grain = 3 and s.day <= ${day}::date and s.kind in ${PIN_KINDS_SQL} and ${ownProducts}
            union all
            select s.configuration_id, -s.quantity, -s.total_cost from sales s
            where s.id > ${cursor.sales} and s.created_at < ${berlinDayEndSql(day)} and s.kind in ${PIN_KINDS_SQL}
              and ${ownProducts}
          ), summed as (
            select configuration_id, sum(pins)::int as pins, sum(cost) as stock_value from moved group by 1
          )
          select pr.owner_customer_id, o.name as owner_name, pr.id as product_id, pr.product_name, pr.product_type,
            c.id as configuration_id, c.value, m.pins, m.stock_value
          from summed m
          join product_configurations c on c.id = m.configuration_id
          join products pr on pr.id = c.product_id
          join customers o on o.id = pr.owner_customer_id
          where m.pins <> 0 or m.stock_value <> 0
          order by pr.owner_customer_id = ${ownerId ?? 0} desc, o.name, pr.owner_customer_id, pr.product_name, pr.id,
            c.value, c.id`);
        return rows;
      });
    },

    /**
     * What the platform owes at the end of `day`: per supplier the cost of the PINs it took into stock from it
     * (its approvals' supplier payables lines), per provider the signed cost of its final sales (success − refund).
     * No payment to a supplier is booked in the portal, so the debt is what was bought.
     */
    async findSupplierDebt(day: string, platformId: number): Promise<SupplierDebtRecord[]> {
      return atCursor(async (tx, cursor) => {
        const { rows } = await tx.execute<SupplierDebtRecord>(sql`
          select 'supplier' as source, a.supplier_id, null as provider, coalesce(sp.full_name, '') as name,
            sum(a.imported_pins)::int as quantity, -sum(a.amount) as debt
          from (${approvals(day, 'supplier_payables', sql`i.owner_customer_id = ${platformId}`)}) a
          left join suppliers sp on sp.id = a.supplier_id
          group by a.supplier_id, sp.full_name
          union all
          select 'provider', null, e.kind, e.kind, sum(e.sales)::int, sum(e.cost)
          from (
            select s.kind, s.sales, s.platform_cost as cost from sales_rollup s
            where s.grain = 3 and s.day <= ${day}::date and s.kind not in ${PIN_KINDS_SQL}
            union all
            select s.kind, s.quantity, s.total_cost
            from ${providerSaleEvents((id) => sql`${id} > ${cursor.providerEntries}`)} s
            where s.created_at < ${berlinDayEndSql(day)}
          ) e
          group by e.kind
          having sum(e.cost) <> 0 or sum(e.sales) <> 0
          order by 1 desc, 4, 2`);
        return rows;
      });
    },
  };
}
export type BooksRepository = ReturnType<typeof createBooksRepository>;
