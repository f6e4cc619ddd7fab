import type { JobWorker } from '../../platform/jobs.ts';
import { providerSaleJobs } from '../provider-sales/provider-sales.jobs.ts';
import { POLL_DIRECT_RECHARGE_JOB, SWEEP_DIRECT_RECHARGES_JOB } from './direct-recharge.job-defs.ts';
import type { DirectRechargeService } from './direct-recharge.service.ts';

/** A pending recharge is driven to its final status by the provider's status query (decision 0101). */
export function directRechargeJobs(deps: {
  sales: Pick<DirectRechargeService, 'advance' | 'advancePending'>;
}): JobWorker[] {
  return providerSaleJobs({ poll: POLL_DIRECT_RECHARGE_JOB, sweep: SWEEP_DIRECT_RECHARGES_JOB }, deps.sales);
}
