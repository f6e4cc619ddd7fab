import { IconClockExclamation, IconReportAnalytics, IconWorld } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const topupRoutes: AppRoute[] = [
  route(
    '/international-topup/',
    'screen.internationalTopup',
    () =>
      import('../../features/topup/international-topup/international-topup.page.tsx').then(
        (m) => m.InternationalTopupPage,
      ),
    { menu: { group: 'selling', icon: IconWorld } },
  ),
  route(
    '/seller/recharge-summary',
    'screen.rechargeSummary',
    () => import('../../features/topup/recharge-summary.page.tsx').then((m) => m.RechargeSummaryPage),
    { menu: { group: 'reports', icon: IconReportAnalytics } },
  ),
  route(
    '/top-ups-pending',
    'screen.topupsPending',
    () => import('../../features/topup/pending-topups.page.tsx').then((m) => m.PendingTopupsPage),
    { menu: { group: 'reports', icon: IconClockExclamation } },
  ),
];
