import type { FeatureFlags, InternalRole, Role } from '@portal/contract/roles';
import type { RuleSubject } from '@portal/contract/rules';

/** The signed-in user a request acts for, resolved from its session. */
export interface Actor extends RuleSubject {
  userId: number;
  customerId: number;
  sessionId: string;
  organisationId: number;
  username: string;
  account_role: Role;
  internal_role: InternalRole;
  enable_web_view: 0 | 1;
  flags: FeatureFlags;
  /** The customer's own role (a web_support user's customer is a seller). */
  customerRole: 0 | 1 | 2;
  parentCustomerId: number | null;
  /**
   * The versions of the session, user and customer rows the actor was read from (`actor_version`); a route
   * answered from the session memo has its database work compare them (decision 0124). Absent for an API key.
   */
  version?: string | null;
}

/** What decides which customers a user sees (`visibleCustomers`): enough to act for a user in a job. */
export type Viewer = Pick<Actor, 'customerId' | 'userId' | 'account_role' | 'internal_role'>;
