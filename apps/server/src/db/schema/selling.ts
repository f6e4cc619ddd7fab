import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './customers.ts';

/**
 * Transaction keys (spec section 4): fetched before a purchase, attached to exactly one. The row is
 * the idempotency record: the request's hash and, once finished, the outcome to replay. The outcome
 * never holds plain PINs (a purchase stores its sale id; the answer is rebuilt from the sale).
 */
export const transactionKeys = pgTable(
  'transaction_keys',
  {
    key: text().primaryKey(),
    sessionId: uuid('session_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    requestHash: text('request_hash'),
    status: text().notNull().default('issued'),
    outcomeStatus: smallint('outcome_status'),
    outcome: jsonb(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('transaction_keys_created_idx').on(t.createdAt)],
);
