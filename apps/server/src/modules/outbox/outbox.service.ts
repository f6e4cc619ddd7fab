import type { Db, Tx } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { MessageAttachment, MessageSender } from '../../providers/messaging.ts';
import { DELIVER_JOB } from './outbox.job-defs.ts';
import type { OutboxRepository } from './outbox.repository.ts';

/** Marks a sealed body, so a reader of the table sees at once that it is not the message. */
const SEALED = 'sealed:v1:';

/**
 * Messages are written to the outbox in the caller's transaction and delivered by a job, so a crash
 * after commit never loses one: the sweep re-queues anything still waiting after a minute. A body holds
 * sign-in codes and set-password links, so it is stored sealed (AES-GCM under the secrets key) and
 * blanked once sent: the table never shows a usable code.
 */
export function createOutboxService(deps: {
  db: Db;
  repo: OutboxRepository;
  jobs: Jobs;
  clock: Clock;
  senders: { sms: MessageSender; email: MessageSender };
  sealer: Pick<PinCrypto, 'encrypt' | 'decrypt'>;
}) {
  const { db, repo, jobs, clock, senders, sealer } = deps;

  async function queue(
    m: {
      channel: 'sms' | 'email';
      recipient: string;
      subject: string;
      body: string;
      /** SMS only: the shop's own sender name. */
      senderId?: string | null;
      attachments?: MessageAttachment[];
    },
    tx?: Tx,
  ) {
    // Attachments are documents the recipient's books already hold (invoices), not secrets: stored unsealed.
    const attachments = m.attachments?.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      content: a.content.toString('base64'),
    }));
    return repo.insert({ ...m, attachments, body: `${SEALED}${sealer.encrypt(m.body).toString('base64')}` }, tx);
  }

  // Messages queued before bodies were sealed are sent as they were stored.
  const unseal = (body: string) =>
    body.startsWith(SEALED) ? sealer.decrypt(Buffer.from(body.slice(SEALED.length), 'base64')) : body;

  async function dispatch(id: number) {
    await jobs.send(DELIVER_JOB, { id }, { singletonKey: `outbox-${id}` });
  }

  async function deliver({ id }: { id: number }) {
    try {
      await db.transaction(async (tx) => {
        const msg = await repo.claim(id, tx);
        if (!msg) return;
        const sender = senders[msg.channel];
        const attachments = msg.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.content_type,
          content: Buffer.from(a.content, 'base64'),
        }));
        await sender.send({ ...msg, body: unseal(msg.body), senderId: msg.sender_id ?? undefined, attachments });
        await repo.markSent(id, sender.name, clock.now(), tx);
      });
    } catch (err) {
      await repo.markFailed(id, (err as Error).message);
      throw err;
    }
  }

  async function sweep() {
    for (const { id } of await repo.findStaleQueued(new Date(clock.now().getTime() - 60_000))) await dispatch(id);
  }

  return { queue, dispatch, deliver, sweep };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
