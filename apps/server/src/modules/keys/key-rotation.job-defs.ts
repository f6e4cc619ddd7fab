import { defineJob, noPayload } from '../../platform/jobs.ts';

export const KEY_ROTATION_JOB = defineJob('keys.rotate', noPayload);
