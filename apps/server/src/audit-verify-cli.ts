import { join } from 'node:path';
import pg from 'pg';
import { backupDir, loadConfig } from './config.ts';
import { ANCHOR_FILE, readAnchors, verifyChain } from './db/chain.ts';
import { runningEmbeddedUrl, startEmbedded } from './db/embedded.ts';

/**
 * `npm run audit:verify [-- --anchors <file> …]`: recomputes the audit chain (decision 0142) from the configured
 * database — `DATABASE_URL`, or the embedded one, running or not — and checks it against the stored seals and the
 * anchor files (default: `audit-anchors.jsonl` in the backup folder). Exit 0: intact; 1: the first broken seal is
 * named; 2: wrong usage or no anchors to check against.
 */
const args = process.argv.slice(2);
const config = loadConfig();
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const file = args[i + 1];
  if (args[i] === '--anchors' && file) {
    files.push(file);
    i++;
  } else {
    console.error('usage: npm run audit:verify [-- --anchors <file> …]');
    process.exit(2);
  }
}
if (!files.length) files.push(join(backupDir(config), ANCHOR_FILE));

const running = config.DATABASE_URL ? null : runningEmbeddedUrl(config.DATA_DIR, config.EMBEDDED_PG_PORT);
const embedded =
  config.DATABASE_URL || running ? null : await startEmbedded(config.DATA_DIR, config.EMBEDDED_PG_PORT, console.error);
const client = new pg.Client({ connectionString: config.DATABASE_URL ?? running ?? embedded?.url ?? '' });
try {
  const anchors = files.flatMap((f) => readAnchors(f));
  await client.connect();
  const result = await verifyChain(client, anchors);
  if (!result.ok) {
    console.error(`audit chain broken at seal ${result.sealId}: ${result.reason}`);
    process.exitCode = 1;
  } else if (result.seals > 0 && anchors.length === 0) {
    console.error(`${result.seals} seals agree with their rows, but no anchor was found in ${files.join(', ')}`);
    process.exitCode = 2;
  } else {
    const past = result.pastRetention ? `, ${result.pastRetention} ranges deleted after their retention` : '';
    console.log(`audit chain intact: ${result.seals} seals, ${result.anchors} anchors${past}`);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
  await embedded?.stop();
}
