import { defineJob, noPayload } from '../../platform/jobs.ts';
import { providerSalePoll, providerSaleSweep } from '../provider-sales/provider-sales.job-defs.ts';

export const POLL_TOPUP_JOB = defineJob('topup.poll-status', providerSalePoll);
export const SWEEP_TOPUPS_JOB = defineJob('topup.sweep-pending', providerSaleSweep);
export const EXPIRE_OFFERS_JOB = defineJob('topup.expire-offers', noPayload);
export const RECONCILE_JOB = defineJob('topup.reconcile', noPayload);
