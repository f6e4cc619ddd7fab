import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The audit trail's two halves on the application side (decision 0141):
 * - who acts: every database transaction names its actor in the transaction-local setting `portal.actor`, which
 *   the trigger `audit_change()` reads. The request, job, seed or migration that runs the work opens an audit
 *   scope (`auditScope`), and the pool (db/connect.ts) sets the setting from it in every transaction it begins,
 *   so no service has to remember it and none can forget it. A change to an audited table naming no actor is
 *   refused by the trigger.
 * - what is audited: the classification of every table of the schema below; the migration's triggers follow it
 *   and `audit.test.ts` fails on a table in none of the three lists or a trigger that differs from it.
 */

/** What the pool needs of a request: Fastify's request, whose actor is known only after the route's guard ran. */
export interface AuditRequest {
  id: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  actor?: { userId: number; customerId: number } | null;
  routeOptions?: { config?: { auth?: string } };
}

/** A request (its user is read when a transaction begins), or a job, migration or tool acting by its name. */
export type AuditScope = { req: AuditRequest } | { name: string };

const scope = new AsyncLocalStorage<AuditScope>();

/** Runs `work` (and everything it awaits or schedules) as `who`. */
export function auditScope<T>(who: AuditScope, work: () => T): T {
  return scope.run(who, work);
}

/** Runs `work` as the job, migration or tool `name` (`job:<name>`, `migration`, `seed`, …). */
export function asActor<T>(name: string, work: () => T | PromiseLike<T>): Promise<T> {
  // Awaited inside the scope: a lazy query (drizzle's run when awaited) must start in it too.
  return scope.run({ name }, async () => await work());
}

const USER_AGENT_MAX = 400;

/**
 * The value of `portal.actor` for the current scope (JSON), or null outside any scope. A request's user is read
 * here, at the transaction's start, because the guard resolves it after the scope opened; a request with no
 * signed-in user (sign-in, self-registration, a password link) acts as `public`, its request id and origin named.
 */
export function currentActorSetting(): string | null {
  const who = scope.getStore();
  if (!who) return null;
  if ('name' in who) return JSON.stringify({ name: who.name });
  const { req } = who;
  const ua = req.headers['user-agent'];
  const actor = req.actor ?? null;
  return JSON.stringify({
    name: actor ? (req.routeOptions?.config?.auth === 'api_key' ? 'api_key' : 'user') : 'public',
    user_id: actor?.userId ?? null,
    customer_id: actor?.customerId ?? null,
    request_id: req.id,
    ip: req.ip ?? null,
    ua: typeof ua === 'string' ? ua.slice(0, USER_AGENT_MAX) : null,
  });
}

/**
 * An audited table: its key columns (the trail's `record_key`), the column naming the customer the record belongs
 * to (for a customer's "Changes"; null where the table has none) and the recorded columns. A column written `~col`
 * is a secret or a large image: a change is recorded as an event (`{"event": "reset"}`), never its value. Columns
 * not listed are bookkeeping (timestamps, last-used marks) or secrets never recorded at all: an UPDATE touching only
 * them records nothing.
 */
export interface AuditedTable {
  key: string[];
  subject: string | null;
  recorded: string[];
}

export const AUDITED_TABLES: Record<string, AuditedTable> = {
  customers: {
    key: ['id'],
    subject: 'id',
    recorded: [
      'organisation_id',
      'parent_id',
      'account_role',
      'name',
      'is_active',
      'enable_otp',
      'features',
      'credit_limit',
      'address',
      'organisation_type',
      'email',
      'balance_trigger',
      'balance_topup',
      'auto_credit',
      'low_balance_notice',
      'discount_slab_id',
      'sub_domain',
      'alternative_mobiles',
      'sms_sender_id',
      '~invoice_logo',
      '~invoice_header_image',
      '~invoice_footer_image',
      '~login_logo',
      'shop_type',
      'shop_timings',
      'holidays',
      'lunch',
      'mask_seller_discount',
      'terminal_limit',
      'otp_channel',
      'remarks',
      'api_enabled',
      'api_allowed_ips',
      'api_callback_url',
      'stopped_at',
      'legal_name',
      'vat_id',
      'tax_number',
      'legal_form',
      'seat',
      'economic_id',
      'register_court',
      'register_type',
      'register_number',
      'managing_directors',
      'gln',
      'iban',
      'bic',
    ],
  },
  users: {
    key: ['id'],
    subject: 'customer_id',
    recorded: [
      'customer_id',
      'organisation_id',
      'username',
      '~password_hash',
      'name',
      'email',
      'mobile',
      'account_role',
      'internal_role',
      'is_main',
      'is_active',
      'enable_web_view',
      'require_device_approval',
      'features',
      'job_role',
    ],
  },
  // A device approved for a user's sign-in, or its approval withdrawn; the fingerprint only as an event.
  user_devices: { key: ['id'], subject: null, recorded: ['user_id', '~fingerprint_hash', 'approved_at'] },
  // A password (re)set link or OTP issued and used: the event, never the token or the code.
  password_invitations: {
    key: ['user_id'],
    subject: null,
    recorded: ['user_id', '~otp_hash', 'expires_at', 'used_at'],
  },
  registrations: {
    key: ['id'],
    subject: 'customer_id',
    recorded: ['parent_id', 'shop_name', 'username', 'status', 'reject_reason', 'customer_id', 'decided_by'],
  },
  staff_assignments: {
    key: ['staff_user_id', 'customer_id'],
    subject: 'customer_id',
    recorded: ['staff_user_id', 'customer_id', 'assigned_by'],
  },
  product_assignments: {
    key: ['customer_id', 'configuration_id'],
    subject: 'customer_id',
    recorded: ['customer_id', 'configuration_id', 'discount_slab_id', 'is_active', 'assigned_by'],
  },
  discount_slabs: { key: ['id'], subject: 'owner_customer_id', recorded: ['owner_customer_id', 'name'] },
  discount_slab_items: {
    key: ['slab_id', 'configuration_id'],
    subject: null,
    recorded: ['slab_id', 'configuration_id', 'discount'],
  },
  dynamic_products: {
    key: ['id'],
    subject: null,
    recorded: ['provider', 'provider_product_id', 'name', 'product_type', 'face_value', 'enabled'],
  },
  dynamic_product_discounts: {
    key: ['customer_id', 'dynamic_product_id'],
    subject: 'customer_id',
    recorded: ['customer_id', 'dynamic_product_id', 'discount'],
  },
  dynamic_product_offers: {
    key: ['customer_id', 'dynamic_product_id'],
    subject: 'customer_id',
    recorded: ['customer_id', 'dynamic_product_id', 'offered'],
  },
  provider_discounts: {
    key: ['customer_id', 'provider'],
    subject: 'customer_id',
    recorded: ['customer_id', 'provider', 'discount'],
  },
  provider_vat_treatments: {
    key: ['provider', 'dynamic_product_id', 'valid_from'],
    subject: null,
    recorded: ['provider', 'dynamic_product_id', 'valid_from', 'treatment', 'vat_rate', 'carrier', 'set_by'],
  },
  products: {
    key: ['id'],
    subject: 'owner_customer_id',
    recorded: [
      'owner_customer_id',
      'product_type',
      'product_name',
      'pin_length',
      'customer_care',
      'instructions',
      '~product_image',
      'is_configuration',
      'is_active',
      'vat_treatment',
      'vat_rate',
    ],
  },
  product_configurations: {
    key: ['id'],
    subject: null,
    recorded: ['product_id', 'value', 'info', 'is_active', 'low_stock_threshold'],
  },
  pools: { key: ['id'], subject: null, recorded: ['product_id'] },
  // Stock is recorded per import and publish action, never per PIN.
  inventory_imports: {
    key: ['id'],
    subject: 'owner_customer_id',
    recorded: [
      'owner_customer_id',
      'kind',
      'status',
      'file_name',
      'configuration_id',
      'supplier_id',
      'buying_discount',
      'imported_pins',
      'published',
      'approved_by',
    ],
  },
  suppliers: {
    key: ['id'],
    subject: 'owner_customer_id',
    recorded: [
      'owner_customer_id',
      'full_name',
      'company',
      'email',
      'mobile',
      'telephone',
      'address',
      'city',
      'postalcode',
      'country',
      'ustidnr',
      'stnr',
      'remarks',
      'status',
    ],
  },
  // Never the key hash; `last_used_at` is bookkeeping.
  api_keys: {
    key: ['id'],
    subject: 'customer_id',
    recorded: ['customer_id', 'user_id', 'name', 'key_prefix', 'created_by', 'expires_at', 'revoked_at', 'revoked_by'],
  },
  // The signing secret only as an event ("rotated"), never its ciphertext.
  partner_webhooks: {
    key: ['customer_id'],
    subject: 'customer_id',
    recorded: ['customer_id', '~secret_ciphertext', 'rotated_by'],
  },
  devices: {
    key: ['id'],
    subject: 'shop_id',
    recorded: ['tag', 'serial_no', 'status', 'reseller_id', 'shop_id', 'deleted_at'],
  },
  shop_terminals: { key: ['id'], subject: 'shop_id', recorded: ['shop_id', 'terminal_id', 'is_active'] },
  shop_support_ids: { key: ['customer_id'], subject: 'customer_id', recorded: ['customer_id', 'support_id'] },
  organisations: {
    key: ['id'],
    subject: null,
    recorded: ['name', '~logo', '~login_logo', 'support_email', 'support_phone', 'support_text'],
  },
  organisation_hosts: { key: ['host'], subject: 'reseller_id', recorded: ['host', 'organisation_id', 'reseller_id'] },
  bank_name_mappings: {
    key: ['id'],
    subject: 'customer_id',
    recorded: ['owner_customer_id', 'match_key', 'payer_name', 'payer_iban', 'customer_id', 'deleted_at'],
  },
  hardware_categories: {
    key: ['id'],
    subject: 'owner_customer_id',
    recorded: ['owner_customer_id', 'name', 'description', 'image_file_id', 'deleted_at'],
  },
  hardware_products: {
    key: ['id'],
    subject: null,
    recorded: ['category_id', 'name', 'description', 'price', 'stock', 'image_file_id', 'deleted_at'],
  },
  datev_settings: {
    key: ['issuer_customer_id'],
    subject: 'issuer_customer_id',
    recorded: ['chart', 'consultant_number', 'client_number', 'fiscal_year_start_month', 'accounts'],
  },
};

/**
 * Tables the purchase or the partner purchase writes: no trigger of the trail, ever (a test lists their triggers
 * and fails on a new one). What matters for the books there is the ledger and the sales themselves, which the hash
 * chain will seal after commit, never a trigger inside each purchase.
 */
export const PURCHASE_PATH_TABLES = [
  'transaction_keys',
  'pins',
  'available_stock',
  'sales',
  'sale_pins',
  'pin_reveals',
  'sale_downloads',
  'soft_pins',
  'soft_pin_reveals',
  'wallet_accounts',
  'wallet_slots',
  'auto_credit_requests',
  'journal_entries',
  'ledger_lines',
  'provider_sales',
  'flixbus_bookings',
  'hardware_orders',
] as const;

/**
 * Tables with no trigger of the trail, and why: their own history or state kept by the portal, books the hash
 * chain will seal, security state of sign-in, queues and caches.
 */
export const BOOKKEEPING_TABLES: Record<string, string> = {
  audit_trail: 'the trail itself',
  audit_origins: 'the trail’s erasable origins',
  audit_seals: 'the hash chain over the books, append-only',
  audit_seal_state: 'the sealing job’s horizon',
  staff_assignment_history: 'history of staff_assignments (audited)',
  product_vat_history: 'history of products’ VAT (audited)',
  device_assignments: 'history of devices (audited)',
  reclamation_events: 'a reclamation’s own history',
  reclamations: 'a case with its own history (reclamation_events)',
  reclamation_pins: 'the PINs of a reclamation',
  invoices: 'books, append-only, sealed by the chain',
  invoice_lines: 'books, append-only',
  invoice_files: 'stored documents of issued invoices',
  invoice_counters: 'number series',
  datev_debtors: 'number series (debtor numbers), append-only',
  invoice_holds: 'state of the monthly run',
  invoice_left_out_refunds: 'state of the monthly run',
  invoice_mail_attempts: 'delivery state',
  invoice_mails: 'delivery state',
  invoice_runs: 'job progress',
  key_rotations: 'job progress of a key rotation (key ids, counts; never a key)',
  z_reports: 'books, append-only',
  z_report_counters: 'number series',
  bank_imports: 'uploaded statements and their booking state',
  bank_records: 'statement lines; their booking is a ledger entry',
  inventory_import_rows: 'staging rows of an import (PIN ciphertexts)',
  stored_files: 'stored bytes; documents are sealed by their hash',
  stored_file_parts: 'stored bytes',
  outbox_messages: 'delivery queue',
  partner_deliveries: 'delivery queue',
  partner_event_cursor: 'cursor',
  sales_rollup: 'derived report data',
  sales_rollup_cursor: 'cursor',
  report_exports: 'export jobs',
  notices: 'notifications',
  low_balance_alerts: 'alert state',
  low_stock_alerts: 'alert state',
  dynamic_product_logs: 'provider call log',
  provider_reconciliations: 'reconciliation runs',
  provider_reconciliation_differences: 'reconciliation findings',
  provider_withdrawn_products: 'provider catalogue state',
  favourites: 'a user’s own shortcuts',
  sessions: 'sign-in state',
  login_challenges: 'sign-in state (OTP codes hashed)',
  login_nonces: 'sign-in replay guard',
  auth_throttle: 'sign-in throttle',
  rate_limit_hits: 'rate limiter',
};
