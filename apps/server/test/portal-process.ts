import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { CompactEncrypt, importJWK } from 'jose';

/** The envelope as the client reads it; `data` is whatever the call answers. */
// biome-ignore lint/suspicious/noExplicitAny: like the harness's res.json(), callers read the answer's fields directly.
export type PortalAnswer = { message_type: 0 | 1; message: string; data: any; code?: string };

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * Starts the portal as a real server process (apps/server/src/main.ts) on 127.0.0.1, for benchmarks and
 * tests that must restart or kill a copy. `env` adds to or overrides the defaults (fresh DATA_DIR given).
 */
export function spawnPortal(port: number, env: NodeJS.ProcessEnv, opts: { quiet?: boolean; nodeArgs?: string[] } = {}) {
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', opts.quiet ? 'ignore' : 'inherit'],
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    /** SIGTERM, then wait for the graceful shutdown to finish. */
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * A small HTTP client of a running portal (a real server process), for benchmarks and the crash test:
 * signs in like the web app (JWE payload) and posts JSON or multipart.
 */
export function createPortalClient(base: string) {
  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body ?? {}),
    });
    return { status: res.status, body: (await res.json()) as PortalAnswer };
  }

  return {
    post,
    async get(path: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${base}${path}`, { headers });
      return { status: res.status, body: (await res.json()) as PortalAnswer };
    },
    async waitForHealth(timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        try {
          if ((await fetch(`${base}/healthz`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`server at ${base} did not start`);
    },
    async signIn(username: string, password = 'Demo#2026') {
      const check = await post('/api/p_check/', { organisation_name: '127.0.0.1' });
      const key = await importJWK(check.body.data.login_key, 'RSA-OAEP-256');
      const payload = {
        username,
        password,
        fingerprint: 'portal-client-0001',
        nonce: randomBytes(16).toString('base64url'),
        iat: Math.floor(Date.now() / 1000),
      };
      const data = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: check.body.data.login_key.kid })
        .encrypt(key);
      const s = (await post('/api/login/', { data })).body.data;
      if (!s?.access_token) throw new Error(`sign-in of ${username} failed`);
      return {
        authorization: `Bearer ${s.access_token}`,
        'x-session-id': s.session_id as string,
        'x-customer-id': String(s.customer_id),
      };
    },
    async upload(
      path: string,
      fields: Record<string, string>,
      file: { field: string; name: string; content: string },
      headers: Record<string, string>,
    ) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append(file.field, new Blob([file.content], { type: 'text/csv' }), file.name);
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: form });
      return { status: res.status, body: (await res.json()) as PortalAnswer };
    },
  };
}
export type PortalClient = ReturnType<typeof createPortalClient>;
