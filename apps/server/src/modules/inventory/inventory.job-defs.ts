import { z } from 'zod';
import { defineJob, noPayload } from '../../platform/jobs.ts';

export const VALIDATE_IMPORT_JOB = defineJob('inventory.import.validate', z.object({ importId: z.number().int() }));
export const STORAGE_SWEEP_JOB = defineJob('storage.sweep', noPayload);
