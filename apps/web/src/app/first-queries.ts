import type { ScreenPath } from '@portal/contract/screens';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionStore } from '../lib/session.ts';
import { within } from '../lib/within.ts';

/**
 * The queries of a screen whose data is its largest element, as its first render makes them at the default filters
 * (the same calls as its `FIRST_CALLS`, whose early answers they take): fetched while the screen's code loads, so
 * the figures are in the first render instead of a second one after the first paint (decision 0120). Loaded with
 * the screen's own code.
 */
type Prefetch = (queryClient: QueryClient, customerId: number) => Promise<unknown>;
export const FIRST_QUERIES: Partial<Record<ScreenPath, () => Promise<Prefetch>>> = {
  '/dashboard': () => import('../features/selling/selling.queries.ts').then((m) => m.prefetchDashboard),
};

/** How long the first render waits for those queries, from the start of the first screen's load. */
export const FIRST_QUERIES_WAIT_MS = 800;

/**
 * Fetches the first queries of the screen at `pathname` into the cache; settles when they have answered or failed,
 * or after `waitMs`, whichever is first (the screen then renders without them and its queries go on).
 */
export async function fetchFirstQueries(
  queryClient: QueryClient,
  pathname: string,
  waitMs = FIRST_QUERIES_WAIT_MS,
): Promise<void> {
  const { session } = sessionStore.get();
  const screen = Object.keys(FIRST_QUERIES).find((path) => matchPath(path, pathname)) as ScreenPath | undefined;
  const load = screen && FIRST_QUERIES[screen];
  if (!session || !load) return;
  await within(
    load().then((prefetch) => prefetch(queryClient, session.customer_id)),
    waitMs,
  );
}
