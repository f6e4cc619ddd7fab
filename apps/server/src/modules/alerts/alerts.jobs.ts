import type { JobDefinition } from '../../platform/module.ts';
import type { AlertsService } from './alerts.service.ts';

export const SCAN_LOW_STOCK_JOB = 'alerts.scan-low-stock';
export const SCAN_LOW_BALANCE_JOB = 'alerts.scan-low-balance';

export function alertsJobs(alerts: Pick<AlertsService, 'scanLowStock' | 'scanLowBalance'>): JobDefinition[] {
  return [
    // Every minute, and at once after an import or a threshold change (they send it): sales are seen within a minute.
    {
      name: SCAN_LOW_STOCK_JOB,
      handler: async () => {
        await alerts.scanLowStock();
      },
      retryLimit: 2,
      schedule: '* * * * *',
    },
    // Every minute: a crossing counts once the auto-credit job has settled it (done or skipped), seconds after it.
    {
      name: SCAN_LOW_BALANCE_JOB,
      handler: async () => {
        await alerts.scanLowBalance();
      },
      retryLimit: 2,
      schedule: '* * * * *',
    },
  ];
}
