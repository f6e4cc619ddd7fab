import { asActor } from '../../db/audit.ts';
import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { Storage } from '../../platform/storage.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { SuppliersService } from '../suppliers/suppliers.service.ts';
import { giftCardsRoutes } from './gift-cards.routes.ts';
import { createGiftCardsService } from './gift-cards.service.ts';
import { createImportRepository } from './import.repository.ts';
import { inventoryJobs } from './inventory.jobs.ts';
import { inventoryRoutes } from './inventory.routes.ts';
import { createInventoryService } from './inventory.service.ts';
import { createInventoryImportService, type InventoryImportDeps } from './inventory-import.service.ts';
import { createPoolsRepository } from './pools.repository.ts';
import { poolsRoutes } from './pools.routes.ts';
import { createPoolsService } from './pools.service.ts';
import { createStockRepository } from './stock.repository.ts';

/** The PIN inventory: its import, the stock, pools and gift cards. */
export function createInventoryModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  pinCrypto: PinCrypto;
  storage: Storage;
  products: ProductsService;
  suppliers: SuppliersService;
  findPlansBrokenByCost: InventoryImportDeps['findPlansBrokenByCost'];
  ledger: InventoryImportDeps['ledger'];
  onStockAdded?: InventoryImportDeps['onStockAdded'];
}) {
  const { db, clock, jobs, pinCrypto, storage, products, suppliers } = deps;
  const stockRepo = createStockRepository(db);
  const imports = createInventoryImportService({
    db,
    repo: createImportRepository(db),
    products,
    suppliers,
    storage,
    pinCrypto,
    jobs,
    clock,
    ledger: deps.ledger,
    findPlansBrokenByCost: deps.findPlansBrokenByCost,
    onStockAdded: deps.onStockAdded,
  });
  const inventory = createInventoryService({ db, repo: stockRepo, products, pinCrypto });
  const pools = createPoolsService({ db, repo: createPoolsRepository(db), products });
  const giftCards = createGiftCardsService({ repo: stockRepo, products, inventory });
  const services = { inventory, imports, pools, giftCards };
  return {
    name: 'inventory',
    services,
    register: async (app) => {
      await app.register(inventoryRoutes(imports, inventory), { prefix: '/api' });
      await app.register(poolsRoutes(pools, imports), { prefix: '/api' });
      await app.register(giftCardsRoutes(giftCards), { prefix: '/api' });
      // Once the job queue runs: step-2 jobs a crashed copy left behind are sent again.
      app.addHook('onReady', () => asActor('resume:inventory-imports', () => imports.resumeImports()));
    },
    jobs: inventoryJobs({ imports, storage, clock }),
  } satisfies PortalModule<typeof services>;
}
export type InventoryModule = ReturnType<typeof createInventoryModule>;
