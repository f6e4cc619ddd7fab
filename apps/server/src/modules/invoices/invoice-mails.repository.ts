import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';

/** `pdf_only` is no longer written (issue 35); it remains on documents mailed before. */
export type InvoiceMailStatus = 'queued' | 'no_address' | 'failed';

/** The mail of each issued document: claimed once, in the transaction that queues it (decision 0092). */
export function createInvoiceMailsRepository(db: Db) {
  return {
    /** Claims the document's mail; false when another attempt did (its row waits for that one's commit). */
    async claim(invoiceId: number, status: InvoiceMailStatus, at: Date, tx: Tx): Promise<boolean> {
      const { rows } = await tx.execute<{ invoice_id: number }>(sql`
        insert into invoice_mails (invoice_id, status, created_at) values (${invoiceId}, ${status}, ${at.toISOString()})
        on conflict do nothing returning invoice_id`);
      return rows.length === 1;
    },

    async setMessage(invoiceId: number, messageId: number, tx: Tx) {
      await tx.execute(sql`update invoice_mails set outbox_message_id = ${messageId} where invoice_id = ${invoiceId}`);
    },

    /**
     * The language a mail to the recipient's address is written in: its main user's (settings), null when none
     * chose one. The documents themselves stay German.
     */
    async recipientLanguage(customerId: number): Promise<string | null> {
      const { rows } = await db.execute<{ language: string | null }>(sql`
        select settings->>'language' as language from users
        where customer_id = ${customerId} and is_main and is_active order by id limit 1`);
      return rows[0]?.language ?? null;
    },

    async isClaimed(invoiceId: number): Promise<boolean> {
      const { rows } = await db.execute(sql`select 1 from invoice_mails where invoice_id = ${invoiceId}`);
      return rows.length === 1;
    },

    /**
     * Issued documents without a mail yet: credit notes (issued in the reclamation's transaction) and lost jobs;
     * not those with a failed attempt after `pausedSince` (their job is still retrying).
     */
    async findUnmailed(pausedSince: Date, limit = 100): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`
        select i.id from invoices i where not exists (select 1 from invoice_mails m where m.invoice_id = i.id)
          and not exists (select 1 from invoice_mail_attempts a where a.invoice_id = i.id
                          and a.last_attempt_at > ${pausedSince.toISOString()}::timestamptz)
        order by i.id limit ${limit}`);
      return rows.map((r) => Number(r.id));
    },

    /**
     * The issuer's notice of a mail that finally failed (decision 0099's bell; kind `invoice_mail_failed`), in the
     * transaction that marks the mail failed, so it is raised once. The alerts module reads and clears notices.
     */
    async insertFailureNotice(
      n: { issuerId: number; invoiceId: number; invoiceNo: string; recipientName: string; link: string; at: Date },
      tx: Tx,
    ) {
      const params = { invoice_id: n.invoiceId, invoice_no: n.invoiceNo, customer_name: n.recipientName };
      await tx.execute(sql`
        insert into notices (customer_id, kind, params, link, created_at)
        values (${n.issuerId}, 'invoice_mail_failed', ${JSON.stringify(params)}::jsonb, ${n.link}, ${n.at.toISOString()})`);
    },

    /** Counts a failed attempt at a document's mail; returns the attempts so far. */
    async recordFailure(invoiceId: number, error: string, at: Date): Promise<number> {
      const { rows } = await db.execute<{ attempts: number }>(sql`
        insert into invoice_mail_attempts (invoice_id, attempts, last_error, last_attempt_at)
        values (${invoiceId}, 1, ${error.slice(0, 500)}, ${at.toISOString()})
        on conflict (invoice_id) do update set attempts = invoice_mail_attempts.attempts + 1,
          last_error = excluded.last_error, last_attempt_at = excluded.last_attempt_at
        returning attempts`);
      return rows[0]!.attempts; // an upsert answers its row
    },
  };
}
export type InvoiceMailsRepository = ReturnType<typeof createInvoiceMailsRepository>;
