import { IconWorld } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const topupRoutes: AppRoute[] = [
  route(
    '/international-topup/',
    'screen.internationalTopup',
    () => import('../../features/topup/international-topup.page.tsx').then((m) => m.InternationalTopupPage),
    { menu: { group: 'selling', icon: IconWorld } },
  ),
];
