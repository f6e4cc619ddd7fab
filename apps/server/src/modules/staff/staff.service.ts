import type { FieldError } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { type FeatureFlag, ROLE, type Role } from '@portal/contract/roles';
import { type AddStaffBody, type UpdateStaffBody, userFlagsFor } from '@portal/contract/staff';
import type { Db } from '../../db/connect.ts';
import type { users } from '../../db/schema/customers.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { hashPassword } from '../auth/account.ts';
import { assignedCustomerOf, assignHistoryRowOf, staffAccountOf } from './staff.mapper.ts';
import type { StaffRepository } from './staff.repository.ts';

type UserSet = Partial<typeof users.$inferInsert>;
const err = (field: string, rule: string, message: string): FieldError => ({
  field,
  rule,
  message: `${field}: ${message}`,
});

/**
 * Users of the actor's own customer: operator staff (users rule) and a shop's sub-users and
 * web_support users (the shop's managers). A user never gets a flag its customer lacks, nor one of
 * another role.
 */
export function createStaffService(deps: {
  db: Db;
  repo: StaffRepository;
  clock: Clock;
  invite: (
    userId: number,
    to: { email?: string | null; mobile?: string | null },
    host: string,
    inviterId: number,
  ) => Promise<void>;
  endSessions: (userId: number) => Promise<void>;
}) {
  const { db, repo, clock } = deps;

  function userRole(actor: Actor, wanted: 2 | 3 | undefined): Role {
    if (actor.customerRole === ROLE.seller) return wanted ?? ROLE.seller;
    if (wanted !== undefined) {
      throw validationError([err('account_role', 'not_allowed', "only a shop's users are sellers or web_support")]);
    }
    return actor.customerRole;
  }

  async function checkFeatures(actor: Actor, role: Role, features: FeatureFlag[] | undefined) {
    if (!features) return;
    const allowed = new Set(userFlagsFor(role, await repo.customerFeatures(actor.customerId)));
    const wrong = features.filter((f) => !allowed.has(f));
    if (wrong.length)
      throw validationError([err('features', 'not_allowed', `not available to this user: ${wrong.join(', ')}`)]);
  }

  function columns(b: Partial<AddStaffBody & UpdateStaffBody>): UserSet {
    const set: UserSet = {
      name: b.name,
      email: b.email,
      mobile: b.mobile,
      jobRole: b.job_role,
      internalRole: b.is_manager === undefined ? undefined : b.is_manager ? 0 : 1,
      isActive: b.is_active,
      features: b.features,
      enableWebView: b.enable_web_view,
      requireDeviceApproval: b.require_device_approval,
    };
    return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as UserSet;
  }

  async function findStaff(actor: Actor, q: { page: number; limit?: number; user_id?: number; search_text?: string }) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const search = q.search_text?.trim() || undefined;
    const { items, total } = await repo.findPage(
      actor.customerId,
      { userId: q.user_id, search },
      { ...p, offset: offsetOf(p) },
    );
    const assigned = q.user_id && items[0] ? await repo.findAssigned(q.user_id) : undefined;
    return {
      customerFeatures: await repo.customerFeatures(actor.customerId),
      items: items.map(staffAccountOf),
      total,
      page: p,
      applied: { ...(q.user_id ? { user_id: q.user_id } : {}), ...(search ? { search_text: search } : {}) },
      assigned: assigned?.map(assignedCustomerOf),
    };
  }

  async function addStaff(actor: Actor, b: AddStaffBody, host: string) {
    const role = userRole(actor, b.account_role);
    await checkFeatures(actor, role, b.features);
    if (await repo.usernameTaken(actor.organisationId, b.username)) {
      throw validationError([err('username', 'taken', 'is already taken')]);
    }
    const userId = await repo.insertUser({
      internalRole: 1,
      features: [],
      ...columns(b),
      customerId: actor.customerId,
      organisationId: actor.organisationId,
      username: b.username,
      accountRole: role,
      isMain: false,
      passwordHash: b.password ? await hashPassword(b.password) : null,
    });
    if (!b.password) await deps.invite(userId, b, host, actor.userId);
    const created = await repo.findUser(actor.customerId, userId);
    if (!created) throw notFound('User');
    return staffAccountOf(created);
  }

  async function updateStaff(actor: Actor, b: UpdateStaffBody) {
    const user = await repo.findUser(actor.customerId, b.user_id);
    if (!user) throw notFound('User');
    await checkFeatures(actor, user.account_role as Role, b.features);
    const set = columns(b);
    // Nobody locks out the main account or demotes or deactivates themselves.
    const demotes = set.internalRole === 1 || set.isActive === false;
    if (demotes && user.is_main) throw new AppError('conflict', 'The main account stays an active manager');
    if (demotes && user.user_id === actor.userId)
      throw new AppError('conflict', 'You cannot demote or deactivate yourself');
    if (b.password) set.passwordHash = await hashPassword(b.password);
    await repo.updateUser(user.user_id, set);
    if (b.password || set.isActive === false) await deps.endSessions(user.user_id);
    const saved = await repo.findUser(actor.customerId, user.user_id);
    if (!saved) throw notFound('User');
    return staffAccountOf(saved);
  }

  /** Assigns and unassigns customers of the actor to one of its staff; every change is kept. */
  async function assignCustomers(actor: Actor, body: { user_id: number; assign?: number[]; unassign?: number[] }) {
    const b = { user_id: body.user_id, assign: body.assign ?? [], unassign: body.unassign ?? [] };
    const staff = await repo.findUser(actor.customerId, b.user_id);
    if (!staff) throw notFound('User');
    if (staff.internal_role !== 1) {
      throw new AppError('conflict', 'Only staff (not managers) have assigned customers; managers see every customer');
    }
    const wanted = [...new Set([...b.assign, ...b.unassign])];
    const visible = new Set(await repo.visibleAmong(actor, wanted));
    if (wanted.some((id) => !visible.has(id))) throw notFound('Customer');
    const now = clock.now();
    const changed = await db.transaction(async (tx) => ({
      assigned: await repo.assign(staff.user_id, b.assign, actor.userId, actor.customerId, now, tx),
      unassigned: await repo.unassign(staff.user_id, b.unassign, actor.userId, actor.customerId, now, tx),
    }));
    const current = await repo.findAssigned(staff.user_id);
    return {
      user_id: staff.user_id,
      ...changed,
      assigned_customers: current.map(assignedCustomerOf),
    };
  }

  async function findAssignHistory(actor: Actor, q: { page: number; limit?: number; user_id?: number }) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await repo.findHistory(actor.customerId, q.user_id, { ...p, offset: offsetOf(p) });
    return {
      items: items.map(assignHistoryRowOf),
      total,
      page: p,
      applied: q.user_id ? { user_id: q.user_id } : {},
    };
  }

  return { findStaff, addStaff, updateStaff, assignCustomers, findAssignHistory };
}
export type StaffService = ReturnType<typeof createStaffService>;
