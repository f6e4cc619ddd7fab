import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './credit.ts';
import { customers, users } from './customers.ts';
import { pins } from './inventory.ts';
import { productConfigurations } from './products.ts';

/**
 * Transaction keys (spec section 4): fetched before a purchase, attached to exactly one. The row is
 * the idempotency record: the request's hash and, once finished, the outcome to replay. The outcome
 * never holds plain PINs (a purchase stores its sale id; the answer is rebuilt from the sale).
 */
export const transactionKeys = pgTable(
  'transaction_keys',
  {
    key: text().primaryKey(),
    sessionId: uuid('session_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    requestHash: text('request_hash'),
    status: text().notNull().default('issued'),
    outcomeStatus: smallint('outcome_status'),
    outcome: jsonb(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('transaction_keys_created_idx').on(t.createdAt)],
);

/**
 * A sale (DOMAIN.md "A sale"): one purchase of `quantity` PINs of one configuration by a shop's user.
 * Prices are per unit as charged: S (seller price), R (reseller price, platform stock only), the PINs'
 * total cost C. The ledger entry is found by its reference `sale:<id>`. Append-only, so its customer,
 * user, product and configuration columns carry no foreign key (decision 0051): they are written once by
 * `portal_purchase` from rows it has just read, and those rows are never deleted.
 */
export const sales = pgTable(
  'sales',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id').notNull(),
    userId: integer('user_id').notNull(),
    /** Who receives S: the shop's reseller (or the platform for a shop directly under it). */
    resellerId: integer('reseller_id').notNull(),
    ownerCustomerId: integer('owner_customer_id').notNull(),
    productId: integer('product_id').notNull(),
    configurationId: integer('configuration_id').notNull(),
    kind: text().notNull(),
    quantity: integer().notNull(),
    faceValue: numeric('face_value', { precision: 19, scale: 4 }).notNull(),
    sellerPrice: numeric('seller_price', { precision: 19, scale: 4 }).notNull(),
    resellerPrice: numeric('reseller_price', { precision: 19, scale: 4 }),
    totalCost: numeric('total_cost', { precision: 19, scale: 4 }).notNull(),
    /**
     * One purchase of 21–30 runs as steps of at most 20, each its own sale; the client's id for the
     * purchase, shared by its steps, lets receipts and lists show them as one (null: a purchase of one step).
     */
    purchaseGroup: uuid('purchase_group'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sales_purchase_group_idx').on(t.purchaseGroup).where(sql`${t.purchaseGroup} is not null`),
    // The sales lists by shop, by shop and seller, and by reseller, newest first (created_at desc, id desc).
    index('sales_customer_created_idx').on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index('sales_customer_user_created_idx').on(t.customerId, t.userId, t.createdAt.desc(), t.id.desc()),
    // NULLS FIRST like sales_created_idx: a reseller's report pages then walk only its own sales in order
    // (decision 0065); with NULLS LAST the planner walked every sale of the period and filtered.
    index('sales_reseller_created_idx').on(t.resellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The superadmin's reports and exports filter by period only: without it every page sorts all sales.
    // NULLS FIRST is what `order by … desc` means, so the index serves the order as well as the range.
    index('sales_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('sales_kind_chk', sql`${t.kind} in ('single', 'bulk')`),
    check('sales_quantity_chk', sql`${t.quantity} between 1 and 1500`),
  ],
);

/** The PINs of a sale. A PIN belongs to at most one sale: the unique pin_id is invariant 1's last guard. */
export const salePins = pgTable(
  'sale_pins',
  {
    saleId: bigint('sale_id', { mode: 'number' })
      .notNull()
      .references(() => sales.id),
    pinId: bigint('pin_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => pins.id),
  },
  (t) => [primaryKey({ columns: [t.saleId, t.pinId] })],
);

/** The reveal kinds as a type for `pin_reveals_kind_chk` to cast to: why, see `ledgerAccountType`. */
export const pinRevealKindType = pgEnum('pin_reveal_kind', ['sale', 'replay', 'reprint', 'download', 'api']);

/**
 * Every time plain PINs left the server (the purchase answer, its replay, a reprint, a download, the partner
 * API's sale call): who, which sale, which PINs (null: all of the sale). Append-only.
 */
export const pinReveals = pgTable(
  'pin_reveals',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    saleId: bigint('sale_id', { mode: 'number' })
      .notNull()
      .references(() => sales.id),
    customerId: integer('customer_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text().notNull(),
    pinIds: bigint('pin_ids', { mode: 'number' }).array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Keyed by sale first: it finds a sale's reveals, which a second index did, one index entry fewer per sale.
    primaryKey({ columns: [t.saleId, t.id] }),
    check('pin_reveals_kind_chk', oneOf(t.kind, pinRevealKindType)),
  ],
);

/**
 * The file of a bulk purchase (`/download/{downloadId}`): rendered by a job into the storage interface,
 * encrypted and expiring, for its buyer only.
 */
export const saleDownloads = pgTable(
  'sale_downloads',
  {
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    saleId: bigint('sale_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => sales.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text().notNull().default('pending'),
    csvFileId: uuid('csv_file_id'),
    pdfFileId: uuid('pdf_file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sale_downloads_user_idx').on(t.userId, t.createdAt),
    check('sale_downloads_status_chk', sql`${t.status} in ('pending', 'ready')`),
  ],
);

/** A shop's closed days: the Z report with its sequential number, frozen when issued. Append-only. */
export const zReports = pgTable(
  'z_reports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    number: integer().notNull(),
    /** The sales it covers: ids after the previous report's `lastSaleId`, up to its own. */
    firstSaleId: bigint('first_sale_id', { mode: 'number' }),
    lastSaleId: bigint('last_sale_id', { mode: 'number' }).notNull(),
    /**
     * The provider sales it covers (decision 0102): their success and refund entries with ids after
     * `providerAfterEntryId`, up to `providerLastEntryId`.
     */
    providerAfterEntryId: bigint('provider_after_entry_id', { mode: 'number' }).notNull().default(0),
    providerLastEntryId: bigint('provider_last_entry_id', { mode: 'number' }).notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedBy: integer('closed_by')
      .notNull()
      .references(() => users.id),
    totals: jsonb().notNull(),
  },
  (t) => [uniqueIndex('z_reports_customer_number_uq').on(t.customerId, t.number)],
);

/** The shop's last Z report number and sale watermark; its row lock serialises closing the day. */
export const zReportCounters = pgTable('z_report_counters', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  lastNumber: integer('last_number').notNull(),
  lastSaleId: bigint('last_sale_id', { mode: 'number' }).notNull(),
  lastProviderEntryId: bigint('last_provider_entry_id', { mode: 'number' }).notNull().default(0),
  lastClosedAt: timestamp('last_closed_at', { withTimezone: true }),
});

/** A user's favourite configurations in their order; none stored means the shop's best sellers. */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => productConfigurations.id),
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.configurationId] })],
);

/** The shop's remote-support id, shown to the support team from the support hover box. */
export const shopSupportIds = pgTable('shop_support_ids', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  supportId: text('support_id').notNull(),
  updatedBy: integer('updated_by')
    .notNull()
    .references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
