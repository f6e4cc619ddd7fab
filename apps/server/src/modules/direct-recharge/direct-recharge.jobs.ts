import type { JobDefinition } from '../../platform/module.ts';
import type { DirectRechargeService } from './direct-recharge.service.ts';

export const POLL_DIRECT_RECHARGE_JOB = 'direct-recharge.poll-status';
export const SWEEP_DIRECT_RECHARGES_JOB = 'direct-recharge.sweep-pending';

/**
 * A pending recharge is driven to its final status by the provider's status query: one job per sale that queues
 * its own next look, and a minutely sweep over every pending recharge, so a restart or a lost job never leaves
 * one behind. Both are idempotent: a status change moves money once.
 */
export function directRechargeJobs(deps: {
  sales: Pick<DirectRechargeService, 'advance' | 'advancePending'>;
}): JobDefinition[] {
  return [
    {
      name: POLL_DIRECT_RECHARGE_JOB,
      handler: async (data) => {
        const { saleId, watch } = data as { saleId: number; watch?: number };
        await deps.sales.advance(saleId, { watch, followUp: true });
      },
      retryLimit: 5,
    },
    {
      name: SWEEP_DIRECT_RECHARGES_JOB,
      handler: () => deps.sales.advancePending(),
      retryLimit: 0,
      schedule: '* * * * *',
    },
  ];
}
