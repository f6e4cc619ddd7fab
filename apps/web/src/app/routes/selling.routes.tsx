import {
  IconCreditCard,
  IconDeviceMobile,
  IconGift,
  IconLayoutDashboard,
  IconReceipt,
  IconReportMoney,
} from '@tabler/icons-react';
import { type AppRoute, route, withEntryViews } from './route.tsx';

const sellerProductsPage = () =>
  import('../../features/selling/seller-products/seller-products.page.tsx').then((m) => m.SellerProductsPage);

export const sellingRoutes: AppRoute[] = [
  route(
    '/dashboard',
    'screen.dashboard',
    () => import('../../features/selling/dashboard/dashboard.page.tsx').then((m) => m.DashboardPage),
    { menu: { group: 'selling', icon: IconLayoutDashboard } },
  ),
  route('/cashcards/', 'screen.cashCards', sellerProductsPage, {
    props: { productType: 'cash_card' as const },
    menu: { group: 'selling', icon: IconCreditCard },
  }),
  route('/callingcards/', 'screen.callingCards', sellerProductsPage, {
    props: { productType: 'calling_card' as const },
    menu: { group: 'selling', icon: IconDeviceMobile },
  }),
  route('/giftcards/', 'screen.sellerGiftCards', sellerProductsPage, {
    props: { productType: 'gift_card' as const },
    menu: { group: 'selling', icon: IconGift },
  }),
  route(
    '/seller/sales',
    'screen.sellerSales',
    withEntryViews(() => import('../../features/selling/sales.page.tsx').then((m) => m.SalesPage)),
    { menu: { group: 'selling', icon: IconReceipt } },
  ),
  route(
    '/seller/zreport',
    'screen.zReport',
    () => import('../../features/selling/z-report.page.tsx').then((m) => m.ZReportPage),
    { menu: { group: 'selling', icon: IconReportMoney } },
  ),
  route('/download/:downloadId', 'screen.download', () =>
    import('../../features/selling/download.page.tsx').then((m) => m.DownloadPage),
  ),
];
