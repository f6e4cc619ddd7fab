import nodemailer from 'nodemailer';
import type { MessageSender, OutgoingMessage } from '../messaging.ts';

/** E-mail over SMTP (nodemailer), e.g. SMTP_URL=smtps://user:pass@mail.example.com:465. */
export function createSmtpMail(opts: { url: string; from: string }): MessageSender {
  const transport = nodemailer.createTransport(opts.url);
  return {
    name: 'smtp',
    async send(m: OutgoingMessage) {
      await transport.sendMail({
        from: opts.from,
        to: m.recipient,
        subject: m.subject,
        text: m.body,
        attachments: m.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
  };
}
