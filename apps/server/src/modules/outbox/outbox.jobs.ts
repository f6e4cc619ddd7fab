import type { JobDefinition } from '../../platform/module.ts';
import type { OutboxService } from './outbox.service.ts';

export const DELIVER_JOB = 'outbox.deliver';
export const SWEEP_JOB = 'outbox.sweep';

export function outboxJobs(deps: { outbox: Pick<OutboxService, 'deliver' | 'sweep'> }): JobDefinition[] {
  return [
    { name: DELIVER_JOB, handler: (data) => deps.outbox.deliver(data as { id: number }), retryLimit: 8 },
    { name: SWEEP_JOB, handler: () => deps.outbox.sweep(), retryLimit: 0, schedule: '* * * * *' },
  ];
}
