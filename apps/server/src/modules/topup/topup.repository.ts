import type { TopupStatus } from '@portal/contract/topup';
import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/connect.ts';
import { wallets } from '../../db/schema/credit.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { providerSales } from '../../db/schema/topup.ts';

export type ProviderSaleRow = typeof providerSales.$inferSelect;
export type NewProviderSale = typeof providerSales.$inferInsert;
export type ProviderSaleWithUser = ProviderSaleRow & { username: string };

/** The only SQL of international top-ups: the provider_sales rows and the shop's place in the chain. */
export function createTopupRepository(db: Db) {
  const withUser = { ...getTableColumns(providerSales), username: users.username };

  return {
    /** The shop's reseller and platform, as the purchase reads them (a shop under the platform has it as reseller). */
    async findShopChain(customerId: number, tx: Tx = db) {
      const parent = alias(customers, 'parent');
      const [row] = await tx
        .select({
          resellerId: parent.id,
          platformId: sql<number>`case when ${parent.accountRole} = 0 then ${parent.id} else ${parent.parentId} end`,
          maskSellerDiscount: customers.maskSellerDiscount,
        })
        .from(customers)
        .innerJoin(parent, eq(parent.id, customers.parentId))
        .where(eq(customers.id, customerId));
      return row;
    },

    async findMaskSellerDiscount(customerId: number) {
      const [row] = await db
        .select({ mask: customers.maskSellerDiscount })
        .from(customers)
        .where(eq(customers.id, customerId));
      return row?.mask === true;
    },

    /** Balances as they are, unlocked: for telling whose balance is short, never for deciding a posting. */
    async findBalances(customerIds: number[], tx: Tx = db) {
      const rows = await tx
        .select({ customerId: wallets.customerId, balance: wallets.balance })
        .from(wallets)
        .where(sql`${wallets.customerId} = any(${`{${customerIds.join(',')}}`}::int[])`);
      return new Map(rows.map((r) => [r.customerId, r.balance]));
    },

    async insert(sale: NewProviderSale, tx: Tx): Promise<ProviderSaleRow> {
      const [row] = await tx.insert(providerSales).values(sale).returning();
      return row as ProviderSaleRow;
    },

    async findById(id: number, tx: Tx = db): Promise<ProviderSaleRow | undefined> {
      const [row] = await tx.select().from(providerSales).where(eq(providerSales.id, id));
      return row;
    },

    /** Locks the sale for a status move: the job and a seller's status call never move it twice. */
    async lock(id: number, tx: Tx): Promise<ProviderSaleRow | undefined> {
      const [row] = await tx.select().from(providerSales).where(eq(providerSales.id, id)).for('update');
      return row;
    },

    async findOwn(provider: string, externalId: string, customerId: number): Promise<ProviderSaleWithUser | undefined> {
      const [row] = await db
        .select(withUser)
        .from(providerSales)
        .innerJoin(users, eq(users.id, providerSales.soldBy))
        .where(
          and(
            eq(providerSales.provider, provider),
            eq(providerSales.externalId, externalId),
            eq(providerSales.customerId, customerId),
          ),
        );
      return row;
    },

    async findWithUser(id: number): Promise<ProviderSaleWithUser | undefined> {
      const [row] = await db
        .select(withUser)
        .from(providerSales)
        .innerJoin(users, eq(users.id, providerSales.soldBy))
        .where(eq(providerSales.id, id));
      return row;
    },

    async update(
      id: number,
      patch: Partial<
        Pick<
          ProviderSaleRow,
          | 'status'
          | 'providerStatus'
          | 'providerTransactionId'
          | 'operatorReference'
          | 'finalEntryId'
          | 'refundEntryId'
          | 'updatedAt'
          | 'finalAt'
        >
      >,
      tx: Tx = db,
    ) {
      await tx.update(providerSales).set(patch).where(eq(providerSales.id, id));
    },

    async findPage(
      f: { customerId: number; userId?: number; status?: TopupStatus },
      p: { limit: number; offset: number },
    ) {
      const where = and(
        eq(providerSales.customerId, f.customerId),
        f.userId === undefined ? undefined : eq(providerSales.soldBy, f.userId),
        f.status === undefined ? undefined : eq(providerSales.status, f.status),
      );
      const [items, [total]] = await Promise.all([
        db
          .select(withUser)
          .from(providerSales)
          .innerJoin(users, eq(users.id, providerSales.soldBy))
          .where(where)
          .orderBy(desc(providerSales.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ n: count() }).from(providerSales).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** Pending sales, oldest first (served by the partial index on pending rows). */
    async findPendingIds(limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: providerSales.id })
        .from(providerSales)
        .where(eq(providerSales.status, 'pending'))
        .orderBy(asc(providerSales.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
export type TopupRepository = ReturnType<typeof createTopupRepository>;
