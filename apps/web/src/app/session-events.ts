import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { fetchUserInfo } from '../features/auth/auth.queries.ts';
import { ApiError, setApiHandlers } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';
import { loginPath } from '../lib/redirect.ts';
import { endSession, sessionStore, setUser } from '../lib/session.ts';
import { resetSettings } from '../lib/settings.ts';
import { storage } from '../lib/storage.ts';
import { NOT_AUTHORIZED_PATH } from './guard.ts';
import { shouldRecheckUser } from './session-policy.ts';

/** Ends the session here and sends the user to sign in (coming back to `here` afterwards), telling them why. */
export function signOutLocally(
  queryClient: QueryClient,
  reason: 'errors.sessionEnded' | 'errors.inactivity',
  here: string,
  navigate: (to: string) => void,
): void {
  if (!sessionStore.get().session) return;
  endSession();
  queryClient.clear();
  notify({ id: 'session-ended', color: 'orange', message: i18next.t(reason), autoClose: 10_000 });
  navigate(loginPath(here));
}

/**
 * Connects what the API client reports to navigation, caches and the stored session; `navigate` replaces the
 * current entry. Returns the function that disconnects the query cache again.
 */
export function wireSessionEvents(navigate: (to: string) => void, queryClient: QueryClient): () => void {
  let lastRecheck = Date.now();

  setApiHandlers({
    onSignal(signal) {
      if (signal === 'session_ended') {
        signOutLocally(queryClient, 'errors.sessionEnded', window.location.pathname + window.location.search, navigate);
        return;
      }
      // account_status 0 (spec section 8): clear storage, default layout and theme, sign-in page, fresh reload.
      storage.clear();
      endSession();
      resetSettings();
      window.location.assign('/login');
    },
    onResponse(path) {
      const now = Date.now();
      if (!shouldRecheckUser(sessionStore.get().user, path, lastRecheck, now)) return;
      lastRecheck = now;
      // A failed recheck keeps the details we have; a 401 or account_status 0 in it is handled by onSignal.
      fetchUserInfo().then(setUser, () => undefined);
    },
  });

  // A screen whose data the server refuses (403 forbidden) shows the not-authorized page (spec section 8).
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const error = event.action.error;
    if (error instanceof ApiError && error.code === 'forbidden') {
      navigate(NOT_AUTHORIZED_PATH);
    }
  });
}
