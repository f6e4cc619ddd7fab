import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const organisations = pgTable('organisations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  logo: text(),
  loginLogo: text('login_logo'),
  supportEmail: text('support_email'),
  supportPhone: text('support_phone'),
  supportText: text('support_text'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** Host names that resolve to an organisation; a reseller's sub domain also names the reseller. */
export const organisationHosts = pgTable('organisation_hosts', {
  host: text().primaryKey(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id),
  resellerId: integer('reseller_id'),
});
