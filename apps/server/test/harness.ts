import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { LoginResult } from '@portal/contract/auth';
import { sql } from 'drizzle-orm';
import { CompactEncrypt, importJWK } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp, LOG_REDACT } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connect, type Db } from '../src/db/connect.ts';
import { manualClock } from '../src/platform/clock.ts';
import { createJobs } from '../src/platform/jobs.ts';
import { type Keys, testKeys } from '../src/platform/keys.ts';
import type { MessageSender, OutgoingMessage } from '../src/providers/messaging.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/seed.ts';

export { DEMO_PASSWORD };

/**
 * A fresh database cloned from the migrated template, for one test file. A test's own fixtures (rows written
 * straight through `ctx.db` or `pg`, outside any request or job) are recorded in the audit trail as the tool `test`,
 * the database's default actor; requests and jobs name their own actor over it. The app's own pool overrides the
 * default with none (`createTestApp`), as in production. `strictActor`: no default for the fixtures either, so a
 * change that names no actor is refused wherever it comes from (decision 0141).
 */
export async function freshDatabase(
  opts: { strictActor?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  if (!opts.strictActor) await admin.query(`alter database ${name} set portal.actor = '{"name":"test"}'`);
  await admin.end();
  return {
    url: `${adminUrl}/${name}`,
    async drop() {
      const c = new pg.Client({ connectionString: `${adminUrl}/postgres` });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: App;
  /**
   * The test's own pool, for fixtures and reads: its writes act as the tool `test` (the database's default). Not the
   * app's pool, which names no actor outside a request, job, seed or migration; a service called straight from a
   * test runs inside `asActor('test', …)`.
   */
  db: Db;
  /** The app's own pool, for a test that watches the statements the app itself runs; never for fixtures. */
  appDb: Db;
  clock: ReturnType<typeof manualClock>;
  /** The test database's URL, for checks that read it from outside the app. */
  url: string;
  /** Every log line at trace level, with the server's own redaction, when the test asked for it. */
  logLines: string[];
  /**
   * The SMS and e-mails sent to a recipient, oldest first, once every message queued for them has been
   * delivered: tests read codes from what was sent, never from the outbox table (it holds them sealed).
   */
  messagesTo(recipient: string): Promise<SentMessage[]>;
  /**
   * Stops this app and its jobs as a crash or a deploy would, and starts a new app with new jobs on the same
   * database (what pg-boss and the tables hold survives); this context must not be used afterwards. With `keys`,
   * the new app reads and writes with them (a key rotation's deploy step), otherwise with the same keys.
   */
  restart(keys?: Keys): Promise<TestContext>;
  /** The keys the app runs with. */
  keys: Keys;
  /**
   * Another copy of the server on the same database and data folder, with its own jobs and `keys`: two copies behind
   * a load balancer. Closing (or restarting) it stops only that copy.
   */
  copy(keys: Keys): Promise<TestContext>;
  close(): Promise<void>;
}

type TestAppOptions = {
  seed?: boolean;
  env?: NodeJS.ProcessEnv;
  captureLog?: boolean;
  /** No default actor for the test's own writes either: `ctx.db` then writes only inside `asActor` (decision 0141). */
  strictActor?: boolean;
};

export interface SentMessage extends OutgoingMessage {
  id: number;
  channel: 'sms' | 'email';
}

/** buildApp() on its own database with demo data, a clock the test moves and running jobs. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestContext> {
  const database = await freshDatabase({ strictActor: opts.strictActor });
  // Its own data folder (the simulators' files live there), kept across `restart` like a server's, gone on `close`.
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  return startApp(database, dataDir, opts, testKeys(), opts.seed !== false);
}

async function startApp(
  database: Awaited<ReturnType<typeof freshDatabase>>,
  dataDir: string,
  opts: TestAppOptions,
  keys: Keys,
  seed: boolean,
  owner = true,
): Promise<TestContext> {
  // The server's pool names no actor even where the database gives one (as in production): a server write outside
  // every request, job, seed and migration is refused here too. The test's own fixtures write through `fixtures`,
  // which keeps the database's default `test` (none with `strictActor`).
  const db = connect(database.url, 30, { actor: null });
  const fixtures = connect(database.url, 10);
  if (seed) await seedDemo(db);
  const clock = manualClock(new Date('2026-11-21T09:00:00Z'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...opts.env });
  const logLines: string[] = [];
  const jobs = createJobs(database.url, {
    error: (o, m) => opts.captureLog && logLines.push(`${m} ${JSON.stringify(o)}`),
  });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const logger = opts.captureLog ? { level: 'trace', stream, redact: LOG_REDACT } : undefined;
  const sent: SentMessage[] = [];
  const capture = (channel: 'sms' | 'email'): MessageSender => ({
    name: `capture-${channel}`,
    async send(m) {
      sent.push({ ...(m as SentMessage), channel });
    },
  });
  const senders = { sms: capture('sms'), email: capture('email') };
  const app = await buildApp({ config, db, jobs, keys, clock, logger, senders });
  await jobs.start();
  await app.ready();
  async function stop() {
    await app.close();
    await jobs.stop();
    await db.$client.end();
    await fixtures.$client.end();
  }
  return {
    app,
    db: fixtures,
    appDb: db,
    clock,
    url: database.url,
    logLines,
    async messagesTo(recipient) {
      for (let waited = 0; waited < 15_000; waited += 50) {
        const { rows } = await fixtures.execute<{ n: number }>(
          sql`select count(*)::int as n from outbox_messages where recipient = ${recipient}`,
        );
        const mine = sent.filter((m) => m.recipient === recipient).sort((a, b) => a.id - b.id);
        if (mine.length >= rows[0]!.n) return mine; // count(*) answers one row
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`messages to ${recipient} were not delivered`);
    },
    keys,
    async restart(next?: Keys) {
      await stop();
      // The same keys, as a restarted server reads them again: what was sealed before still opens.
      return startApp(database, dataDir, opts, next ?? keys, false, owner);
    },
    copy: (other: Keys) => startApp(database, dataDir, opts, other, false, false),
    async close() {
      await stop();
      if (!owner) return;
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function post(app: App, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { host: 'localhost', ...headers },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function get(app: App, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** The sign-in payload encrypted exactly as the web client does it. */
export async function loginData(
  app: App,
  fields: { username: string; password?: string; fingerprint?: string; nonce?: string; iat?: number },
  now: Date,
  host = 'localhost',
) {
  const check = await post(app, '/api/p_check/', { organisation_name: host }, { host });
  const key = await importJWK(check.body.data.login_key, 'RSA-OAEP-256');
  const payload = {
    username: fields.username,
    password: fields.password ?? DEMO_PASSWORD,
    fingerprint: fields.fingerprint ?? 'device-fingerprint-0001',
    nonce: fields.nonce ?? randomBytes(16).toString('base64url'),
    iat: fields.iat ?? Math.floor(now.getTime() / 1000),
  };
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: check.body.data.login_key.kid })
    .encrypt(key);
}

export async function login(
  ctx: TestContext,
  fields: Parameters<typeof loginData>[1],
  opts: { ip?: string; host?: string } = {},
) {
  const host = opts.host ?? 'localhost';
  const data = await loginData(ctx.app, fields, ctx.clock.now(), host);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { data },
    headers: { host },
    remoteAddress: opts.ip ?? '10.0.0.1',
  });
  return {
    status: res.statusCode,
    body: res.json() as { data: LoginResult; message: string; code?: string; retry_after?: number },
  };
}

export function authHeaders(s: { access_token: string; session_id: string; customer_id: number }) {
  return {
    authorization: `Bearer ${s.access_token}`,
    'x-session-id': s.session_id,
    'x-customer-id': String(s.customer_id),
  };
}

/** Signs a demo user in and returns the three auth headers. */
export async function signIn(ctx: TestContext, username: string) {
  const res = await login(ctx, { username });
  if (res.body.data?.status !== 'signed_in')
    throw new Error(`sign-in of ${username} failed: ${JSON.stringify(res.body)}`);
  return authHeaders(res.body.data);
}

/**
 * Every table of every schema as text, for the PIN-leak checks. `COPY … TO STDOUT` through psql where
 * the machine has it (the COPY protocol does not depend on the server version, pg_dump does); each row
 * cast to text as well, which needs nothing but the driver and prints every column, bytea as hex.
 */
export async function dumpEveryTable(url: string, schemas?: string[]): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('error', () => {});
  const tables = await client.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema')
     and ($1::text[] is null or schemaname = any($1)) order by schemaname, tablename`,
    [schemas ?? null],
  );
  const hasPsql = spawnSync('psql', ['--version']).status === 0;
  let dump = '';
  for (const t of tables.rows) {
    const name = `"${t.schemaname}"."${t.tablename}"`;
    if (hasPsql) {
      const out = spawnSync('psql', [url, '-X', '-q', '-c', `copy (select * from ${name}) to stdout`], {
        encoding: 'utf8',
      });
      if (out.status !== 0) throw new Error(`psql copy of ${name} failed: ${out.stderr}`);
      dump += out.stdout;
    }
    const rows = await client.query<{ line: string }>(`select t::text as line from ${name} t`);
    for (const row of rows.rows) dump += `${row.line}\n`;
  }
  await client.end();
  return dump;
}
