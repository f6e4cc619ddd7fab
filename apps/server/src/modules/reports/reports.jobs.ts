import type { JobDefinition } from '../../platform/module.ts';
import type { ReportExportsService } from './report-exports.service.ts';
import type { SalesRollupService } from './sales-rollup.service.ts';

export const RENDER_EXPORT_JOB = 'reports.render-export';
export const EXPORT_SWEEP_JOB = 'reports.export-sweep';
export const ROLLUP_SALES_JOB = 'reports.rollup-sales';

export function reportsJobs(deps: {
  exports: Pick<ReportExportsService, 'renderExport' | 'sweepExports'>;
  rollup: Pick<SalesRollupService, 'rollUpSales'>;
}): JobDefinition[] {
  return [
    {
      name: RENDER_EXPORT_JOB,
      handler: (data) => deps.exports.renderExport(data as { exportId: string }),
      retryLimit: 3,
    },
    { name: EXPORT_SWEEP_JOB, handler: () => deps.exports.sweepExports(), retryLimit: 0, schedule: '40 * * * *' },
    // Every minute: the reports read the sales after the cursor one by one, so the fewer the faster.
    {
      name: ROLLUP_SALES_JOB,
      handler: async () => {
        // Failed, not silent: the job's failures show in the log and in /metrics. The reports stay exact meanwhile.
        if ((await deps.rollup.rollUpSales()) === null) {
          throw new Error('a transaction writing sales stayed open past the wait; the rollup tries again next minute');
        }
      },
      retryLimit: 0,
      schedule: '* * * * *',
    },
  ];
}
