import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { languageOfUser } from '../../platform/language.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createAutoCreditService } from './auto-credit.service.ts';
import { creditJobs } from './credit.jobs.ts';
import { createCreditRepository } from './credit.repository.ts';
import { creditRoutes } from './credit.routes.ts';
import { createCreditTopupsService } from './credit-topups.service.ts';
import { createLedgerService } from './ledger.service.ts';
import { createLedgerViewsRepository } from './ledger-views.repository.ts';
import { createLedgerViewsService } from './ledger-views.service.ts';

/** Money: the ledger core, credit top-ups and payments, auto-credit and the views of the ledger. */
export function createCreditModule(deps: { db: Db; clock: Clock; jobs: Jobs }) {
  const { db, clock, jobs } = deps;
  const repo = createCreditRepository(db);
  const ledger = createLedgerService({ repo, clock });
  const services = {
    ledger,
    topups: createCreditTopupsService({ db, repo, ledger }),
    autoCredit: createAutoCreditService({ db, repo, ledger, jobs, clock }),
    views: createLedgerViewsService({ repo, views: createLedgerViewsRepository(db) }),
  };
  return {
    name: 'credit',
    services,
    register: async (app) => {
      await app.register(creditRoutes({ ...services, languageOfUser: (userId) => languageOfUser(db, userId) }), {
        prefix: '/api',
      });
    },
    jobs: creditJobs({ autoCredit: services.autoCredit }),
  } satisfies PortalModule<typeof services>;
}
export type CreditModule = ReturnType<typeof createCreditModule>;
