import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { lastActivity, readSessionState, sessionStore, syncSessionFromStorage, touchActivity } from '../lib/session.ts';
import { syncSettingsFromStorage } from '../lib/settings.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { signOutLocally } from './session-events.ts';
import { inactivityExpired, tokenRemovedElsewhere } from './session-policy.ts';

const CHECK_EVERY_MS = 60_000;
// Writing the activity time on every keystroke would be wasted work; its resolution only has to be fine next to 3 h.
const TOUCH_EVERY_MS = 10_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Inactivity time-out and changes made by other tabs (spec section 4). */
export function useSessionWatch(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let lastTouch = 0;
    const onActivity = () => {
      const now = Date.now();
      if (!sessionStore.get().session || now - lastTouch < TOUCH_EVERY_MS) return;
      lastTouch = now;
      touchActivity(now);
    };
    const check = () => {
      if (sessionStore.get().session && inactivityExpired(lastActivity(), Date.now())) {
        const here = window.location.pathname + window.location.search;
        signOutLocally(queryClient, 'errors.inactivity', here, (to) => navigate(to, { replace: true }));
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === null || event.key === STORAGE_KEYS.settings) syncSettingsFromStorage();
      if (sessionStore.get().session && tokenRemovedElsewhere(event) && !readSessionState().session) {
        // A fresh load of home: ending the session in place would first send an open protected screen to sign-in.
        window.location.replace('/');
        return;
      }
      syncSessionFromStorage();
    };

    check();
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('storage', onStorage);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient, navigate]);
}
