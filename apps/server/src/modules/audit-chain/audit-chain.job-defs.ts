import { defineJob, noPayload } from '../../platform/jobs.ts';

export const SEAL_JOB = defineJob('audit-seal', noPayload);
export const ANCHOR_JOB = defineJob('audit-anchor', noPayload);
