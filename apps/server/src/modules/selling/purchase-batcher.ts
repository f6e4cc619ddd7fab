import type { PurchaseCall, PurchaseOutcome } from './selling.repository.ts';

/** What `portal_purchase_batch` answers for one purchase: `portal_purchase`'s answer, or "run me alone". */
export type BatchOutcome = PurchaseOutcome | { outcome: 'alone' };

export interface PurchaseBatcherDeps {
  /** One call, one transaction, one commit for all of `calls`; answers in their order. */
  runBatch(calls: PurchaseCall[]): Promise<BatchOutcome[]>;
  /** `portal_purchase`: one purchase alone, waiting for its key or its shop's day as it always did. */
  runAlone(call: PurchaseCall): Promise<PurchaseOutcome>;
  /** Purchases per call at most. */
  maxBatch?: number;
  /** Batch calls running at once at most; purchases arriving meanwhile gather into the next batch. */
  maxInFlight?: number;
  /**
   * How long a batch gathers after its first purchase: 0 (the default) sends it in the event loop's next turn;
   * tests that must see several requests in one batch widen it.
   */
  windowMs?: number;
  /** Told when a batch call failed as a whole (its purchases then run alone). */
  onBatchFailed?: (err: unknown, size: number) => void;
}

/**
 * Purchases that arrive together share one database call (issue 38, decision 0051). A purchase is queued; the
 * queue is sent once the requests that arrived in the same turn of the event loop have queued theirs (setImmediate:
 * well under a millisecond), or at once when a batch is full. A lone purchase is therefore not held: nothing else
 * is queued, it goes in the next turn. While `maxInFlight` batch calls run, new purchases wait for one of them to
 * answer and then go together; each would otherwise have waited for a pooled connection anyway.
 *
 * A purchase the batch sent back (`alone`: its key held by a running request or twice in the batch, its shop's day
 * being closed, a reseller slot short) runs alone through `portal_purchase` after the batch committed. A batch
 * call that failed as a whole (an error, not a refusal) wrote nothing: each of its purchases then runs alone, and
 * gets its own answer or error.
 */
export function createPurchaseBatcher(deps: PurchaseBatcherDeps) {
  const maxBatch = deps.maxBatch ?? 20;
  const maxInFlight = deps.maxInFlight ?? 4;
  const windowMs = deps.windowMs ?? 0;
  type Waiting = { call: PurchaseCall; resolve(o: PurchaseOutcome): void; reject(e: unknown): void };
  const queue: Waiting[] = [];
  let scheduled = false;
  let inFlight = 0;
  /** Counts since start: batch calls, purchases sent in them, those sent back to run alone, failed calls. */
  const stats = { batches: 0, purchases: 0, alone: 0, failed: 0 };

  function schedule() {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    const go = () => {
      scheduled = false;
      while (queue.length > 0 && inFlight < maxInFlight) void send(queue.splice(0, maxBatch));
    };
    if (windowMs > 0) setTimeout(go, windowMs);
    else setImmediate(go);
  }

  async function send(batch: Waiting[]) {
    inFlight++;
    stats.batches++;
    stats.purchases += batch.length;
    let outcomes: BatchOutcome[] | null = null;
    try {
      outcomes = await deps.runBatch(batch.map((w) => w.call));
    } catch (err) {
      outcomes = null;
      stats.failed++;
      deps.onBatchFailed?.(err, batch.length);
    } finally {
      inFlight--;
      schedule();
    }
    for (const [i, w] of batch.entries()) {
      const o = outcomes?.[i];
      if (o && o.outcome !== 'alone') {
        w.resolve(o);
      } else {
        stats.alone++;
        deps.runAlone(w.call).then(w.resolve, w.reject);
      }
    }
  }

  /** A single purchase: batched with those that arrive together. */
  function purchase(call: PurchaseCall): Promise<PurchaseOutcome> {
    return new Promise<PurchaseOutcome>((resolve, reject) => {
      queue.push({ call, resolve, reject });
      if (queue.length >= maxBatch && inFlight < maxInFlight) {
        void send(queue.splice(0, maxBatch));
        return;
      }
      schedule();
    });
  }

  /** A bulk purchase: a batch of one, through the same function, not queued behind singles. */
  async function alone(call: PurchaseCall): Promise<PurchaseOutcome> {
    let outcome: BatchOutcome | undefined;
    stats.batches++;
    stats.purchases++;
    try {
      [outcome] = await deps.runBatch([call]);
    } catch (err) {
      stats.failed++;
      deps.onBatchFailed?.(err, 1);
    }
    if (outcome && outcome.outcome !== 'alone') return outcome;
    stats.alone++;
    return deps.runAlone(call);
  }

  return { purchase, alone, stats: () => ({ ...stats }) };
}
export type PurchaseBatcher = ReturnType<typeof createPurchaseBatcher>;
