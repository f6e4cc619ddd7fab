import type { JobDefinition } from '../../platform/module.ts';
import { providerSaleJobs } from '../provider-sales/provider-sales.jobs.ts';
import type { DynamicProductsService } from './dynamic-products.service.ts';

export const POLL_SOFT_PIN_JOB = 'softpin.poll-status';
export const SWEEP_SOFT_PINS_JOB = 'softpin.sweep-pending';
export const BACKFILL_SOFT_PIN_INDEX_JOB = 'softpin.backfill-pin-index';

/**
 * A pending soft-pin order is driven to its final status as a direct recharge is (decision 0101). The backfill
 * gives PINs delivered before the blind index existed theirs (issue 37): hourly, a no-op once none is left, and
 * resumable, since each batch commits and the next run starts from the rows still without one.
 */
export function softPinJobs(deps: {
  sales: Pick<DynamicProductsService, 'advance' | 'advancePending' | 'backfillPinIndex'>;
}): JobDefinition[] {
  return [
    ...providerSaleJobs({ poll: POLL_SOFT_PIN_JOB, sweep: SWEEP_SOFT_PINS_JOB }, deps.sales),
    {
      name: BACKFILL_SOFT_PIN_INDEX_JOB,
      handler: async () => {
        await deps.sales.backfillPinIndex();
      },
      retryLimit: 3,
      schedule: '7 * * * *',
    },
  ];
}
