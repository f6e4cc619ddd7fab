import {
  lowStockThreshold,
  lowStockThresholdBody,
  lowStockThresholdList,
  lowStockThresholdsQuery,
  salesDashboard,
} from '@portal/contract/dashboard';
import { envelopeOf, pageOf } from '@portal/contract/envelope';
import {
  exportIdParams,
  reportChoices,
  reportChoicesBody,
  salesComparisonBody,
  salesComparisonPage,
  salesExport,
  salesExportBody,
  salesReportCounters,
  salesReportFilters,
  salesReportListBody,
  salesReportPage,
  salesSummaryBody,
  salesSummaryDetailsBody,
  salesSummaryRow,
} from '@portal/contract/reports';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import type { DashboardService } from './dashboard.service.ts';
import type { ReportChoicesService } from './report-choices.service.ts';
import type { ReportExportsService } from './report-exports.service.ts';
import type { SalesReportsService } from './sales-reports.service.ts';

const tags = ['reports'];
const rule = RULES.salesReports;

export function reportsRoutes(s: {
  salesReports: SalesReportsService;
  exports: ReportExportsService;
  dashboard: DashboardService;
  choices: ReportChoicesService;
}): FastifyPluginAsyncZod {
  const { salesReports, exports, dashboard, choices } = s;
  return async (app) => {
    app.get(
      '/get_sales_dashboard/',
      { schema: { tags, response: { 200: envelopeOf(salesDashboard) } }, config: { rule } },
      async (req) => ok(await dashboard.getDashboard(req.actor)),
    );
    app.get(
      '/low_stock_thresholds/',
      {
        schema: { querystring: lowStockThresholdsQuery, tags, response: { 200: envelopeOf(lowStockThresholdList) } },
        config: { rule: RULES.inventory },
      },
      async (req) => ok(await dashboard.findLowStockThresholds(req.actor, req.query.product_id)),
    );
    app.post(
      '/set_low_stock_threshold/',
      {
        schema: { body: lowStockThresholdBody, tags, response: { 200: envelopeOf(lowStockThreshold) } },
        config: { rule: RULES.inventory },
      },
      async (req) => ok(await dashboard.setLowStockThreshold(req.actor, req.body), 'Threshold saved'),
    );
    app.post(
      '/get_sales_report_list/',
      { schema: { body: salesReportListBody, tags, response: { 200: envelopeOf(salesReportPage) } }, config: { rule } },
      async (req) => {
        const r = await salesReports.findSales(req.actor, req.body);
        return ok(page('sales', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/get_sales_report_counters/',
      {
        schema: { body: salesReportFilters, tags, response: { 200: envelopeOf(salesReportCounters) } },
        config: { rule },
      },
      async (req) => ok(await salesReports.countSales(req.actor, req.body)),
    );
    app.post(
      '/get_sales_summary_report_with_customer_and_products_list/',
      {
        schema: { body: salesSummaryBody, tags, response: { 200: envelopeOf(pageOf('summary', salesSummaryRow)) } },
        config: { rule },
      },
      async (req) => {
        const r = await salesReports.findSummary(req.actor, req.body);
        return ok(page('summary', r.items, r.total, r.page, r.applied));
      },
    );
    app.post(
      '/get_sales_summary_report_details/',
      {
        schema: { body: salesSummaryDetailsBody, tags, response: { 200: envelopeOf(salesReportPage) } },
        config: { rule },
      },
      async (req) => {
        const r = await salesReports.findSummaryDetails(req.actor, req.body);
        return ok(page('sales', r.items, r.total, r.page, r.applied));
      },
    );
    // The filters' pickers: the caller's whole report scope searched by name (issue 39), same rule as the reports.
    app.post(
      '/get_sales_report_filter_choices/',
      { schema: { body: reportChoicesBody, tags, response: { 200: envelopeOf(reportChoices) } }, config: { rule } },
      async (req) => ok(await choices.findChoices(req.actor, req.body)),
    );
    app.post(
      '/get_sales_comparison_report/',
      {
        schema: { body: salesComparisonBody, tags, response: { 200: envelopeOf(salesComparisonPage) } },
        config: { rule },
      },
      async (req) => {
        const r = await salesReports.compare(req.actor, req.body);
        return ok(page('comparison', r.items, r.total, r.page, r.applied));
      },
    );

    app.post(
      '/get_sales_report_download_url/',
      { schema: { body: salesExportBody, tags, response: { 200: envelopeOf(salesExport) } }, config: { rule } },
      async (req) => ok(await exports.requestExport(req.actor, req.body), 'Export started'),
    );
    app.get(
      '/report_exports/:exportId/',
      { schema: { params: exportIdParams, tags, response: { 200: envelopeOf(salesExport) } }, config: { rule } },
      async (req) => ok(await exports.getExport(req.actor, req.params.exportId)),
    );
    app.get(
      '/report_exports/:exportId/file/',
      {
        schema: { params: exportIdParams, tags },
        config: {
          rule,
          file: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      },
      async (req, reply) => {
        const file = await exports.getExportFile(req.actor, req.params.exportId);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('cache-control', 'no-store')
          .send(file.data);
      },
    );
  };
}
