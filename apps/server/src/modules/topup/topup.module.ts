import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { DtOneClient } from '../../providers/dtone/client.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import { createTopupCatalogueService } from './catalogue.service.ts';
import { topupJobs } from './topup.jobs.ts';
import { createTopupRepository } from './topup.repository.ts';
import { topupRoutes } from './topup.routes.ts';
import { createTopupCallbackService, type DtOneCallbackConfig, dtOneCallbackUrl } from './topup-callback.service.ts';
import type { TopupDiscounts } from './topup-money.ts';
import { createTopupSalesService } from './topup-sales.service.ts';
import { createTopupViewsService } from './topup-views.service.ts';

/** International top-up over DT One: number lookup, the operator's products, sending and following a top-up. */
export function createTopupModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  dtOne: DtOneClient | null;
  keys: Pick<TransactionKeysService, 'runOnce'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  discounts: TopupDiscounts;
  pollMs: number;
  callback: DtOneCallbackConfig | null;
  /** The other providers' sales, by provider: for the superadmin's check of a sale pending for a day. */
  advanceOf?: Record<string, (saleId: number) => Promise<unknown>>;
  log?: { warn(o: object, m: string): void };
}) {
  const { dtOne, discounts } = deps;
  const repo = createTopupRepository(deps.db);
  const services = dtOne ? topupServices(dtOne) : null;
  function topupServices(client: DtOneClient) {
    const callbackUrl = deps.callback ? dtOneCallbackUrl(deps.callback) : null;
    const sales = createTopupSalesService({ ...deps, repo, dtOne: client, callbackUrl });
    return {
      catalogue: createTopupCatalogueService({ dtOne: client, repo, discounts }),
      sales,
      views: createTopupViewsService({
        repo,
        clock: deps.clock,
        advance: async (sale) => {
          if (sale.provider === 'dtone') await sales.advance(sale.id);
          else await deps.advanceOf?.[sale.provider]?.(sale.id);
        },
      }),
      callback: deps.callback ? createTopupCallbackService({ config: deps.callback, repo, sales }) : null,
    };
  }
  return {
    name: 'topup',
    services: {
      catalogue: services?.catalogue ?? null,
      sales: services?.sales ?? null,
      views: services?.views ?? null,
    },
    register: async (app) => {
      if (services) await app.register(topupRoutes(services), { prefix: '/api' });
    },
    jobs: services ? topupJobs({ sales: services.sales }) : [],
  } satisfies PortalModule<object>;
}
export type TopupModule = ReturnType<typeof createTopupModule>;
