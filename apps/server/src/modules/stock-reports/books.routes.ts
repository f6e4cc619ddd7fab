import { booksEndpoints, booksFiles } from '@portal/contract/books';
import type { Language } from '@portal/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { sendExportFile } from '../../platform/export-file.ts';
import { routesOf } from '../../platform/routes.ts';
import type { BooksService } from './books.service.ts';

const tags = ['reports'];

/** The books at a date (decision 0136): stock value and supplier debt, on screen and as CSV or XLSX. */
export function booksRoutes(
  books: BooksService,
  languageOfUser: (userId: number) => Promise<Language>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, booksEndpoints, { tags });
    const download = routesOf(app, booksFiles, { tags });
    route('/get_stock_value_report/', async (req) => ok(await books.stockValue(req.actor, req.body)));
    download('/export_stock_value_report/', async (req, reply) => {
      const language = await languageOfUser(req.actor.userId);
      return sendExportFile(
        reply,
        await books.exportStockValue(req.actor, req.body, { format: req.body.format, language }),
      );
    });
    route('/get_supplier_debt_report/', async (req) => ok(await books.supplierDebt(req.actor, req.body)));
    download('/export_supplier_debt_report/', async (req, reply) => {
      const language = await languageOfUser(req.actor.userId);
      return sendExportFile(
        reply,
        await books.exportSupplierDebt(req.actor, req.body, { format: req.body.format, language }),
      );
    });
  };
}
