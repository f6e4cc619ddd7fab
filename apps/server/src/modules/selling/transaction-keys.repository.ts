import { eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { transactionKeys } from '../../db/schema/selling.ts';

export type KeyRow = typeof transactionKeys.$inferSelect;

export function createTransactionKeysRepository(db: Db) {
  return {
    async insert(k: { key: string; sessionId: string; userId: number; createdAt: Date }) {
      await db.insert(transactionKeys).values(k);
    },

    /** A key the client chose (the partner API's Idempotency-Key): a second registration changes nothing. */
    async insertIfAbsent(k: { key: string; sessionId: string; userId: number; createdAt: Date }) {
      await db.insert(transactionKeys).values(k).onConflictDoNothing({ target: transactionKeys.key });
    },

    /**
     * Locks the key's row for this transaction. A second request with the same key waits here until
     * the first commits or rolls back, at most `waitMs`; null when the wait ran out. Statements without
     * parameters go together in one round trip (simple protocol): the purchase's latency is mostly
     * round trips.
     */
    async lock(key: string, waitMs: number, tx: Tx): Promise<KeyRow | undefined | null> {
      await tx.execute(sql.raw(`set local lock_timeout = ${Math.trunc(waitMs)}; savepoint key_lock`));
      try {
        const rows = await tx.select().from(transactionKeys).where(eq(transactionKeys.key, key)).for('update');
        return rows[0];
      } catch (err) {
        if ((err as { cause?: { code?: string } }).cause?.code !== '55P03') throw err;
        await tx.execute(sql`rollback to savepoint key_lock`);
        return null;
      }
    },

    /**
     * Opens the savepoint the keyed operation runs in (and lifts the key's lock timeout). It is never
     * released: an open savepoint commits with its transaction, which saves a round trip per purchase.
     */
    async openOperation(tx: Tx) {
      await tx.execute(sql.raw('set local lock_timeout = 0; savepoint keyed_operation'));
    },

    /** A refusal: everything the operation wrote is undone; the key's lock stays held. */
    async undoOperation(tx: Tx) {
      await tx.execute(sql.raw('rollback to savepoint keyed_operation'));
    },

    async finish(
      key: string,
      done: { requestHash: string; outcomeStatus: number; outcome: unknown; at: Date },
      tx: Tx,
    ) {
      await tx
        .update(transactionKeys)
        .set({
          status: 'done',
          requestHash: done.requestHash,
          outcomeStatus: done.outcomeStatus,
          outcome: done.outcome,
          finishedAt: done.at,
        })
        .where(eq(transactionKeys.key, key));
    },

    async deleteOlderThan(at: Date) {
      await db.delete(transactionKeys).where(lt(transactionKeys.createdAt, at));
    },
  };
}
export type TransactionKeysRepository = ReturnType<typeof createTransactionKeysRepository>;
