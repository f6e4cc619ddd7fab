import type { JobDefinition } from '../../platform/module.ts';
import type { ProviderSaleFlow } from './provider-sale-flow.ts';

/**
 * The two jobs of a provider whose sales end pending (direct recharge, soft pins, bus tickets): one per sale that
 * asks the provider and queues its own next look, and a minutely sweep over every pending sale, so a restart or a
 * lost job never leaves one behind. Both are idempotent: a status change moves money once.
 */
export function providerSaleJobs(
  names: { poll: string; sweep: string },
  sales: Pick<ProviderSaleFlow, 'advance' | 'advancePending'>,
): JobDefinition[] {
  return [
    {
      name: names.poll,
      handler: async (data) => {
        const { saleId, watch } = data as { saleId: number; watch?: number };
        await sales.advance(saleId, { watch, followUp: true });
      },
      retryLimit: 5,
    },
    { name: names.sweep, handler: () => sales.advancePending(), retryLimit: 0, schedule: '* * * * *' },
  ];
}
