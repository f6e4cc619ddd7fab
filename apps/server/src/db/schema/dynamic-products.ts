import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money } from '../columns.ts';
import { customers, users } from './customers.ts';
import { bytea } from './storage.ts';
import { providerSales } from './topup.ts';

/**
 * A provider product the platform sells as a soft pin (decision 0104): which of the provider's catalogue is sold,
 * as which product type, under which name and at which face value F (the price the discount chain starts from).
 */
export const dynamicProducts = pgTable(
  'dynamic_products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    providerProductId: integer('provider_product_id').notNull(),
    name: text().notNull(),
    productType: text('product_type').notNull(),
    faceValue: money('face_value').notNull(),
    enabled: boolean().notNull(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('dynamic_products_provider_uq').on(t.provider, t.providerProductId),
    check('dynamic_products_type_chk', sql`${t.productType} in ('cash_card', 'gift_card')`),
    check('dynamic_products_face_chk', sql`${t.faceValue} > 0`),
  ],
);

/**
 * Whether a reseller offers a dynamic product to its shops (decision 0110), switched on `/dynamic-products/`. No row:
 * offered, so a product the platform starts selling reaches every reseller's shops until the reseller withholds it.
 */
export const dynamicProductOffers = pgTable(
  'dynamic_product_offers',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    dynamicProductId: integer('dynamic_product_id')
      .notNull()
      .references(() => dynamicProducts.id),
    offered: boolean().notNull(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.dynamicProductId] })],
);

/**
 * A dynamic product's discount for one customer, set by the customer's parent (the platform for its resellers and
 * its own shops, a reseller for its shops): percent off F. No row: 0 %.
 */
export const dynamicProductDiscounts = pgTable(
  'dynamic_product_discounts',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    dynamicProductId: integer('dynamic_product_id')
      .notNull()
      .references(() => dynamicProducts.id),
    discount: numeric({ precision: 5, scale: 2 }).notNull(),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.dynamicProductId] }),
    check('dynamic_product_discounts_range_chk', sql`${t.discount} >= 0 and ${t.discount} <= 100`),
  ],
);

/**
 * The PIN a provider delivered for a soft-pin sale (a `provider_sales` row of provider `softpin`), encrypted like
 * stock PINs; written once, when the order is first seen delivered. `pin_index` is the same keyed blind index stock
 * PINs carry (a reclamation by the PIN's code finds it), `pin_hint` and `pin_length` its masked form; rows delivered
 * before they existed get them from the backfill job (a migration cannot decrypt), so they may be null until then.
 */
export const softPins = pgTable(
  'soft_pins',
  {
    saleId: integer('sale_id')
      .primaryKey()
      .references(() => providerSales.id),
    pinCiphertext: bytea('pin_ciphertext').notNull(),
    pinIndex: text('pin_index'),
    pinHint: text('pin_hint'),
    pinLength: smallint('pin_length'),
    serial: text(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('soft_pins_index_idx').on(t.pinIndex),
    index('soft_pins_serial_idx').on(t.serial).where(sql`${t.serial} is not null`),
    index('soft_pins_backfill_idx').on(t.saleId).where(sql`${t.pinIndex} is null`),
  ],
);

/** Every time a soft pin's plain PIN left the server: who, which sale, why. Append-only. */
export const softPinReveals = pgTable(
  'soft_pin_reveals',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => providerSales.id),
    customerId: integer('customer_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('soft_pin_reveals_sale_idx').on(t.saleId),
    check('soft_pin_reveals_kind_chk', sql`${t.kind} in ('sale', 'status')`),
  ],
);

/**
 * Each call to the soft-pin provider and what came of it (`/report/dynamic-products-log`): never the key, never a
 * PIN or serial. Append-only.
 */
export const dynamicProductLogs = pgTable(
  'dynamic_product_logs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text().notNull(),
    /** `catalogue`, `order`, `status`. */
    action: text().notNull(),
    /** `ok`, `refused`, `unreachable`. */
    outcome: text().notNull(),
    saleId: integer('sale_id'),
    customerId: integer('customer_id'),
    externalId: text('external_id'),
    providerProductId: integer('provider_product_id'),
    /** The provider's order status (`PENDING`, `DELIVERED`, `FAILED`) or its error code. */
    providerStatus: text('provider_status'),
    message: text(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('dynamic_product_logs_created_idx').on(t.createdAt, t.id)],
);
