import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { FlixbusClient } from '../../providers/flixbus/client.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import type { TransactionKeysService } from '../selling/transaction-keys.service.ts';
import type { DiscountsOf } from '../topup/provider-sale-flow.ts';
import { createTopupRepository } from '../topup/topup.repository.ts';
import { flixbusJobs } from './flixbus.jobs.ts';
import { createFlixbusRepository } from './flixbus.repository.ts';
import { flixbusRoutes } from './flixbus.routes.ts';
import { createFlixbusService } from './flixbus.service.ts';

/** Bus tickets over the bus provider (decision 0103); without a provider (`off`) it has no routes and no jobs. */
export function createFlixbusModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  provider: FlixbusClient | null;
  keys: Pick<TransactionKeysService, 'runOnce'>;
  ledger: Pick<LedgerService, 'postEntry'>;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  discounts: DiscountsOf;
  pollMs: number;
  log?: { warn(o: object, m: string): void };
}) {
  const { provider } = deps;
  const sales = provider
    ? createFlixbusService({
        ...deps,
        provider,
        repo: createTopupRepository(deps.db),
        bookings: createFlixbusRepository(deps.db),
      })
    : null;
  return {
    name: 'flixbus',
    services: { sales },
    register: async (app) => {
      if (sales) await app.register(flixbusRoutes(sales), { prefix: '/api' });
    },
    jobs: sales ? flixbusJobs({ sales }) : [],
  } satisfies PortalModule<object>;
}
