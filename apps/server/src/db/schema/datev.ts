import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * An issuer's DATEV settings (decision 0147): the tax adviser's numbers for the EXTF header, the chart of accounts
 * and the accounts each VAT treatment and payment method is booked to. One row per issuer (the platform, or a
 * reseller for its invoices to its shops); audited, since the accounts decide what the adviser's books say.
 */
export const datevSettings = pgTable(
  'datev_settings',
  {
    issuerCustomerId: integer('issuer_customer_id').primaryKey(),
    /** `SKR03` or `SKR04`: which defaults apply and what the header's field 27 says. */
    chart: text().notNull(),
    consultantNumber: integer('consultant_number').notNull(),
    clientNumber: integer('client_number').notNull(),
    /** The month the fiscal year starts in (1 = January): the header's WJ-Beginn. */
    fiscalYearStartMonth: smallint('fiscal_year_start_month').notNull().default(1),
    /** The accounts by key (`datevAccountKeys` in the contract); a key left out takes the chart's default. */
    accounts: jsonb().$type<Record<string, { account: number; automatic: boolean }>>().notNull().default({}),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('datev_settings_chart_chk', sql`${t.chart} in ('SKR03', 'SKR04')`),
    check('datev_settings_consultant_chk', sql`${t.consultantNumber} between 1001 and 9999999`),
    check('datev_settings_client_chk', sql`${t.clientNumber} between 1 and 99999`),
    check('datev_settings_fy_chk', sql`${t.fiscalYearStartMonth} between 1 and 12`),
  ],
);

/**
 * A customer's debtor number in its issuer's DATEV books (decision 0147): given the first time a batch names the
 * customer, the next free number of the issuer in 10000–69999 (DATEV's debtor range with four-digit accounts),
 * never changed, never deleted, never given to another customer (append-only by trigger, unique per issuer).
 */
export const datevDebtors = pgTable(
  'datev_debtors',
  {
    issuerCustomerId: integer('issuer_customer_id').notNull(),
    customerId: integer('customer_id').notNull(),
    debtorNumber: integer('debtor_number').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issuerCustomerId, t.customerId] }),
    uniqueIndex('datev_debtors_number_uq').on(t.issuerCustomerId, t.debtorNumber),
    check('datev_debtors_range_chk', sql`${t.debtorNumber} between 10000 and 69999`),
  ],
);
