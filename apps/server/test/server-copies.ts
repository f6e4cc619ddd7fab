import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase } from './harness.ts';
import { spawnPortal } from './portal-process.ts';

/**
 * Real server copies on one fresh database and data folder, for the tests that kill a copy in the middle of a job and
 * let another take over. `sql` is the test's own connection: it holds the locks a copy is made to wait on.
 */
export async function serverCopies(dataDirPrefix: string) {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  const running: ChildProcess[] = [];
  return {
    url: database.url,
    sql,
    /** Starts a copy on `port`, its output silenced. */
    start(port: number) {
      const { child } = spawnPortal(port, { DATABASE_URL: database.url, DATA_DIR: dataDir }, { quiet: true });
      running.push(child);
      return child;
    },
    /** The `n` a counting query answers. */
    async count(q: string, params: unknown[] = []) {
      return Number((await sql.query(q, params)).rows[0].n);
    },
    /** Kills the copies still running, then drops the database and removes the data folder. */
    async close() {
      for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
      await sql.end();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type ServerCopies = Awaited<ReturnType<typeof serverCopies>>;
