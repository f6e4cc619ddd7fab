import type { InvoiceKind, InvoiceLineKind } from '@portal/contract/invoices';
import type { LegalForm, RegisterType } from '@portal/contract/legal-ids';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { invoiceFiles, invoiceHolds, invoiceLines, invoices } from '../../db/schema/invoices.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import {
  berlinDayEndSql,
  berlinDayStartSql,
  dynamicProductOf,
  likePattern,
  pageWindow,
  providerVatAt,
  vatAt,
} from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';
import type { IssuedFiles } from './invoice-files.ts';
import { type InvoicePart, partOf } from './invoice-parts.ts';
import { createInvoiceRunsRepository, intArray } from './invoice-runs.repository.ts';

/** A Berlin calendar month as the invoices store it: first and last day, both included. */
export interface Period {
  start: string;
  end: string;
}

/**
 * The invoices of one list: of one kind, issued by the `issuer`'s customer to the customers it sees
 * (`visibleCustomers`) or received by `recipientId` (both: issued to that one recipient), of one month (its first
 * day) or all.
 */
export type InvoiceList = { kind: InvoiceKind; month?: string; recipientId?: number; issuer?: Viewer };

export type PartyRecord = {
  id: number;
  parent_id: number | null;
  account_role: number;
  name: string;
  legal_name: string | null;
  address: { address: string; house_no: string; postal: string; city: string } | null;
  email: string | null;
  vat_id: string | null;
  tax_number: string | null;
  legal_form: LegalForm | null;
  seat: string | null;
  economic_id: string | null;
  register_court: string | null;
  register_type: RegisterType | null;
  register_number: string | null;
  managing_directors: string | null;
  gln: string | null;
  iban: string | null;
  bic: string | null;
  invoice_logo: string | null;
  invoice_header_image: string | null;
  invoice_footer_image: string | null;
  /** The customer's main user: the e-invoice's contact (BT-41..43) and the mail's fallback address. */
  contact_name: string | null;
  phone: string | null;
  contact_email: string | null;
};

export type PurchaseLineRecord = {
  line_kind: InvoiceLineKind;
  product_id: number;
  configuration_id: number;
  product_name: string;
  face_value: string;
  unit_price: string;
  quantity: number;
  gross_amount: string;
  vat_treatment: 'mpv' | 'spv' | 'carrier';
  vat_rate: string;
};

const between = (column: SQL, p: Period) =>
  sql`${column} >= ${berlinDayStartSql(p.start)} and ${column} < ${berlinDayEndSql(p.end)}`;

/**
 * A provider sale's treatment and rate on an invoice line (decision 0132). A fare sold in the carrier's name is not
 * the issuer's supply: no VAT of the issuer's on it (rate 0 on the line; the carrier's rate is on the ticket). A
 * provider without an entry (none: the migration gives each one) would be what all provider goods were before, a
 * multi-purpose voucher.
 */
export const providerVatColumns = sql`coalesce(v.treatment, 'mpv') as vat_treatment,
  (case when v.treatment = 'spv' then v.vat_rate else 0 end)::numeric(5, 2) as vat_rate`;

/**
 * A recipient's purchases in a period at its own buying price (DOMAIN.md "A sale", decision 0096), with the name
 * and VAT treatment each line carries. `c` is the recipient's customers row.
 * - PINs from stock, by sale time: a reseller pays R for the platform's stock its shops sell, a shop pays S; each
 *   sale with the product's VAT treatment in force when it was sold (a later change never re-classifies it).
 * - A shop's hardware orders from its reseller, by order time, unless cancelled: goods, taxed at 19 %.
 * - Provider sales (top-ups, soft pins, bus tickets), by the time they became final and successful, at R or S: the
 *   platform's goods, with the provider's (or the soft pin's dynamic product's) VAT treatment in force when the
 *   sale was made (decision 0132). A reversal after that is a refund, not taken off an issued invoice.
 */
const purchasesOf = (p: Period) => sql`
  select 'voucher' as line_kind, s.product_id, s.configuration_id, pr.product_name, s.face_value,
         s.reseller_price as unit_price, s.quantity, v.vat_treatment, v.vat_rate
    from sales s join products pr on pr.id = s.product_id
    cross join lateral ${vatAt(sql`s.product_id`, sql`s.created_at`)} v
    where c.account_role = 1 and s.reseller_id = c.id and s.reseller_price is not null
      and ${between(sql`s.created_at`, p)}
  union all
  select 'voucher', s.product_id, s.configuration_id, pr.product_name, s.face_value, s.seller_price, s.quantity,
         v.vat_treatment, v.vat_rate
    from sales s join products pr on pr.id = s.product_id
    cross join lateral ${vatAt(sql`s.product_id`, sql`s.created_at`)} v
    where c.account_role = 2 and s.customer_id = c.id and s.reseller_id = c.parent_id
      and ${between(sql`s.created_at`, p)}
  union all
  select 'hardware', h.product_id, 0, h.product_name, h.unit_price, h.unit_price, h.quantity, 'spv', 19
    from hardware_orders h
    where c.account_role = 2 and h.customer_id = c.id and h.reseller_id = c.parent_id
      and ${notLeftOut(sql`h.refund_entry_id`)} and ${between(sql`h.created_at`, p)}
  union all
  select 'topup', ps.product_id, 0, ps.product_name, ps.retail_price, ps.reseller_price, 1, ${providerVatColumns}
    from provider_sales ps
    left join lateral ${providerVatAt(sql`ps.provider`, dynamicProductOf('ps'), sql`ps.created_at`)} v on true
    where c.account_role = 1 and ps.reseller_id = c.id and ps.reseller_price is not null
      and ${soldTopup} and ${notLeftOut(sql`ps.refund_entry_id`)} and ${between(sql`ps.final_at`, p)}
  union all
  select 'topup', ps.product_id, 0, ps.product_name, ps.retail_price, ps.seller_price, 1, ${providerVatColumns}
    from provider_sales ps
    left join lateral ${providerVatAt(sql`ps.provider`, dynamicProductOf('ps'), sql`ps.created_at`)} v on true
    where c.account_role = 2 and ps.customer_id = c.id and ps.reseller_id = c.parent_id
      and ${soldTopup} and ${notLeftOut(sql`ps.refund_entry_id`)} and ${between(sql`ps.final_at`, p)}`;

/**
 * A top-up that was sold: successful, or refunded after its success (its final entry is the success). One reversed
 * while still pending is `refunded` too, but its reservation was released and nothing was ever charged. (A soft pin
 * reclaimed and then reversed by its provider is `refunded` without a refund entry: sold, and refunded by its
 * reclamation's credit note, issue 37.)
 */
const soldTopup = sql`(ps.status = 'successful' or (ps.status = 'refunded' and exists (
  select 1 from journal_entries fe where fe.id = ps.final_entry_id and fe.kind = 'provider_success')))`;

/** Not refunded before its invoice was issued (`invoice_left_out_refunds`, decision 0096); `c` is the recipient. */
const notLeftOut = (refundEntry: SQL) => sql`not exists (
  select 1 from invoice_left_out_refunds lo
  where lo.refund_entry_id = ${refundEntry} and lo.issuer_customer_id = c.parent_id)`;

/**
 * Every leg of every refund of an invoiced purchase (decision 0096): the refund's journal entry, who invoiced whom,
 * the line as the invoice listed it, with the VAT treatment in force when it was sold (decision 0132, the same
 * look-up as purchasesOf, so the same answer: entries are never backdated) and when it was sold (its invoice's
 * month). A cancelled hardware order has one leg (shop ← reseller); a top-up reversed after its success one per
 * party that paid (shop ← reseller, and reseller ← platform for the platform's goods). Reclamations have their own
 * credit notes (decision 0091).
 */
const refundLegs = sql`
  select h.refund_entry_id as entry_id, h.reseller_id as issuer_id, h.customer_id as recipient_id,
         'hardware' as line_kind, h.product_id, h.product_name, h.unit_price as face_value, h.unit_price,
         h.quantity, h.created_at as sold_at, 'spv' as vat_treatment, 19::numeric(5, 2) as vat_rate
    from hardware_orders h where h.refund_entry_id is not null
  union all
  select ps.refund_entry_id, ps.reseller_id, ps.customer_id, 'topup', ps.product_id, ps.product_name,
         ps.retail_price, ps.seller_price, 1, ps.final_at, ${providerVatColumns}
    from provider_sales ps
    left join lateral ${providerVatAt(sql`ps.provider`, dynamicProductOf('ps'), sql`ps.created_at`)} v on true
    where ps.refund_entry_id is not null
  union all
  select ps.refund_entry_id, r.parent_id, ps.reseller_id, 'topup', ps.product_id, ps.product_name,
         ps.retail_price, ps.reseller_price, 1, ps.final_at, ${providerVatColumns}
    from provider_sales ps join customers r on r.id = ps.reseller_id
    left join lateral ${providerVatAt(sql`ps.provider`, dynamicProductOf('ps'), sql`ps.created_at`)} v on true
    where ps.refund_entry_id is not null and ps.reseller_price is not null`;

/** A leg neither left out nor corrected yet. `x` is a refund leg. */
const unsettled = sql`
  not exists (select 1 from invoice_left_out_refunds lo
              where lo.refund_entry_id = x.entry_id and lo.issuer_customer_id = x.issuer_id)
  and not exists (select 1 from invoices k
                  where k.refund_entry_id = x.entry_id and k.issuer_customer_id = x.issuer_id)`;

/** One leg of a refund to settle (see refundLegs). */
export type RefundLegRecord = {
  entry_id: number;
  issuer_id: number;
  recipient_id: number;
  line_kind: 'hardware' | 'topup';
  product_id: number;
  product_name: string;
  face_value: string;
  unit_price: string;
  quantity: number;
  /** The treatment in force when it was sold, as its invoice line carries it (decision 0132). */
  vat_treatment: 'mpv' | 'spv' | 'carrier';
  vat_rate: string;
  /** The first day of the Berlin month it was sold in: its invoice's period. */
  month_start: string;
  /** The refund's time. */
  refunded_at: Date | string;
};

/**
 * A recipient's credit notes from its issuer issued in a period, line by line as they were frozen: what a
 * reclamation invoice sums up. `c` is the recipient's customers row.
 */
const creditNotesOf = (p: Period) => sql`
  select l.line_kind, l.product_id, l.configuration_id, l.face_value, l.unit_price, l.quantity, l.product_name, l.vat_treatment,
         l.vat_rate
    from invoices cn join invoice_lines l on l.invoice_id = cn.id
    where cn.kind = 'credit_note' and cn.recipient_customer_id = c.id and cn.issuer_customer_id = c.parent_id
      and ${between(sql`cn.issued_at`, p)}`;

/** The recipient's lines of a source, one per kind, product, value, price and VAT (a changed price: two lines). */
const linesOf = (source: SQL, recipientId: number) => sql`
  select x.line_kind, x.product_id, x.configuration_id, x.product_name, x.face_value, x.unit_price,
         sum(x.quantity)::int as quantity, sum(x.unit_price * x.quantity) as gross_amount, x.vat_treatment,
         x.vat_rate::numeric(5, 2)::text as vat_rate
  from customers c
  cross join lateral (${source}) x
  where c.id = ${recipientId}
  group by x.line_kind, x.product_id, x.configuration_id, x.product_name, x.face_value, x.unit_price,
           x.vat_treatment, x.vat_rate
  order by x.line_kind desc, x.product_name, x.face_value, x.configuration_id, x.unit_price`;

/** What a document of the kind sums up for the recipient `c`: its purchases, or its credit notes. */
const sourceOf = (kind: IssuedKind, p: Period) => (kind === 'invoice' ? purchasesOf(p) : creditNotesOf(p));

/**
 * A number series (issue 35): `RE` invoices, `RK` corrections (Rechnungskorrektur/Stornorechnung), `RS` the monthly
 * overviews of corrections, which are no invoices and so in no invoice series.
 */
export type Series = 'RE' | 'RK' | 'RS';

/** The documents issued per recipient and month. */
export type IssuedKind = 'invoice' | 'reclamation';

export function createInvoicesRepository(db: Db) {
  return {
    async findParty(customerId: number, tx: Tx = db): Promise<PartyRecord | undefined> {
      const { rows } = await tx.execute<PartyRecord>(sql`
        select c.id, c.parent_id, c.account_role, c.name, c.legal_name, c.address, c.email, c.vat_id, c.tax_number,
               c.legal_form, c.seat, c.economic_id, c.register_court, c.register_type, c.register_number,
               c.managing_directors, c.gln, c.iban, c.bic, c.invoice_logo,
               c.invoice_header_image, c.invoice_footer_image,
               nullif(u.name, '') as contact_name, coalesce(u.mobile, c.alternative_mobiles[1]) as phone,
               u.email as contact_email
        from customers c
        left join lateral (select name, mobile, email from users
                           where customer_id = c.id and is_main and is_active order by id limit 1) u on true
        where c.id = ${customerId}`);
      return rows[0];
    },

    /** Of `ids`, the customers directly below the issuer's customer that the issuer may see, in id order. */
    async findRecipients(issuer: Viewer, ids: number[]): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`
        select id from customers where parent_id = ${issuer.customerId} and id = any(${intArray(ids)})
          and ${visibleCustomers(issuer)} order by id`);
      return rows.map((r) => r.id);
    },

    /** Customers directly below the issuer with purchases in the period, for the monthly run. */
    async findBuyingRecipients(issuerId: number, p: Period): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`
        select c.id from customers c
        where c.parent_id = ${issuerId} and exists (select 1 from (${purchasesOf(p)}) x)
        order by c.id`);
      return rows.map((r) => r.id);
    },

    /** Customers directly below the issuer that it wrote credit notes to in the period: the monthly reclamation run. */
    async findCreditedRecipients(issuerId: number, p: Period): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`
        select c.id from customers c
        where c.parent_id = ${issuerId} and exists (select 1 from (${creditNotesOf(p)}) x)
        order by c.id`);
      return rows.map((r) => r.id);
    },

    /** A recipient's credit notes of the period per product, denomination, price and VAT as frozen on them. */
    async findCreditNoteLines(recipientId: number, p: Period, tx: Tx = db): Promise<PurchaseLineRecord[]> {
      const { rows } = await tx.execute<PurchaseLineRecord>(linesOf(creditNotesOf(p), recipientId));
      return rows;
    },

    async findPurchaseLines(recipientId: number, p: Period, tx: Tx = db): Promise<PurchaseLineRecord[]> {
      const { rows } = await tx.execute<PurchaseLineRecord>(linesOf(purchasesOf(p), recipientId));
      return rows;
    },

    /**
     * Name of a product and its VAT treatment in force at `soldAt` (the sale refunded), as a credit note copies
     * them onto its line: the refund corrects the sale as it was taxed.
     */
    async findVatOf(productId: number, soldAt: Date, tx: Tx) {
      const { rows } = await tx.execute<{
        product_name: string;
        vat_treatment: 'mpv' | 'spv';
        vat_rate: string;
      }>(sql`select pr.product_name, v.vat_treatment, v.vat_rate from products pr
             cross join lateral ${vatAt(sql`pr.id`, sql`${soldAt.toISOString()}::timestamptz`)} v
             where pr.id = ${productId}`);
      return rows[0];
    },

    /**
     * Locks the issuer's counter row of one series (made on first use): documents of one issuer and series are
     * numbered one at a time. Callers taking several rows take them in ascending (issuer, series) order.
     */
    async lockCounter(issuerId: number, series: Series, tx: Tx): Promise<number> {
      await tx.execute(sql`
        insert into invoice_counters (issuer_customer_id, series, last_number) values (${issuerId}, ${series}, 0)
        on conflict do nothing`);
      const { rows } = await tx.execute<{ last_number: number }>(sql`
        select last_number from invoice_counters where issuer_customer_id = ${issuerId} and series = ${series}
        for update`);
      return rows[0]!.last_number; // the row exists: inserted just above when it was missing
    },

    async setCounter(issuerId: number, series: Series, lastNumber: number, tx: Tx) {
      await tx.execute(sql`
        update invoice_counters set last_number = ${lastNumber}
        where issuer_customer_id = ${issuerId} and series = ${series}`);
    },

    /** The documents issued for a recipient's month, one per part (`invoice-parts.ts`), in number order. */
    async findIssuedParts(
      issuerId: number,
      recipientId: number,
      periodStart: string,
      tx: Tx = db,
      kind: IssuedKind = 'invoice',
    ) {
      const { rows } = await tx.execute<{ id: number; part: InvoicePart }>(sql`
        select id, part from invoices where issuer_customer_id = ${issuerId} and recipient_customer_id = ${recipientId}
          and period_start = ${periodStart} and kind = ${kind} order by number, id`);
      return rows.map((r) => ({ id: Number(r.id), part: r.part }));
    },

    async insertInvoice(
      values: typeof invoices.$inferInsert,
      lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>[],
      tx: Tx,
    ): Promise<number> {
      const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
      if (!row) throw new Error('the invoice insert returned no row');
      await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: row.id })));
      return row.id;
    },

    /** The issuer's customers for `/invoice-generate`: purchases of the period and the invoice if issued. */
    async findCustomersPage(
      issuer: Viewer,
      p: Period,
      search: string | undefined,
      page: { page: number; limit: number },
      kind: IssuedKind = 'invoice',
    ) {
      const where = sql`customers.parent_id = ${issuer.customerId} and ${visibleCustomers(issuer)}
        ${search ? sql`and customers.name ilike ${likePattern(search)}` : sql``}`;
      const { limit, offset } = pageWindow(page);
      const { rows } = await db.execute<{
        id: number;
        name: string;
        gross: string;
        n: number;
        invoice_id: number | null;
        invoice_no: string | null;
      }>(sql`
        select customers.id, customers.name, coalesce(x.gross, 0) as gross, x.n, i.id as invoice_id, i.invoice_no
        from customers
        cross join lateral (
          select sum(y.unit_price * y.quantity) as gross, count(*)::int as n
          from (select customers.id, customers.account_role, customers.parent_id) c
          cross join lateral (${sourceOf(kind, p)}) y) x
        -- A month issued in parts (not taxable, taxable) shows its first document and every number.
        cross join lateral (
          select min(ii.id) as id, string_agg(ii.invoice_no, ', ' order by ii.number) as invoice_no from invoices ii
          where ii.issuer_customer_id = ${issuer.customerId} and ii.recipient_customer_id = customers.id
            and ii.period_start = ${p.start} and ii.kind = ${kind}) i
        where ${where}
        order by customers.name, customers.id
        limit ${limit} offset ${offset}`);
      const { rows: count } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from customers where ${where}`,
      );
      return { items: rows, total: count[0]!.n }; // count(*) answers one row
    },

    /** A reclamation's credit notes (the shop's, and the reseller's for platform stock). */
    async findCreditNotesOf(reclamationId: number, tx: Tx = db) {
      const { rows } = await tx.execute<{
        id: number;
        invoice_no: string;
        recipient_name: string;
        gross_total: string;
      }>(
        sql`select id, invoice_no, recipient->>'name' as recipient_name, gross_total from invoices
            where reclamation_id = ${reclamationId} order by id`,
      );
      return rows;
    },

    /**
     * Inside an invoice's issuing transaction, under the issuer's RE counter lock: every refund of the recipient's
     * purchases of the period that is not corrected yet is left out of the invoice (decision 0096). A refund that
     * commits after this statement is on the invoice, and the correction job corrects it.
     */
    async leaveOutRefunds(issuerId: number, recipientId: number, p: Period, at: Date, tx: Tx) {
      await tx.execute(sql`
        insert into invoice_left_out_refunds (refund_entry_id, issuer_customer_id, recipient_customer_id, settled_at)
        select x.entry_id, x.issuer_id, x.recipient_id, ${at.toISOString()}::timestamptz
        from (${refundLegs}) x
        where x.issuer_id = ${issuerId} and x.recipient_id = ${recipientId} and ${between(sql`x.sold_at`, p)}
          and ${unsettled}
        on conflict do nothing`);
    },

    /** Refund legs neither left out nor corrected, oldest refund first: what the correction job works off. */
    async findUnsettledRefunds(limit: number, entryId?: number, tx: Tx = db): Promise<RefundLegRecord[]> {
      const { rows } = await tx.execute<RefundLegRecord>(sql`
        select x.entry_id, x.issuer_id, x.recipient_id, x.line_kind, x.product_id, x.product_name,
               x.face_value::text, x.unit_price::text, x.quantity, x.vat_treatment, x.vat_rate::text,
               date_trunc('month', x.sold_at at time zone 'Europe/Berlin')::date::text as month_start,
               e.created_at as refunded_at
        from (${refundLegs}) x join journal_entries e on e.id = x.entry_id
        where ${unsettled} ${entryId === undefined ? sql`` : sql`and x.entry_id = ${entryId}`}
        order by x.entry_id, x.issuer_id
        limit ${limit}`);
      return rows.map((r) => ({ ...r, entry_id: Number(r.entry_id) }));
    },

    async insertLeftOut(leg: RefundLegRecord, at: Date, tx: Tx) {
      await tx.execute(sql`
        insert into invoice_left_out_refunds (refund_entry_id, issuer_customer_id, recipient_customer_id, settled_at)
        values (${leg.entry_id}, ${leg.issuer_id}, ${leg.recipient_id}, ${at.toISOString()}::timestamptz)`);
    },

    /**
     * The invoice a refund leg's purchase is on, with the VAT its line carried and what corrected it so far. Of a
     * month issued in parts (decision 0092), the part the sale's treatment belongs to; a month issued in one piece
     * before the split, that one.
     */
    async findCorrectedInvoice(leg: RefundLegRecord, tx: Tx) {
      const { rows } = await tx.execute<{
        id: number;
        gross_total: string;
        vat_treatment: 'mpv' | 'spv' | 'carrier' | null;
        vat_rate: string | null;
        corrected: string;
      }>(sql`
        select i.id, i.gross_total::text, l.vat_treatment, l.vat_rate::text,
               (select coalesce(sum(k.gross_total), 0)::text from invoices k where k.corrects_invoice_id = i.id)
                 as corrected
        from invoices i
        left join lateral (
          select vat_treatment, vat_rate from invoice_lines
          where invoice_id = i.id and line_kind = ${leg.line_kind} and product_id = ${leg.product_id}
            and unit_price = ${leg.unit_price}::numeric
          -- Of lines alike but for their VAT (a treatment changed within the month), the one of the sale's.
          order by (vat_treatment = ${leg.vat_treatment} and vat_rate = ${leg.vat_rate}::numeric) desc, id
          limit 1) l on true
        where i.kind = 'invoice' and i.issuer_customer_id = ${leg.issuer_id}
          and i.recipient_customer_id = ${leg.recipient_id} and i.period_start = ${leg.month_start}::date
          and i.part in ('all', ${partOf(leg.vat_treatment)})
        order by (l.vat_treatment is null), i.number`);
      return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : undefined;
    },

    /** The corrections a monthly overview lists: the same ones its lines sum up (creditNotesOf). */
    async findListedCorrections(issuerId: number, recipientId: number, p: Period, tx: Tx = db) {
      const { rows } = await tx.execute<{ invoice_no: string; issued_at: Date | string; gross_total: string }>(sql`
        select cn.invoice_no, cn.issued_at, cn.gross_total::text from invoices cn
        where cn.kind = 'credit_note' and cn.recipient_customer_id = ${recipientId}
          and cn.issuer_customer_id = ${issuerId} and ${between(sql`cn.issued_at`, p)}
        order by cn.series, cn.number`);
      return rows;
    },

    /** BT-25 and BT-26 of a late refund's correction: the invoice it names. */
    async findInvoiceRef(invoiceId: number, tx: Tx = db) {
      const { rows } = await tx.execute<{ invoice_no: string; issued_at: Date | string }>(
        sql`select invoice_no, issued_at from invoices where id = ${invoiceId}`,
      );
      return rows[0];
    },

    /** A page of invoices, newest first. */
    async findInvoicesPage(list: InvoiceList, page: { page: number; limit: number }) {
      const { limit, offset } = pageWindow(page);
      const filters = [sql`i.kind = ${list.kind}`];
      if (list.issuer !== undefined) {
        filters.push(sql`i.issuer_customer_id = ${list.issuer.customerId}`);
        filters.push(
          sql`exists (select 1 from customers where customers.id = i.recipient_customer_id
                      and ${visibleCustomers(list.issuer)})`,
        );
      }
      if (list.recipientId !== undefined) filters.push(sql`i.recipient_customer_id = ${list.recipientId}`);
      if (list.month !== undefined) filters.push(sql`i.period_start = ${list.month}`);
      const where = sql.join(filters, sql` and `);
      const { rows } = await db.execute<InvoiceSummaryRecord>(sql`
        select i.id, i.kind, i.reclamation_id, i.invoice_no, i.issuer_customer_id, i.recipient_customer_id, i.period_start::text,
               i.period_end::text, i.issued_at, i.net_total, i.vat_total, i.gross_total,
               i.issuer->>'name' as issuer_name, i.recipient->>'name' as recipient_name
        from invoices i where ${where}
        order by i.id desc limit ${limit} offset ${offset}`);
      const { rows: count } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from invoices i where ${where}`,
      );
      return { items: rows, total: count[0]!.n }; // count(*) answers one row
    },

    async getInvoice(invoiceId: number, tx: Tx = db) {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
      if (!row) return undefined;
      const lines = await tx
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoiceId))
        .orderBy(invoiceLines.id);
      return { ...row, lines };
    },

    /**
     * BT-25 of a credit note: the issuer's invoice to the recipient for the month of `periodStart`, if it was
     * issued before the credit note. Books are append-only, so the answer never changes once given.
     */
    async findPrecedingInvoice(
      issuerId: number,
      recipientId: number,
      monthStart: string,
      before: Date,
      tx: Tx = db,
      parts: InvoicePart[] = [],
    ) {
      const { rows } = await tx.execute<{ invoice_no: string; issued_at: Date | string }>(sql`
        select invoice_no, issued_at from invoices
        where issuer_customer_id = ${issuerId} and recipient_customer_id = ${recipientId} and kind = 'invoice'
          and period_start = ${monthStart} and issued_at <= ${before.toISOString()}::timestamptz
        order by (part = any(${`{${parts.join(',')}}`}::text[])) desc, number`);
      return rows[0];
    },
    /** The files of an issued document as issued (write-once; the database refuses a change). */
    async insertFiles(invoiceId: number, files: IssuedFiles, at: Date, tx: Tx) {
      await tx.insert(invoiceFiles).values({ invoiceId, ...files, createdAt: at });
    },

    /** Undefined for documents issued before their files were kept (issue 35): those are rendered. */
    async findFiles(invoiceId: number) {
      const [row] = await db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, invoiceId));
      return row;
    },

    /** A recipient's month not issued, with the reason; a later hold replaces it. */
    async hold(h: Omit<typeof invoiceHolds.$inferInsert, 'heldAt'>, at: Date) {
      await db
        .insert(invoiceHolds)
        .values({ ...h, heldAt: at })
        .onConflictDoUpdate({
          target: [
            invoiceHolds.issuerCustomerId,
            invoiceHolds.recipientCustomerId,
            invoiceHolds.periodStart,
            invoiceHolds.kind,
          ],
          set: { code: h.code, params: h.params, heldAt: at },
        });
    },

    async releaseHold(issuerId: number, recipientId: number, periodStart: string, kind: IssuedKind, tx: Tx) {
      await tx.execute(sql`
        delete from invoice_holds where issuer_customer_id = ${issuerId} and recipient_customer_id = ${recipientId}
          and period_start = ${periodStart} and kind = ${kind}`);
    },

    /** The holds of an issuer's recipients for one period, by recipient. */
    async findHolds(issuerId: number, recipientIds: number[], periodStart: string, kind: IssuedKind) {
      const { rows } = await db.execute<{
        recipient_customer_id: number;
        code: string;
        params: Record<string, string>;
        held_at: Date | string;
      }>(sql`
        select recipient_customer_id, code, params, held_at from invoice_holds
        where issuer_customer_id = ${issuerId} and recipient_customer_id = any(${intArray(recipientIds)})
          and period_start = ${periodStart} and kind = ${kind}`);
      return new Map(rows.map((r) => [r.recipient_customer_id, r]));
    },
    ...createInvoiceRunsRepository(db),
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;

export type InvoiceSummaryRecord = {
  id: number;
  kind: 'invoice' | 'credit_note' | 'reclamation';
  reclamation_id: number | null;
  invoice_no: string;
  issuer_customer_id: number;
  recipient_customer_id: number;
  period_start: string;
  period_end: string;
  issued_at: Date | string;
  net_total: string;
  vat_total: string;
  gross_total: string;
  issuer_name: string;
  recipient_name: string;
};
