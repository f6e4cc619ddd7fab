import { ROLE } from '@portal/contract/roles';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '../platform/actor.ts';
import { customers } from './schema/customers.ts';
import { staffAssignments } from './schema/staff.ts';

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

/**
 * Rows of a customer (`customerColumn`) an operator's user may see: any for its owner (internal_role 0),
 * for its staff only the customers assigned to them (DOMAIN.md "What internal_role 1 sees").
 */
export function assignedCustomer(viewer: Pick<Actor, 'userId' | 'internal_role'>, customerColumn: SQLWrapper): SQL {
  if (viewer.internal_role === 0) return sql`true`;
  return sql`exists (select 1 from ${staffAssignments} where ${staffAssignments.staffUserId} = ${viewer.userId}
                     and ${staffAssignments.customerId} = ${customerColumn})`;
}

/**
 * The stock owners (`column`, a customer id) whose stock at cost a user may read in the books at a date (decision
 * 0136 "Who reads what"): the platform's managers every owner's; its staff only the customers assigned to them
 * (resellers that import their own stock), never the platform's own stock; a reseller's managers their own. `'all'`
 * when nothing narrows, so the report reads no assignment. Everybody else none (the route rule refuses them first).
 */
export function visibleStockOwners(
  viewer: Pick<Actor, 'customerId' | 'userId' | 'account_role' | 'internal_role'>,
): 'all' | ((column: SQL) => SQL) {
  if (viewer.account_role === ROLE.superadmin) {
    return viewer.internal_role === 0
      ? 'all'
      : (column) => sql`exists (select 1 from staff_assignments so_sa where so_sa.staff_user_id = ${viewer.userId}
                               and so_sa.customer_id = ${column})`;
  }
  if (viewer.account_role === ROLE.reseller && viewer.internal_role === 0) {
    return (column) => sql`${column} = ${viewer.customerId}`;
  }
  return () => sql`false`;
}

/**
 * A configuration the platform assigned to this customer through PAD and has not disabled (DOMAIN.md: a
 * reseller sees what the platform assigned to it). `configurationId` is the caller's column, so the
 * helper works in Drizzle queries and in the raw SQL of the stock views alike.
 */
export function assignedTo(customerId: number, configurationId: SQLWrapper): SQL {
  return sql`exists (select 1 from product_assignments asg_pa where asg_pa.customer_id = ${customerId}
    and asg_pa.configuration_id = ${configurationId} and asg_pa.is_active)`;
}

/**
 * A customer's discount on a configuration: the plan of its assignment, or without one its default
 * slab; a plan without the configuration gives no discount. Defined once, in the database
 * (`effective_discount`, which the purchase uses too). Its sub-selects keep the planner from inlining it:
 * it runs as a function call per row, which long lists should keep in mind.
 */
export function effectiveDiscount(customerId: SQLWrapper | number, configurationId: SQLWrapper | number): SQL<string> {
  return sql<string>`effective_discount(${customerId}, ${configurationId})`;
}

/**
 * The sales a user may see in reports and sale details, for a query that names `sales` as `s`: the
 * superadmin all, a reseller its shops' (`reseller_id`), a shop its own. Operator staff (internal_role 1)
 * see only the sales of customers assigned to them (a platform staff member assigned a reseller sees its
 * shops' too); a shop's staff and web_support only the sales they made themselves.
 */
export function visibleSales(actor: Pick<Actor, 'customerId' | 'userId' | 'account_role' | 'internal_role'>): SQL {
  const assigned = (column: SQL) =>
    sql`exists (select 1 from staff_assignments vs_sa where vs_sa.staff_user_id = ${actor.userId}
                and vs_sa.customer_id = ${column})`;
  switch (actor.account_role) {
    case ROLE.superadmin:
      return actor.internal_role === 0
        ? sql`true`
        : sql`(${assigned(sql`s.customer_id`)} or ${assigned(sql`s.reseller_id`)})`;
    case ROLE.reseller:
      return actor.internal_role === 0
        ? sql`s.reseller_id = ${actor.customerId}`
        : sql`s.reseller_id = ${actor.customerId} and ${assigned(sql`s.customer_id`)}`;
    default:
      return actor.internal_role === 0 && actor.account_role === ROLE.seller
        ? sql`s.customer_id = ${actor.customerId}`
        : sql`s.customer_id = ${actor.customerId} and s.user_id = ${actor.userId}`;
  }
}

/**
 * The reclamations a user may see, for a query that names the reclamation `r` and its sale `s`: a shop its
 * own (its staff only those of their own sales, like the sales themselves), a reseller its shops' (its staff
 * the assigned shops'), the superadmin those of the platform's stock (its staff those of assigned resellers).
 */
export function visibleReclamations(actor: Pick<Actor, 'customerId' | 'userId' | 'account_role' | 'internal_role'>) {
  switch (actor.account_role) {
    case ROLE.seller:
      return actor.internal_role === 0
        ? sql`r.shop_customer_id = ${actor.customerId}`
        : sql`r.shop_customer_id = ${actor.customerId} and s.user_id = ${actor.userId}`;
    case ROLE.reseller:
      return sql`r.reseller_customer_id = ${actor.customerId} and ${assignedCustomer(actor, sql`r.shop_customer_id`)}`;
    case ROLE.superadmin:
      return sql`r.owner_customer_id = ${actor.customerId} and ${assignedCustomer(actor, sql`r.reseller_customer_id`)}`;
    default:
      return sql`false`;
  }
}

/**
 * Which columns of a sale `visibleSales(actor)` reads beyond none: a report under it can read the sales rollup at a
 * grain that still has them (decision 0065). `user`: the staff member's own sales (a shop's staff, web support).
 */
export function visibleSalesDetail(
  actor: Pick<Actor, 'account_role' | 'internal_role'>,
): 'all' | 'reseller' | 'shop' | 'user' {
  const operator = actor.account_role === ROLE.superadmin || actor.account_role === ROLE.reseller;
  if (!operator) return actor.internal_role === 0 && actor.account_role === ROLE.seller ? 'shop' : 'user';
  if (actor.internal_role !== 0) return 'shop';
  return actor.account_role === ROLE.superadmin ? 'all' : 'reseller';
}

/**
 * Joins `n.available`: the PINs for sale of configuration `c`, counted no further than its low-stock threshold
 * (decision 0064), so a denomination with a million PINs costs no more than one with ten.
 */
export const availableUpToThreshold: SQL = sql`cross join lateral (
  select count(*)::int as available from (
    select 1 from available_stock a where a.configuration_id = c.id limit c.low_stock_threshold
  ) capped
) n`;
