import { describe, expect, it } from 'vitest';
import { type BatchOutcome, createPurchaseBatcher } from './purchase-batcher.ts';
import type { PurchaseCall, PurchaseOutcome } from './selling.repository.ts';

/** The batcher alone, with the database calls faked: what goes together, what goes alone, what waits. */
const call = (key: string): PurchaseCall => ({
  key,
  sessionId: 's',
  userId: 1,
  requestHash: 'h',
  waitMs: 5000,
  lifetimeMs: 1000,
  customerId: 1,
  configurationId: 1,
  quantity: 1,
  kind: 'single',
  allowedTypes: ['cash_card'],
  at: new Date(0),
  downloadExpiresAt: null,
  purchaseGroup: null,
  actorVersion: null,
});
const sold = (key: string) => ({ outcome: 'refused', status: 409, refusal: { message: key } }) as PurchaseOutcome;

function fake(answer: (calls: PurchaseCall[]) => BatchOutcome[] | Promise<BatchOutcome[]>, opts = {}) {
  const batches: string[][] = [];
  const alone: string[] = [];
  const batcher = createPurchaseBatcher({
    runBatch: async (calls) => {
      batches.push(calls.map((c) => c.key));
      return answer(calls);
    },
    runAlone: async (c) => {
      alone.push(c.key);
      return sold(`alone ${c.key}`);
    },
    ...opts,
  });
  return { batcher, batches, alone };
}

describe('the purchase batcher', () => {
  it('sends a lone purchase at once, as a batch of one', async () => {
    const { batcher, batches } = fake((calls) => calls.map((c) => sold(c.key)));
    const t0 = performance.now();
    expect(await batcher.purchase(call('k1'))).toEqual(sold('k1'));
    expect(performance.now() - t0).toBeLessThan(50);
    expect(batches).toEqual([['k1']]);
  });

  it('sends purchases that arrive together as one batch, each getting its own answer', async () => {
    const { batcher, batches } = fake((calls) => calls.map((c) => sold(c.key)));
    const answers = await Promise.all(['a', 'b', 'c'].map((k) => batcher.purchase(call(k))));
    expect(answers).toEqual(['a', 'b', 'c'].map(sold));
    expect(batches).toEqual([['a', 'b', 'c']]);
  });

  it('sends a full batch at once and never more than the most per batch', async () => {
    const { batcher, batches } = fake((calls) => calls.map((c) => sold(c.key)), { maxBatch: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => batcher.purchase(call(k))));
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('gathers what arrives while the most batch calls run into the next one', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { batcher, batches } = fake(
      async (calls) => {
        if (calls[0]!.key === 'first') await gate; // a batch holds at least one call
        return calls.map((c) => sold(c.key));
      },
      { maxInFlight: 1 },
    );
    const first = batcher.purchase(call('first'));
    await new Promise((r) => setImmediate(r));
    const later = ['x', 'y', 'z'].map((k) => batcher.purchase(call(k)));
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toEqual([['first']]);
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([['first'], ['x', 'y', 'z']]);
  });

  it('runs alone what the batch sent back, after the batch answered', async () => {
    const { batcher, alone } = fake((calls) =>
      calls.map((c) => (c.key === 'b' ? ({ outcome: 'alone' } as const) : sold(c.key))),
    );
    const answers = await Promise.all(['a', 'b', 'c'].map((k) => batcher.purchase(call(k))));
    expect(answers).toEqual([sold('a'), sold('alone b'), sold('c')]);
    expect(alone).toEqual(['b']);
  });

  it('runs each purchase alone when the batch call failed as a whole, and says so', async () => {
    const failures: number[] = [];
    const { batcher, alone } = fake(
      () => {
        throw new Error('deadlock detected');
      },
      { onBatchFailed: (_err: unknown, size: number) => failures.push(size) },
    );
    const answers = await Promise.all(['a', 'b'].map((k) => batcher.purchase(call(k))));
    expect(answers).toEqual([sold('alone a'), sold('alone b')]);
    expect(alone).toEqual(['a', 'b']);
    expect(failures).toEqual([2]);
    expect(batcher.stats()).toMatchObject({ batches: 1, purchases: 2, alone: 2, failed: 1 });
  });

  it('sends a bulk purchase as a batch of one, not queued behind singles', async () => {
    const { batcher, batches } = fake((calls) => calls.map((c) => sold(c.key)));
    const single = batcher.purchase(call('single'));
    const bulk = batcher.alone(call('bulk'));
    await Promise.all([single, bulk]);
    expect(batches).toEqual([['bulk'], ['single']]);
  });
});
