import { z } from 'zod';
import { freeText } from './credit.ts';
import { usernameSchema } from './customers.ts';
import { pageQuery } from './envelope.ts';
import { passwordSchema } from './password.ts';
import { FEATURE_FLAGS, type FeatureFlag, ROLE, ROLE_FLAGS, type Role } from './roles.ts';

const flag01 = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);
const phone = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\+?[0-9 ()/-]{5,24}$/, 'a telephone number'));

/**
 * The flags a user may be given: those of its own role (operators also the read-only customers flag)
 * that its customer holds. A user never gets a flag its customer lacks, nor one of another role.
 */
export function userFlagsFor(role: Role, customerFeatures: readonly string[]): FeatureFlag[] {
  const ofRole = new Set<string>(ROLE_FLAGS[role]);
  if (role === ROLE.superadmin || role === ROLE.reseller) ofRole.add('has_customers_read');
  return FEATURE_FLAGS.filter((f) => ofRole.has(f) && customerFeatures.includes(f));
}

/** The fields of every user form: operator staff, a shop's sub-users and its web_support users. */
const userFields = z.object({
  name: freeText(150).pipe(z.string().min(1, 'name: required')),
  email: z.email().nullable().optional(),
  mobile: phone.nullable().optional(),
  job_role: freeText(80).optional(),
  /** 1 → internal_role 0 (manager), 0 → internal_role 1 (staff). */
  is_manager: flag01.optional(),
  is_active: flag01.optional(),
  features: z.array(z.enum(FEATURE_FLAGS)).optional(),
  enable_web_view: flag01.optional(),
  require_device_approval: flag01.optional(),
});

export const addStaffBody = userFields
  .extend({
    username: usernameSchema,
    /** Without a password the user gets a set-password invitation (needs e-mail or mobile). */
    password: passwordSchema.optional(),
    /** A shop's users only: 2 a seller sub-user, 3 a web_support user. */
    account_role: z.union([z.literal(2), z.literal(3)]).optional(),
  })
  .refine((b) => b.password !== undefined || b.email || b.mobile, {
    path: ['email'],
    message: 'email: an e-mail address or mobile is needed to send the set-password invitation',
  });
export type AddStaffBody = z.infer<typeof addStaffBody>;

export const updateStaffBody = userFields.partial().extend({
  user_id: z.number().int().positive(),
  password: passwordSchema.optional(),
});
export type UpdateStaffBody = z.infer<typeof updateStaffBody>;

export const viewStaffBody = pageQuery.extend({
  user_id: z.number().int().positive().optional(),
  search_text: z.string().max(100).optional(),
});

export const staffAssignBody = z.object({
  user_id: z.number().int().positive(),
  assign: z.array(z.number().int().positive()).max(500).default([]),
  unassign: z.array(z.number().int().positive()).max(500).default([]),
});

export const staffAssignHistoryBody = pageQuery.extend({ user_id: z.number().int().positive().optional() });

export interface StaffAccount {
  user_id: number;
  username: string;
  name: string;
  email: string | null;
  mobile: string | null;
  account_role: number;
  internal_role: 0 | 1;
  is_manager: 0 | 1;
  is_main: 0 | 1;
  is_active: 0 | 1;
  job_role: string;
  features: string[];
  enable_web_view: 0 | 1;
  require_device_approval: 0 | 1;
  assigned_customers: number;
  created_at: string;
}

/** One customer assigned to a staff member (`view_internal_permission` with user_id, `staff_assign`). */
export interface AssignedCustomer {
  customer_id: number;
  name: string;
  assigned_at: string;
}

/** One row of `/api/staff_assign_history/`. */
export interface AssignHistoryRow {
  id: number;
  user_id: number;
  username: string;
  customer_id: number;
  customer_name: string;
  action: 'assigned' | 'unassigned';
  changed_by: string | null;
  changed_at: string;
}
