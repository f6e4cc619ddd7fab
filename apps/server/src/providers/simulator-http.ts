import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The HTTP side every provider simulator shares: JSON in and out, served on a local port. */

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.writableEnded) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A refusal of the provider APIs written down by us (direct recharge, soft pins, bus): `{ error: { code, message } }`. */
export const sendRefusal = (res: ServerResponse, status: number, code: string, message: string) =>
  sendJson(res, status, { error: { code, message } });

/** The request's JSON object; null when it is not one. An empty body is `empty`. */
export async function readJsonBody(
  req: IncomingMessage,
  empty: Record<string, unknown> | null = null,
): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (chunks.length === 0) return empty;
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The request's `external_id` when it is one a provider takes (1 to 64 letters, digits, `_` or `-`), else null. */
export function externalIdIn(body: Record<string, unknown> | null): string | null {
  const id = body?.external_id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}

/**
 * Answers a simulator holds back, as a provider that is slow or does not answer in time; its `close` drops those
 * still waiting (the simulator's `onClose`).
 */
export function heldAnswers() {
  const timers = new Set<NodeJS.Timeout>();
  return {
    /** Runs `fn` after `ms`. */
    later(ms: number, fn: () => void): NodeJS.Timeout {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
      return t;
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

export interface ServedSimulator {
  /** The simulator's address, `path` appended. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Serves `handle` on `host` (127.0.0.1) and `port` (a free one unless given). A handler that throws answers
 * `onError`'s refusal; `close` runs `onClose` (the simulator's timers), then ends every connection.
 */
export async function serveSimulator(
  opts: { port?: number; host?: string; path?: string },
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  hooks: { onError: (res: ServerResponse) => void; onClose?: () => void },
): Promise<ServedSimulator> {
  const host = opts.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) hooks.onError(res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${host}:${port}${opts.path ?? ''}`,
    async close() {
      hooks.onClose?.();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
