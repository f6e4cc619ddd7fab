import { MantineProvider } from '@mantine/core';
import type { UserInfo } from '@portal/contract/auth';
import { flagsFrom, ROLE_FLAGS, type Role } from '@portal/contract/roles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, vi } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { initI18n, loadAllTexts } from '../i18n/index.ts';
import { sessionStore } from '../lib/session.ts';
import { DEFAULT_SETTINGS, settingsStore } from '../lib/settings.ts';
import { ConfirmHost } from '../ui/confirm-action.tsx';

/**
 * Component tests (files with `// @vitest-environment happy-dom`): a screen rendered with the app's providers —
 * Mantine, the app's query client, the browser's router at the given address, every text of one language — as a signed-in
 * user of the given role. The server is `fakeApi` (testing/fake-api.ts).
 */

// Two cores shared by the whole suite: a screen may take seconds to answer a click, and the first render of a file
// loads Mantine and every text, which is slow, not wrong.
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

// happy-dom has no font loading: Mantine's growing text fields listen to it.
if ((document as { fonts?: unknown }).fonts === undefined) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

let texts: Promise<void> | null = null;
/** English: the tests read what an English-speaking user sees; the missing-keys check covers every language. */
const ready = () => {
  // The date fields' code is loaded up front: a lazy part still loading holds back the router's next page.
  texts ??= Promise.all([initI18n('en').then(loadAllTexts), import('../ui/day-picker.tsx')]).then(() => undefined);
  return texts;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set({ session: null, user: null });
  settingsStore.set(DEFAULT_SETTINGS);
});

export function testUser(role: Role, overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    user_id: 1,
    customer_id: 10,
    session_id: 's',
    username: 'demo',
    name: 'Demo',
    organisation_name: 'Demo Org',
    address: { address: '', house_no: '', postal: '', city: '' },
    account_role: role,
    internal_role: 0,
    is_manager: 1,
    enable_web_view: 1,
    flag: 1,
    contact_details: { support_info: { email: null, phone: null, text: null } },
    ...DEFAULT_SETTINGS,
    ...flagsFrom(ROLE_FLAGS[role]),
    ...overrides,
  };
}

/** Where the router stands now, shown for tests that check a link or a page change. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

export interface ScreenOptions {
  /** The address the router starts at. */
  url?: string;
  /** The route pattern the screen hangs on, for screens that read `:params`. */
  route?: string;
  user?: UserInfo | null;
}

export async function renderScreen(ui: ReactNode, { url = '/', route = '*', user = null }: ScreenOptions = {}) {
  await ready();
  // The browser's own address, as in the app: the tables write their page and filters from the address bar.
  window.history.replaceState(null, '', url);
  if (user) {
    sessionStore.set({ session: { access_token: 't', session_id: 's', customer_id: user.customer_id }, user });
  }
  const queryClient = createQueryClient();
  // A refused list is shown at once: the app's retries of a failed call would only slow the test down.
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  const view = render(
    <MantineProvider env="test">
      <ConfirmHost />
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
          <Address />
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}
