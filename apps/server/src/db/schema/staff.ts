import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers, users } from './customers.ts';

/** Customers assigned to an operator's staff member (internal_role 1): the only ones it sees. */
export const staffAssignments = pgTable(
  'staff_assignments',
  {
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    assignedBy: integer('assigned_by')
      .notNull()
      .references(() => users.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.staffUserId, t.customerId] }),
    index('staff_assignments_customer_idx').on(t.customerId),
  ],
);

/** Every change of a staff member's assignments (append-only). */
export const staffAssignmentHistory = pgTable(
  'staff_assignment_history',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    action: text().notNull(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_assignment_history_owner_idx').on(t.ownerCustomerId, t.id),
    check('staff_assignment_history_action_chk', sql`${t.action} in ('assigned', 'unassigned')`),
  ],
);
