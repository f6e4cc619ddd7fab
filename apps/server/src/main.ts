import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect, migrateDb } from './db/connect.ts';
import { startEmbedded } from './db/embedded.ts';
import { createJobs } from './platform/jobs.ts';
import { loadKeys } from './platform/keys.ts';
import { seedDemo } from './seed.ts';

/** Boot: configuration → database (embedded or DATABASE_URL) → migrate → demo data → jobs → listen. */
const config = loadConfig();
const log = (m: string) => console.error(`[portal] ${m}`);
const embedded = config.DATABASE_URL ? null : await startEmbedded(config.DATA_DIR, config.EMBEDDED_PG_PORT, log);
const url = config.DATABASE_URL ?? embedded!.url;
const db = connect(url, config.DB_POOL_SIZE);
await migrateDb(db);
if (!config.production && config.SEED_DEMO !== false && (await seedDemo(db))) log('demo data created');
let closing = false;
const jobs = createJobs(url, {
  // While stopping, the queue's connections are cut on purpose; that is no error worth a line.
  error: (o, m) => closing || log(`${m}: ${String((o as { err?: Error }).err?.message ?? '')}`),
});
const app = await buildApp({ config, db, jobs, keys: loadKeys(config) });
await jobs.start();
for (const [name, cron] of app.schedules) await jobs.schedule(name, cron);
await app.listen({ port: config.PORT, host: config.HOST });

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing running requests and jobs');
  // Stop taking requests and let running ones finish, then let running jobs finish.
  await app.close();
  await app.inflight.drained(10_000);
  await jobs.stop();
  await db.$client.end();
  await embedded?.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
