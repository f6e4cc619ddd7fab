import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { money } from '../columns.ts';
import { customers, users } from './customers.ts';
import { storedFiles } from './storage.ts';

/** A reseller's hardware shop category (spec section 2: `/hardware`); deleted ones stay for their orders. */
export const hardwareCategories = pgTable(
  'hardware_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    imageFileId: uuid('image_file_id').references(() => storedFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('hardware_categories_owner_idx').on(t.ownerCustomerId)],
);

/** A device or accessory a reseller sells to its shops: price P per piece, pieces in stock. */
export const hardwareProducts = pgTable(
  'hardware_products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => hardwareCategories.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    price: money().notNull(),
    stock: integer().notNull(),
    imageFileId: uuid('image_file_id').references(() => storedFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('hardware_products_category_idx').on(t.categoryId),
    check('hardware_products_stock_chk', sql`${t.stock} >= 0`),
    check('hardware_products_price_chk', sql`${t.price} > 0`),
  ],
);

/**
 * A shop's order, paid from its balance when placed (DOMAIN.md: shop balance −P, reseller sales income
 * +P) and refunded once when cancelled. ordered → shipped → delivered, or cancelled before delivery.
 */
export const hardwareOrders = pgTable(
  'hardware_orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    resellerId: integer('reseller_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => hardwareProducts.id),
    productName: text('product_name').notNull(),
    quantity: integer().notNull(),
    unitPrice: money('unit_price').notNull(),
    total: money().notNull(),
    status: text().notNull(),
    remarks: text().notNull().default(''),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('hardware_orders_reseller_idx').on(t.resellerId, t.createdAt),
    index('hardware_orders_customer_idx').on(t.customerId, t.createdAt),
    check('hardware_orders_status_chk', sql`${t.status} in ('ordered', 'shipped', 'delivered', 'cancelled')`),
    check('hardware_orders_quantity_chk', sql`${t.quantity} > 0`),
  ],
);
