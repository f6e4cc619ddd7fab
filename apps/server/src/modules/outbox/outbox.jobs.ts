import { type JobWorker, work } from '../../platform/jobs.ts';
import { DELIVER_JOB, SWEEP_JOB } from './outbox.job-defs.ts';
import type { OutboxService } from './outbox.service.ts';

export function outboxJobs(deps: { outbox: Pick<OutboxService, 'deliver' | 'sweep'> }): JobWorker[] {
  return [
    work(DELIVER_JOB, (p) => deps.outbox.deliver(p), { retryLimit: 8 }),
    work(SWEEP_JOB, () => deps.outbox.sweep(), { retryLimit: 0, schedule: '* * * * *' }),
  ];
}
