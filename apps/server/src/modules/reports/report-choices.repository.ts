import { ROLE } from '@portal/contract/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { visibleStockOwners } from '../../db/scopes.ts';
import { likePattern } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

/** One choice of a report picker as read. */
export type ChoiceRecord = { id: number; name: string; detail: string | null };

/** What a picker looks for: a part of a name (empty: any), or one id; the narrowing filters; how many. */
export type ChoiceSearch = {
  text: string;
  id?: number;
  reseller?: number;
  shop?: number;
  product?: number;
  limit: number;
};

const assigned = (v: Viewer, column: SQL) =>
  sql`exists (select 1 from staff_assignments ch_sa where ch_sa.staff_user_id = ${v.userId}
              and ch_sa.customer_id = ${column})`;

/**
 * The shops (`c`) whose sales the viewer's reports hold, as `visibleSales` decides them for the sales: the superadmin
 * every shop, its staff the assigned shops and the shops of assigned resellers, a reseller its shops (its staff the
 * assigned ones), a shop and its users the shop itself. From the customers table, so a shop that sold nothing in the
 * period can be chosen too.
 */
export function shopsInScope(v: Viewer): SQL {
  switch (v.account_role) {
    case ROLE.superadmin:
      return v.internal_role === 0
        ? sql`c.account_role = 2`
        : sql`c.account_role = 2 and (${assigned(v, sql`c.id`)} or ${assigned(v, sql`c.parent_id`)})`;
    case ROLE.reseller:
      return v.internal_role === 0
        ? sql`c.account_role = 2 and c.parent_id = ${v.customerId}`
        : sql`c.account_role = 2 and c.parent_id = ${v.customerId} and ${assigned(v, sql`c.id`)}`;
    default:
      return sql`c.id = ${v.customerId}`;
  }
}

/**
 * The users (`u`) whose sales the viewer's reports hold: the users of the shops in scope; a shop's staff member and
 * web support only themselves (they see their own sales only).
 */
function staffInScope(v: Viewer): SQL {
  if (v.account_role === ROLE.seller && v.internal_role === 0) return sql`u.customer_id = ${v.customerId}`;
  if (v.account_role === ROLE.seller || v.account_role === ROLE.webSupport) return sql`u.id = ${v.userId}`;
  return sql`u.customer_id in (select c.id from customers c where ${shopsInScope(v)})`;
}

/**
 * The resellers (`c`, the `reseller_id` of sales) in the viewer's reports: the superadmin every reseller and the
 * platform itself (the reseller of the shops directly under it), its staff the assigned resellers, a reseller
 * itself, a shop its reseller.
 */
function resellersInScope(v: Viewer): SQL {
  switch (v.account_role) {
    case ROLE.superadmin:
      return v.internal_role === 0
        ? sql`c.account_role in (0, 1)`
        : sql`c.account_role = 1 and ${assigned(v, sql`c.id`)}`;
    case ROLE.reseller:
      return sql`c.id = ${v.customerId}`;
    default:
      return sql`c.id = (select parent_id from customers own where own.id = ${v.customerId})`;
  }
}

/**
 * The products (`p`) the viewer's sales can be of: a sale is of its reseller's own stock or of the platform's, so
 * these are the products owned by the reseller(s) in scope and by the platform above them. Another reseller's own
 * products are never offered. The superadmin: every product.
 */
function productsInScope(v: Viewer): SQL {
  switch (v.account_role) {
    case ROLE.superadmin:
      return v.internal_role === 0
        ? sql`true`
        : sql`(p.owner_customer_id = ${v.customerId} or p.owner_customer_id in (
            select ch_sa.customer_id from staff_assignments ch_sa where ch_sa.staff_user_id = ${v.userId}
            union select c.parent_id from customers c join staff_assignments ch_sa on ch_sa.customer_id = c.id
              where ch_sa.staff_user_id = ${v.userId}))`;
    case ROLE.reseller:
      return sql`p.owner_customer_id in (select id from customers where id = ${v.customerId}
        union select parent_id from customers where id = ${v.customerId})`;
    default:
      return sql`p.owner_customer_id in (select parent_id from customers where id = ${v.customerId}
        union select r.parent_id from customers own join customers r on r.id = own.parent_id
          where own.id = ${v.customerId})`;
  }
}

/** Who owns a product `p`, for the superadmin only, who sees the products of every owner. */
const ownerOf = (v: Viewer) =>
  v.account_role === ROLE.superadmin
    ? sql`(select o.name from customers o where o.id = p.owner_customer_id)`
    : sql`null::text`;

/** A text as a number also finds the record of that id (the customer numbers people quote). */
const asId = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : 0);

/**
 * The report pickers' look-ups (issue 39): each within the scope of the reports for the viewer, by a part of a name
 * (`ilike`, at most `limit` rows), best first: the id typed, then names starting with the text, then by name. The
 * scopes start from indexed columns (`customers_parent_idx`, `users_customer_idx`, `products_owner_idx`) for every
 * caller but the superadmin, whose whole platform is a few thousand customers and users read once (decision 0063
 * "Pickers" has the plan at 2 000 shops).
 */
export function createReportChoicesRepository(db: Db) {
  async function choices(query: SQL): Promise<ChoiceRecord[]> {
    const { rows } = await db.execute<ChoiceRecord>(query);
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }
  /** The conditions every picker shares: the id asked for, or the text (an empty text matches all). */
  const lookup = (s: ChoiceSearch, column: SQL, matches: (pattern: string) => SQL): SQL => {
    if (s.id !== undefined) return sql`${column} = ${s.id}`;
    if (s.text === '') return sql`true`;
    return sql`(${column} = ${asId(s.text)} or ${matches(likePattern(s.text))})`;
  };
  const bestFirst = (s: ChoiceSearch, column: SQL, name: SQL) =>
    sql`(${column} = ${asId(s.text)}) desc, (${name} ilike ${likePattern(s.text).slice(1)}) desc, ${name}, ${column}`;

  return {
    /** Shops by their name or the name or username of one of their users; the superadmin reads their reseller too. */
    shops(v: Viewer, s: ChoiceSearch) {
      const byUser = (pattern: string) => sql`exists (select 1 from users su where su.customer_id = c.id
        and (su.username ilike ${pattern} or su.name ilike ${pattern}))`;
      const detail = v.account_role === ROLE.superadmin ? sql`r.name` : sql`null::text`;
      return choices(sql`
        select c.id, c.name, ${detail} as detail
        from customers c left join customers r on r.id = c.parent_id
        where ${shopsInScope(v)}
          ${s.reseller !== undefined ? sql`and c.parent_id = ${s.reseller}` : sql``}
          and ${lookup(s, sql`c.id`, (pattern) => sql`c.name ilike ${pattern} or ${byUser(pattern)}`)}
        order by ${bestFirst(s, sql`c.id`, sql`c.name`)} limit ${s.limit}`);
    },

    /** Staff (the users who sold) by name or username, with their shop. */
    staff(v: Viewer, s: ChoiceSearch) {
      return choices(sql`
        select u.id, coalesce(nullif(u.name, ''), u.username) as name, sh.name || ' · ' || u.username as detail
        from users u join customers sh on sh.id = u.customer_id
        where ${staffInScope(v)}
          ${s.shop !== undefined ? sql`and u.customer_id = ${s.shop}` : sql``}
          ${s.reseller !== undefined ? sql`and sh.parent_id = ${s.reseller}` : sql``}
          and ${lookup(s, sql`u.id`, (pattern) => sql`u.name ilike ${pattern} or u.username ilike ${pattern}`)}
        order by ${bestFirst(s, sql`u.id`, sql`coalesce(nullif(u.name, ''), u.username)`)} limit ${s.limit}`);
    },

    resellers(v: Viewer, s: ChoiceSearch) {
      return choices(sql`
        select c.id, c.name, null::text as detail from customers c
        where ${resellersInScope(v)} and ${lookup(s, sql`c.id`, (pattern) => sql`c.name ilike ${pattern}`)}
        order by ${bestFirst(s, sql`c.id`, sql`c.name`)} limit ${s.limit}`);
    },

    /**
     * The stock owners of the stock value at a date (decision 0136 "Who reads what"): the platform and resellers, as
     * far as the viewer reads their stock (`visibleStockOwners`: its staff the assigned resellers, never the platform).
     */
    owners(v: Viewer, s: ChoiceSearch) {
      const owners = visibleStockOwners(v);
      return choices(sql`
        select c.id, c.name, null::text as detail from customers c
        where c.account_role in (0, 1) and ${owners === 'all' ? sql`true` : owners(sql`c.id`)}
          and ${lookup(s, sql`c.id`, (pattern) => sql`c.name ilike ${pattern}`)}
        order by ${bestFirst(s, sql`c.id`, sql`c.name`)} limit ${s.limit}`);
    },

    /** Products of the catalogue by name; the superadmin reads their owner too (a reseller's own product). */
    products(v: Viewer, s: ChoiceSearch) {
      return choices(sql`
        select p.id, p.product_name as name, ${ownerOf(v)} as detail from products p
        where ${productsInScope(v)}
          and ${lookup(s, sql`p.id`, (pattern) => sql`p.product_name ilike ${pattern}`)}
        order by ${bestFirst(s, sql`p.id`, sql`p.product_name`)} limit ${s.limit}`);
    },

    /** Denominations by their product's name or their value ("Lyca 10", "15,00" and "15.00" alike). */
    denominations(v: Viewer, s: ChoiceSearch) {
      const name = sql`(p.product_name || ' ' || to_char(pc.value, 'FM999999990.00'))`;
      return choices(sql`
        select pc.id, ${name} as name, ${ownerOf(v)} as detail
        from product_configurations pc join products p on p.id = pc.product_id
        where ${productsInScope(v)}
          ${s.product !== undefined ? sql`and pc.product_id = ${s.product}` : sql``}
          and ${lookup(
            s,
            sql`pc.id`,
            (pattern) => sql`${name} ilike ${pattern} or ${name} ilike ${pattern.replace(',', '.')}`,
          )}
        order by ${bestFirst(s, sql`pc.id`, name)} limit ${s.limit}`);
    },
  };
}
export type ReportChoicesRepository = ReturnType<typeof createReportChoicesRepository>;
