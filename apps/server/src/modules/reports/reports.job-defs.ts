import { z } from 'zod';
import { defineJob, noPayload } from '../../platform/jobs.ts';

export const RENDER_EXPORT_JOB = defineJob('reports.render-export', z.object({ exportId: z.uuid() }));
export const EXPORT_SWEEP_JOB = defineJob('reports.export-sweep', noPayload);
export const ROLLUP_SALES_JOB = defineJob('reports.rollup-sales', noPayload);
