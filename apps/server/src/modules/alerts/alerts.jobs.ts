import { type JobWorker, work } from '../../platform/jobs.ts';
import { SCAN_LOW_BALANCE_JOB, SCAN_LOW_STOCK_JOB } from './alerts.job-defs.ts';
import type { AlertsService } from './alerts.service.ts';

export function alertsJobs(alerts: Pick<AlertsService, 'scanLowStock' | 'scanLowBalance'>): JobWorker[] {
  return [
    // Every minute, and at once after an import or a threshold change (they send it): sales are seen within a minute.
    work(SCAN_LOW_STOCK_JOB, () => alerts.scanLowStock(), { retryLimit: 2, schedule: '* * * * *' }),
    // Every minute: a crossing counts once the auto-credit job has settled it (done or skipped), seconds after it.
    work(SCAN_LOW_BALANCE_JOB, () => alerts.scanLowBalance(), { retryLimit: 2, schedule: '* * * * *' }),
  ];
}
