import type { Db } from '../../db/connect.ts';
import type { PortalModule } from '../../platform/module.ts';
import { auditChainJobs } from './audit-chain.jobs.ts';

/** The hash chain (issue 41, decision 0142): no routes or services of its own, only its jobs. */
export function createAuditChainModule(deps: { db: Db; anchorDir: string; log: { info(o: object, m: string): void } }) {
  return {
    name: 'audit-chain',
    services: {},
    register: async () => {},
    jobs: auditChainJobs(deps),
  } satisfies PortalModule<object>;
}
