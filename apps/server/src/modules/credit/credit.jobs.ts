import { type JobWorker, work } from '../../platform/jobs.ts';
import type { AutoCreditService } from './auto-credit.service.ts';
import { AUTO_CREDIT_JOB, AUTO_CREDIT_SWEEP_JOB } from './credit.job-defs.ts';

export function creditJobs(deps: {
  autoCredit: Pick<AutoCreditService, 'settleAutoCredit' | 'sweepAutoCredit'>;
}): JobWorker[] {
  return [
    work(AUTO_CREDIT_JOB, (p) => deps.autoCredit.settleAutoCredit(p), { retryLimit: 8 }),
    work(AUTO_CREDIT_SWEEP_JOB, () => deps.autoCredit.sweepAutoCredit(), { retryLimit: 0, schedule: '* * * * *' }),
  ];
}
