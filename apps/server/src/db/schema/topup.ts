import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../columns.ts';
import { customers, users } from './customers.ts';

export const PROVIDER_SALE_STATUSES = ['pending', 'successful', 'failed', 'refunded'] as const;
export type ProviderSaleStatus = (typeof PROVIDER_SALE_STATUSES)[number];

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
    reservationEntryId: bigint('reservation_entry_id', { mode: 'number' }).notNull(),
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
  },
  (t) => [
    uniqueIndex('provider_sales_external_uq').on(t.provider, t.externalId),
    index('provider_sales_customer_idx').on(t.customerId, t.id),
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
