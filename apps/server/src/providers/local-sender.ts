import type { MessageSender, OutgoingMessage } from './messaging.ts';

/**
 * The stand-in when no SMS or mail provider is configured: nothing leaves the machine. Outside
 * production the message is written to the log so a developer can read the code; in production the log
 * names only the channel and recipient, because a body holds sign-in codes and set-password links.
 */
export function createLocalSender(
  channel: 'sms' | 'email',
  log: { info(o: object, m: string): void },
  opts: { printBody: boolean },
): MessageSender {
  return {
    name: `local-${channel}`,
    async send(m: OutgoingMessage) {
      const shown = opts.printBody ? { subject: m.subject, body: m.body } : {};
      const files = m.attachments?.map((a) => a.filename);
      log.info({ channel, recipient: m.recipient, ...shown, ...(files ? { files } : {}) }, 'local message delivery');
    },
  };
}
