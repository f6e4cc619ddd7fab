import { loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { runningEmbeddedUrl } from './db/embedded.ts';
import { createKeyRotationRepository, ROTATED_TABLES } from './modules/keys/key-rotation.repository.ts';
import { loadKeys } from './platform/keys.ts';
import { createPinCrypto } from './platform/pin-crypto.ts';

/**
 * `npm run keys:rotate` starts (or shows) the re-encryption and re-index towards the active keys of this
 * configuration (decision 0148, docs/operations.md "Key rotation"); a running copy works on it every minute.
 * `npm run keys:status` shows the latest run. Prints key ids and counts, never a key.
 */
const command = process.argv[2];
if (command !== 'rotate' && command !== 'status') {
  console.error('usage: npm run keys:rotate | npm run keys:status');
  process.exit(2);
}
const config = loadConfig();
const url = config.DATABASE_URL ?? runningEmbeddedUrl(config.DATA_DIR, config.EMBEDDED_PG_PORT);
if (!url) {
  console.error('No database: set DATABASE_URL, or start the portal (its embedded database) first.');
  process.exit(1);
}
const db = connect(url, 2, { actor: 'cli:keys-rotate' });
try {
  const repo = createKeyRotationRepository(db);
  if (command === 'rotate') {
    const { active } = createPinCrypto(loadKeys(config));
    const id = await repo.insertRun(active, `cli:${process.env.USER ?? 'operator'}`);
    console.log(`Key rotation ${id} towards encryption key ${active.encryption}, index key ${active.index}.`);
  }
  const run = await repo.latest();
  if (!run) console.log('No key rotation has run.');
  else {
    console.log(
      `Rotation ${run.id}: ${run.status}, towards encryption key ${run.target_encryption_key}, index key ${run.target_index_key}; started ${run.started_at}${run.finished_at ? `, finished ${run.finished_at}` : ''}.`,
    );
    for (const t of ROTATED_TABLES) {
      const p = run.progress[t];
      console.log(
        `  ${t}: ${p ? `${p.done ? 'done' : 'under way'}, ${p.seen} rows seen, ${p.changed} changed` : 'not started'}`,
      );
    }
    for (const c of run.collisions) {
      console.log(
        `  collision: ${c.table} row ${c.row} keeps its old index; row ${c.other ?? '?'} holds the PIN under the new one`,
      );
    }
  }
} finally {
  await db.$client.end();
}
