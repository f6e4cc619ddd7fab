import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../lib/session.ts';
import { fetchFirstQueries } from './first-queries.ts';

/** A query cache that records what is fetched into it, each fetch answering when `answer` says. */
function recordingClient(answer: () => Promise<void> = () => Promise.resolve()) {
  const keys: unknown[] = [];
  const client = {
    prefetchQuery: (options: { queryKey: unknown }) => {
      keys.push(options.queryKey);
      return answer();
    },
  } as unknown as QueryClient;
  return { client, keys };
}

const signIn = () => sessionStore.set({ session: { access_token: 't', session_id: 's', customer_id: 7 }, user: null });

afterEach(() => sessionStore.set({ session: null, user: null }));

// The screen's code loads before the wait's end in the browser (it is a chunk of the screen); here vitest compiles
// it on its first import, which on a loaded machine alone can outlast the wait and leave nothing fetched.
beforeAll(() => import('../features/selling/selling.queries.ts'));

describe('the first queries of a first load', () => {
  it("fetch the seller dashboard's queries, under the keys its render reads, before that render", async () => {
    signIn();
    const { client, keys } = recordingClient();
    await fetchFirstQueries(client, '/dashboard');
    expect(keys).toEqual([
      ['selling', 'products', 'all'],
      ['selling', 'dashboard'],
      ['credit', 'balance', 7],
      ['reports', 'dashboard', 'figures'],
    ]);
  });

  it('hold the first render no longer than the wait when the answers are slow', async () => {
    signIn();
    const { client, keys } = recordingClient(() => new Promise(() => undefined));
    const started = performance.now();
    await fetchFirstQueries(client, '/dashboard', 30);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(keys).toHaveLength(4);
  });

  it('fetch nothing without a session or for a screen that names none', async () => {
    const { client, keys } = recordingClient();
    await fetchFirstQueries(client, '/dashboard');
    signIn();
    await fetchFirstQueries(client, '/customers/view');
    expect(keys).toEqual([]);
  });
});
