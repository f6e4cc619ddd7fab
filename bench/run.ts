import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CompactEncrypt, importJWK } from 'jose';

/**
 * `npm run bench`: starts the portal on a fresh embedded PostgreSQL (127.0.0.1 only), signs in the
 * demo seller and measures the calls every screen makes: the user-details call and the balance.
 */
const PORT = 18181;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: '54391',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

async function signIn(username: string) {
  const check = await postJson<{ data: { login_key: Record<string, unknown> } }>('/api/p_check/', {
    organisation_name: '127.0.0.1',
  });
  const key = await importJWK(check.data.login_key, 'RSA-OAEP-256');
  const payload = {
    username,
    password: 'Demo#2026',
    fingerprint: 'bench-device-0001',
    nonce: randomBytes(16).toString('base64url'),
    iat: Math.floor(Date.now() / 1000),
  };
  const data = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(key);
  const s = (
    await postJson<{ data: { access_token: string; session_id: string; customer_id: number } }>('/api/login/', { data })
  ).data;
  return {
    authorization: `Bearer ${s.access_token}`,
    'x-session-id': s.session_id,
    'x-customer-id': String(s.customer_id),
  };
}

async function measure(title: string, opts: autocannon.Options) {
  const r = await autocannon({ connections: 50, duration: 10, ...opts });
  const errors = r.non2xx + r.errors;
  console.log(
    `${title.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${errors}`,
  );
  return r;
}

try {
  await waitForHealth();
  const headers = await signIn('seller');
  console.log('50 connections, 10 s each, against 127.0.0.1');
  await measure('GET /healthz', { url: `${base}/healthz` });
  await measure('POST /api/auth_check/', { url: `${base}/api/auth_check/`, method: 'POST', headers });
  await measure('GET /api/dynamic_balance/', { url: `${base}/api/dynamic_balance/`, headers });
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
