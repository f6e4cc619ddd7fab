import { type JobDef, type JobWorker, work } from '../../platform/jobs.ts';
import type { ProviderSaleFlow } from './provider-sale-flow.ts';
import type { providerSalePoll, providerSaleSweep } from './provider-sales.job-defs.ts';

/**
 * The two jobs of a provider whose sales end pending (direct recharge, soft pins, bus tickets, top-ups): one per sale
 * that asks the provider and queues its own next look, and a minutely sweep over every pending sale, so a restart or
 * a lost job never leaves one behind. Both are idempotent: a status change moves money once.
 */
export function providerSaleJobs(
  jobs: { poll: JobDef<typeof providerSalePoll>; sweep: JobDef<typeof providerSaleSweep> },
  sales: Pick<ProviderSaleFlow, 'advance' | 'advancePending'>,
): JobWorker[] {
  return [
    work(jobs.poll, ({ saleId, watch }) => sales.advance(saleId, { watch, followUp: true }), { retryLimit: 5 }),
    work(jobs.sweep, () => sales.advancePending(), { retryLimit: 0, schedule: '* * * * *' }),
  ];
}
