import { type JobWorker, work } from '../../platform/jobs.ts';
import { providerSaleJobs } from '../provider-sales/provider-sales.jobs.ts';
import { POLL_FLIXBUS_JOB, SWEEP_FLIXBUS_JOB, WATCH_PAID_FLIXBUS_JOB } from './flixbus.job-defs.ts';
import type { FlixbusService } from './flixbus.service.ts';

/**
 * A paid booking whose provider order is pending is driven to its final status like a recharge; every ten minutes
 * a page of confirmed tickets not yet departed is asked about again (a cancellation by the provider is refunded).
 */
export function flixbusJobs(deps: {
  sales: Pick<FlixbusService, 'advance' | 'advancePending' | 'watchPaid'>;
}): JobWorker[] {
  return [
    ...providerSaleJobs({ poll: POLL_FLIXBUS_JOB, sweep: SWEEP_FLIXBUS_JOB }, deps.sales),
    work(WATCH_PAID_FLIXBUS_JOB, () => deps.sales.watchPaid(), { retryLimit: 0, schedule: '*/10 * * * *' }),
  ];
}
