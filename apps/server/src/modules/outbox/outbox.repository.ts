import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { type OutboxAttachment, outboxMessages } from '../../db/schema/outbox.ts';

export function createOutboxRepository(db: Db) {
  return {
    async insert(
      m: {
        channel: 'sms' | 'email';
        recipient: string;
        subject: string;
        body: string;
        senderId?: string | null;
        attachments?: OutboxAttachment[];
      },
      tx: Tx = db,
    ) {
      const [row] = await tx.insert(outboxMessages).values(m).returning({ id: outboxMessages.id });
      return row!.id; // insert … returning answers the row it inserted
    },
    /** Locks a queued message so two workers never send it twice. */
    async claim(id: number, tx: Tx) {
      const rows = await tx.execute<{
        id: number;
        channel: 'sms' | 'email';
        recipient: string;
        subject: string;
        body: string;
        sender_id: string | null;
        attachments: OutboxAttachment[] | null;
      }>(
        sql`select id, channel, recipient, subject, body, sender_id, attachments from outbox_messages
            where id = ${id} and status = 'queued' for update skip locked`,
      );
      return rows.rows[0];
    },
    async markSent(id: number, provider: string, at: Date, tx: Tx) {
      await tx
        .update(outboxMessages)
        .set({ status: 'sent', provider, sentAt: at, body: '', attachments: null })
        .where(eq(outboxMessages.id, id));
    },
    async markFailed(id: number, error: string) {
      await db
        .update(outboxMessages)
        .set({ attempts: sql`${outboxMessages.attempts} + 1`, lastError: error.slice(0, 500) })
        .where(eq(outboxMessages.id, id));
    },
    async findStaleQueued(olderThan: Date) {
      return db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, 'queued'), lt(outboxMessages.createdAt, olderThan)))
        .limit(500);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
