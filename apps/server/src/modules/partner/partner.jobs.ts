import { type JobWorker, work } from '../../platform/jobs.ts';
import { DELIVER_WEBHOOK_JOB, DERIVE_EVENTS_JOB } from './partner.job-defs.ts';
import type { WebhooksService } from './webhooks.service.ts';

/** The partner API's jobs: events from new sales every minute, and one attempt of a delivery per job. */
export function partnerJobs(deps: { webhooks: Pick<WebhooksService, 'deriveEvents' | 'deliver'> }): JobWorker[] {
  return [
    work(DERIVE_EVENTS_JOB, () => deps.webhooks.deriveEvents(), { retryLimit: 0, schedule: '* * * * *' }),
    // Retries are the delivery's own (RETRY_AFTER_MINUTES, recorded in the log), not the queue's.
    work(DELIVER_WEBHOOK_JOB, (p) => deps.webhooks.deliver(p.deliveryId), { retryLimit: 0 }),
  ];
}
