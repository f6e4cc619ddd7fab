import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';

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
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

const queryId = z.coerce.number().int().positive();

/** `/customer_changes/`: one customer's changes, newest first. */
export const customerChangesQuery = pageQuery.extend({ customer_id: queryId });
export type CustomerChangesQuery = z.infer<typeof customerChangesQuery>;

/** `/audit_log/`: every change of the superadmin's tenant, filtered by actor, customer, kind and period (Berlin days). */
export const auditLogQuery = pageQuery
  .extend({
    actor_user_id: queryId.optional(),
    customer_id: queryId.optional(),
    kind: z.enum(AUDIT_KINDS).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to: not before from' });
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

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
  '/customer_changes/': { method: 'GET', query: customerChangesQuery, data: pageOf('changes', auditChange) },
  '/audit_log/': { method: 'GET', query: auditLogQuery, data: pageOf('changes', auditChange) },
} satisfies Record<string, EndpointSchemas>;
