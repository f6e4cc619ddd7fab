import type { SearchHit } from '@portal/contract/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const searchKeys = { all: ['search'] as const, q: (q: string) => ['search', q] as const };

/** The header's search for a text (empty: nothing asked); the last answer stays while the next one loads. */
export function useSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: searchKeys.q(text),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    queryFn: async ({ signal }): Promise<SearchHit[]> =>
      (await api.get('/search/', { q: text }, { abort: signal })).hits as SearchHit[],
  });
}

/** The hit the arrow keys move to from `active`, round the list's ends. */
export function nextActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active + 1 >= count ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
