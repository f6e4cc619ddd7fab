import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/** A business account: the platform (role 0), a reseller (1) or a seller's shop (2). */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    parentId: integer('parent_id'),
    accountRole: smallint('account_role').notNull(),
    name: text().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    enableOtp: boolean('enable_otp').notNull().default(false),
    features: text().array().notNull().default(sql`'{}'::text[]`),
    creditLimit: numeric('credit_limit', { precision: 19, scale: 4 }).notNull().default('0'),
    address: jsonb().$type<{ address: string; house_no: string; postal: string; city: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('customers_parent_idx').on(t.parentId),
    check('customers_role_chk', sql`${t.accountRole} in (0, 1, 2)`),
    check('customers_credit_limit_chk', sql`${t.creditLimit} >= 0`),
  ],
);

/** A person who signs in; belongs to one customer. Flags and look settings are per user. */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    username: text().notNull(),
    passwordHash: text('password_hash'),
    name: text().notNull().default(''),
    email: text(),
    mobile: text(),
    accountRole: smallint('account_role').notNull(),
    internalRole: smallint('internal_role').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    enableWebView: boolean('enable_web_view').notNull().default(false),
    requireDeviceApproval: boolean('require_device_approval').notNull().default(false),
    features: text().array().notNull().default(sql`'{}'::text[]`),
    settings: jsonb().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('users_org_username_uq').on(t.organisationId, sql`lower(${t.username})`),
    index('users_customer_idx').on(t.customerId),
    check('users_role_chk', sql`${t.accountRole} in (0, 1, 2, 3)`),
    check('users_internal_role_chk', sql`${t.internalRole} in (0, 1)`),
  ],
);
