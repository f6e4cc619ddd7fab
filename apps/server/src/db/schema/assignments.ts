import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers, users } from './customers.ts';
import { productConfigurations } from './products.ts';

/** A discount plan (slab) of an operator: a discount in percent off face value per configuration. */
export const discountSlabs = pgTable(
  'discount_slabs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    name: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('discount_slabs_owner_idx').on(t.ownerCustomerId)],
);

export const discountSlabItems = pgTable(
  'discount_slab_items',
  {
    slabId: integer('slab_id')
      .notNull()
      .references(() => discountSlabs.id),
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => productConfigurations.id),
    discount: numeric({ precision: 7, scale: 4 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.slabId, t.configurationId] }),
    check('discount_slab_items_discount_chk', sql`${t.discount} >= 0 and ${t.discount} <= 100`),
  ],
);

/**
 * PAD: a configuration a customer may sell, from the customer above it, with an optional discount
 * plan (without one the customer's default slab applies). Disabled rows stay for their history.
 */
export const productAssignments = pgTable(
  'product_assignments',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => productConfigurations.id),
    discountSlabId: integer('discount_slab_id').references(() => discountSlabs.id),
    isActive: boolean('is_active').notNull().default(true),
    assignedBy: integer('assigned_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.configurationId] }),
    index('product_assignments_configuration_idx').on(t.configurationId),
  ],
);
