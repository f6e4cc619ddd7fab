import { hash as argonHash } from '@node-rs/argon2';
import { flagsFrom, type InternalRole, type Role } from '@portal/contract/roles';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountRow } from './auth.repository.ts';

export const OTP_MAX_ATTEMPTS = 5;
export const ASK_ADMIN = 'Please contact Admin for manual approval';

export interface SignInContext {
  organisationId: number;
  resellerId: number | null;
  ip: string;
  userAgent: string;
}

export async function hashPassword(password: string): Promise<string> {
  return argonHash(password);
}

// Verifying against this when the username is unknown keeps the answer time the same either way.
export const DUMMY_HASH = await argonHash('not-a-real-password-0');

export function assertActive(a: AccountRow) {
  if (!a.userActive || !a.customerActive || a.parentActive === false) {
    throw new AppError('account_inactive', 'This account has been deactivated', { account_status: 0 });
  }
}

/** The actor of an account: a session's, or a partner API key's (whose id stands in for the session). */
export function actorOf(account: AccountRow, sessionId: string): Actor {
  const customerFlags = new Set(account.customerFeatures);
  return {
    userId: account.userId,
    customerId: account.customerId,
    sessionId,
    organisationId: account.organisationId,
    username: account.username,
    account_role: account.accountRole as Role,
    internal_role: account.internalRole as InternalRole,
    enable_web_view: account.enableWebView ? 1 : 0,
    // A user never holds a flag its customer lacks.
    flags: flagsFrom(account.userFeatures.filter((f) => customerFlags.has(f))),
    customerRole: account.customerRole as 0 | 1 | 2,
    parentCustomerId: account.parentId,
  };
}
