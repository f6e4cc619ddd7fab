import { defineJob, noPayload } from '../../platform/jobs.ts';

export const SCAN_LOW_STOCK_JOB = defineJob('alerts.scan-low-stock', noPayload);
export const SCAN_LOW_BALANCE_JOB = defineJob('alerts.scan-low-balance', noPayload);
