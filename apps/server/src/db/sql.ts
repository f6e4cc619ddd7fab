import { type SQL, sql } from 'drizzle-orm';

/** A contains-match pattern for `ilike`: the user's `%`, `_` and `\` match themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Midnight (Berlin time) that starts a calendar day given as `YYYY-MM-DD`, as a SQL timestamptz. */
export const berlinDayStartSql = (day: string): SQL => sql`((${day}::date)::timestamp at time zone 'Europe/Berlin')`;

/** Midnight (Berlin time) that ends a calendar day: the filter `to` includes the whole day. */
export const berlinDayEndSql = (day: string): SQL =>
  sql`(((${day}::date) + 1)::timestamp at time zone 'Europe/Berlin')`;

/** The window of one page: spec section 9 pages are 1-based. */
export const pageWindow = (p: { page: number; limit: number }) => ({ limit: p.limit, offset: (p.page - 1) * p.limit });

/** Only the fields a partial update names: drizzle refuses an update whose values are all undefined. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Advisory lock class of a shop's open sales period: purchases (`portal_purchase`, same number) and a provider
 * sale's final status hold it shared, closing the day holds it exclusively, so a Z report never misses a sale
 * that was still being written when it was issued.
 */
export const SALES_PERIOD_LOCK = 5;

/**
 * Advisory lock class of an alerts scan, one per notice kind: two scans of one kind (the minute's and one asked for
 * after a threshold change) run one after the other, so neither claims a crossing from a reading older than the
 * other's clear.
 */
export const ALERTS_SCAN_LOCK = 6;

/**
 * The one definition of each count (decision 0063), for rows `s` named like `sales` and `providerSaleEvents`: `kind`
 * is `single`/`bulk` for a PIN sale, the provider's name for a provider event. Used by the reports (lists, sum rows,
 * counters, summaries, dashboards, exports), the Z report and the shop's dashboard, so "PINs" means one thing.
 * - sales: a PIN sale row (one purchase step, single or bulk) is 1; a provider sale's success +1, its refund −1
 *   (`sales` below is that signed number of the row).
 * - PINs: the PINs handed out from stock, the quantity of PIN sales; provider goods are no PINs of the stock.
 * - top-ups: the signed sales of the top-up providers (DT One, direct recharge).
 * - tickets: the signed sales of bus tickets (FlixBus).
 */
export const PIN_KINDS_SQL = sql`('single', 'bulk')`;
export const TOPUP_PROVIDERS = ['dtone', 'direct_recharge'] as const;
export const TICKET_PROVIDERS = ['flixbus'] as const;
const inList = (xs: readonly string[]) =>
  sql`(${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )})`;
export const countParts = (kind: SQL, sales: SQL, quantity: SQL) => ({
  sales,
  pins: sql`(case when ${kind} in ${PIN_KINDS_SQL} then ${quantity} else 0 end)`,
  topups: sql`(case when ${kind} in ${inList(TOPUP_PROVIDERS)} then ${sales} else 0 end)`,
  tickets: sql`(case when ${kind} in ${inList(TICKET_PROVIDERS)} then ${sales} else 0 end)`,
});
/** The four counts summed, as `sales`, `pins`, `topups`, `tickets`. */
export const sumCounts = (kind: SQL, sales: SQL, quantity: SQL): SQL => {
  const c = countParts(kind, sales, quantity);
  return sql`coalesce(sum(${c.sales}), 0)::int as sales, coalesce(sum(${c.pins}), 0)::int as pins,
    coalesce(sum(${c.topups}), 0)::int as topups, coalesce(sum(${c.tickets}), 0)::int as tickets`;
};

/**
 * The final provider sales as events, named like the columns of `sales` (decision 0102): a sale's success entry
 * (+1) and, after a reversal, its refund entry (−1), each at its entry's id and time. Amounts are per unit in EUR
 * (the retail price F as face value), so `quantity` (the sign) turns them into the event's figures as for a sale;
 * `total_cost` is the event's own, signed, like a sale's total.
 * A sale that failed, or was reversed before it completed, has neither and never counts. `entries` narrows the
 * journal entries read (a cursor, a range).
 */
export const providerSaleEvents = (entries: (entryId: SQL) => SQL = () => sql`true`): SQL => sql`(
  select je.id as entry_id, ps.id, je.created_at, ps.customer_id, ps.reseller_id, ps.sold_by as user_id,
    0 as product_id, 0 as configuration_id, ps.provider as kind, 1 as quantity, false as refund,
    ps.retail_price as face_value, ps.seller_price, ps.reseller_price, ps.provider_cost as total_cost,
    ps.platform_id as owner_customer_id, ps.product_name, ps.operator_name, ps.mobile_number
  from provider_sales ps join journal_entries je on je.id = ps.final_entry_id
  where je.kind = 'provider_success' and ${entries(sql`je.id`)}
  union all
  select je.id, ps.id, je.created_at, ps.customer_id, ps.reseller_id, ps.sold_by, 0, 0, ps.provider, -1, true,
    ps.retail_price, ps.seller_price, ps.reseller_price, -ps.provider_cost, ps.platform_id, ps.product_name,
    ps.operator_name, ps.mobile_number
  from provider_sales ps join journal_entries je on je.id = ps.refund_entry_id
  where ${entries(sql`je.id`)}
)`;

/**
 * Blind indexes as a `text[]` for `= any(…)` (hex digits, a key id and a colon: nothing to quote): a PIN search or
 * duplicate check compares with the PIN's index under every key of the ring (decision 0148).
 */
export const indexArray = (indexes: readonly string[]): SQL => {
  if (indexes.some((i) => !/^(\d{1,3}:)?[0-9a-f]{64}$/.test(i))) throw new Error('not a PIN blind index');
  return sql`${`{${indexes.join(',')}}`}::text[]`;
};

/**
 * A stock product's VAT treatment and rate in force at `at` (decision 0132): the latest history entry not after it.
 * The first entry is valid since ever, so every sale finds one.
 */
export const vatAt = (productId: SQL, at: SQL) => sql`(
  select h.vat_treatment, h.vat_rate from product_vat_history h
  where h.product_id = ${productId} and h.valid_from <= ${at}
  order by h.valid_from desc limit 1)`;

/**
 * The entry in force for a provider sale's goods at `at` (decision 0132): a soft pin's dynamic product's own latest
 * entry not after `at`, else its provider's. `dynamicProductId` is 0 for every provider but soft pins.
 */
export const providerVatAt = (provider: SQL, dynamicProductId: SQL, at: SQL) => sql`(
  select t.treatment, t.vat_rate, t.carrier from provider_vat_treatments t
  where t.provider = ${provider} and t.dynamic_product_id in (0, ${dynamicProductId}) and t.valid_from <= ${at}
  order by (t.dynamic_product_id <> 0) desc, t.valid_from desc limit 1)`;

/** A provider sale's dynamic product (soft pins keep it in `operator_id`, decision 0104), 0 for the others. */
export const dynamicProductOf = (ps: string) =>
  sql.raw(`(case when ${ps}.provider = 'softpin' then ${ps}.operator_id else 0 end)`);
