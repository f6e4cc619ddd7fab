import type { MessageSender, OutgoingMessage } from './messaging.ts';

/**
 * The default outside production: nothing leaves the machine. The message stays in the outbox table
 * (marked delivered by this provider) and is written to the log so a developer can read the code.
 */
export function createLocalSender(channel: 'sms' | 'email', log: { info(o: object, m: string): void }): MessageSender {
  return {
    name: `local-${channel}`,
    async send(m: OutgoingMessage) {
      log.info({ channel, recipient: m.recipient, subject: m.subject, body: m.body }, 'local message delivery');
    },
  };
}
