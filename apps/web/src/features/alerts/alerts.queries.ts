import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The bell asks again every minute: the alert job raises notices at most once a minute. */
const NOTICES_POLL_MS = 60_000;

export const alertsKeys = {
  all: ['alerts'] as const,
  notices: () => [...alertsKeys.all, 'notices'] as const,
};

export function useNotices(enabled: boolean) {
  return useQuery({
    queryKey: alertsKeys.notices(),
    queryFn: ({ signal }) => api.get('/view_notices/', undefined, { abort: signal }),
    enabled,
    refetchInterval: NOTICES_POLL_MS,
  });
}

/** Marks the given notices read, or all of them without ids. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.call('/mark_notices_read/', ids ? { ids } : {}),
    meta: { errorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsKeys.notices() }),
  });
}
