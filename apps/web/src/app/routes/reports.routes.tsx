import {
  IconChartBar,
  IconListDetails,
  IconReportAnalytics,
  IconReportMoney,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type AppRoute, route, withEntryViews } from './route.tsx';

// The sales report opens a sale's or provider sale's details from its URL (`?sale=`, `?provider_sale=`): the header
// search's hits (issue 39).
const salesReportPage = withEntryViews(() =>
  import('../../features/reports/sales-report.page.tsx').then((m) => m.SalesReportPage),
);
const summaryReportPage = () =>
  import('../../features/reports/summary-report.page.tsx').then((m) => m.SummaryReportPage);

export const reportsRoutes: AppRoute[] = [
  route('/reports-sales', 'screen.salesReport', () => salesReportPage(), {
    menu: { group: 'reports', icon: IconReportMoney },
  }),
  route('/reports-sales-new', 'screen.salesReportBySale', () => salesReportPage(), {
    props: { withPins: true },
    menu: { group: 'reports', icon: IconListDetails },
  }),
  route('/report-sales-summary', 'screen.salesSummary', () => summaryReportPage(), {
    props: {
      groups: ['shop', 'product'] as const,
      title: 'screen.salesSummary' as const,
      description: 'reports.descriptions.summary' as const,
    },
    menu: { group: 'reports', icon: IconReportAnalytics },
  }),
  route(
    '/reports-sales-comparison',
    'screen.salesComparison',
    () => import('../../features/reports/comparison-report.page.tsx').then((m) => m.ComparisonReportPage),
    { menu: { group: 'reports', icon: IconChartBar } },
  ),
  route('/reseller-reports-sales', 'screen.resellerSalesReport', () => summaryReportPage(), {
    props: {
      groups: ['reseller', 'shop'] as const,
      drill: { reseller: { group: 'shop' as const, filter: 'reseller' as const } },
      title: 'screen.resellerSalesReport' as const,
      description: 'reports.descriptions.resellers' as const,
    },
    menu: { group: 'reports', icon: IconUsersGroup },
  }),
];
