import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Keys } from '../../platform/keys.ts';
import type { PortalModule } from '../../platform/module.ts';
import { createPinCrypto } from '../../platform/pin-crypto.ts';
import type { MessageSender } from '../../providers/messaging.ts';
import { outboxJobs } from './outbox.jobs.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import { createOutboxService } from './outbox.service.ts';

/** Messages (SMS, e-mail) written in the caller's transaction and delivered by a job; no routes of its own. */
export function createOutboxModule(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  keys: Pick<Keys, 'pinEncryption' | 'pinIndex'>;
  senders: { sms: MessageSender; email: MessageSender };
}) {
  const { db, clock, jobs, senders } = deps;
  const sealer = createPinCrypto(deps.keys);
  const outbox = createOutboxService({ db, repo: createOutboxRepository(db), jobs, clock, senders, sealer });
  const services = { outbox };
  return {
    name: 'outbox',
    services,
    register: async () => {},
    jobs: outboxJobs({ outbox }),
  } satisfies PortalModule<typeof services>;
}
export type OutboxModule = ReturnType<typeof createOutboxModule>;
