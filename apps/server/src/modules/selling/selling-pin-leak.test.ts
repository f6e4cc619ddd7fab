import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, get, post, type TestContext } from '../../../test/harness.ts';
import { type App, buildApp, LOG_REDACT } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { connect, type Db } from '../../db/connect.ts';
import { manualClock } from '../../platform/clock.ts';
import { createJobs, type Jobs } from '../../platform/jobs.ts';
import { testKeys } from '../../platform/keys.ts';
import { seedDemo } from '../../seed.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, signInOnce, stockFor, topUp, transactionKey } from './selling.fixtures.ts';

/**
 * The catalogue's PIN-leak check extended to selling: PINs are sold singly, in bulk (rendered into a
 * file by the job and downloaded), replayed and reprinted; then every table is read as text and the
 * server log, captured at trace level, is searched. The PINs went out to their buyer in the answers,
 * but none is stored in clear (or hex-encoded) anywhere, and none reached the log.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let jobs: Jobs;
let app: App;
let ctx: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  db = connect(database.url, 20);
  await seedDemo(db);
  const clock = manualClock(new Date('2026-11-21T09:00:00Z'));
  jobs = createJobs(database.url, { error: (o, m) => logLines.push(`${m} ${JSON.stringify(o)}`) });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test' }),
    db,
    jobs,
    keys: testKeys(),
    clock,
    logger: { level: 'trace', stream, redact: LOG_REDACT },
  });
  await jobs.start();
  await app.ready();
  ctx = { app, db, clock, close: async () => {} };
}, 60_000);
afterAll(async () => {
  await app.close();
  await jobs.stop();
  await db.$client.end();
  await database.drop();
});

async function dumpEveryTable(): Promise<string> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const tables = await client.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  let dump = '';
  for (const t of tables.rows) {
    const rows = await client.query<{ line: string }>(
      `select t::text as line from "${t.schemaname}"."${t.tablename}" t`,
    );
    for (const row of rows.rows) dump += `${row.line}\n`;
  }
  await client.end();
  return dump;
}

describe('sold PINs never in a dump or a log', () => {
  it('keeps PINs of single and bulk sales, replays, reprints and downloads out of every table and the log', async () => {
    const ids = await demoIds(db);
    const seller = await signInOnce(ctx, 'seller');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 40, shops: [ids.seller] });
    await topUp(ctx, ids.seller, '500');

    const key = await transactionKey(ctx, seller);
    const single = await buy(ctx, seller, stock.configurationId, 3, key);
    expect(single.status).toBe(200);
    expect((await buy(ctx, seller, stock.configurationId, 3, key)).status).toBe(200); // replay
    const reprint = await post(app, '/api/reprint_sale/', { sale_id: single.body.data.sale_id }, seller);
    expect(reprint.body.data.pins).toHaveLength(3);

    const bulk = await post(
      app,
      '/api/add_bulk_transaction_v3/',
      { transaction_key: await transactionKey(ctx, seller), configuration: stock.configurationId, quantity: 31 },
      seller,
    );
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const downloadId = bulk.body.data.download_id;
    for (let i = 0; i < 100; i++) {
      if ((await get(app, `/api/download/${downloadId}/`, seller)).body.data.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const kind of ['csv', 'pdf']) {
      const file = await app.inject({
        method: 'GET',
        url: `/api/download/${downloadId}/${kind}/`,
        headers: { host: 'localhost', ...seller },
      });
      expect(file.statusCode).toBe(200);
    }

    const dump = await dumpEveryTable();
    expect(dump).toContain('Demo Shop Berlin'); // the dump is real
    expect(dump).toContain('sale:'); // and holds the sales' ledger entries
    const log = logLines.join('\n');
    expect(log).toContain('/api/add_transaction_v3/'); // the log is real
    expect(log).toContain('/api/download/');
    for (const pin of stock.pins) {
      expect(dump.includes(pin), 'PIN in dump').toBe(false);
      expect(dump.includes(Buffer.from(pin).toString('hex')), 'PIN (hex) in dump').toBe(false);
      expect(log.includes(pin), 'PIN in log').toBe(false);
    }
  }, 120_000);
});
