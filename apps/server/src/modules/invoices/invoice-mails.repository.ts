import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';

export type InvoiceMailStatus = 'queued' | 'pdf_only' | 'no_address';

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

    async isClaimed(invoiceId: number): Promise<boolean> {
      const { rows } = await db.execute(sql`select 1 from invoice_mails where invoice_id = ${invoiceId}`);
      return rows.length === 1;
    },

    /** Issued documents without a mail yet: credit notes (issued in the reclamation's transaction) and lost jobs. */
    async findUnmailed(limit = 100): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`
        select i.id from invoices i where not exists (select 1 from invoice_mails m where m.invoice_id = i.id)
        order by i.id limit ${limit}`);
      return rows.map((r) => Number(r.id));
    },
  };
}
export type InvoiceMailsRepository = ReturnType<typeof createInvoiceMailsRepository>;
