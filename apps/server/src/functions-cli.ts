import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connect, MIGRATIONS_DIR, migrateDb } from './db/connect.ts';
import { letPostgresReachItsBinaries } from './db/embedded.ts';
import { describeDrift, functionsDrift, functionsMigration, readFunctionFiles } from './db/functions.ts';
import { initCluster, POSTGRES_PASSWORD, startPostgres } from './db/postgres-process.ts';

/**
 * `npm run db:functions [-- --check | --print] [--name <migration name>]`: compares the files of
 * `apps/server/src/db/functions/` with what the migrations make of a new database (an embedded PostgreSQL of its
 * own, migrated from scratch) and, when a function differs, writes a migration from the files that changed: a
 * custom drizzle migration (`drizzle-kit generate --custom`, so numbering, journal and snapshot stay what
 * `npm run db:generate` keeps) filled with their text, a DROP FUNCTION first where arguments or the return type
 * change. `--check` only reports (exit 1 on a difference), `--print` shows the migration without writing it.
 */
const args = process.argv.slice(2);
const check = args.includes('--check');
const print = args.includes('--print');
const nameAt = args.indexOf('--name');
const chosenName = nameAt >= 0 ? args[nameAt + 1] : undefined;
const ROOT = new URL('../../../', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

letPostgresReachItsBinaries();
const dir = mkdtempSync(join(tmpdir(), 'portal-functions-'));
const output: string[] = [];
const keep = (text: string) => output.push(text);
const port = await freePort();
await initCluster(dir, keep);
const server = await startPostgres(dir, port, ['-c', 'fsync=off'], keep);
const url = `postgres://postgres:${POSTGRES_PASSWORD}@127.0.0.1:${port}/postgres`;
try {
  const db = connect(url, 2);
  await migrateDb(db);
  await db.$client.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const files = readFunctionFiles();
  const report = await functionsDrift(client, files).finally(() => client.end());
  const problems = describeDrift(report);
  if (problems.length === 0) {
    console.log(`The ${files.length} files of db/functions/ match the functions the migrations create.`);
  } else {
    for (const line of problems) console.log(line);
    if (report.misplaced.length > 0) {
      console.error('Fix the files above first: each file creates the functions of its own name.');
      process.exitCode = 1;
    } else if (check) {
      process.exitCode = 1;
    } else {
      const names = report.drift.map((d) => d.name);
      const migration = `-- The current text of ${names.join(', ')}, from apps/server/src/db/functions/ (npm run db:functions).\n${functionsMigration(report, files)}`;
      for (const t of report.triggers) {
        console.error(
          `Trigger ${t.trigger} on ${t.table} uses ${t.function}, which the migration drops: drop and re-create the trigger in it by hand.`,
        );
      }
      if (print) {
        console.log(`\n${migration}`);
      } else {
        const name = chosenName ?? (names.length === 1 ? names[0] : `${names[0]}_and_${names.length - 1}_more`);
        writeMigration(name ?? 'functions', migration);
      }
    }
  }
} catch (err) {
  console.error(output.join(''));
  throw err;
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** A custom drizzle migration (the next number, its journal entry and snapshot), filled with `sql`. */
function writeMigration(name: string, sql: string) {
  const generated = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/drizzle-kit/bin.cjs'),
      'generate',
      '--custom',
      '--name',
      name,
      '--config',
      'apps/server/drizzle.config.ts',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (generated.status !== 0) throw new Error(`drizzle-kit generate --custom ended with ${generated.status}`);
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const tag = journal.entries.at(-1)?.tag;
  const file = join(MIGRATIONS_DIR, `${tag}.sql`);
  if (!tag?.endsWith(name) || !readFileSync(file, 'utf8').startsWith('-- Custom SQL migration file')) {
    throw new Error(`drizzle-kit did not write the empty migration expected (${file})`);
  }
  writeFileSync(file, sql);
  console.log(
    `Wrote ${file}: review it, then run the tests (npm run test:unit -- apps/server/src/db/functions.test.ts).`,
  );
}
