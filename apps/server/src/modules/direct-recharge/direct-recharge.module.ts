import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { DirectRechargeClient } from '../../providers/direct-recharge/client.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import type { DiscountsOf } from '../topup/provider-sale-flow.ts';
import { createTopupRepository } from '../topup/topup.repository.ts';
import { directRechargeJobs } from './direct-recharge.jobs.ts';
import { directRechargeRoutes } from './direct-recharge.routes.ts';
import { createDirectRechargeService } from './direct-recharge.service.ts';

/** Direct recharge over the generic recharge provider; without a provider (`off`) it has no routes and no jobs. */
export function createDirectRechargeModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  provider: DirectRechargeClient | null;
  keys: Pick<TransactionKeysService, 'runOnce'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  discounts: DiscountsOf;
  pollMs: number;
  log?: { warn(o: object, m: string): void };
}) {
  const { provider } = deps;
  const sales = provider
    ? createDirectRechargeService({ ...deps, provider, repo: createTopupRepository(deps.db) })
    : null;
  return {
    name: 'direct-recharge',
    services: { sales },
    register: async (app) => {
      if (sales) await app.register(directRechargeRoutes(sales), { prefix: '/api' });
    },
    jobs: sales ? directRechargeJobs({ sales }) : [],
  } satisfies PortalModule<object>;
}
