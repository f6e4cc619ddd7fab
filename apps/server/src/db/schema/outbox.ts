import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages to send (OTP and invitations by SMS or e-mail); a job delivers them through a provider. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull().default(''),
    body: text().notNull(),
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text('last_error'),
    provider: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_status_idx').on(t.status)],
);
