import { SEARCH_MIN_TEXT_LENGTH, type SearchMatch } from '@portal/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { visibleCustomers, visibleReclamations, visibleSales } from '../../db/scopes.ts';
import { indexArray, likePattern } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

/** One record found, before the service names the screen it opens. */
export type FoundRecord = {
  id: number;
  label: string;
  detail: string | null;
  match: SearchMatch;
  /** A sale's face value, an invoice's gross total, a bank line's amount; with the sale's, issue's or booking's time. */
  amount?: string | null;
  at?: Date | string | null;
  /** A user's customer (a customer's user opens its customer), an invoice's kind and month, a sale's kind. */
  customer_id?: number | null;
  own?: boolean;
  invoice_kind?: 'invoice' | 'credit_note' | 'reclamation';
  issued?: boolean;
  period_start?: string;
};

/** The text as each kind of record is matched: ids, serials, numbers and PINs whole, names as parts. */
export type SearchTerms = {
  text: string;
  id: number | null;
  /** An international phone number as stored (`+` and digits), when the text reads as one. */
  phone: string | null;
  /**
   * The blind index of the text as a whole PIN (decision 0063): no partial PIN can match it. One per key of the
   * ring, so a PIN not yet re-indexed during a key rotation is found too (decision 0148).
   */
  pinIndexes: string[];
  limit: number;
};

/** A match on a part of a name: only from two characters on (a single digit is looked up as an id only). */
const text = (t: SearchTerms, condition: SQL): SQL =>
  t.text.length >= SEARCH_MIN_TEXT_LENGTH ? sql`(${condition})` : sql`false`;

const ids = (rows: { id: number | string }[]) => rows.map((r) => ({ ...r, id: Number(r.id) }));

/** A provider sale as `s` with the columns `visibleSales` reads, like the reclamations' soft pins. */
const PROVIDER_SALE = sql`provider_sales ps cross join lateral (
  select ps.customer_id, ps.sold_by as user_id, ps.reseller_id) s`;

/**
 * The header's search (issue 39): every method filters with the scope of the screen its hits open, so a record the
 * caller could not open is never found; every exact match uses an index (`pins.serial`, `pins.pin_index`,
 * `provider_sales.mobile_number`, `invoices.invoice_no`, the primary keys).
 */
export function createSearchRepository(db: Db) {
  async function rows<T extends { id: number | string }>(query: SQL): Promise<(T & { id: number })[]> {
    const { rows: found } = await db.execute<T>(query);
    return ids(found) as (T & { id: number })[];
  }

  return {
    /** Customers the caller may see (`visibleCustomers`), by id or a part of the name or e-mail. */
    async customers(viewer: Viewer, t: SearchTerms) {
      const pattern = likePattern(t.text);
      return rows<FoundRecord>(sql`
        select customers.id, customers.name as label, customers.email as detail,
               case when customers.id = ${t.id ?? 0} then 'id' else 'name' end as match
        from customers
        where ${visibleCustomers(viewer)} and (customers.id = ${t.id ?? 0} or ${text(t, sql`customers.name ilike ${pattern} or customers.email ilike ${pattern}`)})
        order by (customers.id = ${t.id ?? 0}) desc, customers.name, customers.id limit ${t.limit}`);
    },

    /**
     * Users by a part of the username or name: the caller's own customer's (`own`, its staff screens) when
     * `ownUsers`, and the users of the customers it may see when `customerUsers` (they open their customer).
     */
    async users(viewer: Viewer, t: SearchTerms, o: { ownUsers: boolean; customerUsers: boolean }) {
      if (!o.ownUsers && !o.customerUsers) return [];
      const pattern = likePattern(t.text);
      const own = o.ownUsers ? sql`u.customer_id = ${viewer.customerId}` : sql`false`;
      const below = o.customerUsers
        ? sql`exists (select 1 from customers where customers.id = u.customer_id and ${visibleCustomers(viewer)})`
        : sql`false`;
      return rows<FoundRecord>(sql`
        select u.id, u.username as label, coalesce(nullif(u.name, ''), cu.name) as detail,
               case when u.username ilike ${pattern} then 'username' else 'name' end as match,
               u.customer_id, u.customer_id = ${viewer.customerId} as own
        from users u join customers cu on cu.id = u.customer_id
        where (${own} or ${below}) and ${text(t, sql`u.username ilike ${pattern} or u.name ilike ${pattern}`)}
        order by (u.customer_id = ${viewer.customerId}) desc, u.username, u.id limit ${t.limit}`);
    },

    /**
     * PIN sales the caller may see (`visibleSales`, as the sales lists): by sale id, by a PIN's serial, or by a
     * whole PIN's blind index, exactly as the inventory's PIN search finds a PIN.
     */
    async sales(viewer: Viewer, t: SearchTerms) {
      return rows<FoundRecord>(sql`
        select s.id, p.product_name as label, c.name as detail, f.match, s.face_value::numeric(19, 2)::text as amount,
               s.created_at as at
        from (
          select id as sale_id, 'id' as match from sales where id = ${t.id ?? 0}
          union
          select sp.sale_id, 'serial' from pins pn join sale_pins sp on sp.pin_id = pn.id where pn.serial = ${t.text}
          union
          select sp.sale_id, 'pin' from pins pn join sale_pins sp on sp.pin_id = pn.id
            where pn.pin_index = any(${indexArray(t.pinIndexes)})
        ) f
        join sales s on s.id = f.sale_id
        join products p on p.id = s.product_id
        join customers c on c.id = s.customer_id
        where ${visibleSales(viewer)}
        order by s.id desc limit ${t.limit}`);
    },

    /**
     * Provider sales (top-ups, bus tickets, soft pins) the caller may see: by id, by the phone number a top-up went
     * to (whole, as stored), or a soft pin's serial or whole PIN.
     */
    async providerSales(viewer: Viewer, t: SearchTerms) {
      return rows<FoundRecord>(sql`
        select ps.id, ps.product_name as label,
               c.name || case when ps.mobile_number <> '' then ' · ' || ps.mobile_number else '' end as detail,
               f.match, ps.retail_price::numeric(19, 2)::text as amount, ps.created_at as at
        from (
          select id as sale_id, 'id' as match from provider_sales where id = ${t.id ?? 0}
          union
          select id, 'phone' from provider_sales where ${t.phone === null ? sql`false` : sql`mobile_number = ${t.phone}`}
          union
          select sale_id, 'serial' from soft_pins where serial = ${t.text}
          union
          select sale_id, 'pin' from soft_pins where pin_index = any(${indexArray(t.pinIndexes)})
        ) f
        join ${PROVIDER_SALE} on ps.id = f.sale_id
        join customers c on c.id = ps.customer_id
        where ${visibleSales(viewer)}
        order by ps.id desc limit ${t.limit}`);
    },

    /**
     * Invoices, reclamation invoices and credit notes by their whole number: those the caller's customer issued to
     * a customer it sees (`issued`), and with `received` those it received. Numbers are per issuer, so one number
     * can be one row per issuer.
     */
    async invoices(viewer: Viewer, t: SearchTerms, o: { issued: boolean; received: boolean }) {
      if (!o.issued && !o.received) return [];
      const issued = o.issued
        ? sql`(i.issuer_customer_id = ${viewer.customerId} and exists (select 1 from customers
              where customers.id = i.recipient_customer_id and ${visibleCustomers(viewer)}))`
        : sql`false`;
      const received = o.received ? sql`i.recipient_customer_id = ${viewer.customerId}` : sql`false`;
      return rows<FoundRecord>(sql`
        select i.id, i.invoice_no as label,
               case when i.issuer_customer_id = ${viewer.customerId} then i.recipient->>'name' else i.issuer->>'name' end
                 as detail,
               'number' as match, i.gross_total::numeric(19, 2)::text as amount, i.issued_at as at,
               i.kind as invoice_kind, i.issuer_customer_id = ${viewer.customerId} as issued,
               i.period_start::text as period_start
        from invoices i
        where i.invoice_no = ${t.text.toUpperCase()} and (${issued} or ${received})
        order by i.id desc limit ${t.limit}`);
    },

    /** Reclamations by id, among those the caller's reclamation lists show (`visibleReclamations`). */
    async reclamations(viewer: Viewer, t: SearchTerms) {
      if (t.id === null) return [];
      return rows<FoundRecord>(sql`
        select r.id, s.product_name as label, c.name as detail, 'id' as match, r.created_at as at
        from reclamations r
        cross join lateral (
          select ss.user_id, p.product_name from sales ss join products p on p.id = ss.product_id where ss.id = r.sale_id
          union all
          select ps.sold_by, ps.product_name from provider_sales ps where ps.id = r.provider_sale_id
        ) s
        join customers c on c.id = r.shop_customer_id
        where r.id = ${t.id} and ${visibleReclamations(viewer)}
        limit ${t.limit}`);
    },

    /**
     * The caller's customer's bank lines of imported statements, as its bank list searches them (payer, purpose,
     * IBAN), so the list the hit opens shows them.
     */
    async bankRecords(viewer: Viewer, t: SearchTerms) {
      const pattern = likePattern(t.text);
      return rows<FoundRecord>(sql`
        select br.id, br.payer_name as label, br.purpose as detail, 'text' as match,
               br.amount::numeric(19, 2)::text as amount, br.booking_date::text as at
        from bank_records br
        where br.owner_customer_id = ${viewer.customerId} and br.deleted_at is null
          and br.import_id in (select id from bank_imports where owner_customer_id = ${viewer.customerId}
                               and confirmed_at is not null)
          and ${text(
            t,
            sql`br.payer_name ilike ${pattern} or br.purpose ilike ${pattern}
                or br.payer_iban ilike ${likePattern(t.text.replace(/\s/g, ''))}`,
          )}
        order by br.booking_date desc, br.id desc limit ${t.limit}`);
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
