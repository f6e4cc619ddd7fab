import { type JobWorker, work } from '../../platform/jobs.ts';
import { providerSaleJobs } from '../provider-sales/provider-sales.jobs.ts';
import { BACKFILL_SOFT_PIN_INDEX_JOB, POLL_SOFT_PIN_JOB, SWEEP_SOFT_PINS_JOB } from './dynamic-products.job-defs.ts';
import type { DynamicProductsService } from './dynamic-products.service.ts';

/**
 * A pending soft-pin order is driven to its final status as a direct recharge is (decision 0101). The backfill
 * gives PINs delivered before the blind index existed theirs (issue 37): hourly, a no-op once none is left, and
 * resumable, since each batch commits and the next run starts from the rows still without one.
 */
export function softPinJobs(deps: {
  sales: Pick<DynamicProductsService, 'advance' | 'advancePending' | 'backfillPinIndex'>;
}): JobWorker[] {
  return [
    ...providerSaleJobs({ poll: POLL_SOFT_PIN_JOB, sweep: SWEEP_SOFT_PINS_JOB }, deps.sales),
    work(BACKFILL_SOFT_PIN_INDEX_JOB, () => deps.sales.backfillPinIndex(), { retryLimit: 3, schedule: '7 * * * *' }),
  ];
}
