import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Keys } from '../../platform/keys.ts';
import { createPinCrypto } from '../../platform/pin-crypto.ts';
import { createPgStorage } from '../../platform/storage.ts';
import { createProductsRepository } from '../products/products.repository.ts';
import { productsRoutes } from '../products/products.routes.ts';
import { createProductsService } from '../products/products.service.ts';
import { createStockReportsRepository } from '../stock-reports/stock-reports.repository.ts';
import { stockReportsRoutes } from '../stock-reports/stock-reports.routes.ts';
import { createStockReportsService } from '../stock-reports/stock-reports.service.ts';
import { createSuppliersRepository } from '../suppliers/suppliers.repository.ts';
import { suppliersRoutes } from '../suppliers/suppliers.routes.ts';
import { createSuppliersService } from '../suppliers/suppliers.service.ts';
import { giftCardsRoutes } from './gift-cards.routes.ts';
import { createGiftCardsService } from './gift-cards.service.ts';
import { createInventoryRepository } from './inventory.repository.ts';
import { inventoryRoutes } from './inventory.routes.ts';
import { createInventoryService } from './inventory.service.ts';
import {
  createInventoryImportService,
  type InventoryImportDeps,
  VALIDATE_IMPORT_JOB,
} from './inventory-import.service.ts';
import { poolsRoutes } from './pools.routes.ts';
import { createPoolsService } from './pools.service.ts';

export const STORAGE_SWEEP_JOB = 'storage.sweep';

/**
 * What is sold and who owns it (issue 3): products, suppliers, PIN inventory with its import, pools,
 * gift cards and stock reports, wired with the PIN crypto and the file storage they share.
 */
export function createCatalogueModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  keys: Keys;
  findPlansBrokenByCost: InventoryImportDeps['findPlansBrokenByCost'];
}) {
  const { db, clock, jobs } = deps;
  const pinCrypto = createPinCrypto(deps.keys);
  const storage = createPgStorage(db, pinCrypto, clock);
  const products = createProductsService({ db, repo: createProductsRepository(db), storage });
  const suppliers = createSuppliersService({ repo: createSuppliersRepository(db) });
  const inventoryRepo = createInventoryRepository(db);
  const imports = createInventoryImportService({
    db,
    repo: inventoryRepo,
    products,
    suppliers,
    storage,
    pinCrypto,
    jobs,
    clock,
    findPlansBrokenByCost: deps.findPlansBrokenByCost,
  });
  const inventory = createInventoryService({ db, repo: inventoryRepo, products, pinCrypto });
  const pools = createPoolsService({ db, repo: inventoryRepo, products });
  const giftCards = createGiftCardsService({ repo: inventoryRepo, products, inventory });
  const stockReports = createStockReportsService({ repo: createStockReportsRepository(db), products, suppliers });

  jobs.define<{ importId: number }>(VALIDATE_IMPORT_JOB, (data) => imports.validateImport(data.importId));
  jobs.define(STORAGE_SWEEP_JOB, async () => void (await storage.deleteExpired(clock.now())), { retryLimit: 0 });

  return {
    services: { products, suppliers, inventory, imports, pools, giftCards, stockReports, storage, pinCrypto },
    schedules: [[STORAGE_SWEEP_JOB, '40 3 * * *']] as const,
    async register(app: FastifyInstance) {
      await app.register(productsRoutes(products), { prefix: '/api' });
      await app.register(suppliersRoutes(suppliers), { prefix: '/api' });
      await app.register(inventoryRoutes(imports, inventory), { prefix: '/api' });
      await app.register(poolsRoutes(pools, imports), { prefix: '/api' });
      await app.register(giftCardsRoutes(giftCards), { prefix: '/api' });
      await app.register(stockReportsRoutes(stockReports), { prefix: '/api' });
      // Once the job queue runs: step-2 jobs a crashed copy left behind are sent again.
      app.addHook('onReady', () => imports.resumeImports());
    },
  };
}
