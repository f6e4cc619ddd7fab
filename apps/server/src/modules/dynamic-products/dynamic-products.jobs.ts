import type { JobDefinition } from '../../platform/module.ts';
import { providerSaleJobs } from '../topup/provider-sale.jobs.ts';
import type { DynamicProductsService } from './dynamic-products.service.ts';

export const POLL_SOFT_PIN_JOB = 'softpin.poll-status';
export const SWEEP_SOFT_PINS_JOB = 'softpin.sweep-pending';

/** A pending soft-pin order is driven to its final status as a direct recharge is (decision 0101). */
export function softPinJobs(deps: {
  sales: Pick<DynamicProductsService, 'advance' | 'advancePending'>;
}): JobDefinition[] {
  return providerSaleJobs({ poll: POLL_SOFT_PIN_JOB, sweep: SWEEP_SOFT_PINS_JOB }, deps.sales);
}
