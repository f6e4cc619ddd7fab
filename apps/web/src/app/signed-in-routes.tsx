import { useMemo } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { NavItems } from '../lib/navigation.ts';
import { useSession } from '../lib/session.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { menuFor, ROUTES } from './routes.tsx';
import { Screen } from './screen.tsx';

export { fetchFirstQueries } from './first-queries.ts';

/** The screens with a menu, routed below the sign-in screens' routes once a path is none of those. */
export function SignedInRoutes() {
  const { user } = useSession();
  const navItems = useMemo(() => menuFor(user).flatMap((section) => section.items), [user]);
  return (
    <NavItems.Provider value={navItems}>
      <Routes>
        <Route element={<AppLayout />}>
          {ROUTES.filter((r) => r.layout === 'app').map((route) => (
            <Route key={route.path} path={route.path} element={<Screen route={route} />} />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/pages/error-404" replace />} />
      </Routes>
    </NavItems.Provider>
  );
}

/**
 * Loads the code of the screen at `pathname` as soon as the route tables are here, beside the session and
 * organisation calls, instead of once they have answered and the screen renders. Settles when the code is here or
 * has failed (the screen then shows the failure).
 */
export async function preloadScreen(pathname: string): Promise<void> {
  await ROUTES.find((r) => r.layout === 'app' && matchPath(r.path, pathname))?.page.preload();
}
