import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A file sent with an e-mail, its content base64-encoded (invoices with their e-invoice, decision 0092). */
export type OutboxAttachment = { filename: string; content_type: string; content: string };

/** Messages to send (OTP, invitations, invoices by SMS or e-mail); a job delivers them through a provider. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull().default(''),
    body: text().notNull(),
    /** SMS only: the sender name a shop chose (`sms_sender_id`) instead of the portal's. */
    senderId: text('sender_id'),
    /** Cleared once sent, like the body: the documents stay in their own tables. */
    attachments: jsonb().$type<OutboxAttachment[]>(),
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text('last_error'),
    provider: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status)],
);
