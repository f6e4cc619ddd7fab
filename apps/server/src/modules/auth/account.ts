import { hash as argonHash } from '@node-rs/argon2';
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
