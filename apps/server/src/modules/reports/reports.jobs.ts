import { type JobWorker, work } from '../../platform/jobs.ts';
import type { ReportExportsService } from './report-exports.service.ts';
import { EXPORT_SWEEP_JOB, RENDER_EXPORT_JOB, ROLLUP_SALES_JOB } from './reports.job-defs.ts';
import type { SalesRollupService } from './sales-rollup.service.ts';

export function reportsJobs(deps: {
  exports: Pick<ReportExportsService, 'renderExport' | 'sweepExports'>;
  rollup: Pick<SalesRollupService, 'rollUpSales'>;
}): JobWorker[] {
  return [
    work(RENDER_EXPORT_JOB, (p) => deps.exports.renderExport(p), { retryLimit: 3 }),
    work(EXPORT_SWEEP_JOB, () => deps.exports.sweepExports(), { retryLimit: 0, schedule: '40 * * * *' }),
    // Every minute: the reports read the sales after the cursor one by one, so the fewer the faster.
    work(
      ROLLUP_SALES_JOB,
      async () => {
        // Failed, not silent: the job's failures show in the log and in /metrics. The reports stay exact meanwhile.
        if ((await deps.rollup.rollUpSales()) === null) {
          throw new Error('a transaction writing sales stayed open past the wait; the rollup tries again next minute');
        }
      },
      { retryLimit: 0, schedule: '* * * * *' },
    ),
  ];
}
