import { IconDeviceMobileCharging, IconHistory } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const directRechargeRoutes: AppRoute[] = [
  route(
    '/direct-recharge/',
    'screen.directRecharge',
    () => import('../../features/topup/direct-recharge/direct-recharge.page.tsx').then((m) => m.DirectRechargePage),
    { menu: { group: 'selling', icon: IconDeviceMobileCharging } },
  ),
  route(
    '/direct-recharge/history',
    'screen.directRechargeHistory',
    () =>
      import('../../features/topup/direct-recharge/direct-recharge-history.page.tsx').then(
        (m) => m.DirectRechargeHistoryPage,
      ),
    { menu: { group: 'selling', icon: IconHistory } },
  ),
];
