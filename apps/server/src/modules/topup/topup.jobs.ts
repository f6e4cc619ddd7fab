import type { JobDefinition } from '../../platform/module.ts';
import type { TopupReconciliation } from './reconciliation.service.ts';
import type { TopupSalesService } from './topup-sales.service.ts';

export const POLL_TOPUP_JOB = 'topup.poll-status';
export const SWEEP_TOPUPS_JOB = 'topup.sweep-pending';
export const EXPIRE_OFFERS_JOB = 'topup.expire-offers';
export const RECONCILE_JOB = 'topup.reconcile';

/**
 * A pending top-up is driven to its final status by DT One's GET /transactions/{id}: one job per sale that
 * schedules its own next look, and a minutely sweep that picks up every pending sale, so a restart (or a
 * lost job) never leaves one behind. Both are idempotent: a status change moves money once.
 */
export function topupJobs(deps: {
  sales: Pick<TopupSalesService, 'advance' | 'advancePending' | 'expireOffers'>;
  reconciliation: Pick<TopupReconciliation, 'reconcile'>;
}): JobDefinition[] {
  return [
    {
      name: POLL_TOPUP_JOB,
      handler: async (data) => {
        const { saleId, watch } = data as { saleId: number; watch?: number };
        await deps.sales.advance(saleId, { watch, followUp: true });
      },
      retryLimit: 5,
    },
    { name: SWEEP_TOPUPS_JOB, handler: () => deps.sales.advancePending(), retryLimit: 0, schedule: '* * * * *' },
    // Offers past DT One's confirmation_expiration_date: closed and cancelled at DT One, failed with no money entry.
    { name: EXPIRE_OFFERS_JOB, handler: () => deps.sales.expireOffers(), retryLimit: 0, schedule: '* * * * *' },
    // Yesterday's DT One transactions against provider_sales (decision 0080, "Reconciliation"): a failed run is
    // retried and resumes the day; a finished day is not compared again.
    {
      name: RECONCILE_JOB,
      handler: async () => {
        await deps.reconciliation.reconcile();
      },
      retryLimit: 5,
      schedule: '20 4 * * *',
    },
  ];
}
