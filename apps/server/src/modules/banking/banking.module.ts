import { asActor } from '../../db/audit.ts';
import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { Storage } from '../../platform/storage.ts';
import type { CreditTopupsService } from '../credit/credit-topups.service.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import { createBankBookingService } from './bank-booking.service.ts';
import { createBankStatementsService } from './bank-statements.service.ts';
import { bankingJobs } from './banking.jobs.ts';
import { createBankingRepository } from './banking.repository.ts';
import { bankingRoutes } from './banking.routes.ts';

/** Bank statements (German bank CSV, CAMT.053) read, mapped to customers and booked as payments. */
export function createBankingModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  storage: Pick<Storage, 'put'>;
  topups: Pick<CreditTopupsService, 'receivePayment'>;
  ledger: Pick<LedgerService, 'postEntry'>;
}) {
  const { db, clock, jobs, topups, storage, ledger } = deps;
  const repo = createBankingRepository(db);
  const services = {
    statements: createBankStatementsService({ db, repo, clock, storage }),
    booking: createBankBookingService({ db, repo, topups, ledger, jobs, clock }),
  };
  return {
    name: 'banking',
    services,
    register: async (app) => {
      await app.register(bankingRoutes(services), { prefix: '/api' });
      // Once the job queue runs: bookings a crashed copy left unfinished are sent again.
      app.addHook('onReady', () => asActor('resume:bank-bookings', () => services.booking.resumeBookings()));
    },
    jobs: bankingJobs({ booking: services.booking }),
  } satisfies PortalModule<typeof services>;
}
export type BankingModule = ReturnType<typeof createBankingModule>;
