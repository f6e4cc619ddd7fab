import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A sales report export (`/get_sales_report_download_url/`): the filters and the caller it was asked with,
 * built by a job into the storage interface, for that user only, until it expires.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    userId: integer('user_id').notNull(),
    customerId: integer('customer_id').notNull(),
    format: text().notNull(),
    /** The request's filters, and the caller's scope and masking as they were when asked. */
    request: jsonb().notNull(),
    status: text().notNull().default('pending'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    fileId: uuid('file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('report_exports_user_idx').on(t.userId, t.createdAt),
    index('report_exports_expires_idx').on(t.expiresAt),
    check('report_exports_status_chk', sql`${t.status} in ('pending', 'running', 'ready')`),
    check('report_exports_format_chk', sql`${t.format} in ('csv', 'xlsx')`),
  ],
);

/**
 * Sales summed per Berlin day (decision 0065), kept by the rollup job from the sales with ids up to the cursor.
 * One table at four grains, because the million-sale benchmark has less than one sale per shop and day, so a
 * shop grain alone sums nearly as many rows as the sales themselves:
 * 1 — per shop and staff member (reseller, shop, user), for scopes, filters and groups that name them;
 * 2 — per reseller (shop and user 0); 3 — per platform (reseller, shop and user 0);
 * 4 — per shop and calendar month (`day` its first day; user, product and denomination 0), for the whole months of a
 *     long period read per shop without a staff, product or denomination in it.
 * Grains 1–3 keep product, denomination and kind; every grain keeps kind. The amounts are sums of each price level's figures
 * (decision 0063); `reseller_cost` is null where every sale of the row had none, as `sum` over the sales would be.
 */
export const salesRollup = pgTable(
  'sales_rollup',
  {
    grain: smallint().notNull(),
    day: date({ mode: 'string' }).notNull(),
    resellerId: integer('reseller_id').notNull(),
    customerId: integer('customer_id').notNull(),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    configurationId: integer('configuration_id').notNull(),
    kind: text().notNull(),
    sales: integer().notNull(),
    pins: bigint({ mode: 'number' }).notNull(),
    faceValue: numeric('face_value').notNull(),
    sellerAmount: numeric('seller_amount').notNull(),
    platformCost: numeric('platform_cost').notNull(),
    resellerCost: numeric('reseller_cost'),
    /**
     * The platform's own figures (decision 0063): its `revenue` and `sales_income` lines (R of its stock sold through
     * a reseller, S of a shop directly under it) and its `cost_of_sales` (C of its own stock and provider goods).
     */
    platformRevenue: numeric('platform_revenue').notNull().default('0'),
    platformOwnCost: numeric('platform_own_cost').notNull().default('0'),
  },
  (t) => [
    primaryKey({
      name: 'sales_rollup_pk',
      columns: [t.grain, t.day, t.resellerId, t.customerId, t.userId, t.productId, t.configurationId, t.kind],
    }),
    // A shop's own reports (its scope names only the shop) and a reseller's (grain 1 and 2 by reseller).
    index('sales_rollup_shop_idx').on(t.customerId, t.day).where(sql`${t.grain} = 1`),
    index('sales_rollup_shop_month_idx').on(t.customerId, t.day).where(sql`${t.grain} = 4`),
    // Migration 0065 adds, by hand (no INCLUDE here), `sales_rollup_grain3_days_idx` and `…grain4_days_idx`: each
    // grain's rows in day order with every column, read by long periods from the index alone.
    index('sales_rollup_reseller_idx').on(t.resellerId, t.grain, t.day),
    check('sales_rollup_grain_chk', sql`${t.grain} in (1, 2, 3, 4)`),
  ],
);

/**
 * The one row saying how far the rollup has read `sales`: every sale with an id up to `last_sale_id` is in
 * `sales_rollup`, none above it. Moved in the transaction that adds the rows, so a crash loses nothing.
 */
export const salesRollupCursor = pgTable(
  'sales_rollup_cursor',
  {
    id: smallint().primaryKey(),
    lastSaleId: bigint('last_sale_id', { mode: 'number' }).notNull(),
    /** The journal entries up to which provider sales' success and refund entries are rolled up (decision 0102). */
    lastProviderEntryId: bigint('last_provider_entry_id', { mode: 'number' }).notNull().default(0),
    rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }),
  },
  (t) => [check('sales_rollup_cursor_one_chk', sql`${t.id} = 1`)],
);
