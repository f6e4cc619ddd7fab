import { z } from 'zod';
import { defineJob, noPayload } from '../../platform/jobs.ts';

export const DELIVER_JOB = defineJob('outbox.deliver', z.object({ id: z.number().int() }));
export const SWEEP_JOB = defineJob('outbox.sweep', noPayload);
