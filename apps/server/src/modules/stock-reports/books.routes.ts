import { booksExportBody, booksReportBody, stockValueReport, supplierDebtReport } from '@portal/contract/books';
import { envelopeOf } from '@portal/contract/envelope';
import type { Language } from '@portal/contract/limits';
import { RULES } from '@portal/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { EXPORT_CONTENT_TYPES, sendExportFile } from '../../platform/export-file.ts';
import type { BooksService } from './books.service.ts';

const tags = ['reports'];
const fileTypes = `text/csv, ${EXPORT_CONTENT_TYPES.xlsx}`;
/** The platform's users and a reseller's managers; the service narrows each to its owners (decision 0136). */
const stockRule = RULES.stockValue;
/** What the platform owes its suppliers is the platform's books: its managers only. */
const debtRule = RULES.supplierDebt;

/** The books at a date (decision 0136): stock value and supplier debt, on screen and as CSV or XLSX. */
export function booksRoutes(
  books: BooksService,
  languageOfUser: (userId: number) => Promise<Language>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/get_stock_value_report/',
      {
        schema: { body: booksReportBody, tags, response: { 200: envelopeOf(stockValueReport) } },
        config: { rule: stockRule },
      },
      async (req) => ok(await books.stockValue(req.actor, req.body)),
    );
    app.post(
      '/export_stock_value_report/',
      { schema: { body: booksExportBody, tags }, config: { rule: stockRule, file: fileTypes } },
      async (req, reply) => {
        const language = await languageOfUser(req.actor.userId);
        return sendExportFile(
          reply,
          await books.exportStockValue(req.actor, req.body, { format: req.body.format, language }),
        );
      },
    );
    app.post(
      '/get_supplier_debt_report/',
      {
        schema: { body: booksReportBody, tags, response: { 200: envelopeOf(supplierDebtReport) } },
        config: { rule: debtRule },
      },
      async (req) => ok(await books.supplierDebt(req.actor, req.body)),
    );
    app.post(
      '/export_supplier_debt_report/',
      { schema: { body: booksExportBody, tags }, config: { rule: debtRule, file: fileTypes } },
      async (req, reply) => {
        const language = await languageOfUser(req.actor.userId);
        return sendExportFile(
          reply,
          await books.exportSupplierDebt(req.actor, req.body, { format: req.body.format, language }),
        );
      },
    );
  };
}
