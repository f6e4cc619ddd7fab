import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createSmtpMail } from './mail/client.ts';
import { createHttpSms } from './sms/client.ts';

const closers: (() => void)[] = [];
afterAll(() => {
  for (const close of closers) close();
});

describe('SMS over HTTP', () => {
  it('posts JSON with the bearer token and accepts a 2xx', async () => {
    const received: { auth?: string; body: unknown }[] = [];
    let status = 202;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(status).end();
      });
    }).listen(0, '127.0.0.1');
    closers.push(() => server.close());
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    const sms = createHttpSms({ url, token: 'secret-token', senderId: 'Portal' });

    await sms.send({ recipient: '+491701234567', subject: 'ignored', body: 'Your code is 123456' });
    expect(received).toEqual([
      { auth: 'Bearer secret-token', body: { from: 'Portal', to: '+491701234567', text: 'Your code is 123456' } },
    ]);
    // A shop's own sender name goes instead of the portal's.
    await sms.send({ recipient: '+491701234567', subject: '', body: 'Low balance', senderId: 'ShopBerlin' });
    expect(received[1]!.body).toEqual({ from: 'ShopBerlin', to: '+491701234567', text: 'Low balance' });

    status = 500;
    await expect(sms.send({ recipient: '+49', subject: '', body: 'x' })).rejects.toThrow(/500/);
  });
});

describe('mail over SMTP', () => {
  it('delivers a message to an SMTP server', async () => {
    const messages: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let data = '';
        stream.on('data', (c) => {
          data += c;
        });
        stream.on('end', () => {
          messages.push(data);
          done();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    closers.push(() => server.close());
    const port = (server.server.address() as AddressInfo).port;
    const mail = createSmtpMail({
      url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      from: 'Portal <no-reply@portal.test>',
    });

    await mail.send({ recipient: 'shop@example.com', subject: 'Your sign-in code', body: 'Your code is 654321' });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Subject: Your sign-in code');
    expect(messages[0]).toContain('To: shop@example.com');
    expect(messages[0]).toContain('Your code is 654321');
  });
});
