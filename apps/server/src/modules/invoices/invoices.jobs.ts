import { type JobWorker, work } from '../../platform/jobs.ts';
import type { InvoiceDocumentsService } from './invoice-documents.service.ts';
import {
  MAIL_INVOICE_JOB,
  MONTHLY_INVOICES_JOB,
  RUN_INVOICES_JOB,
  SETTLE_REFUNDS_JOB,
  SWEEP_INVOICE_MAILS_JOB,
} from './invoices.job-defs.ts';
import type { InvoicesService } from './invoices.service.ts';

export function invoicesJobs(deps: {
  invoices: Pick<InvoicesService, 'workRun' | 'startMonthlyRuns' | 'settleRefunds'>;
  documents: Pick<InvoiceDocumentsService, 'mailInvoice' | 'sweepMails'>;
}): JobWorker[] {
  return [
    work(RUN_INVOICES_JOB, (p) => deps.invoices.workRun(p.runId), { retryLimit: 8 }),
    // 02:30 Berlin on the 1st: the month before is closed, and the night's other jobs have finished.
    work(MONTHLY_INVOICES_JOB, () => deps.invoices.startMonthlyRuns(), { retryLimit: 3, schedule: '30 2 1 * *' }),
    work(MAIL_INVOICE_JOB, (p) => deps.documents.mailInvoice(p), { retryLimit: 8 }),
    // Every minute: refunds after their invoice get their correction, those before it are left out (decision 0096).
    work(SETTLE_REFUNDS_JOB, () => deps.invoices.settleRefunds(), { retryLimit: 0, schedule: '* * * * *' }),
    work(SWEEP_INVOICE_MAILS_JOB, () => deps.documents.sweepMails(), { retryLimit: 0, schedule: '* * * * *' }),
  ];
}
