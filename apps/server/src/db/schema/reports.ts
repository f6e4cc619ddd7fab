import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
