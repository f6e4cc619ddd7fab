import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../../platform/clock.ts';
import type { SalesRollupRepository } from './sales-rollup.repository.ts';

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
   * The highest sale id below which no sale can still commit, or null when a writer outlasted `settleMs`. Also what
   * the partner API's event job reads up to (decision 0097).
   */
  async function settledSaleId(): Promise<number | null> {
    const upTo = await repo.findLastSaleId();
    const writers = await repo.findSalesWriters();
    for (let waited = 0; await repo.anyStillWriting(writers); waited += pollMs) {
      if (waited >= settleMs) return null;
      await sleep(pollMs);
    }
    return upTo;
  }

  /** Returns the cursor it reached, or null when a writer kept the settled range from being known. */
  async function rollUpSales(): Promise<number | null> {
    const upTo = await settledSaleId();
    if (upTo === null) return null;
    let cursor = await repo.rollUp(upTo, CHUNK_IDS, clock.now());
    while (cursor < upTo) cursor = await repo.rollUp(upTo, CHUNK_IDS, clock.now());
    return cursor;
  }

  return { rollUpSales, settledSaleId };
}
export type SalesRollupService = ReturnType<typeof createSalesRollupService>;
