import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import { invoicesJobs } from './invoices.jobs.ts';
import { createInvoicesRepository } from './invoices.repository.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { createInvoicesService } from './invoices.service.ts';

/** Invoices: monthly and on-demand runs, the lists of both sides, the document in net and gross view, PDF. */
export function createInvoicesModule(deps: { db: Db; clock: Clock; jobs: Jobs }) {
  const { db, clock, jobs } = deps;
  const repo = createInvoicesRepository(db);
  const services = { invoices: createInvoicesService({ db, repo, jobs, clock }) };
  return {
    name: 'invoices',
    services,
    register: async (app) => {
      await app.register(invoicesRoutes(services), { prefix: '/api' });
    },
    jobs: invoicesJobs(services),
  } satisfies PortalModule<typeof services>;
}
export type InvoicesModule = ReturnType<typeof createInvoicesModule>;
