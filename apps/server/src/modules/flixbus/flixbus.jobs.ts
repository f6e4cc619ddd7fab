import type { JobDefinition } from '../../platform/module.ts';
import type { FlixbusService } from './flixbus.service.ts';

export const POLL_FLIXBUS_JOB = 'flixbus.poll-status';
export const SWEEP_FLIXBUS_JOB = 'flixbus.sweep-pending';

/**
 * A paid booking whose provider order is pending is driven to its final status like a recharge: one job per sale
 * that queues its own next look, and a minutely sweep over every pending ticket sale, so a restart or a lost job
 * never leaves one behind. A status change moves money once.
 */
export function flixbusJobs(deps: { sales: Pick<FlixbusService, 'advance' | 'advancePending'> }): JobDefinition[] {
  return [
    {
      name: POLL_FLIXBUS_JOB,
      handler: async (data) => {
        const { saleId, watch } = data as { saleId: number; watch?: number };
        await deps.sales.advance(saleId, { watch, followUp: true });
      },
      retryLimit: 5,
    },
    {
      name: SWEEP_FLIXBUS_JOB,
      handler: () => deps.sales.advancePending(),
      retryLimit: 0,
      schedule: '* * * * *',
    },
  ];
}
