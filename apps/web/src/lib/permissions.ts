import { passesRule, type Rule } from '@portal/contract/rules';
import { ruleSubject, useSession } from './session.ts';

/**
 * Whether the signed-in user passes a rule, for parts of a screen (a button, a panel, a second call). Calls a screen
 * makes beyond its own must be gated like this: a 403 answer to a query sends the user to the not-authorized page.
 */
export function useCan(rule: Rule): boolean {
  const { user } = useSession();
  return passesRule(ruleSubject(user), rule);
}
