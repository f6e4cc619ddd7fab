import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/connect.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { staffAssignmentHistory, staffAssignments } from '../../db/schema/staff.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import { likePattern } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';

const changer = alias(users, 'changer');
const staffUser = alias(users, 'staff_user');

export function createStaffRepository(db: Db) {
  const columns = {
    user_id: users.id,
    username: users.username,
    name: users.name,
    email: users.email,
    mobile: users.mobile,
    account_role: users.accountRole,
    internal_role: users.internalRole,
    is_main: users.isMain,
    is_active: users.isActive,
    job_role: users.jobRole,
    features: users.features,
    enable_web_view: users.enableWebView,
    require_device_approval: users.requireDeviceApproval,
    assigned_customers: sql<number>`(select count(*)::int from ${staffAssignments}
      where ${staffAssignments.staffUserId} = ${users.id})`,
    created_at: users.createdAt,
  };

  return {
    async findPage(customerId: number, f: { userId?: number; search?: string }, p: { limit: number; offset: number }) {
      const where = and(
        eq(users.customerId, customerId),
        f.userId ? eq(users.id, f.userId) : undefined,
        f.search
          ? (sql`(${users.username} ilike ${likePattern(f.search)}
              or ${users.name} ilike ${likePattern(f.search)})` as SQL)
          : undefined,
      );
      const [items, [counted]] = await Promise.all([
        db
          .select(columns)
          .from(users)
          .where(where)
          .orderBy(desc(users.isMain), users.username)
          .limit(p.limit)
          .offset(p.offset),
        db.select({ count: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      const { count } = counted!; // count() answers one row
      return { items, total: count };
    },

    async findUser(customerId: number, userId: number, tx: Tx = db) {
      const rows = await tx
        .select(columns)
        .from(users)
        .where(and(eq(users.id, userId), eq(users.customerId, customerId)));
      return rows[0];
    },

    async customerFeatures(customerId: number) {
      const rows = await db
        .select({ features: customers.features })
        .from(customers)
        .where(eq(customers.id, customerId));
      return rows[0]?.features ?? [];
    },

    async usernameTaken(organisationId: number, username: string, tx: Tx = db) {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organisationId, organisationId), sql`lower(${users.username}) = lower(${username})`));
      return rows.length > 0;
    },

    async insertUser(u: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(u).returning({ id: users.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async updateUser(userId: number, set: Partial<typeof users.$inferInsert>, tx: Tx = db) {
      if (Object.keys(set).length === 0) return;
      await tx.update(users).set(set).where(eq(users.id, userId));
    },

    /** The subset of these ids the actor may assign (its own customers). */
    async visibleAmong(actor: Actor, customerIds: number[]) {
      if (customerIds.length === 0) return [];
      const rows = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(inArray(customers.id, customerIds), visibleCustomers(actor)));
      return rows.map((r) => r.id);
    },

    async assign(staffUserId: number, customerIds: number[], by: number, ownerCustomerId: number, now: Date, tx: Tx) {
      if (customerIds.length === 0) return [];
      const added = await tx
        .insert(staffAssignments)
        .values(customerIds.map((customerId) => ({ staffUserId, customerId, assignedBy: by, assignedAt: now })))
        .onConflictDoNothing()
        .returning({ customerId: staffAssignments.customerId });
      if (added.length) {
        await tx.insert(staffAssignmentHistory).values(
          added.map((a) => ({
            ownerCustomerId,
            staffUserId,
            customerId: a.customerId,
            action: 'assigned',
            changedBy: by,
            changedAt: now,
          })),
        );
      }
      return added.map((a) => a.customerId);
    },

    async unassign(staffUserId: number, customerIds: number[], by: number, ownerCustomerId: number, now: Date, tx: Tx) {
      if (customerIds.length === 0) return [];
      const removed = await tx
        .delete(staffAssignments)
        .where(and(eq(staffAssignments.staffUserId, staffUserId), inArray(staffAssignments.customerId, customerIds)))
        .returning({ customerId: staffAssignments.customerId });
      if (removed.length) {
        await tx.insert(staffAssignmentHistory).values(
          removed.map((a) => ({
            ownerCustomerId,
            staffUserId,
            customerId: a.customerId,
            action: 'unassigned',
            changedBy: by,
            changedAt: now,
          })),
        );
      }
      return removed.map((a) => a.customerId);
    },

    async findAssigned(staffUserId: number) {
      return db
        .select({ customer_id: customers.id, name: customers.name, assigned_at: staffAssignments.assignedAt })
        .from(staffAssignments)
        .innerJoin(customers, eq(customers.id, staffAssignments.customerId))
        .where(eq(staffAssignments.staffUserId, staffUserId))
        .orderBy(customers.name);
    },

    async findHistory(ownerCustomerId: number, userId: number | undefined, p: { limit: number; offset: number }) {
      const where = and(
        eq(staffAssignmentHistory.ownerCustomerId, ownerCustomerId),
        userId ? eq(staffAssignmentHistory.staffUserId, userId) : undefined,
      );
      const [items, [counted]] = await Promise.all([
        db
          .select({
            id: staffAssignmentHistory.id,
            user_id: staffAssignmentHistory.staffUserId,
            username: staffUser.username,
            customer_id: staffAssignmentHistory.customerId,
            customer_name: customers.name,
            action: staffAssignmentHistory.action,
            changed_by: changer.username,
            changed_at: staffAssignmentHistory.changedAt,
          })
          .from(staffAssignmentHistory)
          .innerJoin(staffUser, eq(staffUser.id, staffAssignmentHistory.staffUserId))
          .innerJoin(changer, eq(changer.id, staffAssignmentHistory.changedBy))
          .innerJoin(customers, eq(customers.id, staffAssignmentHistory.customerId))
          .where(where)
          .orderBy(desc(staffAssignmentHistory.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ count: sql<number>`count(*)::int` }).from(staffAssignmentHistory).where(where),
      ]);
      const { count } = counted!; // count() answers one row
      return { items, total: count };
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
