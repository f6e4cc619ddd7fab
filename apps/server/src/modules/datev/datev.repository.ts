import type { VatBreakdownRow } from '@portal/contract/invoices';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { datevSettings } from '../../db/schema/datev.ts';
import { berlinDayEndSql, berlinDayStartSql } from '../../db/sql.ts';

/** A Berlin calendar month, both days included. */
export interface Month {
  start: string;
  end: string;
}

const within = (column: ReturnType<typeof sql>, m: Month) =>
  sql`${column} >= ${berlinDayStartSql(m.start)} and ${column} < ${berlinDayEndSql(m.end)}`;

export type DocumentRecord = {
  id: number;
  kind: 'invoice' | 'credit_note';
  invoice_no: string;
  recipient_customer_id: number;
  recipient_name: string;
  /** Berlin calendar day of issue. */
  issued_day: string;
  period_end: string;
  cancels_invoice: boolean;
  corrects_no: string | null;
  vat_breakdown: VatBreakdownRow[];
};

export type PaymentRecord = {
  entry_id: number;
  customer_id: number;
  customer_name: string;
  day: string;
  method: string | null;
  reference: string | null;
  /** What reached the payer's wallet (balance and settled credit); negative for a returned debit. */
  amount: string;
};

export type DebtorRecord = {
  debtor_number: number;
  customer_id: number;
  name: string;
  legal_name: string | null;
  address: { address?: string; house_no?: string; postal?: string; city?: string } | null;
  email: string | null;
  vat_id: string | null;
  tax_number: string | null;
  iban: string | null;
  bic: string | null;
};

/** The lowest and highest debtor number (DATEV: debtors 10000–69999 with four-digit accounts). */
export const DEBTOR_RANGE = { first: 10000, last: 69999 } as const;

export function createDatevRepository(db: Db) {
  return {
    async findSettings(issuerId: number) {
      const [row] = await db.select().from(datevSettings).where(eq(datevSettings.issuerCustomerId, issuerId));
      return row;
    },

    async saveSettings(values: typeof datevSettings.$inferInsert) {
      const { issuerCustomerId, ...rest } = values;
      await db
        .insert(datevSettings)
        .values(values)
        .onConflictDoUpdate({ target: datevSettings.issuerCustomerId, set: rest });
    },

    /**
     * The issuer's invoices and corrections (RK) issued in the month, in the order they were issued. The monthly
     * overviews of corrections (RS) are no tax documents and book nothing: their corrections are booked one by one.
     */
    async findDocuments(issuerId: number, m: Month): Promise<DocumentRecord[]> {
      const { rows } = await db.execute<DocumentRecord>(sql`
        select i.id, i.kind, i.invoice_no, i.recipient_customer_id, i.recipient->>'name' as recipient_name,
               (i.issued_at at time zone 'Europe/Berlin')::date::text as issued_day, i.period_end::text,
               i.cancels_invoice, c.invoice_no as corrects_no, i.vat_breakdown
        from invoices i left join invoices c on c.id = i.corrects_invoice_id
        where i.issuer_customer_id = ${issuerId} and i.kind in ('invoice', 'credit_note')
          and ${within(sql`i.issued_at`, m)}
        order by i.issued_at, i.id`);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    /**
     * Payments the issuer received in the month (bank imports, recorded cash and transfers): entries the issuer
     * recorded, with what reached the payer's balance and outstanding credit.
     */
    async findPayments(issuerId: number, m: Month): Promise<PaymentRecord[]> {
      const { rows } = await db.execute<PaymentRecord>(sql`
        select e.id as entry_id, e.customer_id, c.name as customer_name,
               (e.created_at at time zone 'Europe/Berlin')::date::text as day, e.method, e.reference,
               (select coalesce(sum(l.amount), 0) from ledger_lines l
                where l.entry_id = e.id and l.customer_id = e.customer_id and l.account in ('balance', 'credit'))::text
                 as amount
        from journal_entries e join customers c on c.id = e.customer_id
        where e.kind = 'payment' and e.actor_customer_id = ${issuerId} and ${within(sql`e.created_at`, m)}
        order by e.created_at, e.id`);
      return rows.map((r) => ({ ...r, entry_id: Number(r.entry_id) }));
    },

    /**
     * Gives each of `customerIds` without a debtor number of the issuer the next free one, in customer order, under
     * a transaction lock per issuer (two exports at once give no number twice; the unique index is the last guard).
     * Answers the number the next customer would get beyond the range, or undefined when all fit.
     */
    async assignDebtorNumbers(issuerId: number, customerIds: number[], at: Date, tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('datev_debtors'), ${issuerId})`);
      const { rows } = await tx.execute<{ next: number; missing: number }>(sql`
        select coalesce((select max(debtor_number) from datev_debtors where issuer_customer_id = ${issuerId}),
                        ${DEBTOR_RANGE.first - 1}) + 1 as next,
               (select count(*)::int from unnest(${`{${customerIds.join(',')}}`}::int[]) x(id)
                where not exists (select 1 from datev_debtors d
                                  where d.issuer_customer_id = ${issuerId} and d.customer_id = x.id)) as missing`);
      const { next, missing } = rows[0]!; // a select without from answers one row
      if (next + missing - 1 > DEBTOR_RANGE.last) return false;
      await tx.execute(sql`
        insert into datev_debtors (issuer_customer_id, customer_id, debtor_number, assigned_at)
        select ${issuerId}, x.id, ${next} - 1 + row_number() over (order by x.id), ${at.toISOString()}::timestamptz
        from (select distinct id from unnest(${`{${customerIds.join(',')}}`}::int[]) u(id)) x
        where not exists (select 1 from datev_debtors d
                          where d.issuer_customer_id = ${issuerId} and d.customer_id = x.id)`);
      return true;
    },

    /** The debtors' master data as the customers' records say it now, with their numbers, in number order. */
    async findDebtors(issuerId: number, customerIds: number[], tx: Tx): Promise<DebtorRecord[]> {
      const { rows } = await tx.execute<DebtorRecord>(sql`
        select d.debtor_number, c.id as customer_id, c.name, c.legal_name, c.address, c.email, c.vat_id,
               c.tax_number, c.iban, c.bic
        from datev_debtors d join customers c on c.id = d.customer_id
        where d.issuer_customer_id = ${issuerId} and d.customer_id = any(${`{${customerIds.join(',')}}`}::int[])
        order by d.debtor_number`);
      return rows;
    },
  };
}
export type DatevRepository = ReturnType<typeof createDatevRepository>;
