import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { productConfigurations } from './products.ts';

/**
 * An in-app notice to a customer's users (decision 0099): written by the alert jobs, never by a purchase. `read_at`
 * belongs to the customer, so one user reading it clears it for the others who see it. A notice about something that
 * can stop being true names it (`subject_id`: the denomination of a low-stock notice, the shop of a low-balance one,
 * the reclamation of a reclamation's) and is resolved (`resolved_at`) once its cause is gone: the bell shows only
 * unresolved notices (issue 40).
 */
export const notices = pgTable(
  'notices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text().notNull(),
    params: jsonb().$type<Record<string, string | number>>().notNull(),
    link: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    subjectId: integer('subject_id'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('notices_customer_idx').on(t.customerId, t.id),
    // What a scan or a move resolves: the open notices of a kind, by subject.
    index('notices_open_subject_idx').on(t.kind, t.subjectId).where(sql`${t.resolvedAt} is null`),
    check(
      'notices_kind_chk',
      sql`${t.kind} in ('low_stock', 'low_balance', 'provider_alert', 'invoice_mail_failed', 'reclamation')`,
    ),
  ],
);

/**
 * A denomination that is below its threshold and has been told about: one row per crossing. The scan deletes it
 * once the stock is back at the threshold, so the next fall raises a new notice.
 */
export const lowStockAlerts = pgTable('low_stock_alerts', {
  configurationId: integer('configuration_id')
    .primaryKey()
    .references(() => productConfigurations.id),
  raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
});

/**
 * A shop whose balance is below its trigger with no auto-credit top-up on the way, and that has been told about:
 * one row per crossing, deleted once the balance is back at the trigger.
 */
export const lowBalanceAlerts = pgTable('low_balance_alerts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
});
