import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { lowStockAlerts, notices } from '../../db/schema/alerts.ts';
import { availableUpToThreshold } from '../../db/scopes.ts';

export type LowStockRow = {
  configuration_id: number;
  owner_customer_id: number;
  owner_email: string | null;
  product_id: number;
  product_name: string;
  value: string;
  available: number;
  threshold: number;
};

export function createAlertsRepository(db: Db) {
  return {
    /** Every active denomination of every owner that has fewer PINs for sale than its threshold. */
    async findLowStock(): Promise<LowStockRow[]> {
      const { rows } = await db.execute<LowStockRow>(sql`
        select c.id as configuration_id, p.owner_customer_id, p.id as product_id, p.product_name, c.value,
          n.available, c.low_stock_threshold as threshold,
          -- The customer's own address, else its first active main account's.
          coalesce(o.email, (
            select u.email from users u
            where u.customer_id = o.id and u.internal_role = 0 and u.is_active and u.email is not null
            order by u.id limit 1
          )) as owner_email
        from product_configurations c
        join products p on p.id = c.product_id
        join customers o on o.id = p.owner_customer_id
        ${availableUpToThreshold}
        where c.is_active and p.is_active and n.available < c.low_stock_threshold
        order by c.id`);
      return rows;
    },

    /** Ends the crossings of denominations that are no longer low; answers how many ended. */
    async clearRecovered(stillLow: number[]): Promise<number> {
      const ended = await db
        .delete(lowStockAlerts)
        .where(stillLow.length > 0 ? notInArray(lowStockAlerts.configurationId, stillLow) : undefined)
        .returning({ id: lowStockAlerts.configurationId });
      return ended.length;
    },

    /** Claims the crossing of one denomination; false when it was already told about. */
    async claimLowStock(configurationId: number, now: Date, tx: Tx): Promise<boolean> {
      const claimed = await tx
        .insert(lowStockAlerts)
        .values({ configurationId, raisedAt: now })
        .onConflictDoNothing()
        .returning({ id: lowStockAlerts.configurationId });
      return claimed.length > 0;
    },

    async insertNotice(
      n: { customerId: number; kind: string; params: Record<string, string | number>; link: string; now: Date },
      tx: Tx,
    ): Promise<number> {
      const [row] = await tx
        .insert(notices)
        .values({ customerId: n.customerId, kind: n.kind, params: n.params, link: n.link, createdAt: n.now })
        .returning({ id: notices.id });
      return row.id;
    },

    /** The customer's newest notices of the given kinds, and how many of those are unread. */
    async findNotices(customerId: number, kinds: string[], limit: number) {
      const mine = and(eq(notices.customerId, customerId), inArray(notices.kind, kinds));
      const [rows, [{ unread }]] = await Promise.all([
        db.select().from(notices).where(mine).orderBy(desc(notices.id)).limit(limit),
        db
          .select({ unread: sql<number>`count(*)::int` })
          .from(notices)
          .where(and(mine, isNull(notices.readAt))),
      ]);
      return { rows, unread };
    },

    /** Marks the customer's unread notices of the given kinds read: those of `ids`, or all. */
    async markRead(customerId: number, kinds: string[], ids: number[] | undefined, now: Date): Promise<number> {
      const marked = await db
        .update(notices)
        .set({ readAt: now })
        .where(
          and(
            eq(notices.customerId, customerId),
            inArray(notices.kind, kinds),
            isNull(notices.readAt),
            ids ? inArray(notices.id, ids) : undefined,
          ),
        )
        .returning({ id: notices.id });
      return marked.length;
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
