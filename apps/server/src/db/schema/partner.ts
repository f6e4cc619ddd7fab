import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers, users } from './customers.ts';

/**
 * A partner API key of a shop (issue 15, decision 0097). Only its SHA-256 is kept: the key itself is shown
 * once when it is made. It is bound to one user of the shop, the seller of record of its sales, whose
 * flags apply. Its id doubles as the "session" of the transaction keys its Idempotency-Keys become.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, so a list can show which key is which without the key. */
    keyPrefix: text('key_prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_customer_idx').on(t.customerId)],
);
