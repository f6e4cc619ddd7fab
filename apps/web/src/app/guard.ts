import type { Rule } from '@portal/contract/rules';
import { passesRule } from '@portal/contract/rules';
import { loginPath } from '../lib/redirect.ts';
import { ruleSubject, type SessionState } from '../lib/session.ts';

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'login'; redirect: string }
  | { kind: 'wait' }
  | { kind: 'forbidden'; redirect: string };

export const NOT_AUTHORIZED_PATH = '/pages/not-authorized';

/**
 * Whether a screen opens (spec section 5). The web guard is comfort, the server guard is security: it decides on the
 * stored user details, which may be a few seconds old.
 */
export function decideAccess(rule: Rule, state: SessionState, wanted: string): AccessDecision {
  if (rule === 'public') return { kind: 'allow' };
  if (!state.session) return { kind: 'login', redirect: loginPath(wanted) };
  if (!state.user) return { kind: 'wait' };
  return passesRule(ruleSubject(state.user), rule)
    ? { kind: 'allow' }
    : { kind: 'forbidden', redirect: NOT_AUTHORIZED_PATH };
}
