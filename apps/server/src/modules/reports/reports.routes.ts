import { dashboardEndpoints } from '@portal/contract/dashboard';
import { reportsEndpoints, reportsFiles } from '@portal/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { DashboardService } from './dashboard.service.ts';
import type { ReportChoicesService } from './report-choices.service.ts';
import type { ReportExportsService } from './report-exports.service.ts';
import type { SalesReportsService } from './sales-reports.service.ts';

const tags = ['reports'];

export function reportsRoutes(s: {
  salesReports: SalesReportsService;
  exports: ReportExportsService;
  dashboard: DashboardService;
  choices: ReportChoicesService;
}): FastifyPluginAsyncZod {
  const { salesReports, exports, dashboard, choices } = s;
  return async (app) => {
    const route = routesOf(app, { ...dashboardEndpoints, ...reportsEndpoints }, { tags });
    const download = routesOf(app, reportsFiles, { tags });
    route('/get_sales_dashboard/', async (req) => ok(await dashboard.getDashboard(req.actor)));
    route('/low_stock_thresholds/', async (req) =>
      ok(await dashboard.findLowStockThresholds(req.actor, req.query.product_id)),
    );
    route('/set_low_stock_threshold/', async (req) =>
      ok(await dashboard.setLowStockThreshold(req.actor, req.body), 'Threshold saved'),
    );
    route('/get_sales_report_list/', async (req) => {
      const r = await salesReports.findSales(req.actor, req.body);
      return ok(page('sales', r.items, r.total, r.page, r.applied));
    });
    route('/get_sales_report_counters/', async (req) => ok(await salesReports.countSales(req.actor, req.body)));
    route('/get_sales_summary_report_with_customer_and_products_list/', async (req) => {
      const r = await salesReports.findSummary(req.actor, req.body);
      return ok(page('summary', r.items, r.total, r.page, r.applied));
    });
    route('/get_sales_summary_report_details/', async (req) => {
      const r = await salesReports.findSummaryDetails(req.actor, req.body);
      return ok(page('sales', r.items, r.total, r.page, r.applied));
    });
    // The filters' pickers: the caller's whole report scope searched by name (issue 39), same rule as the reports.
    route('/get_sales_report_filter_choices/', async (req) => ok(await choices.findChoices(req.actor, req.body)));
    route('/get_sales_comparison_report/', async (req) => {
      const r = await salesReports.compare(req.actor, req.body);
      return ok(page('comparison', r.items, r.total, r.page, r.applied));
    });

    route('/get_sales_report_download_url/', async (req) =>
      ok(await exports.requestExport(req.actor, req.body), 'Export started'),
    );
    route('/report_exports/:exportId/', async (req) => ok(await exports.getExport(req.actor, req.params.exportId)));
    download('/report_exports/:exportId/file/', async (req, reply) => {
      const file = await exports.getExportFile(req.actor, req.params.exportId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.data);
    });
  };
}
