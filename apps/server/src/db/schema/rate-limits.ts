import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the per-IP limits, shared by every server copy. The table is unlogged (a
 * migration sets it so): a crash may forget a window's counts, which only lets a few requests more
 * through, and no write of it waits for the WAL.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
