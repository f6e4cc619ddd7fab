import type { Db } from '../../db/connect.ts';
import { languageOfUser } from '../../platform/language.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { SuppliersService } from '../suppliers/suppliers.service.ts';
import { createBooksRepository } from './books.repository.ts';
import { booksRoutes } from './books.routes.ts';
import { createBooksService } from './books.service.ts';
import { createStockReportsRepository } from './stock-reports.repository.ts';
import { stockReportsRoutes } from './stock-reports.routes.ts';
import { createStockReportsService } from './stock-reports.service.ts';

/**
 * Stock reports over the PIN inventory, on screen and as CSV or XLSX in the user's language, and the books at a date
 * (decision 0136).
 */
export function createStockReportsModule(deps: {
  db: Db;
  /** The books' reports read the rollup and the entries from the replica when there is one (decision 0064). */
  readDb: Db;
  products: ProductsService;
  suppliers: SuppliersService;
}) {
  const stockReports = createStockReportsService({
    repo: createStockReportsRepository(deps.db),
    products: deps.products,
    suppliers: deps.suppliers,
  });
  const books = createBooksService({ repo: createBooksRepository(deps.readDb) });
  const services = { stockReports, books };
  return {
    name: 'stock-reports',
    services,
    register: async (app) => {
      const languageOf = (userId: number) => languageOfUser(deps.db, userId);
      await app.register(stockReportsRoutes(stockReports, languageOf), { prefix: '/api' });
      await app.register(booksRoutes(books, languageOf), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type StockReportsModule = ReturnType<typeof createStockReportsModule>;
