import { z } from 'zod';
import { defineJob, noPayload } from '../../platform/jobs.ts';

export const RUN_INVOICES_JOB = defineJob('invoices.run', z.object({ runId: z.number().int() }));
export const MONTHLY_INVOICES_JOB = defineJob('invoices.monthly', noPayload);
export const MAIL_INVOICE_JOB = defineJob('invoices.mail', z.object({ invoiceId: z.number().int() }));
export const SWEEP_INVOICE_MAILS_JOB = defineJob('invoices.mail-sweep', noPayload);
export const SETTLE_REFUNDS_JOB = defineJob('invoices.refund-corrections', noPayload);
