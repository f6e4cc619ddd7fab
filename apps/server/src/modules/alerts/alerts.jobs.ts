import type { JobDefinition } from '../../platform/module.ts';
import type { AlertsService } from './alerts.service.ts';

export const SCAN_LOW_STOCK_JOB = 'alerts.scan-low-stock';

export function alertsJobs(alerts: Pick<AlertsService, 'scanLowStock'>): JobDefinition[] {
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
  ];
}
