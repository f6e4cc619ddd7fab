import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { assertTargetHost, guardedLookup } from './webhook-target.ts';

const TIMEOUT_MS = 10_000;

/**
 * The signature of a delivery (the documented recipe): HMAC-SHA256 with the shop's secret over
 * `<timestamp>.<body>`, hex, sent as `X-Portal-Signature: t=<timestamp>,v1=<hex>`.
 */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export interface SendResult {
  /** The receiver's HTTP status; null when it was not reached. */
  status: number | null;
  error: string | null;
}

/**
 * POSTs one delivery: no redirects are followed, every address the name resolves to is checked by the connection's
 * own lookup (and an address in the URL before), and the answer is read only for its status.
 */
export function sendDelivery(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<SendResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
      // A user and password would go out as Basic credentials to whoever the name points to: never sent.
      target.username = '';
      target.password = '';
      assertTargetHost(target.hostname, allowPrivate);
    } catch (err) {
      resolve({ status: null, error: (err as Error).message.slice(0, 200) });
      return;
    }
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(allowPrivate) as never,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', () => resolve({ status: res.statusCode ?? null, error: null }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: null, error: err.message.slice(0, 200) }));
    req.end(body);
  });
}
