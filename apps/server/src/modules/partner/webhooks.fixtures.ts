import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a test receiver got. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Reads until it answers something, every 100 ms for up to `ms`. */
export async function waitFor<T>(what: string, read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  for (let waited = 0; waited < ms; waited += 100) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A webhook receiver on this machine: keeps what it gets in `received` and answers the statuses in `answers` in
 * order, then 200.
 */
export async function startReceiver(): Promise<{
  server: Server;
  base: string;
  received: Received[];
  answers: number[];
}> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, answers };
}
