import { sql } from 'drizzle-orm';
import { customers, users } from './schema/customers.ts';

/*
 * The columns of a signed-in account, for repositories only (decision 0060): read in one query with what names the
 * caller, by the auth module's sessions and sign-in, and by the partner API's keys.
 */

/** What sign-in and session checks need to know about a user and its customer. */
export interface AccountRow {
  userId: number;
  username: string;
  passwordHash: string | null;
  email: string | null;
  mobile: string | null;
  accountRole: number;
  internalRole: number;
  userActive: boolean;
  enableWebView: boolean;
  requireDeviceApproval: boolean;
  userFeatures: string[];
  organisationId: number;
  customerId: number;
  customerRole: number;
  customerActive: boolean;
  parentId: number | null;
  parentActive: boolean | null;
  enableOtp: boolean;
  customerFeatures: string[];
  /** The language the user chose (settings), null when none: its messages are sent in it. */
  language: string | null;
}

const parent = sql`(select p.is_active from customers p where p.id = ${customers.parentId})`;
export const accountColumns = {
  userId: users.id,
  username: users.username,
  passwordHash: users.passwordHash,
  email: users.email,
  mobile: users.mobile,
  accountRole: users.accountRole,
  internalRole: users.internalRole,
  userActive: users.isActive,
  enableWebView: users.enableWebView,
  requireDeviceApproval: users.requireDeviceApproval,
  userFeatures: users.features,
  organisationId: users.organisationId,
  customerId: customers.id,
  customerRole: customers.accountRole,
  customerActive: customers.isActive,
  parentId: customers.parentId,
  parentActive: sql<boolean | null>`${parent}`,
  enableOtp: customers.enableOtp,
  customerFeatures: customers.features,
  language: sql<string | null>`${users.settings}->>'language'`,
};
