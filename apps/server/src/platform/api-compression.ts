import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { carriesSecret } from '@portal/contract/envelope';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set at registration: the answer may be compressed (it declares no secret and is not a file). */
    compressible?: boolean;
  }
}

/** Smaller answers gain less than the compression costs. */
export const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// A low fixed quality: answers are compressed on every call, so speed matters more than the last bytes.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses large `/api` JSON answers with brotli or gzip, never an answer that declares a PIN or a
 * credential (`secret()` in the contract) and never a file, whose bytes may be PINs: a compressed
 * answer's length can betray a secret that sits next to input an attacker chose.
 */
export function registerApiCompression(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.file) return;
    const answers = Object.values((route.schema?.response ?? {}) as Record<string, unknown>);
    if (answers.length === 0 || answers.some((s) => carriesSecret(s))) return;
    route.config = { ...route.config, compressible: true };
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.routeOptions.config.compressible || typeof payload !== 'string') return payload;
    if (Buffer.byteLength(payload) < COMPRESS_FROM_BYTES || reply.hasHeader('content-encoding')) return payload;
    const encoding = pickEncoding(req.headers['accept-encoding']);
    if (encoding === null) return payload;
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return encoding === 'br' ? brotli(payload, BROTLI) : gzipAsync(payload);
  });
}

function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name ?? '', q ? Number(q.slice(2)) : 1);
  }
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}
