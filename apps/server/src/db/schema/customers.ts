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
    // Customer fields of spec section 3.
    organisationType: text('organisation_type').notNull().default(''),
    email: text(),
    balanceTrigger: numeric('balance_trigger', { precision: 19, scale: 4 }),
    balanceTopup: numeric('balance_topup', { precision: 19, scale: 4 }),
    autoCredit: boolean('auto_credit').notNull().default(false),
    /** How the shop hears of a balance below its trigger besides the bell (decision 0099). */
    lowBalanceNotice: text('low_balance_notice').$type<'none' | 'email' | 'sms'>().notNull().default('email'),
    discountSlabId: integer('discount_slab_id'),
    subDomain: text('sub_domain'),
    alternativeMobiles: text('alternative_mobiles').array().notNull().default(sql`'{}'::text[]`),
    smsSenderId: text('sms_sender_id'),
    invoiceLogo: text('invoice_logo'),
    invoiceHeaderImage: text('invoice_header_image'),
    invoiceFooterImage: text('invoice_footer_image'),
    loginLogo: text('login_logo'),
    shopType: text('shop_type'),
    shopTimings: jsonb('shop_timings').$type<Record<string, { open: string; close: string } | null>>(),
    holidays: jsonb().$type<string[]>(),
    lunch: jsonb().$type<{ from: string; to: string } | null>(),
    maskSellerDiscount: boolean('mask_seller_discount').notNull().default(false),
    terminalLimit: integer('terminal_limit').notNull().default(0),
    otpChannel: text('otp_channel').notNull().default('sms'),
    remarks: text().notNull().default(''),
    apiEnabled: boolean('api_enabled').notNull().default(false),
    apiAllowedIps: text('api_allowed_ips').array().notNull().default(sql`'{}'::text[]`),
    apiCallbackUrl: text('api_callback_url'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    // Legal data an invoice names for its issuer and recipient (§ 14 Abs. 4 UStG).
    legalName: text('legal_name'),
    vatId: text('vat_id'),
    taxNumber: text('tax_number'),
    legalForm: text('legal_form'),
    seat: text(),
    economicId: text('economic_id'),
    // The register entry in parts (issue 35): court (BT-33), type and number (BT-30).
    registerCourt: text('register_court'),
    registerType: text('register_type'),
    registerNumber: text('register_number'),
    managingDirectors: text('managing_directors'),
    /** GS1 Global Location Number, an e-invoice's seller identifier with scheme 0088 (BT-29). */
    gln: text(),
    iban: text(),
    bic: text(),
  },
  (t) => [
    index('customers_parent_idx').on(t.parentId),
    uniqueIndex('customers_sub_domain_uq').on(sql`lower(${t.subDomain})`).where(sql`${t.subDomain} is not null`),
    check('customers_low_balance_notice_chk', sql`${t.lowBalanceNotice} in ('none', 'email', 'sms')`),
    check('customers_balance_trigger_chk', sql`${t.balanceTrigger} >= 0`),
    check('customers_balance_topup_chk', sql`${t.balanceTopup} >= 0`),
    check('customers_terminal_limit_chk', sql`${t.terminalLimit} >= 0`),
    check('customers_otp_channel_chk', sql`${t.otpChannel} in ('sms', 'email')`),
    check('customers_role_chk', sql`${t.accountRole} in (0, 1, 2)`),
    check('customers_credit_limit_chk', sql`${t.creditLimit} >= 0`),
    check('customers_register_type_chk', sql`${t.registerType} in ('HRA', 'HRB', 'GnR', 'PR', 'VR')`),
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
    jobRole: text('job_role').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('users_org_username_uq').on(t.organisationId, sql`lower(${t.username})`),
    index('users_customer_idx').on(t.customerId),
    check('users_role_chk', sql`${t.accountRole} in (0, 1, 2, 3)`),
    check('users_internal_role_chk', sql`${t.internalRole} in (0, 1)`),
  ],
);

/** A shop's application from the public /user/register form, decided by the operator of the host. */
export const registrations = pgTable(
  'registrations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The customer that decides it: the reseller of the host it came in on, else the platform. */
    parentId: integer('parent_id')
      .notNull()
      .references(() => customers.id),
    shopName: text('shop_name').notNull(),
    contactName: text('contact_name').notNull(),
    username: text().notNull(),
    email: text().notNull(),
    mobile: text().notNull(),
    address: jsonb().$type<{ address: string; house_no: string; postal: string; city: string }>().notNull(),
    shopType: text('shop_type'),
    message: text().notNull().default(''),
    status: text().notNull().default('pending'),
    rejectReason: text('reject_reason'),
    customerId: integer('customer_id').references(() => customers.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('registrations_parent_idx').on(t.parentId, t.status, t.id),
    check('registrations_status_chk', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);

/**
 * A shop's EPay terminal id: the id the EPay network gave the shop's payment terminal, registered and
 * switched on or off by the platform (`/customers/terminals`). One id belongs to one shop.
 */
export const shopTerminals = pgTable(
  'shop_terminals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => customers.id),
    terminalId: text('terminal_id').notNull(),
    isActive: boolean('is_active').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [uniqueIndex('shop_terminals_terminal_uq').on(t.terminalId), index('shop_terminals_shop_idx').on(t.shopId)],
);
