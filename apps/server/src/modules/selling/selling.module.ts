import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { languageOfUser } from '../../platform/language.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { Storage } from '../../platform/storage.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import { createDownloadsService } from './downloads.service.ts';
import { createPurchaseService } from './purchase.service.ts';
import { createPurchaseBatcher } from './purchase-batcher.ts';
import { createSalesService } from './sales.service.ts';
import { sellingJobs } from './selling.jobs.ts';
import { createSellingRepository } from './selling.repository.ts';
import { sellingRoutes } from './selling.routes.ts';
import { createShopRepository } from './shop.repository.ts';
import { createShopService } from './shop.service.ts';
import { createTransactionKeysRepository } from './transaction-keys.repository.ts';
import { createTransactionKeysService } from './transaction-keys.service.ts';
import { createZReportService } from './z-report.service.ts';

/** Selling at the counter: transaction keys, the purchase, bulk downloads, sales, Z reports and the shop. */
export function createSellingModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  metrics: Pick<Metrics, 'countPurchase' | 'observeBatcher'>;
  /** After a purchase refused for its reseller's balance (the reseller's low-balance notice, decision 0099). */
  onResellerShort?: () => Promise<void>;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  pinCrypto: Pick<PinCrypto, 'decrypt'>;
  storage: Storage;
  /** `PURCHASE_BATCHING` (default on): purchases that arrive together share one database call. */
  purchaseBatching?: boolean;
  /** `PURCHASE_BATCH_WINDOW_MS`: how long a batch gathers (0: the event loop's next turn). */
  purchaseBatchWindowMs?: number;
  log?: { warn(o: object, m: string): void };
}) {
  const { db, clock, jobs, credit, pinCrypto, storage } = deps;
  const repo = createSellingRepository(db);
  const batcher =
    (deps.purchaseBatching ?? true)
      ? createPurchaseBatcher({
          runBatch: repo.purchaseBatch,
          runAlone: repo.purchase,
          windowMs: deps.purchaseBatchWindowMs,
          onBatchFailed: (err, size) => deps.log?.warn({ err, size }, 'purchase batch failed; its purchases ran alone'),
        })
      : null;
  if (batcher) deps.metrics.observeBatcher(batcher.stats);
  const shopRepo = createShopRepository(db);
  const keys = createTransactionKeysService({ db, repo: createTransactionKeysRepository(db), clock });
  const services = {
    keys,
    purchase: createPurchaseService({
      repo,
      keys,
      credit,
      pinCrypto,
      jobs,
      clock,
      metrics: deps.metrics,
      batcher,
      onResellerShort: deps.onResellerShort,
    }),
    downloads: createDownloadsService({
      db,
      repo,
      pinCrypto,
      storage,
      jobs,
      clock,
      languageOfUser: (userId) => languageOfUser(db, userId),
    }),
    sales: createSalesService({ repo, shopRepo, pinCrypto, clock }),
    zReport: createZReportService({ db, repo: shopRepo, clock }),
    shop: createShopService({ repo: shopRepo, clock }),
  };
  return {
    name: 'selling',
    services,
    register: async (app) => {
      await app.register(sellingRoutes(services), { prefix: '/api' });
    },
    jobs: sellingJobs({ downloads: services.downloads, keys }),
  } satisfies PortalModule<typeof services>;
}
export type SellingModule = ReturnType<typeof createSellingModule>;
