import type { MessageSender, OutgoingMessage } from '../messaging.ts';

/**
 * SMS over a plain HTTP gateway: POST JSON {from, to, text} with a bearer token, the shape most
 * gateways accept. Any 2xx is delivery accepted; anything else throws so the outbox job retries.
 */
export function createHttpSms(opts: {
  url: string;
  token?: string;
  senderId: string;
  fetch?: typeof fetch;
}): MessageSender {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'sms-http',
    async send(m: OutgoingMessage) {
      const res = await doFetch(opts.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
        body: JSON.stringify({ from: m.senderId ?? opts.senderId, to: m.recipient, text: m.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
