import type { Language } from '@portal/contract/limits';
import { stockReportsEndpoints } from '@portal/contract/stock-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { sendExportFile } from '../../platform/export-file.ts';
import { routesOf } from '../../platform/routes.ts';
import { type StockReportFile, stockReportExport } from './stock-reports.exports.ts';
import type { StockReportsService } from './stock-reports.service.ts';

const tags = ['reports'];

export function stockReportsRoutes(
  reports: StockReportsService,
  /** The language a user reads the portal in: its files are written in it (decision 0131). */
  languageOfUser: (userId: number) => Promise<Language>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, stockReportsEndpoints, { tags });
    const sendReport = async (
      reply: Parameters<typeof sendExportFile>[0],
      userId: number,
      format: 'csv' | 'xlsx',
      file: StockReportFile,
    ) => sendExportFile(reply, await stockReportExport(file, { format, language: await languageOfUser(userId) }));

    route('/get_stock_report/', async (req, reply) => {
      const q = req.body;
      const { items, total } = await reports.stockReport(req.actor, q);
      if (q.format !== 'json') return sendReport(reply, req.actor.userId, q.format, { report: 'stock', rows: items });
      return ok(page('stock_report', items, total, q, q.filters));
    });
    route('/get_inventory_history_report/', async (req, reply) => {
      const q = req.body;
      const { items, total } = await reports.inventoryHistory(req.actor, q);
      if (q.format !== 'json') return sendReport(reply, req.actor.userId, q.format, { report: 'history', rows: items });
      return ok(page('inventory_history', items, total, q, q.filters));
    });
    route('/get_sold_pins_by_batch/', async (req, reply) => {
      const q = req.body;
      const { items, total } = await reports.soldPinsByBatch(req.actor, q);
      if (q.format !== 'json')
        return sendReport(reply, req.actor.userId, q.format, { report: 'soldPins', rows: items });
      return ok(page('sold_pins', items, total, q, { configuration_id: q.configuration_id, batch: q.batch }));
    });
    route('/get_product_filters/', async (req) => ok(await reports.productFilters(req.actor)));
  };
}
