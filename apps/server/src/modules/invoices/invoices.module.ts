import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import { createInvoiceDocumentsService } from './invoice-documents.service.ts';
import { createInvoiceMailsRepository } from './invoice-mails.repository.ts';
import { invoicesJobs } from './invoices.jobs.ts';
import { createInvoicesRepository } from './invoices.repository.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { createInvoicesService } from './invoices.service.ts';

/**
 * Invoices: monthly and on-demand runs, the lists of both sides, the document in net and gross view, PDF,
 * XRechnung and ZUGFeRD, and the mail that brings each issued document to its recipient.
 */
export function createInvoicesModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
}) {
  const { db, clock, jobs, outbox } = deps;
  const repo = createInvoicesRepository(db);
  const invoices = createInvoicesService({ db, repo, jobs, clock });
  const mails = createInvoiceMailsRepository(db);
  const documents = createInvoiceDocumentsService({ db, repo, mails, invoices, outbox, jobs, clock });
  const services = { invoices, invoiceDocuments: documents };
  return {
    name: 'invoices',
    services,
    register: async (app) => {
      await app.register(invoicesRoutes(services), { prefix: '/api' });
    },
    jobs: invoicesJobs({ invoices, documents }),
  } satisfies PortalModule<typeof services>;
}
export type InvoicesModule = ReturnType<typeof createInvoicesModule>;
