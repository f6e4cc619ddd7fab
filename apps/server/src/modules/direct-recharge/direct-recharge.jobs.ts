import type { JobDefinition } from '../../platform/module.ts';
import { providerSaleJobs } from '../provider-sales/provider-sales.jobs.ts';
import type { DirectRechargeService } from './direct-recharge.service.ts';

export const POLL_DIRECT_RECHARGE_JOB = 'direct-recharge.poll-status';
export const SWEEP_DIRECT_RECHARGES_JOB = 'direct-recharge.sweep-pending';

/** A pending recharge is driven to its final status by the provider's status query (decision 0101). */
export function directRechargeJobs(deps: {
  sales: Pick<DirectRechargeService, 'advance' | 'advancePending'>;
}): JobDefinition[] {
  return providerSaleJobs({ poll: POLL_DIRECT_RECHARGE_JOB, sweep: SWEEP_DIRECT_RECHARGES_JOB }, deps.sales);
}
