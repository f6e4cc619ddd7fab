import type { JobDefinition } from '../../platform/module.ts';
import { providerSaleJobs } from '../provider-sales/provider-sales.jobs.ts';
import type { FlixbusService } from './flixbus.service.ts';

export const POLL_FLIXBUS_JOB = 'flixbus.poll-status';
export const SWEEP_FLIXBUS_JOB = 'flixbus.sweep-pending';
export const WATCH_PAID_FLIXBUS_JOB = 'flixbus.watch-paid';

/**
 * A paid booking whose provider order is pending is driven to its final status like a recharge; every ten minutes
 * a page of confirmed tickets not yet departed is asked about again (a cancellation by the provider is refunded).
 */
export function flixbusJobs(deps: {
  sales: Pick<FlixbusService, 'advance' | 'advancePending' | 'watchPaid'>;
}): JobDefinition[] {
  return [
    ...providerSaleJobs({ poll: POLL_FLIXBUS_JOB, sweep: SWEEP_FLIXBUS_JOB }, deps.sales),
    {
      name: WATCH_PAID_FLIXBUS_JOB,
      handler: async () => {
        await deps.sales.watchPaid();
      },
      retryLimit: 0,
      schedule: '*/10 * * * *',
    },
  ];
}
