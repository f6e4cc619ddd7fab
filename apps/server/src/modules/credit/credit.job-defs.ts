import { z } from 'zod';
import { defineJob, noPayload } from '../../platform/jobs.ts';

export const AUTO_CREDIT_JOB = defineJob('credit.auto-credit', z.object({ id: z.number().int() }));
export const AUTO_CREDIT_SWEEP_JOB = defineJob('credit.auto-credit-sweep', noPayload);
