import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { backupDir, loadConfig } from './config.ts';
import { backupDatabase, RestoreRefused, restoreDatabase } from './db/backup.ts';
import { runningEmbeddedUrl, startEmbedded } from './db/embedded.ts';

/**
 * `npm run db:backup [-- file]` and `npm run db:restore -- file [--replace]` on the configured database:
 * `DATABASE_URL`, or the embedded one (read while the portal runs; restored only while it is stopped).
 */
const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const file =
  args.find((a) => !a.startsWith('--')) ?? (command === 'backup' ? join(backupDir(config), defaultName()) : undefined);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('usage: npm run db:backup [-- <file>] | npm run db:restore -- <file> [--replace]');
  process.exit(2);
}

const running = config.DATABASE_URL ? null : runningEmbeddedUrl(config.DATA_DIR, config.EMBEDDED_PG_PORT);
if (command === 'restore' && running) {
  console.error('The portal is running on this embedded database: stop it, then restore.');
  process.exit(1);
}
const embedded =
  config.DATABASE_URL || running ? null : await startEmbedded(config.DATA_DIR, config.EMBEDDED_PG_PORT, console.error);
const url = config.DATABASE_URL ?? running ?? embedded?.url ?? '';
try {
  if (command === 'backup') {
    mkdirSync(backupDir(config), { recursive: true, mode: 0o700 });
    const header = await backupDatabase(url, file);
    const rows = header.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Backed up ${header.tables.length} tables, ${rows} rows, into ${file}.`);
  } else {
    const header = await restoreDatabase(url, file, { replace: args.includes('--replace') });
    console.log(`Restored the backup of ${header.created_at} (${header.tables.length} tables).`);
  }
} catch (err) {
  console.error(err instanceof RestoreRefused ? `Not restored: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}

function defaultName() {
  return `portal-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}.backup.gz`;
}
