import { ROLE } from '@portal/contract/roles';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/customers.ts';
import { staffAssignments } from '../../db/schema/staff.ts';
import type { Actor } from '../../platform/actor.ts';

/**
 * The customers an operator may see and change: the ones directly below its own customer, and for
 * its staff (internal_role 1) only those assigned to them (DOMAIN.md "What internal_role 1 sees").
 * Every repository that reads another customer's rows filters with this, so a request naming a
 * customer outside it finds nothing and answers 404.
 */
export function visibleCustomers(actor: Pick<Actor, 'customerId' | 'userId' | 'account_role' | 'internal_role'>): SQL {
  if (actor.account_role !== ROLE.superadmin && actor.account_role !== ROLE.reseller) return sql`false`;
  const below = eq(customers.parentId, actor.customerId);
  if (actor.internal_role === 0) return below;
  return and(
    below,
    sql`exists (select 1 from ${staffAssignments} where ${staffAssignments.staffUserId} = ${actor.userId}
                and ${staffAssignments.customerId} = ${customers.id})`,
  ) as SQL;
}
