import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../platform/clock.ts';
import type { CursorTable, SalesRollupRepository } from './sales-rollup.repository.ts';

/** Sales added to the rollup per transaction, so a first run over a million sales never holds one long transaction. */
const CHUNK_IDS = 50_000;

/**
 * Keeps `sales_rollup` (decision 0065): reads the sales after the cursor by increasing id, up to the highest id that
 * is settled — no sale with a lower id can still commit. Ids are drawn when a sale is inserted and committed in any
 * order, so the job waits until every transaction that was writing `sales` when it read the highest id has ended;
 * any lower id was drawn by one of them or by a transaction already finished. A writer that outlasts `settleMs`
 * leaves the cursor where it is until the next run; the reports add the sales after the cursor meanwhile.
 */
export function createSalesRollupService(deps: {
  repo: SalesRollupRepository;
  clock: Clock;
  settleMs?: number;
  pollMs?: number;
}) {
  const { repo, clock, settleMs = 10_000, pollMs = 50 } = deps;

  /**
   * The highest id of the table (sales by default) below which no row can still commit, or null when a writer
   * outlasted `settleMs`. Also what the partner API's event job reads its sales, entries and notices up to (decision
   * 0097).
   */
  async function settledId(table: CursorTable = 'sales'): Promise<number | null> {
    const upTo = await repo.findLastId(table);
    const writers = await repo.findWriters(table);
    for (let waited = 0; await repo.anyStillWriting(writers, table); waited += pollMs) {
      if (waited >= settleMs) return null;
      await sleep(pollMs);
    }
    return upTo;
  }

  /**
   * Rolls up the sales, then the provider sales' success and refund entries after their own cursor (decision 0102).
   * Returns the sales cursor it reached, or null when a writer kept the settled range of sales from being known.
   */
  async function rollUpSales(): Promise<number | null> {
    const upTo = await settledId();
    let cursor: number | null = null;
    if (upTo !== null) {
      cursor = await repo.rollUp(upTo, CHUNK_IDS, clock.now());
      while (cursor < upTo) cursor = await repo.rollUp(upTo, CHUNK_IDS, clock.now());
    }
    const entriesUpTo = await settledId('journal_entries');
    if (entriesUpTo !== null) {
      let entries = await repo.rollUpProviderSales(entriesUpTo, CHUNK_IDS, clock.now());
      while (entries < entriesUpTo) entries = await repo.rollUpProviderSales(entriesUpTo, CHUNK_IDS, clock.now());
    }
    return cursor;
  }

  return { rollUpSales, settledId };
}
export type SalesRollupService = ReturnType<typeof createSalesRollupService>;
