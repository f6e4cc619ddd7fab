import { anchorHead, sealPending } from '../../db/chain.ts';
import type { Db } from '../../db/connect.ts';
import type { JobDefinition, PortalModule } from '../../platform/module.ts';

export const SEAL_JOB = 'audit-seal';
export const ANCHOR_JOB = 'audit-anchor';

/**
 * The hash chain's jobs (issue 41, decision 0142): every minute the books committed since the last seal are sealed
 * (after commit, never inside a writing transaction); every hour the chain's head is written outside the database,
 * to the log and the anchor file in the backup folder. Both are safe to run again and from several copies.
 */
export function createAuditChainModule(deps: { db: Db; anchorDir: string; log: { info(o: object, m: string): void } }) {
  const jobs: JobDefinition[] = [
    {
      name: SEAL_JOB,
      schedule: '* * * * *',
      handler: async () => {
        await sealPending(deps.db);
      },
    },
    {
      name: ANCHOR_JOB,
      schedule: '17 * * * *',
      handler: async () => {
        await anchorHead(deps.db, deps.anchorDir, deps.log);
      },
    },
  ];
  return {
    name: 'audit-chain',
    services: {},
    register: async () => {},
    jobs,
  } satisfies PortalModule<object>;
}
