import type { JobDefinition } from '../../platform/module.ts';
import { DELIVER_WEBHOOK_JOB, type WebhooksService } from './webhooks.service.ts';

export const DERIVE_EVENTS_JOB = 'partner.derive-events';

/** The partner API's jobs: events from new sales every minute, and one attempt of a delivery per job. */
export function partnerJobs(deps: { webhooks: Pick<WebhooksService, 'deriveEvents' | 'deliver'> }): JobDefinition[] {
  return [
    {
      name: DERIVE_EVENTS_JOB,
      handler: async () => {
        await deps.webhooks.deriveEvents();
      },
      retryLimit: 0,
      schedule: '* * * * *',
    },
    // Retries are the delivery's own (RETRY_AFTER_MINUTES, recorded in the log), not the queue's.
    {
      name: DELIVER_WEBHOOK_JOB,
      handler: (data) => deps.webhooks.deliver((data as { deliveryId: number }).deliveryId),
      retryLimit: 0,
    },
  ];
}
