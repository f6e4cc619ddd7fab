import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadAllTexts } from '../i18n/index.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { BlankLayout } from './layouts/blank-layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { Root } from './root.tsx';
import { RouteError } from './route-error.tsx';
import type { AppRoute } from './routes/route.tsx';
import { ROUTES } from './routes.tsx';
import { Screen } from './screen.tsx';

// The menu layouts are not needed on the sign-in page, so they load with the first screen that has a menu, and with
// every text, since the menu names screens of every domain.
const AppLayout = lazyPage(() =>
  Promise.all([import('./layouts/app-layout.tsx'), loadAllTexts()]).then(([m]) => m.AppLayout),
);

const toRoute = (route: AppRoute): RouteObject => ({ path: route.path, element: <Screen route={route} /> });

export function createRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        {
          element: (
            <Suspense fallback={<PageLoader fullHeight />}>
              <AppLayout />
            </Suspense>
          ),
          children: ROUTES.filter((r) => r.layout === 'app').map(toRoute),
        },
        { element: <BlankLayout />, children: ROUTES.filter((r) => r.layout === 'blank').map(toRoute) },
        { path: '*', element: <Navigate to="/pages/error-404" replace /> },
      ],
    },
  ]);
}
