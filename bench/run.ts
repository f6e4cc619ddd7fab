import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createPortalClient, spawnPortal } from '../apps/server/test/portal-process.ts';

/**
 * `npm run bench`: starts the portal on a fresh embedded PostgreSQL (127.0.0.1 only), signs in the
 * demo seller and measures the calls every screen makes: the user-details call and the balance.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const portal = spawnPortal(18181, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: '54391' });
const client = createPortalClient(portal.base);

async function measure(title: string, opts: autocannon.Options) {
  const r = await autocannon({ connections: 50, duration: 10, ...opts });
  const errors = r.non2xx + r.errors;
  console.log(
    `${title.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${errors}`,
  );
  return r;
}

try {
  await client.waitForHealth(120_000);
  const headers = await client.signIn('seller');
  console.log('50 connections, 10 s each, against 127.0.0.1');
  await measure('GET /healthz', { url: `${portal.base}/healthz` });
  await measure('POST /api/auth_check/', { url: `${portal.base}/api/auth_check/`, method: 'POST', headers });
  await measure('GET /api/dynamic_balance/', { url: `${portal.base}/api/dynamic_balance/`, headers });
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
