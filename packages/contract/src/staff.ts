import { z } from 'zod';
import { freeText } from './credit.ts';
import { usernameSchema } from './customer-fields.ts';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { passwordSchema } from './password.ts';
import { FEATURE_FLAGS, type FeatureFlag, ROLE, ROLE_FLAGS, type Role } from './roles.ts';
import { RULES } from './rules.ts';

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
    params: { rule: 'invite_contact' },
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
  assign: z.array(z.number().int().positive()).max(500).optional(),
  unassign: z.array(z.number().int().positive()).max(500).optional(),
});

export const staffAssignHistoryBody = pageQuery.extend({ user_id: z.number().int().positive().optional() });

const bit = z.union([z.literal(0), z.literal(1)]);

export const staffAccount = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  account_role: z.number().int(),
  internal_role: bit,
  is_manager: bit,
  is_main: bit,
  is_active: bit,
  job_role: z.string(),
  features: z.array(z.string()),
  enable_web_view: bit,
  require_device_approval: bit,
  assigned_customers: z.number().int(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

/** One customer assigned to a staff member (`view_internal_permission` with user_id, `staff_assign`). */
export const assignedCustomer = z.object({ customer_id: z.number().int(), name: z.string(), assigned_at: z.string() });
export type AssignedCustomer = z.infer<typeof assignedCustomer>;

/** `/api/view_internal_permission/`: a page of users, the flags the forms may offer, with user_id its customers. */
export const staffPage = pageOf('staff_accounts', staffAccount).extend({
  customer_features: z.array(z.string()),
  assigned_customers: z.array(assignedCustomer).optional(),
});
export type StaffPage = z.infer<typeof staffPage>;

/** `/api/staff_assign/`: the customers newly assigned and unassigned, and every assigned one now. */
export const staffAssignResult = z.object({
  user_id: z.number().int(),
  assigned: z.array(z.number().int()),
  unassigned: z.array(z.number().int()),
  assigned_customers: z.array(assignedCustomer),
});
export type StaffAssignResult = z.infer<typeof staffAssignResult>;

export const ASSIGN_ACTIONS = ['assigned', 'unassigned'] as const;

/** One row of `/api/staff_assign_history/`. */
export const assignHistoryRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  action: z.enum(ASSIGN_ACTIONS),
  changed_by: z.string().nullable(),
  changed_at: z.string(),
});
export type AssignHistoryRow = z.infer<typeof assignHistoryRow>;

export const staffEndpoints = {
  '/view_internal_permission/': { body: viewStaffBody.optional(), data: staffPage, rule: RULES.staffUsers },
  '/add_internal_permission/': { body: addStaffBody, data: staffAccount, rule: RULES.staffUsers },
  '/update_internal_permission/': { body: updateStaffBody, data: staffAccount, rule: RULES.staffUsers },
  '/staff_assign/': { body: staffAssignBody, data: staffAssignResult, rule: RULES.users },
  '/staff_assign_history/': {
    body: staffAssignHistoryBody.optional(),
    data: pageOf('assign_history', assignHistoryRow),
    rule: RULES.users,
  },
} satisfies Record<string, EndpointSchemas>;
