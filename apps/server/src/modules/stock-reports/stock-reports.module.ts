import type { Db } from '../../db/connect.ts';
import { languageOfUser } from '../../platform/language.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { SuppliersService } from '../suppliers/suppliers.service.ts';
import { createStockReportsRepository } from './stock-reports.repository.ts';
import { stockReportsRoutes } from './stock-reports.routes.ts';
import { createStockReportsService } from './stock-reports.service.ts';

/** Stock reports over the PIN inventory, on screen and as CSV or XLSX in the user's language. */
export function createStockReportsModule(deps: { db: Db; products: ProductsService; suppliers: SuppliersService }) {
  const stockReports = createStockReportsService({
    repo: createStockReportsRepository(deps.db),
    products: deps.products,
    suppliers: deps.suppliers,
  });
  const services = { stockReports };
  return {
    name: 'stock-reports',
    services,
    register: async (app) => {
      await app.register(
        stockReportsRoutes(stockReports, (userId) => languageOfUser(deps.db, userId)),
        { prefix: '/api' },
      );
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type StockReportsModule = ReturnType<typeof createStockReportsModule>;
