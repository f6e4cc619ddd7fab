import type { JobDefinition } from '../../platform/module.ts';
import type { AutoCreditService } from './auto-credit.service.ts';

export const AUTO_CREDIT_JOB = 'credit.auto-credit';
export const AUTO_CREDIT_SWEEP_JOB = 'credit.auto-credit-sweep';

export function creditJobs(deps: {
  autoCredit: Pick<AutoCreditService, 'settleAutoCredit' | 'sweepAutoCredit'>;
}): JobDefinition[] {
  return [
    {
      name: AUTO_CREDIT_JOB,
      handler: (data) => deps.autoCredit.settleAutoCredit(data as { id: number }),
      retryLimit: 8,
    },
    {
      name: AUTO_CREDIT_SWEEP_JOB,
      handler: () => deps.autoCredit.sweepAutoCredit(),
      retryLimit: 0,
      schedule: '* * * * *',
    },
  ];
}
