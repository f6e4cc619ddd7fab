import { IconApi } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const partnerRoutes: AppRoute[] = [
  route(
    '/seller/api',
    'screen.sellerApi',
    () => import('../../features/partner/seller-api.page.tsx').then((m) => m.SellerApiPage),
    { menu: { group: 'account', icon: IconApi } },
  ),
];
