import { defineJob, noPayload } from '../../platform/jobs.ts';
import { providerSalePoll, providerSaleSweep } from '../provider-sales/provider-sales.job-defs.ts';

export const POLL_SOFT_PIN_JOB = defineJob('softpin.poll-status', providerSalePoll);
export const SWEEP_SOFT_PINS_JOB = defineJob('softpin.sweep-pending', providerSaleSweep);
export const BACKFILL_SOFT_PIN_INDEX_JOB = defineJob('softpin.backfill-pin-index', noPayload);
