import { MutationCache, QueryClient } from '@tanstack/react-query';
import i18next, { type ParseKeys } from 'i18next';
import { ApiError } from '../lib/api.ts';
import { notify, notifyError } from '../lib/notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Translation key shown in green after the call succeeds. */
      successMessage?: ParseKeys;
      /**
       * A refusal becomes a red notification. Left out where the screen shows it itself: a form's fields and the
       * alert above its buttons, the purchase dialog, the sign-in steps.
       */
      errorToast?: boolean;
    };
  }
}

/** Client errors (4xx) are answers, not outages: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        const key = mutation.meta?.successMessage;
        if (key) notify({ color: 'teal', message: i18next.t(key) });
      },
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
