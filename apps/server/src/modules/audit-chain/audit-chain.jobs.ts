import { anchorHead, sealPending } from '../../db/chain.ts';
import type { Db } from '../../db/connect.ts';
import { type JobWorker, work } from '../../platform/jobs.ts';
import { ANCHOR_JOB, SEAL_JOB } from './audit-chain.job-defs.ts';

/**
 * The hash chain's jobs (issue 41, decision 0142): every minute the books committed since the last seal are sealed
 * (after commit, never inside a writing transaction); every hour the chain's head is written outside the database,
 * to the log and the anchor file in the backup folder. Both are safe to run again and from several copies.
 */
export function auditChainJobs(deps: {
  db: Db;
  anchorDir: string;
  log: { info(o: object, m: string): void };
}): JobWorker[] {
  return [
    work(SEAL_JOB, () => sealPending(deps.db), { schedule: '* * * * *' }),
    work(ANCHOR_JOB, () => anchorHead(deps.db, deps.anchorDir, deps.log), { schedule: '17 * * * *' }),
  ];
}
