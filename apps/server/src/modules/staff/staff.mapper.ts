import {
  ASSIGN_ACTIONS,
  type AssignedCustomer,
  type AssignHistoryRow,
  type StaffAccount,
} from '@portal/contract/staff';
import { z } from 'zod';
import { bit } from '../../platform/envelope.ts';
import type { StaffRepository } from './staff.repository.ts';

type UserRow = NonNullable<Awaited<ReturnType<StaffRepository['findUser']>>>;
type AssignedRow = Awaited<ReturnType<StaffRepository['findAssigned']>>[number];
type HistoryRow = Awaited<ReturnType<StaffRepository['findHistory']>>['items'][number];

const assignAction = z.enum(ASSIGN_ACTIONS);

export function staffAccountOf(r: UserRow): StaffAccount {
  return {
    user_id: r.user_id,
    username: r.username,
    name: r.name,
    email: r.email,
    mobile: r.mobile,
    account_role: r.account_role,
    internal_role: bit(r.internal_role === 1),
    is_manager: bit(r.internal_role === 0),
    is_main: bit(r.is_main),
    is_active: bit(r.is_active),
    job_role: r.job_role,
    features: r.features,
    enable_web_view: bit(r.enable_web_view),
    require_device_approval: bit(r.require_device_approval),
    assigned_customers: r.assigned_customers,
    created_at: r.created_at.toISOString(),
  };
}

export function assignedCustomerOf(a: AssignedRow): AssignedCustomer {
  return { customer_id: a.customer_id, name: a.name, assigned_at: a.assigned_at.toISOString() };
}

export function assignHistoryRowOf(r: HistoryRow): AssignHistoryRow {
  return {
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    // The table's CHECK allows only these two.
    action: assignAction.parse(r.action),
    changed_by: r.changed_by,
    changed_at: r.changed_at.toISOString(),
  };
}
