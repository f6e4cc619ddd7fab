import { envelopeOf, pageOf } from '@portal/contract/envelope';
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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCsv } from '../../platform/csv.ts';
import { ok, page, sendFile } from '../../platform/envelope.ts';
import type { StockReportsService } from './stock-reports.service.ts';

const tags = ['reports'];
const rule = RULES.reportsOperators;
/** The reports answer a page, or with `format: 'csv'` the whole filtered report as a file. */
const pageOrCsv = { rule, file: 'text/csv' };

function sendCsv(reply: FastifyReply, name: string, rows: Record<string, unknown>[]) {
  const columns = rows.length > 0 ? Object.keys(rows[0]) : ['empty'];
  return sendFile(reply, 'text/csv; charset=utf-8', `${name}.csv`, toCsv(rows, columns));
}

export function stockReportsRoutes(reports: StockReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/get_stock_report/',
      {
        schema: { body: stockReportBody, tags, response: { 200: envelopeOf(pageOf('stock_report', stockReportRow)) } },
        config: pageOrCsv,
      },
      async (req, reply) => {
        const q = req.body;
        const { items, total } = await reports.stockReport(req.actor, q);
        if (q.format === 'csv') return sendCsv(reply, 'stock-report', items);
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
        config: pageOrCsv,
      },
      async (req, reply) => {
        const q = req.body;
        const { items, total } = await reports.inventoryHistory(req.actor, q);
        if (q.format === 'csv') return sendCsv(reply, 'inventory-history', items);
        return ok(page('inventory_history', items, total, q, q.filters));
      },
    );
    app.post(
      '/get_sold_pins_by_batch/',
      {
        schema: { body: soldPinsByBatchBody, tags, response: { 200: envelopeOf(pageOf('sold_pins', soldPinRow)) } },
        config: pageOrCsv,
      },
      async (req, reply) => {
        const q = req.body;
        const { items, total } = await reports.soldPinsByBatch(req.actor, q);
        if (q.format === 'csv') return sendCsv(reply, 'sold-pins', items);
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
