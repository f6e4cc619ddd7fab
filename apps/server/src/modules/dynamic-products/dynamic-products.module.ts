import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { SoftPinClient } from '../../providers/softpin/client.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import { createTopupRepository } from '../topup/topup.repository.ts';
import { softPinJobs } from './dynamic-products.jobs.ts';
import { createDynamicProductsRepository } from './dynamic-products.repository.ts';
import { dynamicProductsRoutes } from './dynamic-products.routes.ts';
import { createDynamicProductsService } from './dynamic-products.service.ts';
import { createDynamicProductsConfigService } from './dynamic-products-config.service.ts';
import { createSoftPinCalls } from './softpin-calls.ts';

/** Soft pins and dynamic products over the generic soft-pin provider; without a provider (`off`) no routes, no jobs. */
export function createDynamicProductsModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  provider: SoftPinClient | null;
  pinCrypto: Pick<PinCrypto, 'encrypt' | 'decrypt'>;
  keys: Pick<TransactionKeysService, 'runOnce'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  pollMs: number;
  log?: { warn(o: object, m: string): void };
}) {
  const services = deps.provider ? softPinServices(deps.provider) : null;
  function softPinServices(provider: SoftPinClient) {
    const products = createDynamicProductsRepository(deps.db);
    const calls = createSoftPinCalls({ products, provider, clock: deps.clock });
    return {
      sales: createDynamicProductsService({ ...deps, repo: createTopupRepository(deps.db), products, calls }),
      config: createDynamicProductsConfigService({ db: deps.db, clock: deps.clock, products, calls }),
    };
  }
  const sales = services?.sales ?? null;
  return {
    name: 'dynamic-products',
    services: { sales },
    register: async (app) => {
      if (services) await app.register(dynamicProductsRoutes(services), { prefix: '/api' });
    },
    jobs: sales ? softPinJobs({ sales }) : [],
  } satisfies PortalModule<object>;
}
