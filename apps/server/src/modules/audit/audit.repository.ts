import type { AuditChange, AuditKind, AuditLogChoice, AuditLogChoicesQuery } from '@portal/contract/audit';
import { AUDIT_PICKER_LIMIT } from '@portal/contract/audit';
import { ROLE } from '@portal/contract/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import { berlinDayEndSql, berlinDayStartSql, likePattern, pageWindow } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

/** The read side of the audit trail (decision 0141); the trail is written by its trigger only. */

const ROW = sql`t.id::int as id,
  to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
  t.actor_name, t.actor_user_id, u.username as actor_username,
  coalesce(nullif(btrim(u.name), ''), u.username) as actor_user_name, t.actor_customer_id, t.request_id,
  t.table_name as kind, t.record_key, t.subject_customer_id as customer_id, sc.name as customer_name, t.action,
  t.changes`;
/** The joins ROW reads the actor's and the customer's names through. */
const NAMES = sql`left join users u on u.id = t.actor_user_id left join customers sc on sc.id = t.subject_customer_id`;

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

/** A text as a number also finds the record of that id (the customer numbers people quote). */
const asId = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : 0);

/** The picker's condition: the id asked for, or the text (an empty text matches all). */
function lookup(q: AuditLogChoicesQuery, column: SQL, matches: (pattern: string) => SQL): SQL {
  if (q.id !== undefined) return sql`${column} = ${q.id}`;
  if (q.q === '') return sql`true`;
  return sql`(${column} = ${asId(q.q)} or ${matches(likePattern(q.q))})`;
}
/** Best first: the id typed, then names starting with the text, then by name. */
const bestFirst = (q: AuditLogChoicesQuery, column: SQL, name: SQL) =>
  sql`(${column} = ${asId(q.q)}) desc, (${name} ilike ${likePattern(q.q).slice(1)}) desc, ${name}, ${column}`;

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
    return { items: rows, total: count[0]!.n }; // count(*) answers one row
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
     * The log's pickers, within the log's scope: who acted (the users of the platform's customers, by name or
     * username, with their customer) and the customers (by name or number, with the customer above them).
     */
    async choices(viewer: Viewer, q: AuditLogChoicesQuery): Promise<AuditLogChoice[]> {
      if (viewer.account_role !== ROLE.superadmin) return [];
      const query =
        q.field === 'actor'
          ? sql`select u.id, coalesce(nullif(btrim(u.name), ''), u.username) as name,
                uc.name || ' · ' || u.username as detail
              from users u join customers uc on uc.id = u.customer_id
              where ${platformCustomers(viewer, sql`u.customer_id`)}
                and ${lookup(q, sql`u.id`, (pattern) => sql`(u.name ilike ${pattern} or u.username ilike ${pattern})`)}
              order by ${bestFirst(q, sql`u.id`, sql`coalesce(nullif(btrim(u.name), ''), u.username)`)}
              limit ${AUDIT_PICKER_LIMIT}`
          : // Not `c`: the scope's own subquery names its customers `c`.
            sql`select cu.id, cu.name, p.name as detail
              from customers cu left join customers p on p.id = cu.parent_id
              where ${platformCustomers(viewer, sql`cu.id`)}
                and ${lookup(q, sql`cu.id`, (pattern) => sql`cu.name ilike ${pattern}`)}
              order by ${bestFirst(q, sql`cu.id`, sql`cu.name`)} limit ${AUDIT_PICKER_LIMIT}`;
      const { rows } = await db.execute<AuditLogChoice>(query);
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
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
