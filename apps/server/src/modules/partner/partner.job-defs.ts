import { z } from 'zod';
import { defineJob, noPayload } from '../../platform/jobs.ts';

export const DERIVE_EVENTS_JOB = defineJob('partner.derive-events', noPayload);
export const DELIVER_WEBHOOK_JOB = defineJob('partner.deliver-webhook', z.object({ deliveryId: z.number().int() }));
