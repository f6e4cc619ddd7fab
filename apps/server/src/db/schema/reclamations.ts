import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sales } from './selling.ts';
import { providerSales } from './topup.ts';

/**
 * A reclamation (decision 0091): a shop's claim that PINs of one of its sales do not work. The
 * parties are copied from the sale when it is filed (sales are append-only, so they never change): the
 * shop, its reseller (who takes the claim) and the stock owner (who reviews it and issues the credit note).
 * `status` is moved only by the service, along the contract's RECLAMATION_MOVES, under a row lock.
 */
export const reclamations = pgTable(
  'reclamations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The stock sale whose PINs are claimed; null for a soft pin's claim. */
    saleId: bigint('sale_id', { mode: 'number' }).references(() => sales.id),
    /**
     * A soft pin's claim (issue 37): its provider sale (one PIN each), the platform its stock owner. Unique: a soft
     * pin is reclaimed once, ever, as a stock PIN is through `reclamation_pins`.
     */
    providerSaleId: integer('provider_sale_id').references(() => providerSales.id),
    shopCustomerId: integer('shop_customer_id').notNull(),
    resellerCustomerId: integer('reseller_customer_id').notNull(),
    ownerCustomerId: integer('owner_customer_id').notNull(),
    filedBy: integer('filed_by').notNull(),
    status: text().notNull(),
    reason: text().notNull(),
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('reclamations_shop_idx').on(t.shopCustomerId, t.id.desc()),
    index('reclamations_reseller_idx').on(t.resellerCustomerId, t.id.desc()),
    index('reclamations_owner_idx').on(t.ownerCustomerId, t.status, t.id.desc()),
    check(
      'reclamations_status_chk',
      sql`${t.status} in ('new', 'in_progress', 'accepted', 'in_review', 'approved', 'rejected', 'credited')`,
    ),
    check('reclamations_reject_reason_chk', sql`${t.status} <> 'rejected' or ${t.rejectReason} is not null`),
    check('reclamations_source_chk', sql`(${t.saleId} is null) <> (${t.providerSaleId} is null)`),
    uniqueIndex('reclamations_provider_sale_uq').on(t.providerSaleId),
  ],
);

/**
 * The reclaimed PINs. The unique pin_id marks a PIN reclaimed once and for all (the sale rows are
 * append-only): it can never be claimed, and so never refunded, twice. Append-only.
 */
export const reclamationPins = pgTable(
  'reclamation_pins',
  {
    reclamationId: bigint('reclamation_id', { mode: 'number' })
      .notNull()
      .references(() => reclamations.id),
    pinId: bigint('pin_id', { mode: 'number' }).notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.reclamationId, t.pinId] })],
);

/** Every move of a reclamation, its filing included: who, what, when. Append-only. */
export const reclamationEvents = pgTable(
  'reclamation_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reclamationId: bigint('reclamation_id', { mode: 'number' })
      .notNull()
      .references(() => reclamations.id),
    action: text().notNull(),
    status: text().notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reclamation_events_reclamation_idx').on(t.reclamationId, t.id)],
);
