import type { UserInfo } from '@portal/contract/auth';
import { passesRule } from '@portal/contract/rules';
import { SCREENS } from '@portal/contract/screens';
import { ruleSubject } from './session.ts';

// Pages a sign-in must never return to: they would loop back into the sign-in flow.
const NO_RETURN = ['/login', '/loading'];

/**
 * The `to` target after sign-in, only as a path on this site: an absolute or protocol-relative URL in `to` would
 * otherwise turn the sign-in page into an open redirect.
 */
export function safeRedirectTarget(to: string | null | undefined): string {
  if (!to?.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/';
  const path = to.split(/[?#]/)[0]!;
  return NO_RETURN.includes(path) ? '/' : to;
}

export function loginPath(target?: string): string {
  const to = target ? safeRedirectTarget(target) : '/';
  return to === '/' ? '/login' : `/login?to=${encodeURIComponent(to)}`;
}

export function loadingPath(target?: string | null): string {
  const to = safeRedirectTarget(target);
  return to === '/' ? '/loading' : `/loading?to=${encodeURIComponent(to)}`;
}

/** Where a sign-in without a `to` target lands: the dashboard for those who sell over it, home for everyone else. */
export function homePathFor(user: UserInfo): string {
  return passesRule(ruleSubject(user), SCREENS['/dashboard']) ? '/dashboard' : '/';
}
