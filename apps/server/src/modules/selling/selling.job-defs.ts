import { z } from 'zod';
import { defineJob, noPayload } from '../../platform/jobs.ts';

export const RENDER_DOWNLOAD_JOB = defineJob('selling.render-download', z.object({ downloadId: z.uuid() }));
export const DOWNLOAD_SWEEP_JOB = defineJob('selling.download-sweep', noPayload);
export const KEYS_CLEANUP_JOB = defineJob('selling.keys.cleanup', noPayload);
