import { defineJob } from '../../platform/jobs.ts';
import { providerSalePoll, providerSaleSweep } from '../provider-sales/provider-sales.job-defs.ts';

export const POLL_DIRECT_RECHARGE_JOB = defineJob('direct-recharge.poll-status', providerSalePoll);
export const SWEEP_DIRECT_RECHARGES_JOB = defineJob('direct-recharge.sweep-pending', providerSaleSweep);
