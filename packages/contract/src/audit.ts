import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { type EndpointSchemas, type FileSchemas, pageOf, pageQuery } from './envelope.ts';
import { EXPORT_FILE_TYPES } from './reports.ts';
import { RULES } from './rules.ts';

/**
 * The audit trail's read side (issue 41, decision 0141): a customer's changes (its own record's and its users') and
 * the superadmin's log. The trail itself is written by the database, never through these calls.
 */

/** What a change is about: the table it changed, as the filter "kind" names it. */
export const AUDIT_KINDS = [
  'customers',
  'users',
  'user_devices',
  'password_invitations',
  'registrations',
  'staff_assignments',
  'product_assignments',
  'discount_slabs',
  'discount_slab_items',
  'dynamic_products',
  'dynamic_product_discounts',
  'dynamic_product_offers',
  'provider_discounts',
  'provider_vat_treatments',
  'products',
  'product_configurations',
  'pools',
  'inventory_imports',
  'suppliers',
  'api_keys',
  'partner_webhooks',
  'devices',
  'shop_terminals',
  'shop_support_ids',
  'organisations',
  'organisation_hosts',
  'bank_name_mappings',
  'hardware_categories',
  'hardware_products',
  'datev_settings',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

const queryId = z.coerce.number().int().positive();

/** `/customer_changes/`: one customer's changes, newest first. */
export const customerChangesQuery = pageQuery.extend({ customer_id: queryId });
export type CustomerChangesQuery = z.infer<typeof customerChangesQuery>;

/** The log's filters: acting user, customer, kind and period (Berlin days). */
const auditLogFilters = {
  actor_user_id: queryId.optional(),
  customer_id: queryId.optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
};
const periodInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const periodMessage = { path: ['to'], message: 'to: not before from' };

/** `/audit_log/`: every change of the superadmin's tenant, filtered by actor, customer, kind and period (Berlin days). */
export const auditLogQuery = pageQuery.extend(auditLogFilters).refine(periodInOrder, periodMessage);
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** The most changes one export of the log writes: the newest, as the log lists them; a narrower filter finds older. */
export const AUDIT_LOG_EXPORT_MAX = 10_000;
export const AUDIT_LOG_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/**
 * `/export_audit_log/` (POST, answers the file, CSV or XLSX): the log's filters and rule, one row per changed field,
 * in the caller's language and its spreadsheet's dialect (decision 0131). Not in the JSON table below: it answers a
 * file, declared by its content types like every export.
 */
export const auditLogExportBody = z
  .object({ ...auditLogFilters, format: z.enum(AUDIT_LOG_EXPORT_FORMATS).default('csv') })
  .refine(periodInOrder, periodMessage);
export type AuditLogExportBody = z.infer<typeof auditLogExportBody>;

/** The log's pickers: who acted (a user of the platform's customers) and the customer, searched on the server. */
export const AUDIT_PICKER_FIELDS = ['actor', 'customer'] as const;
export const AUDIT_PICKER_LIMIT = 20;
export const auditLogChoicesQuery = z.object({
  field: z.enum(AUDIT_PICKER_FIELDS),
  /** A part of a name or username (a number also finds its id); empty lists the first choices by name. */
  q: z.string().trim().max(100).default(''),
  /** The chosen value's own choice (its name after a reload from the URL); nothing when it is outside the scope. */
  id: queryId.optional(),
});
export type AuditLogChoicesQuery = z.infer<typeof auditLogChoicesQuery>;
export const auditLogChoice = z.object({ id: z.number().int(), name: z.string(), detail: z.string().nullable() });
export type AuditLogChoice = z.infer<typeof auditLogChoice>;
export const auditLogChoices = z.object({ choices: z.array(auditLogChoice) });

/**
 * One recorded field: before and after as stored (numbers as their decimal text), only `after` for a new record,
 * only `before` for a deleted one; a secret or image only as the event (`set`, `reset`, `removed`).
 */
export const auditFieldChange = z.object({
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  event: z.enum(['set', 'reset', 'removed']).optional(),
});

export const auditChange = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `user`, `api_key`, `public` (no signed-in user), or the job, migration, seed or tool by its name. */
  actor_name: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor_username: z.string().nullable(),
  /** The acting user's name as its form shows it (its username where it has none). */
  actor_user_name: z.string().nullable(),
  actor_customer_id: z.number().int().nullable(),
  request_id: z.string().nullable(),
  kind: z.string(),
  record_key: z.string(),
  customer_id: z.number().int().nullable(),
  /** The customer the record belongs to, by name (null where none, or where it no longer exists). */
  customer_name: z.string().nullable(),
  action: z.enum(['insert', 'update', 'delete']),
  changes: z.record(z.string(), auditFieldChange),
});
export type AuditChange = z.infer<typeof auditChange>;

export const auditEndpoints = {
  '/customer_changes/': {
    method: 'GET',
    query: customerChangesQuery,
    data: pageOf('changes', auditChange),
    rule: RULES.operators,
    refusals: true,
  },
  '/audit_log/': {
    method: 'GET',
    query: auditLogQuery,
    data: pageOf('changes', auditChange),
    rule: RULES.superadmin,
    refusals: true,
  },
  '/audit_log_choices/': {
    method: 'GET',
    query: auditLogChoicesQuery,
    data: auditLogChoices,
    rule: RULES.superadmin,
    refusals: true,
  },
} satisfies Record<string, EndpointSchemas>;

export const auditFiles = {
  '/export_audit_log/': { body: auditLogExportBody.optional(), file: EXPORT_FILE_TYPES, rule: RULES.superadmin },
} satisfies Record<string, FileSchemas>;
