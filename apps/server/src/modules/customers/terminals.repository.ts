import { ROLE } from '@portal/contract/roles';
import type { TerminalFilter } from '@portal/contract/terminals';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/connect.ts';
import { customers, shopTerminals as terminals, users } from '../../db/schema/customers.ts';
import { likePattern, pageWindow } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

const shops = alias(customers, 'terminal_shops');
const resellers = alias(customers, 'terminal_resellers');

/**
 * The shops whose terminals an operator of the platform handles: every shop, and for the platform's staff
 * (internal_role 1) the shops assigned to them or below a reseller assigned to them.
 */
function terminalShops(viewer: Viewer): SQL {
  const isShop = eq(shops.accountRole, ROLE.seller);
  if (viewer.internal_role === 0) return isShop;
  return and(
    isShop,
    sql`exists (select 1 from staff_assignments ts_sa where ts_sa.staff_user_id = ${viewer.userId}
                and ts_sa.customer_id in (${shops.id}, ${shops.parentId}))`,
  ) as SQL;
}

export function createTerminalsRepository(db: Db) {
  const select = (tx: Tx | Db = db) =>
    tx
      .select({
        id: terminals.id,
        terminalId: terminals.terminalId,
        shopId: terminals.shopId,
        shopName: shops.name,
        resellerName: resellers.name,
        isActive: terminals.isActive,
        changedAt: terminals.changedAt,
        changedBy: users.username,
      })
      .from(terminals)
      .innerJoin(shops, eq(shops.id, terminals.shopId))
      .innerJoin(resellers, eq(resellers.id, shops.parentId))
      .innerJoin(users, eq(users.id, terminals.changedBy));

  return {
    /** A page of shops with their terminal ids, ordered by shop name. */
    async findShopsPage(
      viewer: Viewer,
      q: { page: number; limit: number; search?: string; status?: TerminalFilter; customer_id?: number },
    ) {
      const hasTerminal = (active?: boolean) =>
        sql`exists (select 1 from ${terminals} where ${terminals.shopId} = ${shops.id}${
          active === undefined ? sql`` : sql` and ${terminals.isActive} = ${active}`
        })`;
      const where = and(
        terminalShops(viewer),
        q.status === 'active' ? hasTerminal(true) : undefined,
        q.status === 'inactive' ? hasTerminal(false) : undefined,
        q.status === 'none' ? sql`not ${hasTerminal()}` : undefined,
        q.customer_id === undefined ? undefined : eq(shops.id, q.customer_id),
        q.search
          ? or(
              ilike(shops.name, likePattern(q.search)),
              ilike(resellers.name, likePattern(q.search)),
              sql`exists (select 1 from ${terminals} where ${terminals.shopId} = ${shops.id}
                          and ${terminals.terminalId} ilike ${likePattern(q.search)})`,
            )
          : undefined,
      ) as SQL;
      const { limit, offset } = pageWindow(q);
      const [page, [total]] = await Promise.all([
        db
          .select({ id: shops.id, name: shops.name, resellerName: resellers.name, isActive: shops.isActive })
          .from(shops)
          .innerJoin(resellers, eq(resellers.id, shops.parentId))
          .where(where)
          .orderBy(asc(shops.name), asc(shops.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(shops).innerJoin(resellers, eq(resellers.id, shops.parentId)).where(where),
      ]);
      const held =
        page.length === 0
          ? []
          : await select()
              .where(
                inArray(
                  terminals.shopId,
                  page.map((p) => p.id),
                ),
              )
              .orderBy(asc(terminals.terminalId));
      return { shops: page, terminals: held, total: total!.n }; // count() answers one row
    },

    async findOne(id: number, tx: Tx | Db = db) {
      const rows = await select(tx).where(eq(terminals.id, id));
      return rows[0];
    },

    /** The shop, if the viewer handles its terminals. */
    async findShop(viewer: Viewer, shopId: number, tx: Tx | Db = db) {
      const rows = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.id, shopId), terminalShops(viewer)));
      return rows[0];
    },

    /** The terminal id's row, locked, so a registration and a switch of the same id run one after the other. */
    async lockByTerminalId(terminalId: string, tx: Tx) {
      const rows = await tx
        .select({ id: terminals.id, shopId: terminals.shopId })
        .from(terminals)
        .where(eq(terminals.terminalId, terminalId))
        .for('update');
      return rows[0];
    },

    /**
     * Registers the id for the shop unless it exists (two registrations racing: the second finds the first's
     * row); answers the row's id and shop either way.
     */
    async insertIfAbsent(v: { terminalId: string; shopId: number; isActive: boolean; by: number; at: Date }, tx: Tx) {
      await tx
        .insert(terminals)
        .values({
          terminalId: v.terminalId,
          shopId: v.shopId,
          isActive: v.isActive,
          createdAt: v.at,
          changedAt: v.at,
          changedBy: v.by,
        })
        .onConflictDoNothing({ target: terminals.terminalId });
      // Inserted just above, or there already: terminals are never deleted.
      return (await this.lockByTerminalId(v.terminalId, tx))!;
    },

    async setActive(id: number, v: { isActive: boolean; by: number; at: Date }, tx: Tx) {
      await tx
        .update(terminals)
        .set({ isActive: v.isActive, changedAt: v.at, changedBy: v.by })
        .where(eq(terminals.id, id));
    },
  };
}
export type TerminalsRepository = ReturnType<typeof createTerminalsRepository>;
