import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import type { createBrowserRouter } from 'react-router';
import { fetchUserInfo } from '../features/auth/auth.queries.ts';
import { ApiError, setApiHandlers } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';
import { loginPath } from '../lib/redirect.ts';
import { endSession, sessionStore, setUser } from '../lib/session.ts';
import { resetSettings } from '../lib/settings.ts';
import { storage } from '../lib/storage.ts';
import { NOT_AUTHORIZED_PATH } from './guard.ts';
import { shouldRecheckUser } from './session-policy.ts';

type Router = ReturnType<typeof createBrowserRouter>;

function currentPath(router: Router): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}

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

/** Connects what the API client reports to navigation, caches and the stored session. */
export function wireSessionEvents(router: Router, queryClient: QueryClient): void {
  let lastRecheck = Date.now();

  setApiHandlers({
    onSignal(signal) {
      if (signal === 'session_ended') {
        signOutLocally(queryClient, 'errors.sessionEnded', currentPath(router), (to) => {
          void router.navigate(to, { replace: true });
        });
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
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const error = event.action.error;
    if (error instanceof ApiError && error.code === 'forbidden') {
      void router.navigate(NOT_AUTHORIZED_PATH, { replace: true });
    }
  });
}
