import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/** One wallet per customer: cached balances, kept equal to the ledger by the credit module. */
export const wallets = pgTable(
  'wallets',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id),
    balance: numeric({ precision: 19, scale: 4 }).notNull().default('0'),
    outstandingCredit: numeric('outstanding_credit', { precision: 19, scale: 4 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('wallets_balance_chk', sql`${t.balance} >= 0`),
    check('wallets_outstanding_chk', sql`${t.outstandingCredit} >= 0`),
  ],
);
