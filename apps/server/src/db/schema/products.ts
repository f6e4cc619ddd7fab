import { sql } from 'drizzle-orm';
import {
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
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

/**
 * A product of the catalogue. Catalogue and stock have one owner: the platform's customer or a
 * reseller (DOMAIN.md "What is sold, and who owns it").
 */
export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    productType: text('product_type').notNull(),
    productName: text('product_name').notNull(),
    pinLength: smallint('pin_length').notNull(),
    customerCare: text('customer_care').notNull().default(''),
    instructions: text().notNull().default(''),
    productImage: text('product_image'),
    isConfiguration: boolean('is_configuration').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    /**
     * The VAT treatment in force now: 'mpv' multi-purpose voucher, outside the scope of VAT (§ 3 Abs. 15 UStG),
     * or 'spv' single-purpose voucher at `vatRate`. New products start as multi-purpose. Invoices never read
     * these two: they read `product_vat_history`, whose latest entry these always equal (a trigger checks).
     */
    vatTreatment: text('vat_treatment').notNull().default('mpv'),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    check(
      'products_vat_chk',
      sql`(${t.vatTreatment} = 'mpv' and ${t.vatRate} = 0) or (${t.vatTreatment} = 'spv' and ${t.vatRate} in (7, 19))`,
    ),
    index('products_owner_idx').on(t.ownerCustomerId),
    check('products_type_chk', sql`${t.productType} in ('cash_card', 'gift_card', 'calling_card')`),
    check('products_pin_length_chk', sql`${t.pinLength} between 4 and 64`),
  ],
);

/** A denomination (configuration) of a product: its face value in EUR. */
export const productConfigurations = pgTable(
  'product_configurations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    value: numeric({ precision: 19, scale: 4 }).notNull(),
    info: text().notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Below this many PINs for sale the owner's dashboard lists the denomination (one threshold per
     * denomination, set by its stock owner, shared with the partner API's low-stock alerts).
     */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('product_configurations_product_idx').on(t.productId),
    check('product_configurations_value_chk', sql`${t.value} > 0`),
    check('product_configurations_low_stock_chk', sql`${t.lowStockThreshold} >= 0`),
  ],
);

/**
 * A stock product's VAT treatment over time (issue 35, decision 0132): append-only, one entry per change, each in
 * force from `validFrom` until the next. The first entry is the database's (trigger at insert, valid from
 * `-infinity`, so every sale of the product finds one); the products service appends one per change at the portal's
 * clock. Triggers refuse a backdated entry and, at commit, a change of `products.vat_*` without its entry. An
 * invoice takes for each sale the entry in force at its time.
 */
export const productVatHistory = pgTable(
  'product_vat_history',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    vatTreatment: text('vat_treatment').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.validFrom] }),
    check(
      'product_vat_history_vat_chk',
      sql`(${t.vatTreatment} = 'mpv' and ${t.vatRate} = 0) or (${t.vatTreatment} = 'spv' and ${t.vatRate} in (7, 19))`,
    ),
  ],
);
