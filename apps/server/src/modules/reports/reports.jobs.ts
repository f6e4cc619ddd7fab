import type { JobDefinition } from '../../platform/module.ts';
import type { ReportExportsService } from './report-exports.service.ts';

export const RENDER_EXPORT_JOB = 'reports.render-export';
export const EXPORT_SWEEP_JOB = 'reports.export-sweep';

export function reportsJobs(deps: {
  exports: Pick<ReportExportsService, 'renderExport' | 'sweepExports'>;
}): JobDefinition[] {
  return [
    {
      name: RENDER_EXPORT_JOB,
      handler: (data) => deps.exports.renderExport(data as { exportId: string }),
      retryLimit: 3,
    },
    { name: EXPORT_SWEEP_JOB, handler: () => deps.exports.sweepExports(), retryLimit: 0, schedule: '40 * * * *' },
  ];
}
