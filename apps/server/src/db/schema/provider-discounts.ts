import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers, users } from './customers.ts';

/**
 * A customer's discount off a provider's retail price, set by its parent like PAD (decision 0107): the platform
 * for its resellers and own shops, a reseller for its shops. No row: the platform's default from the environment.
 */
export const providerDiscounts = pgTable(
  'provider_discounts',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    provider: text().notNull(),
    discount: numeric({ precision: 5, scale: 2 }).notNull(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.provider] }),
    check('provider_discounts_range_chk', sql`${t.discount} >= 0 and ${t.discount} <= 100`),
    check('provider_discounts_provider_chk', sql`${t.provider} in ('dtone', 'direct_recharge', 'flixbus')`),
  ],
);
