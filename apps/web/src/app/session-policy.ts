import type { UserInfo } from '@portal/contract/auth';
import { LIMITS } from '@portal/contract/limits';
import { ROLE } from '@portal/contract/roles';
import { STORAGE_KEYS } from '../lib/storage.ts';

/** Spec section 4: three hours without activity end the session. A session without a recorded time counts as idle. */
export function inactivityExpired(lastActive: number | null, now: number): boolean {
  return lastActive === null || now - lastActive > LIMITS.inactivityMs;
}

/** Spec section 4: a seller's user details are refetched after a response, at most every LIMITS.authRecheckMs. */
export function shouldRecheckUser(user: UserInfo | null, path: string, lastCheckAt: number, now: number): boolean {
  if (user?.account_role !== ROLE.seller) return false;
  if (path.startsWith('/auth_check/') || path.startsWith('/logout/')) return false;
  return now - lastCheckAt >= LIMITS.authRecheckMs;
}

/** A storage event from another tab that removed the access token (logout there, or storage cleared). */
export function tokenRemovedElsewhere(event: Pick<StorageEvent, 'key' | 'newValue'>): boolean {
  return event.key === null || (event.key === STORAGE_KEYS.accessToken && event.newValue === null);
}
