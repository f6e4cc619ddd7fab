import type { JobDefinition } from '../../platform/module.ts';
import type { DynamicProductsService } from './dynamic-products.service.ts';

export const POLL_SOFT_PIN_JOB = 'softpin.poll-status';
export const SWEEP_SOFT_PINS_JOB = 'softpin.sweep-pending';

/** A pending soft-pin order is driven to its final status as a direct recharge is (decision 0101). */
export function softPinJobs(deps: {
  sales: Pick<DynamicProductsService, 'advance' | 'advancePending'>;
}): JobDefinition[] {
  return [
    {
      name: POLL_SOFT_PIN_JOB,
      handler: async (data) => {
        const { saleId, watch } = data as { saleId: number; watch?: number };
        await deps.sales.advance(saleId, { watch, followUp: true });
      },
      retryLimit: 5,
    },
    {
      name: SWEEP_SOFT_PINS_JOB,
      handler: () => deps.sales.advancePending(),
      retryLimit: 0,
      schedule: '* * * * *',
    },
  ];
}
