import type { ProductType } from '@portal/contract/products';
import { PIN_SALE_KIND, PROVIDER_SALE_KIND } from '@portal/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { berlinDayEndSql, berlinDayStartSql, providerSaleEvents } from '../../db/sql.ts';

export interface SalesFilter {
  customerId: number;
  userId?: number;
  from?: string;
  to?: string;
  productType?: ProductType;
  configurationId?: number;
  saleKind?: string;
}

/**
 * A purchase of several steps is listed once, as its first sale with the steps' totals; the others are in its
 * `sale_ids`. Steps run one after another, so the first step is also the earliest.
 */
const FIRST_OF_PURCHASE = sql`(s.purchase_group is null or not exists (
  select 1 from sales e where e.purchase_group = s.purchase_group and e.customer_id = s.customer_id and e.id < s.id))`;

/** The shop, seller and Berlin days both lists filter by, on the alias of their rows (`s` or `e`). */
function shopAndPeriod(alias: 's' | 'e', f: SalesFilter): (SQL | undefined)[] {
  const a = sql.raw(alias);
  return [
    sql`${a}.customer_id = ${f.customerId}`,
    f.userId !== undefined ? sql`${a}.user_id = ${f.userId}` : undefined,
    f.from ? sql`${a}.created_at >= ${berlinDayStartSql(f.from)}` : undefined,
    f.to ? sql`${a}.created_at < ${berlinDayEndSql(f.to)}` : undefined,
  ];
}

/** The filter's sales (`s`, with its product `p`); none when it asks for provider goods only. */
function salesWhere(f: SalesFilter): SQL {
  return sql.join(
    [
      ...shopAndPeriod('s', f),
      f.productType ? sql`p.product_type = ${f.productType}` : undefined,
      f.configurationId ? sql`s.configuration_id = ${f.configurationId}` : undefined,
      f.saleKind !== undefined && f.saleKind !== PIN_SALE_KIND ? sql`false` : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );
}

/**
 * The filter's provider sale events (`e`, decision 0102): none under a product type or denomination, which
 * provider goods do not have, or when the filter asks for PINs.
 */
function eventsWhere(f: SalesFilter): SQL {
  return sql.join(
    [
      ...shopAndPeriod('e', f),
      f.productType || f.configurationId || f.saleKind === PIN_SALE_KIND ? sql`false` : undefined,
      f.saleKind !== undefined && f.saleKind !== PIN_SALE_KIND && f.saleKind !== PROVIDER_SALE_KIND
        ? sql`e.kind = ${f.saleKind}`
        : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );
}

/**
 * The selling repository's SQL of the shop's sales list: its purchases beside its provider sale events. Part of
 * `createSellingRepository`, kept apart for its size.
 */
export function createSalesListQueries(db: Db) {
  return {
    /**
     * The shop's purchases and provider sale events, newest first. Each source is ordered and cut on its own; rows of
     * the same microsecond come provider events first (`src` 1), as in the sales reports.
     */
    async findSalesPage(f: SalesFilter, p: { limit: number; offset: number }) {
      const where = salesWhere(f);
      const events = eventsWhere(f);
      const n = p.limit + p.offset;
      const [items, total] = await Promise.all([
        db.execute<{
          id: number;
          created_at: Date;
          kind: 'single' | 'bulk' | null;
          sale_kind: string;
          refund: boolean;
          operator_name: string | null;
          mobile_number: string | null;
          product_id: number;
          product_name: string;
          product_type: ProductType | null;
          configuration_id: number;
          face_value: string;
          seller_price: string;
          quantity: number;
          total_value: string;
          total_price: string;
          sale_ids: number[];
          user_id: number;
          username: string;
          download_id: string | null;
        }>(sql`
          select x.id, x.created_at, x.kind, x.sale_kind, x.refund, x.operator_name, x.mobile_number, x.product_id,
            x.product_name, x.product_type, x.configuration_id, x.face_value, x.seller_price, x.quantity, x.total_value,
            x.total_price, x.sale_ids, x.user_id, x.username, x.download_id
          from (
            (select 0 as src, s.id as ord, s.id, s.created_at, s.kind, ${PIN_SALE_KIND} as sale_kind, false as refund,
              null::text as operator_name, null::text as mobile_number, p.id as product_id, p.product_name,
              p.product_type, s.configuration_id, s.face_value, s.seller_price,
              coalesce(g.quantity, s.quantity) as quantity,
              coalesce(g.total_value, s.face_value * s.quantity) as total_value,
              coalesce(g.total_price, s.seller_price * s.quantity) as total_price,
              coalesce(g.sale_ids, array[s.id]) as sale_ids, s.user_id, u.username, d.id as download_id
            from sales s
            join products p on p.id = s.product_id
            join users u on u.id = s.user_id
            left join sale_downloads d on d.sale_id = s.id
            left join lateral (
              select sum(gs.quantity)::int as quantity, sum(gs.face_value * gs.quantity) as total_value,
                sum(gs.seller_price * gs.quantity) as total_price, array_agg(gs.id order by gs.id) as sale_ids
              from sales gs where gs.purchase_group = s.purchase_group and gs.customer_id = s.customer_id
            ) g on s.purchase_group is not null
            where ${where} and ${FIRST_OF_PURCHASE}
            order by s.created_at desc, s.id desc
            limit ${n})
            union all
            (select 1, e.entry_id, e.id, e.created_at, null, e.kind, e.refund, e.operator_name, e.mobile_number, 0,
              e.product_name, null, 0, e.face_value, e.seller_price, e.quantity, e.face_value * e.quantity,
              e.seller_price * e.quantity, array[]::bigint[], e.user_id, u.username, null
            from ${providerSaleEvents()} e join users u on u.id = e.user_id
            where ${events}
            order by e.created_at desc, e.entry_id desc
            limit ${n})
          ) x
          order by x.created_at desc, x.src desc, x.ord desc
          limit ${p.limit} offset ${p.offset}`),
        db.execute<{ n: number }>(sql`
          select (select count(*)::int from sales s join products p on p.id = s.product_id
                  where ${where} and ${FIRST_OF_PURCHASE})
            + (select count(*)::int from ${providerSaleEvents()} e where ${events}) as n`),
      ]);
      return {
        items: items.rows.map((r) => ({ ...r, id: Number(r.id), sale_ids: r.sale_ids.map(Number) })),
        total: total.rows[0]!.n, // a select of a sum of counts answers one row
      };
    },
  };
}
