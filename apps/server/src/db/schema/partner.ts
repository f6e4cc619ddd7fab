import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, users } from './customers.ts';

/**
 * A partner API key of a shop (decision 0097). Only its SHA-256 is kept: the key itself is shown
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
    /** When the key stops working (the Berlin midnight after its last day); null: until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_customer_idx').on(t.customerId)],
);

/**
 * A shop's webhook signing secret (decision 0097): shown once when made or rotated, kept encrypted like PINs,
 * because every delivery is signed with it. Without one, no events are derived for the shop.
 */
export const partnerWebhooks = pgTable('partner_webhooks', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  secretCiphertext: text('secret_ciphertext').notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull(),
  rotatedBy: integer('rotated_by')
    .notNull()
    .references(() => users.id),
});

/**
 * How far the event job has read each source: the sales, the journal entries (top-up finals and credit top-ups) and
 * the notices (low balance). Events are derived after it, never written by the purchase. A null column has not been
 * started: its first run starts at the newest row, so switching on never sends the past.
 */
export const partnerEventCursor = pgTable(
  'partner_event_cursor',
  {
    id: smallint().primaryKey(),
    lastSaleId: bigint('last_sale_id', { mode: 'number' }).notNull(),
    lastEntryId: bigint('last_entry_id', { mode: 'number' }),
    lastNoticeId: bigint('last_notice_id', { mode: 'number' }),
  },
  (t) => [check('partner_event_cursor_one_chk', sql`${t.id} = 1`)],
);

/**
 * One event for one shop's callback URL and its delivery: status, attempts, the last answer, when to try again.
 * The event's body never holds PINs, only ids to fetch them through the API.
 */
export const partnerDeliveries = pgTable(
  'partner_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    eventType: text('event_type').notNull(),
    /** The event's own id (`sale:123`), unique per shop, so an event is derived once whatever the job does. */
    eventKey: text('event_key').notNull(),
    payload: jsonb().notNull(),
    status: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('partner_deliveries_event_uq').on(t.customerId, t.eventKey),
    index('partner_deliveries_customer_idx').on(t.customerId, t.id.desc()),
    index('partner_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('partner_deliveries_status_chk', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
