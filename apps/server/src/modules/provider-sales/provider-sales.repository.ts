import type { TopupStatus } from '@portal/contract/topup';
import { and, asc, count, desc, eq, getTableColumns, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/connect.ts';
import { wallets } from '../../db/schema/credit.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { providerSales, providerWithdrawnProducts } from '../../db/schema/topup.ts';
import { berlinDayEndSql, berlinDayStartSql, SALES_PERIOD_LOCK } from '../../db/sql.ts';

export type ProviderSaleRow = typeof providerSales.$inferSelect;
export type NewProviderSale = typeof providerSales.$inferInsert;
export type ProviderSaleWithUser = ProviderSaleRow & { username: string };

/**
 * The only SQL of provider sales (every provider's: DT One, direct recharge, soft pins, bus tickets): the
 * provider_sales rows, the withdrawn products and the shop's place in the chain.
 */
export function createProviderSalesRepository(db: Db) {
  const withUser = { ...getTableColumns(providerSales), username: users.username };
  const withShop = { ...withUser, customerName: customers.name };
  const platformSales = () =>
    db
      .select(withShop)
      .from(providerSales)
      .innerJoin(users, eq(users.id, providerSales.soldBy))
      .innerJoin(customers, eq(customers.id, providerSales.customerId));

  return {
    /** The shop's reseller and platform, as the purchase reads them (a shop under the platform has it as reseller). */
    async findShopChain(customerId: number, tx: Tx = db) {
      const parent = alias(customers, 'parent');
      const [row] = await tx
        .select({
          shopId: customers.id,
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

    /**
     * The shop's sales-period lock, held shared until the transaction ends, as a purchase holds it: closing the
     * shop's day waits for the transaction, so what it books falls on one side of the close.
     */
    async holdSalesPeriod(customerId: number, tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${SALES_PERIOD_LOCK}, ${customerId})`);
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
          | 'offerExpiresAt'
        >
      >,
      tx: Tx = db,
    ) {
      await tx.update(providerSales).set(patch).where(eq(providerSales.id, id));
    },

    /** One provider's sales of a shop, newest first. */
    async findPage(
      f: { provider: string; customerId: number; userId?: number; status?: TopupStatus },
      p: { limit: number; offset: number },
    ) {
      const where = and(
        eq(providerSales.provider, f.provider),
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

    /** The sale a provider's transaction id or our external id names (a callback names one or both). */
    async findByProviderIds(provider: string, ids: { transactionId?: number; externalId?: string }) {
      if (ids.transactionId === undefined && ids.externalId === undefined) return undefined;
      const [row] = await db
        .select({ id: providerSales.id, status: providerSales.status })
        .from(providerSales)
        .where(
          and(
            eq(providerSales.provider, provider),
            ids.transactionId === undefined
              ? eq(providerSales.externalId, ids.externalId as string)
              : eq(providerSales.providerTransactionId, ids.transactionId),
          ),
        );
      return row;
    },

    /** A shop's provider sales of a period of Berlin days, by day, provider, operator and status. */
    async summarise(f: { customerId: number; userId?: number; from: string; to: string; status?: TopupStatus }) {
      const day = sql<string>`to_char(${providerSales.createdAt} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`;
      return db
        .select({
          day,
          provider: providerSales.provider,
          operatorName: providerSales.operatorName,
          status: providerSales.status,
          count: count(),
          retailTotal: sql<string>`sum(${providerSales.retailPrice})`,
          sellerTotal: sql<string>`sum(${providerSales.sellerPrice})`,
        })
        .from(providerSales)
        .where(
          and(
            eq(providerSales.customerId, f.customerId),
            f.userId === undefined ? undefined : eq(providerSales.soldBy, f.userId),
            f.status === undefined ? undefined : eq(providerSales.status, f.status),
            sql`${providerSales.createdAt} >= ${berlinDayStartSql(f.from)}`,
            sql`${providerSales.createdAt} < ${berlinDayEndSql(f.to)}`,
          ),
        )
        .groupBy(day, providerSales.provider, providerSales.operatorName, providerSales.status)
        .orderBy(desc(day), asc(providerSales.operatorName), asc(providerSales.status));
    },

    /** The platform's sales still pending that were sent before `before`, oldest first. */
    async findStuck(platformId: number, before: Date, p: { limit: number; offset: number }) {
      const where = and(
        eq(providerSales.platformId, platformId),
        eq(providerSales.status, 'pending'),
        // A sale held for the superadmin is shown at once; any other after it has been pending a day.
        or(sql`${providerSales.createdAt} < ${before.toISOString()}::timestamptz`, isNotNull(providerSales.holdReason)),
      );
      const [items, [total]] = await Promise.all([
        platformSales().where(where).orderBy(asc(providerSales.id)).limit(p.limit).offset(p.offset),
        db.select({ n: count() }).from(providerSales).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** One sale of the platform's, with its shop's name. */
    async findPlatformSale(platformId: number, saleId: number) {
      const [row] = await platformSales().where(
        and(eq(providerSales.id, saleId), eq(providerSales.platformId, platformId)),
      );
      return row;
    },

    /** Holds a pending sale for the superadmin (decision 0080): the sweep and the poll job leave it alone. */
    async hold(saleId: number, reason: string, now: Date, tx: Tx = db) {
      await tx
        .update(providerSales)
        .set({ holdReason: reason, updatedAt: now })
        .where(and(eq(providerSales.id, saleId), eq(providerSales.status, 'pending')));
    },

    /**
     * The superadmin follows the provider's transaction under a held sale's external_id (decision 0080): the hold
     * ends and the sale is stepped like any other. False when the sale was no longer pending and held.
     */
    async releaseHold(saleId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(providerSales)
        .set({ holdReason: null, updatedAt: now })
        .where(
          and(eq(providerSales.id, saleId), eq(providerSales.status, 'pending'), isNotNull(providerSales.holdReason)),
        )
        .returning({ id: providerSales.id });
      return rows.length === 1;
    },

    /** An offer confirmed: its reservation recorded, in the transaction that posted it. */
    async confirmOffer(saleId: number, reservationEntryId: number, now: Date, tx: Tx) {
      await tx
        .update(providerSales)
        .set({ offerState: 'confirmed', reservationEntryId, updatedAt: now })
        .where(eq(providerSales.id, saleId));
    },

    /**
     * An open offer rejected by the shop or expired: from here on it is only cancelled at the provider. False when
     * it was no longer open (confirmed, or closed by another call).
     */
    async closeOffer(saleId: number, state: 'rejected' | 'expired', now: Date): Promise<boolean> {
      const rows = await db
        .update(providerSales)
        .set({ offerState: state, updatedAt: now })
        .where(
          and(
            eq(providerSales.id, saleId),
            eq(providerSales.offerState, 'offered'),
            eq(providerSales.status, 'pending'),
          ),
        )
        .returning({ id: providerSales.id });
      return rows.length === 1;
    },

    /** A provider's open offers past their expiry, oldest first (served by the partial index on open offers). */
    async findExpiredOffers(provider: string, now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: providerSales.id })
        .from(providerSales)
        .where(
          and(
            eq(providerSales.offerState, 'offered'),
            eq(providerSales.provider, provider),
            sql`${providerSales.offerExpiresAt} <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(providerSales.offerExpiresAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Takes a provider's product off what is offered and sold (DT One 1003001). */
    async withdrawProduct(provider: string, productId: number, now: Date) {
      await db
        .insert(providerWithdrawnProducts)
        .values({ provider, productId, withdrawnAt: now })
        .onConflictDoUpdate({
          target: [providerWithdrawnProducts.provider, providerWithdrawnProducts.productId],
          set: { withdrawnAt: now },
        });
    },

    /** The products of a provider withdrawn since `since`. */
    async findWithdrawnProducts(provider: string, since: Date): Promise<Set<number>> {
      const rows = await db
        .select({ id: providerWithdrawnProducts.productId })
        .from(providerWithdrawnProducts)
        .where(
          and(
            eq(providerWithdrawnProducts.provider, provider),
            sql`${providerWithdrawnProducts.withdrawnAt} >= ${since.toISOString()}::timestamptz`,
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /**
     * One notice to the platform's superadmin about its provider account (DT One refused for its balance or its
     * key), unless one for the same provider and code is still unread: a burst of refusals makes one notice.
     */
    async alertPlatform(
      platformId: number,
      params: { provider: string; code: number | string } & Record<string, string | number>,
      now: Date,
    ) {
      // The code compared as text: a refusal's code is a number, DT One's low balance `balance_low` (decision 0080).
      await db.execute(sql`
        insert into notices (customer_id, kind, params, link, created_at)
        select ${platformId}, 'provider_alert', ${JSON.stringify(params)}::jsonb, '/top-ups-pending', ${now}
        where not exists (
          select 1 from notices where customer_id = ${platformId} and kind = 'provider_alert' and read_at is null
            and params->>'provider' = ${params.provider} and params->>'code' = ${String(params.code)})`);
    },

    /** A provider's pending sales, oldest first (served by the partial index on pending rows). */
    async findPendingIds(provider: string, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: providerSales.id })
        .from(providerSales)
        .where(
          and(
            eq(providerSales.status, 'pending'),
            eq(providerSales.provider, provider),
            // A held sale waits for the superadmin, not for the sweep.
            isNull(providerSales.holdReason),
          ),
        )
        .orderBy(asc(providerSales.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
export type ProviderSalesRepository = ReturnType<typeof createProviderSalesRepository>;
