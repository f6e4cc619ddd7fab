import type { JobDefinition } from '../../platform/module.ts';
import { type InvoicesService, RUN_INVOICES_JOB } from './invoices.service.ts';

export const MONTHLY_INVOICES_JOB = 'invoices.monthly';

export function invoicesJobs(deps: {
  invoices: Pick<InvoicesService, 'workRun' | 'startMonthlyRuns'>;
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
  ];
}
