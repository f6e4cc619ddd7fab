import type { AuditChange, AuditKind } from '@portal/contract/audit';
import { ROLE } from '@portal/contract/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import { berlinDayEndSql, berlinDayStartSql, pageWindow } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

/** The read side of the audit trail (decision 0141); the trail is written by its trigger only. */

const ROW = sql`t.id::int as id,
  to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
  t.actor_name, t.actor_user_id, u.username as actor_username,
  coalesce(nullif(btrim(u.name), ''), u.username) as actor_user_name, t.actor_customer_id, t.request_id,
  t.table_name as kind, t.record_key, t.subject_customer_id as customer_id, c.name as customer_name, t.action,
  t.changes`;
/** The joins ROW reads the actor's and the customer's names through. */
const NAMES = sql`left join users u on u.id = t.actor_user_id left join customers c on c.id = t.subject_customer_id`;

/**
 * The customers of a platform's superadmin: its own, its resellers and their shops (two levels below). Its staff
 * (internal_role 1) only the customers assigned to them and, for an assigned reseller, its shops.
 */
function platformCustomers(viewer: Viewer, customer: SQL): SQL {
  const tree = sql`(${customer} = ${viewer.customerId}
    or ${customer} in (select r.id from customers r where r.parent_id = ${viewer.customerId})
    or ${customer} in (select s.id from customers s join customers r on r.id = s.parent_id
                       where r.parent_id = ${viewer.customerId}))`;
  if (viewer.internal_role === 0) return tree;
  return sql`(${tree} and exists (select 1 from staff_assignments a join customers c on c.id = ${customer}
    where a.staff_user_id = ${viewer.userId} and a.customer_id in (c.id, c.parent_id)))`;
}

export function createAuditRepository(db: Db) {
  async function pageOf(
    where: SQL,
    p: { page: number; limit: number },
  ): Promise<{ items: AuditChange[]; total: number }> {
    const { limit, offset } = pageWindow(p);
    const [{ rows }, { rows: count }] = await Promise.all([
      db.execute<AuditChange>(sql`select ${ROW} from audit_trail t ${NAMES}
        where ${where} order by t.id desc limit ${limit} offset ${offset}`),
      db.execute<{ n: number }>(sql`select count(*)::int as n from audit_trail t where ${where}`),
    ]);
    return { items: rows, total: count[0].n };
  }

  return {
    /** Whether the viewer may see this customer's changes: a customer it manages (DOMAIN.md's visibility). */
    async canSeeCustomer(viewer: Viewer, customerId: number): Promise<boolean> {
      const { rows } = await db.execute(
        sql`select 1 from customers where id = ${customerId} and ${visibleCustomers(viewer)}`,
      );
      return rows.length > 0;
    },

    /** A customer's changes: its own record's and everything recorded as belonging to it (its users among them). */
    findForCustomer(customerId: number, p: { page: number; limit: number }) {
      return pageOf(sql`t.subject_customer_id = ${customerId}`, p);
    },

    /**
     * The superadmin's log: changes of its platform's customers, or made by their users; changes that belong to no
     * customer and were made by no customer's user (a job's, the seed's, a migration's) are the platform's own and
     * only its owner sees them.
     */
    findLog(
      viewer: Viewer,
      f: { actor_user_id?: number; customer_id?: number; kind?: AuditKind; from?: string; to?: string },
      p: { page: number; limit: number },
    ) {
      if (viewer.account_role !== ROLE.superadmin) return Promise.resolve({ items: [], total: 0 });
      const scope = sql`(${platformCustomers(viewer, sql`t.subject_customer_id`)}
        or (t.subject_customer_id is null and ${platformCustomers(viewer, sql`t.actor_customer_id`)})
        or ${viewer.internal_role === 0 ? sql`(t.subject_customer_id is null and t.actor_customer_id is null)` : sql`false`})`;
      const where = [scope];
      if (f.actor_user_id !== undefined) where.push(sql`t.actor_user_id = ${f.actor_user_id}`);
      if (f.customer_id !== undefined) where.push(sql`t.subject_customer_id = ${f.customer_id}`);
      if (f.kind !== undefined) where.push(sql`t.table_name = ${f.kind}`);
      if (f.from !== undefined) where.push(sql`t.at >= ${berlinDayStartSql(f.from)}`);
      if (f.to !== undefined) where.push(sql`t.at < ${berlinDayEndSql(f.to)}`);
      return pageOf(sql.join(where, sql` and `), p);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
