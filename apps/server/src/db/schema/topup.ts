import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from '../columns.ts';
import { customers, users } from './customers.ts';

export const PROVIDER_SALE_STATUSES = ['pending', 'successful', 'failed', 'refunded'] as const;
export type ProviderSaleStatus = (typeof PROVIDER_SALE_STATUSES)[number];

/**
 * A DT One offer's state (decision 0080, "Offers"): `offered` (created at DT One, nothing reserved), `confirmed` (the
 * money reserved, then DT One asked to confirm), `rejected` by the shop or `expired` (cancelled at DT One, then
 * failed without a money entry). Null: a sale sent in one call (the partner API, the other providers).
 */
export const OFFER_STATES = ['offered', 'confirmed', 'rejected', 'expired'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/**
 * A sale of provider goods (DOMAIN.md "A provider sale", decision 0080): the facts of the sale are written
 * once, only the status columns move (pending → successful | failed, successful → refunded), each move with
 * its ledger entry. `external_id` is derived from the transaction key, so a retry finds the same sale and
 * the provider refuses a second transaction under it.
 */
export const providerSales = pgTable(
  'provider_sales',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    externalId: text('external_id').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The seller's reseller (the platform for a shop directly under it). */
    resellerId: integer('reseller_id').notNull(),
    platformId: integer('platform_id').notNull(),
    soldBy: integer('sold_by')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id').notNull(),
    productName: text('product_name').notNull(),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    countryIsoCode: text('country_iso_code').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    /** What the number receives, in the operator's currency (up to 4 decimals). */
    faceValue: money('face_value').notNull(),
    faceCurrency: text('face_currency').notNull(),
    /** The retail value F in EUR the discount chain starts from. */
    retailPrice: money('retail_price').notNull(),
    /** S: what the shop pays. */
    sellerPrice: money('seller_price').notNull(),
    /** R: what the shop's reseller pays the platform; null for a shop directly under the platform. */
    resellerPrice: money('reseller_price'),
    /** The provider's euro cost (wholesale), booked as cost of sales on success. */
    providerCost: money('provider_cost').notNull(),
    status: text().$type<ProviderSaleStatus>().notNull(),
    providerStatus: text('provider_status'),
    providerTransactionId: bigint('provider_transaction_id', { mode: 'number' }),
    operatorReference: text('operator_reference'),
    /** Null only while an offer is not confirmed (and for ever for a rejected or expired one). */
    reservationEntryId: bigint('reservation_entry_id', { mode: 'number' }),
    finalEntryId: bigint('final_entry_id', { mode: 'number' }),
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finalAt: timestamp('final_at', { withTimezone: true }),
    /**
     * Why the sale waits for the platform's superadmin instead of the poll job (decision 0080): the provider holds
     * a transaction under our external_id that is not this sale (`external_id_mismatch`). The money stays reserved.
     */
    holdReason: text('hold_reason'),
    offerState: text('offer_state').$type<OfferState>(),
    /** When DT One cancels the offer unless confirmed (its `confirmation_expiration_date`). */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('provider_sales_external_uq').on(t.provider, t.externalId),
    index('provider_sales_customer_idx').on(t.customerId, t.id),
    // The header's search finds a top-up by the number it went to, whole (issue 39).
    index('provider_sales_mobile_number_idx').on(t.mobileNumber),
    // The reports read provider sales by their success and refund entries (decision 0102).
    index('provider_sales_final_entry_idx').on(t.finalEntryId).where(sql`${t.finalEntryId} is not null`),
    index('provider_sales_refund_entry_idx').on(t.refundEntryId).where(sql`${t.refundEntryId} is not null`),
    index('provider_sales_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    // A bus booking's sale (its `product_id` is the booking's id): the shop's bookings and the paid-ticket watch.
    index('provider_sales_product_idx').on(t.provider, t.productId),
    check(
      'provider_sales_status_chk',
      sql`${t.status} in (${sql.raw(PROVIDER_SALE_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    ),
    check('provider_sales_prices_chk', sql`${t.sellerPrice} > 0 and ${t.providerCost} >= 0`),
    check(
      'provider_sales_offer_state_chk',
      sql`${t.offerState} is null or ${t.offerState} in (${sql.raw(OFFER_STATES.map((s) => `'${s}'`).join(', '))})`,
    ),
    // Money is reserved for every sale but an offer not (or never) confirmed.
    check(
      'provider_sales_reserved_chk',
      sql`${t.reservationEntryId} is not null or ${t.offerState} in ('offered', 'rejected', 'expired')`,
    ),
    // The expiry sweep's offers still open.
    index('provider_sales_open_offers_idx').on(t.offerExpiresAt).where(sql`${t.offerState} = 'offered'`),
  ],
);

/**
 * A provider product the provider said is not available to the platform's account (DT One 1003001, decision 0080):
 * not offered and not sold until `withdrawn_at` is a day old, when the provider's list is trusted again.
 */
export const providerWithdrawnProducts = pgTable(
  'provider_withdrawn_products',
  {
    provider: text().notNull(),
    productId: integer('product_id').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.productId] })],
);

/**
 * The daily reconciliation of DT One's transactions of one Berlin day with `provider_sales` (decision 0080,
 * "Reconciliation"): one row per provider and day, `running` until every page was compared, then `done` with the
 * account's balance as read at the end. A crash resumes the day from the start; the differences are unique per day
 * and transaction, so a second pass adds none.
 */
export const providerReconciliations = pgTable(
  'provider_reconciliations',
  {
    provider: text().notNull(),
    day: date().notNull(),
    status: text().$type<'running' | 'done'>().notNull(),
    /** How many of the provider's transactions of the day were compared. */
    compared: integer().notNull().default(0),
    balanceAvailable: money('balance_available'),
    balanceUnit: text('balance_unit'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.day] }),
    check('provider_reconciliations_status_chk', sql`${t.status} in ('running', 'done')`),
  ],
);

export const RECONCILIATION_DIFFERENCES = ['unknown_transaction', 'status_differs', 'offer_not_cancelled'] as const;
export type ReconciliationDifference = (typeof RECONCILIATION_DIFFERENCES)[number];

/** One difference the reconciliation found between the provider's transaction and our sale (if any). */
export const providerReconciliationDifferences = pgTable(
  'provider_reconciliation_differences',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    day: date().notNull(),
    kind: text().$type<ReconciliationDifference>().notNull(),
    providerTransactionId: bigint('provider_transaction_id', { mode: 'number' }).notNull(),
    externalId: text('external_id').notNull(),
    /** Our sale under the external_id; null for a transaction we do not know. */
    saleId: integer('sale_id').references(() => providerSales.id),
    providerStatus: text('provider_status').notNull(),
    /** Our sale's status (and offer state) when compared; null for a transaction we do not know. */
    portalStatus: text('portal_status'),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('provider_reconciliation_differences_uq').on(t.provider, t.day, t.providerTransactionId),
    index('provider_reconciliation_differences_day_idx').on(t.day),
    check(
      'provider_reconciliation_differences_kind_chk',
      sql`${t.kind} in (${sql.raw(RECONCILIATION_DIFFERENCES.map((s) => `'${s}'`).join(', '))})`,
    ),
  ],
);
