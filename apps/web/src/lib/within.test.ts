import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from './within.ts';

describe('within', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledAt = (p: Promise<void>) => {
    const at = { settled: false };
    void p.then(() => {
      at.settled = true;
    });
    return at;
  };

  it('settles as soon as the work does', async () => {
    let finish!: () => void;
    const at = settledAt(within(new Promise<void>((r) => (finish = r)), 1_000));
    await vi.advanceTimersByTimeAsync(10);
    expect(at.settled).toBe(false);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(at.settled).toBe(true);
  });

  it('settles after the time when the work is stuck', async () => {
    const at = settledAt(within(new Promise(() => {}), 1_000));
    await vi.advanceTimersByTimeAsync(999);
    expect(at.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(at.settled).toBe(true);
  });

  it('settles, without rejecting, when the work fails', async () => {
    await expect(within(Promise.reject(new Error('no')), 1_000)).resolves.toBeUndefined();
  });
});
