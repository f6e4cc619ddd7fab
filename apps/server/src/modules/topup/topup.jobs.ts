import { type JobWorker, work } from '../../platform/jobs.ts';
import { providerSaleJobs } from '../provider-sales/provider-sales.jobs.ts';
import type { TopupReconciliation } from './reconciliation.service.ts';
import { EXPIRE_OFFERS_JOB, POLL_TOPUP_JOB, RECONCILE_JOB, SWEEP_TOPUPS_JOB } from './topup.job-defs.ts';
import type { TopupSalesService } from './topup-sales.service.ts';

/**
 * A pending top-up is driven to its final status by DT One's GET /transactions/{id}: one job per sale that
 * schedules its own next look, and a minutely sweep that picks up every pending sale, so a restart (or a
 * lost job) never leaves one behind. Both are idempotent: a status change moves money once.
 */
export function topupJobs(deps: {
  sales: Pick<TopupSalesService, 'advance' | 'advancePending' | 'expireOffers'>;
  reconciliation: Pick<TopupReconciliation, 'reconcile'>;
}): JobWorker[] {
  return [
    ...providerSaleJobs({ poll: POLL_TOPUP_JOB, sweep: SWEEP_TOPUPS_JOB }, deps.sales),
    // Offers past DT One's confirmation_expiration_date: closed and cancelled at DT One, failed with no money entry.
    work(EXPIRE_OFFERS_JOB, () => deps.sales.expireOffers(), { retryLimit: 0, schedule: '* * * * *' }),
    // Yesterday's DT One transactions against provider_sales (decision 0080, "Reconciliation"): a failed run is
    // retried and resumes the day; a finished day is not compared again.
    work(RECONCILE_JOB, () => deps.reconciliation.reconcile(), { retryLimit: 5, schedule: '20 4 * * *' }),
  ];
}
