import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect, migrateDb, underStartupLock } from './db/connect.ts';
import { type EmbeddedDb, startEmbedded } from './db/embedded.ts';
import { createJobs } from './platform/jobs.ts';
import { loadKeys } from './platform/keys.ts';
import { describeStartupFailure } from './platform/startup-error.ts';
import { seedDemo } from './seed.ts';

const log = (m: string) => console.error(`[portal] ${m}`);
let closing = false;
let port = Number(process.env.PORT ?? 8080);
let embedded: EmbeddedDb | null = null;

/** Boot: configuration → database (embedded or DATABASE_URL) → migrate → demo data → jobs → listen. */
async function boot() {
  const config = loadConfig();
  port = config.PORT;
  embedded = config.DATABASE_URL ? null : await startEmbedded(config.DATA_DIR, config.EMBEDDED_PG_PORT, log);
  const url = config.DATABASE_URL ?? (embedded as EmbeddedDb).url;
  const db = connect(url, config.DB_POOL_SIZE);
  await migrateDb(db);
  if (!config.production && config.SEED_DEMO !== false && (await underStartupLock(db, () => seedDemo(db)))) {
    log('demo data created');
  }
  const jobs = createJobs(url, {
    // While stopping, the queue's connections are cut on purpose; that is no error worth a line.
    error: (o, m) => closing || log(`${m}: ${String((o as { err?: Error }).err?.message ?? '')}`),
  });
  const app = await buildApp({ config, db, jobs, keys: loadKeys(config) });
  await jobs.start();
  for (const [name, cron] of app.schedules) await jobs.schedule(name, cron);
  await app.listen({ port: config.PORT, host: config.HOST });
  return { app, jobs, db };
}

let started: Awaited<ReturnType<typeof boot>>;
try {
  started = await boot();
} catch (err) {
  closing = true;
  // One line that says what failed and what to do, never a stack or an uncaught `undefined`.
  log(describeStartupFailure(err, { port }));
  await (embedded as EmbeddedDb | null)?.stop().catch(() => undefined);
  process.exit(1);
}
const { app, jobs, db } = started;

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing running requests and jobs');
  // Stop taking requests and let running ones finish, then let running jobs finish.
  // Each stage's finishing time, so a slow stop says which stage held it.
  const t0 = Date.now();
  const took: Record<string, number> = {};
  const stage = async (name: string, run: () => Promise<unknown>) => {
    await run();
    took[name] = Date.now() - t0;
  };
  await stage('requests', () => app.close());
  await stage('inflight', () => app.inflight.drained(10_000));
  await stage('jobs', () => jobs.stop());
  await stage('pool', () => db.$client.end());
  await stage('database', async () => embedded?.stop());
  app.log.info({ ms: took }, 'stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
