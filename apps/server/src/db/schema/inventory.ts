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
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, users } from './customers.ts';
import { productConfigurations, products } from './products.ts';
import { bytea } from './storage.ts';
import { suppliers } from './suppliers.ts';

/** A calling-card pool: a platform product of its own, assigned to resellers like a product (DOMAIN.md). */
export const pools = pgTable('pools', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  productId: integer('product_id')
    .notNull()
    .unique()
    .references(() => products.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * One uploaded CSV through its three steps (spec section 4): uploaded → validating (step 2 job) →
 * validated → approved | cancelled. `kind` tells the product screens from the pool screens; both
 * run the same machinery.
 */
export const inventoryImports = pgTable(
  'inventory_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text().notNull().default('product'),
    status: text().notNull().default('uploaded'),
    fileId: uuid('file_id'),
    fileName: text('file_name').notNull(),
    delimiter: text().notNull(),
    lineCount: integer('line_count').notNull(),
    columnCount: integer('column_count').notNull(),
    detectedHeader: boolean('detected_header').notNull(),
    hasHeader: boolean('has_header'),
    configurationId: integer('configuration_id').references(() => productConfigurations.id),
    pinSequence: smallint('pin_sequence'),
    batchSequence: smallint('batch_sequence'),
    serialSequence: smallint('serial_sequence'),
    importBatch: text('import_batch'),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    buyingDiscount: numeric('buying_discount', { precision: 7, scale: 4 }),
    totalRows: integer('total_rows'),
    validRows: integer('valid_rows'),
    failedRows: integer('failed_rows'),
    importedPins: integer('imported_pins'),
    published: boolean(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * The `stock_import` journal entry of an approval (decision 0136): the PINs' cost into the owner's inventory
     * against its supplier payables. Null while not approved, and for an approval that brought no cost into stock.
     */
    entryId: bigint('entry_id', { mode: 'number' }),
  },
  (t) => [
    index('inventory_imports_owner_idx').on(t.ownerCustomerId, t.createdAt),
    index('inventory_imports_supplier_idx').on(t.supplierId, t.configurationId),
    check('inventory_imports_kind_chk', sql`${t.kind} in ('product', 'pool')`),
    check(
      'inventory_imports_status_chk',
      sql`${t.status} in ('uploaded', 'validating', 'validated', 'approved', 'cancelled')`,
    ),
    check(
      'inventory_imports_discount_chk',
      sql`${t.buyingDiscount} is null or (${t.buyingDiscount} between 0 and 100)`,
    ),
  ],
);

/**
 * The rows step 2 parsed: good rows carry the encrypted PIN until approval moves them into `pins`;
 * failed rows keep only the masked value and the reason, never the PIN.
 */
export const inventoryImportRows = pgTable(
  'inventory_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => inventoryImports.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    ok: boolean().notNull(),
    reason: text(),
    pinCiphertext: bytea('pin_ciphertext'),
    pinIndex: text('pin_index'),
    /**
     * The PIN's index under the ring's other keys while a rotation is under way (decision 0148), so the duplicate
     * check at validation and approval also meets stock not yet re-indexed; null with a single key.
     */
    pinIndexOthers: text('pin_index_others').array(),
    pinHint: text('pin_hint').notNull(),
    pinLength: smallint('pin_length').notNull(),
    serial: text(),
    lot: text(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNo] }),
    index('inventory_import_rows_failed_idx').on(t.importId, t.ok),
  ],
);

/**
 * Every pin for its whole life: owner, product, batch (lot), supplier, cost, sale. Stock for sale is
 * `available_stock`; a PIN is unique per product through the HMAC blind index.
 */
export const pins = pgTable(
  'pins',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => productConfigurations.id),
    importId: integer('import_id')
      .notNull()
      .references(() => inventoryImports.id),
    lot: text().notNull(),
    pinCiphertext: bytea('pin_ciphertext').notNull(),
    pinIndex: text('pin_index').notNull(),
    pinHint: text('pin_hint').notNull(),
    pinLength: smallint('pin_length').notNull(),
    serial: text(),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    buyingDiscount: numeric('buying_discount', { precision: 7, scale: 4 }).notNull(),
    cost: numeric({ precision: 19, scale: 4 }).notNull(),
    published: boolean().notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('pins_product_index_uq').on(t.productId, t.pinIndex),
    index('pins_index_idx').on(t.pinIndex),
    // The header's search finds a sale by a PIN's serial, whole (issue 39).
    index('pins_serial_idx').on(t.serial).where(sql`${t.serial} is not null`),
    index('pins_configuration_lot_idx').on(t.configurationId, t.lot),
    index('pins_import_idx').on(t.importId),
    index('pins_owner_idx').on(t.ownerCustomerId, t.configurationId),
  ],
);

/**
 * Stock for sale (DOMAIN.md): exactly the published unsold pins. Publishing inserts, unpublishing
 * deletes, a sale claims with DELETE … RETURNING. The primary key (configuration_id, pin_id) is the
 * index the claim's `WHERE configuration_id = $1 ORDER BY pin_id LIMIT n FOR UPDATE SKIP LOCKED` walks.
 */
export const availableStock = pgTable(
  'available_stock',
  {
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => productConfigurations.id),
    pinId: bigint('pin_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => pins.id),
  },
  (t) => [primaryKey({ columns: [t.configurationId, t.pinId] })],
);
