import type { JobDefinition } from '../../platform/module.ts';
import { SETTLE_REFUNDS_JOB } from './invoice-corrections.service.ts';
import {
  type InvoiceDocumentsService,
  MAIL_INVOICE_JOB,
  SWEEP_INVOICE_MAILS_JOB,
} from './invoice-documents.service.ts';
import { RUN_INVOICES_JOB } from './invoice-runs.service.ts';
import type { InvoicesService } from './invoices.service.ts';

export const MONTHLY_INVOICES_JOB = 'invoices.monthly';

export function invoicesJobs(deps: {
  invoices: Pick<InvoicesService, 'workRun' | 'startMonthlyRuns' | 'settleRefunds'>;
  documents: Pick<InvoiceDocumentsService, 'mailInvoice' | 'sweepMails'>;
}): JobDefinition[] {
  return [
    {
      name: RUN_INVOICES_JOB,
      handler: (data) => deps.invoices.workRun((data as { runId: number }).runId),
      retryLimit: 8,
    },
    // 02:30 Berlin on the 1st: the month before is closed, and the night's other jobs have finished.
    {
      name: MONTHLY_INVOICES_JOB,
      handler: () => deps.invoices.startMonthlyRuns(),
      retryLimit: 3,
      schedule: '30 2 1 * *',
    },
    {
      name: MAIL_INVOICE_JOB,
      handler: (data) => deps.documents.mailInvoice(data as { invoiceId: number }),
      retryLimit: 8,
    },
    // Every minute: refunds after their invoice get their correction, those before it are left out (decision 0096).
    {
      name: SETTLE_REFUNDS_JOB,
      handler: async () => {
        await deps.invoices.settleRefunds();
      },
      retryLimit: 0,
      schedule: '* * * * *',
    },
    { name: SWEEP_INVOICE_MAILS_JOB, handler: () => deps.documents.sweepMails(), retryLimit: 0, schedule: '* * * * *' },
  ];
}
