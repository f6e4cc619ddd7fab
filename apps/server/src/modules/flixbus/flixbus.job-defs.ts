import { defineJob, noPayload } from '../../platform/jobs.ts';
import { providerSalePoll, providerSaleSweep } from '../provider-sales/provider-sales.job-defs.ts';

export const POLL_FLIXBUS_JOB = defineJob('flixbus.poll-status', providerSalePoll);
export const SWEEP_FLIXBUS_JOB = defineJob('flixbus.sweep-pending', providerSaleSweep);
export const WATCH_PAID_FLIXBUS_JOB = defineJob('flixbus.watch-paid', noPayload);
