import { loadConfig } from './config.ts';
import { connect, migrateDb, underStartupLock } from './db/connect.ts';
import { startEmbedded } from './db/embedded.ts';
import { seedDemo } from './seed.ts';

/** `npm run seed`: create the demo data on the configured database (idempotent). */
const config = loadConfig();
const embedded = config.DATABASE_URL
  ? null
  : await startEmbedded(config.DATA_DIR, config.EMBEDDED_PG_PORT, console.error);
const db = connect(config.DATABASE_URL ?? embedded!.url, 2);
await migrateDb(db);
console.log((await underStartupLock(db, () => seedDemo(db))) ? 'Demo data created.' : 'Demo data already present.');
await db.$client.end();
await embedded?.stop();
