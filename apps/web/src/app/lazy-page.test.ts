import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChunkLoadError, lazyPage, loadWithRetry } from './lazy-page.ts';

/** A clock that only moves when the code under test sleeps, so retries run instantly and deterministically. */
function fakeClock() {
  let time = 0;
  const pauses: number[] = [];
  return {
    pauses,
    now: () => time,
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve) => {
        if (signal) {
          // The time-out race of one attempt: resolves only if that attempt is still running when the clock passes it.
          signal.addEventListener('abort', () => resolve(), { once: true });
          return;
        }
        pauses.push(ms);
        time += ms;
        resolve();
      }),
  };
}

describe('loadWithRetry', () => {
  it('returns the chunk after failed attempts', async () => {
    const clock = fakeClock();
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch dynamically imported module');
      return 'page';
    };
    await expect(loadWithRetry(load, clock)).resolves.toBe('page');
    expect(calls).toBe(3);
    expect(clock.pauses).toEqual([500, 1000]);
  });

  it('gives up with a ChunkLoadError once the time-out has passed', async () => {
    const clock = fakeClock();
    const cause = new TypeError('offline');
    const error = await loadWithRetry(() => Promise.reject(cause), { ...clock, timeoutMs: 120_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(cause);
    expect(clock.pauses.reduce((a, b) => a + b, 0)).toBe(120_000);
    expect(Math.max(...clock.pauses)).toBe(8_000);
  });

  it('cuts off a load that never answers', async () => {
    const error = await loadWithRetry(() => new Promise<never>(() => {}), {
      timeoutMs: 120_000,
      now: () => 0,
      sleep: () => Promise.resolve(),
    }).catch((e) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
  });
});

describe('lazyPage', () => {
  const render = (Page: ReturnType<typeof lazyPage>) =>
    renderToString(createElement(Suspense, { fallback: 'loading' }, createElement(Page)));
  const page = () => lazyPage(async () => () => createElement('p', null, 'the page'));

  it('renders a page whose code has arrived at once, without its fallback', async () => {
    const Page = page();
    await Page.preload();
    const html = render(Page);
    expect(html).toContain('<p>the page</p>');
    expect(html).not.toContain('loading');
  });

  it('shows the fallback while the code is on its way', () => {
    expect(render(page())).toContain('loading');
  });
});
