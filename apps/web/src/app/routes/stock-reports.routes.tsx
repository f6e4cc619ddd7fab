import { IconCoins, IconHistory, IconReportAnalytics, IconScale } from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

export const stockReportsRoutes: AppRoute[] = [
  route(
    '/reports-stock',
    'screen.stockReport',
    () => import('../../features/stock-reports/stock-report.page.tsx').then((m) => m.StockReportPage),
    { menu: { group: 'reports', icon: IconReportAnalytics } },
  ),
  route(
    '/reports-inventory',
    'screen.inventoryReport',
    () => import('../../features/stock-reports/inventory-report.page.tsx').then((m) => m.InventoryReportPage),
    { menu: { group: 'reports', icon: IconHistory } },
  ),
  // The books at a date (decision 0136).
  route(
    '/reports-stock-value',
    'screen.stockValue',
    () => import('../../features/stock-reports/stock-value.page.tsx').then((m) => m.StockValuePage),
    { menu: { group: 'reports', icon: IconCoins } },
  ),
  route(
    '/reports-supplier-debt',
    'screen.supplierDebt',
    () => import('../../features/stock-reports/supplier-debt.page.tsx').then((m) => m.SupplierDebtPage),
    { menu: { group: 'reports', icon: IconScale } },
  ),
];
