import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { AppRouter, FIRST_SCREEN_WAIT_MS, preloadFirstScreen } from './app/router.tsx';
import { currentUserQuery } from './features/auth/auth.queries.ts';
import { organisationQuery } from './features/organisations/organisations.queries.ts';
import { initI18n } from './i18n/index.ts';
import { sessionStore } from './lib/session.ts';
import { settingsStore } from './lib/settings.ts';
import { within } from './lib/within.ts';

globalThis.__portalStarted = true;
const queryClient = createQueryClient();

// The service worker only shows an offline page when the network is down (public/sw.js); the counter
// works the same without it, so a failed registration is not worth a message.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}

// The organisation and the user details are asked for now, beside the code and texts of the first screen, rather
// than once React has rendered: the first paint of a signed-in screen waits for them.
void queryClient.prefetchQuery(organisationQuery());
const { session } = sessionStore.get();
if (session) void queryClient.prefetchQuery(currentUserQuery(session));
// The first render waits for the language, so it never flashes translation keys, and for the first screen's code
// (up to FIRST_SCREEN_WAIT_MS): a render that suspends commits the spinner, and React then holds back the screen
// until 300 ms after that commit, however soon its code arrives.
const firstScreen = preloadFirstScreen(window.location.pathname, queryClient);
void Promise.all([initI18n(settingsStore.get().language), within(firstScreen, FIRST_SCREEN_WAIT_MS)]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter queryClient={queryClient} />
      </AppProviders>
    </StrictMode>,
  );
});
