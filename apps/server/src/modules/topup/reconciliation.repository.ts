import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import {
  providerReconciliationDifferences,
  providerReconciliations,
  providerSales,
  type ReconciliationDifference,
} from '../../db/schema/topup.ts';

export type NewDifference = {
  kind: ReconciliationDifference;
  providerTransactionId: number;
  externalId: string;
  saleId: number | null;
  providerStatus: string;
  portalStatus: string | null;
};

/** The only SQL of the daily reconciliation (decision 0080): its runs, its differences, the sales it compares. */
export function createReconciliationRepository(db: Db) {
  return {
    /** Starts (or resumes) a provider's day; answers its status, `done` when an earlier run finished it. */
    async start(provider: string, day: string, now: Date): Promise<'running' | 'done'> {
      await db
        .insert(providerReconciliations)
        .values({ provider, day, status: 'running', startedAt: now })
        .onConflictDoNothing();
      const [row] = await db
        .select({ status: providerReconciliations.status })
        .from(providerReconciliations)
        .where(and(eq(providerReconciliations.provider, provider), eq(providerReconciliations.day, day)));
      return row?.status ?? 'running';
    },

    async finish(
      provider: string,
      day: string,
      r: { compared: number; balanceAvailable: string | null; balanceUnit: string | null; now: Date },
    ) {
      await db
        .update(providerReconciliations)
        .set({
          status: 'done',
          compared: r.compared,
          balanceAvailable: r.balanceAvailable,
          balanceUnit: r.balanceUnit,
          finishedAt: r.now,
        })
        .where(and(eq(providerReconciliations.provider, provider), eq(providerReconciliations.day, day)));
    },

    /** Our sales under these external_ids, with what the comparison reads. */
    async findSales(provider: string, externalIds: string[]) {
      if (externalIds.length === 0) return new Map<string, SaleCompared>();
      const rows = await db
        .select({
          id: providerSales.id,
          externalId: providerSales.externalId,
          status: providerSales.status,
          offerState: providerSales.offerState,
          holdReason: providerSales.holdReason,
        })
        .from(providerSales)
        .where(and(eq(providerSales.provider, provider), inArray(providerSales.externalId, externalIds)));
      return new Map(rows.map((r) => [r.externalId, r]));
    },

    /** Records the differences of a day; one per transaction, so a resumed run adds none twice. */
    async addDifferences(provider: string, day: string, diffs: NewDifference[], now: Date) {
      if (diffs.length === 0) return;
      await db
        .insert(providerReconciliationDifferences)
        .values(diffs.map((d) => ({ ...d, provider, day, foundAt: now })))
        .onConflictDoNothing();
    },

    /** The latest finished run of a provider. */
    async lastRun(provider: string) {
      const [row] = await db
        .select()
        .from(providerReconciliations)
        .where(eq(providerReconciliations.provider, provider))
        .orderBy(desc(providerReconciliations.day))
        .limit(1);
      return row;
    },

    /** A provider's differences, newest day first. */
    async findDifferences(provider: string, p: { limit: number; offset: number }) {
      const where = eq(providerReconciliationDifferences.provider, provider);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(providerReconciliationDifferences)
          .where(where)
          .orderBy(desc(providerReconciliationDifferences.day), desc(providerReconciliationDifferences.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ n: count() }).from(providerReconciliationDifferences).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** Every platform (its main account gets the provider's notices). */
    async findPlatformIds(): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`select id from customers where account_role = 0`);
      return rows.map((r) => r.id);
    },
  };
}
export type ReconciliationRepository = ReturnType<typeof createReconciliationRepository>;
type SaleCompared = {
  id: number;
  externalId: string;
  status: string;
  offerState: string | null;
  holdReason: string | null;
};
