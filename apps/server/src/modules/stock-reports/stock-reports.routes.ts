import { envelopeOf, pageOf } from '@portal/contract/envelope';
import type { Language } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import {
  inventoryHistoryBody,
  inventoryHistoryRow,
  productFilterChoices,
  soldPinRow,
  soldPinsByBatchBody,
  stockReportBody,
  stockReportRow,
} from '@portal/contract/stock-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { EXPORT_CONTENT_TYPES, sendExportFile } from '../../platform/export-file.ts';
import { type StockReportFile, stockReportExport } from './stock-reports.exports.ts';
import type { StockReportsService } from './stock-reports.service.ts';

const tags = ['reports'];
const rule = RULES.reportsOperators;
/** The reports answer a page, or with `format: 'csv' | 'xlsx'` the whole filtered report as a file. */
const pageOrFile = { rule, file: `text/csv, ${EXPORT_CONTENT_TYPES.xlsx}` };

export function stockReportsRoutes(
  reports: StockReportsService,
  /** The language a user reads the portal in: its files are written in it (decision 0131). */
  languageOfUser: (userId: number) => Promise<Language>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const sendReport = async (
      reply: Parameters<typeof sendExportFile>[0],
      userId: number,
      format: 'csv' | 'xlsx',
      file: StockReportFile,
    ) => sendExportFile(reply, await stockReportExport(file, { format, language: await languageOfUser(userId) }));

    app.post(
      '/get_stock_report/',
      {
        schema: { body: stockReportBody, tags, response: { 200: envelopeOf(pageOf('stock_report', stockReportRow)) } },
        config: pageOrFile,
      },
      async (req, reply) => {
        const q = req.body;
        const { items, total } = await reports.stockReport(req.actor, q);
        if (q.format !== 'json') return sendReport(reply, req.actor.userId, q.format, { report: 'stock', rows: items });
        return ok(page('stock_report', items, total, q, q.filters));
      },
    );
    app.post(
      '/get_inventory_history_report/',
      {
        schema: {
          body: inventoryHistoryBody,
          tags,
          response: { 200: envelopeOf(pageOf('inventory_history', inventoryHistoryRow)) },
        },
        config: pageOrFile,
      },
      async (req, reply) => {
        const q = req.body;
        const { items, total } = await reports.inventoryHistory(req.actor, q);
        if (q.format !== 'json')
          return sendReport(reply, req.actor.userId, q.format, { report: 'history', rows: items });
        return ok(page('inventory_history', items, total, q, q.filters));
      },
    );
    app.post(
      '/get_sold_pins_by_batch/',
      {
        schema: { body: soldPinsByBatchBody, tags, response: { 200: envelopeOf(pageOf('sold_pins', soldPinRow)) } },
        config: pageOrFile,
      },
      async (req, reply) => {
        const q = req.body;
        const { items, total } = await reports.soldPinsByBatch(req.actor, q);
        if (q.format !== 'json')
          return sendReport(reply, req.actor.userId, q.format, { report: 'soldPins', rows: items });
        return ok(page('sold_pins', items, total, q, { configuration_id: q.configuration_id, batch: q.batch }));
      },
    );
    app.get(
      '/get_product_filters/',
      { schema: { tags, response: { 200: envelopeOf(productFilterChoices) } }, config: { rule } },
      async (req) => ok(await reports.productFilters(req.actor)),
    );
  };
}
