import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { BrowserRouter, matchPath, type NavigateFunction, Route, Routes, useNavigate } from 'react-router';
import { loadAllTexts } from '../i18n/index.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { BlankLayout } from './layouts/blank-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { Root } from './root.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { generalRoutes } from './routes/general.routes.tsx';
import { Screen } from './screen.tsx';
import { wireSessionEvents } from './session-events.ts';

/** The screens without a menu (sign-in, loading, status pages); they are all general screens (guard.test.ts). */
const BLANK_ROUTES = generalRoutes.filter((r) => r.layout === 'blank');

// Every other path belongs to the signed-in app: its route tables, menu layouts and every text load with the first
// screen that has a menu, so the sign-in page carries none of them. They count as loaded once the code of the screen
// at the address is here too: the first signed-in screen renders with its menus in one go, instead of the menus
// first (a commit, style, layout and paint) and the screen again once its code arrives. On the first load, the
// screen's first queries (where its data is the largest element) are in the cache too, or have had their time.
// They load from the signed-in chunk, not the entry: a dynamic import in the entry would have the bundler preload
// the screens' shared chunk a second time beside the boot script's preload.
let firstLoadCache: QueryClient | undefined;
const SignedInRoutes = lazyPage(() =>
  Promise.all([
    import('./signed-in-routes.tsx').then(async (m) => {
      const path = window.location.pathname;
      await Promise.all([m.preloadScreen(path), firstLoadCache && m.fetchFirstQueries(firstLoadCache, path)]);
      return m.SignedInRoutes;
    }),
    loadAllTexts(),
  ]).then(([page]) => page),
);

/** How long the first render waits for the first screen's code before it shows the spinner instead. */
export const FIRST_SCREEN_WAIT_MS = 2_000;

/**
 * Starts loading the code of the screen at `pathname` before the first render, so it loads beside the texts instead
 * of after them; a signed-in screen's first queries load beside them. Settles once the screen can render without
 * suspending (or its code has failed: the screen then shows the failure).
 */
export function preloadFirstScreen(pathname: string, queryClient: QueryClient): Promise<void> {
  const blank = BLANK_ROUTES.find((route) => matchPath(route.path, pathname));
  if (!blank) firstLoadCache = queryClient;
  return (blank ? blank.page : SignedInRoutes).preload();
}

/** Connects the API client's signals and the query cache to navigation, once, with the router's navigate. */
function SessionEvents({ queryClient }: { queryClient: QueryClient }) {
  const navigate = useNavigate();
  const navigateRef = useRef<NavigateFunction>(navigate);
  navigateRef.current = navigate;
  useEffect(() => wireSessionEvents((to) => navigateRef.current(to, { replace: true }), queryClient), [queryClient]);
  return null;
}

/**
 * Declarative routing: the app loads no data through the router (TanStack Query does), so React Router's data
 * router, about 15 KiB compressed, would only add weight to the sign-in page.
 */
export function AppRouter({ queryClient }: { queryClient: QueryClient }) {
  return (
    <BrowserRouter>
      <SessionEvents queryClient={queryClient} />
      <RouteErrorBoundary>
        <Routes>
          <Route element={<Root />}>
            <Route element={<BlankLayout />}>
              {BLANK_ROUTES.map((route) => (
                <Route key={route.path} path={route.path} element={<Screen route={route} />} />
              ))}
            </Route>
            <Route
              path="*"
              element={
                <Suspense fallback={<PageLoader fullHeight />}>
                  <SignedInRoutes />
                </Suspense>
              }
            />
          </Route>
        </Routes>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
