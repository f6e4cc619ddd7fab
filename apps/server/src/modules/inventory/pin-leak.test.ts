import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, freshDatabase, login } from '../../../test/harness.ts';
import { type App, buildApp, LOG_REDACT } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { connect, type Db } from '../../db/connect.ts';
import { manualClock } from '../../platform/clock.ts';
import { createJobs, type Jobs } from '../../platform/jobs.ts';
import { testKeys } from '../../platform/keys.ts';
import { seedDemo } from '../../seed.ts';
import {
  createProduct,
  createSupplier,
  importPins,
  makePins,
  postMultipart,
  uploadAndMap,
} from './inventory.fixtures.ts';

/**
 * PINs at rest: known PINs are imported (some sold, some unpublished, some still waiting in an upload
 * or refused as failed rows), then every table of the database is exported as text and the server
 * log, captured at trace level, is read: no PIN appears in either, in clear or hex-encoded.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let jobs: Jobs;
let app: App;
let clock: ReturnType<typeof manualClock>;
const logLines: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  db = connect(database.url, 10);
  await seedDemo(db);
  clock = manualClock(new Date('2026-11-21T09:00:00Z'));
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
});
afterAll(async () => {
  await app.close();
  await jobs.stop();
  await db.$client.end();
  await database.drop();
});

/**
 * Every table of every schema as text. `COPY … TO STDOUT` through psql where the machine has it (the
 * COPY protocol does not depend on the server version, pg_dump does); each row cast to text as well,
 * which needs nothing but the driver and prints every column, bytea as hex, the way COPY does.
 */
async function dumpEveryTable(): Promise<string> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const tables = await client.query<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  const hasPsql = spawnSync('psql', ['--version']).status === 0;
  let dump = '';
  client.on('error', () => {});
  for (const t of tables.rows) {
    const name = `"${t.schemaname}"."${t.tablename}"`;
    if (hasPsql) {
      const out = spawnSync('psql', [database.url, '-X', '-q', '-c', `copy (select * from ${name}) to stdout`], {
        encoding: 'utf8',
      });
      expect(out.status, out.stderr).toBe(0);
      dump += out.stdout;
    }
    const rows = await client.query<{ line: string }>(`select t::text as line from ${name} t`);
    for (const row of rows.rows) dump += `${row.line}\n`;
  }
  await client.end();
  return dump;
}

describe('PINs never in a dump or a log', () => {
  it('keeps imported, sold, pending and refused PINs out of every table and the log', { timeout: 60_000 }, async () => {
    const res = await login({ app, db, clock, close: async () => {} }, { username: 'reseller' });
    const headers = authHeaders(res.body.data as never);
    const product = await createProduct(app, headers, { pin_length: 16 });
    const supplier = await createSupplier(app, headers);
    const map = { configuration_id: product.configurations[0].id, supplier_id: supplier.supplier_id };
    const published = makePins(20, 16);
    const unpublished = makePins(5, 16);
    const pending = makePins(5, 16);
    const cancelled = makePins(3, 16);
    const refused = makePins(2, 15); // wrong length: stored only as a failed row
    await importPins(app, headers, published, map);
    await importPins(app, headers, unpublished, { ...map, import_batch: 'HIDDEN' }, 0);
    await uploadAndMap(app, headers, [...pending, ...refused].join('\n'), map); // validated, never approved
    const c = await uploadAndMap(app, headers, cancelled.join('\n'), map);
    await app.inject({
      method: 'POST',
      url: '/api/upload_step_three/',
      payload: { import_id: c.importId, cancel: 1 },
      headers: { host: 'localhost', ...headers },
    });
    await postMultipart(
      app,
      '/api/upload_file/',
      { delimiter: ',' },
      { field: 'csv_file', filename: 'p.csv', content: pending.join('\n') },
      headers,
    );
    // Sell some: claimed from available_stock and marked sold.
    const sold = await db.transaction((tx) => app.services.inventory.claimPins(product.configurations[0].id, 7, tx));
    expect(sold).toHaveLength(7);
    // Calls that carry a PIN in their body: a search, and a refused request.
    for (const pin of [published[0], unpublished[0], pending[0]]) {
      await app.inject({
        method: 'POST',
        url: '/api/inventory_batch_and_pin_search/',
        payload: { search_type: 'pin', search_text: pin },
        headers: { host: 'localhost', ...headers },
      });
    }
    await app.inject({
      method: 'POST',
      url: '/api/inventory_batch_and_pin_search/',
      payload: { search_type: 'serial', search_text: published[1] },
      headers: { host: 'localhost', ...headers },
    });

    const dump = await dumpEveryTable();
    expect(dump).toContain('Demo Reseller GmbH'); // the dump is real
    expect(dump).toContain(published[0].slice(-4)); // masked hints are all that is kept
    const log = logLines.join('\n');
    expect(log).toContain('/api/inventory_batch_and_pin_search/'); // the log is real
    for (const pin of [...published, ...unpublished, ...pending, ...cancelled, ...refused]) {
      const hex = Buffer.from(pin).toString('hex');
      expect(dump.includes(pin), `PIN in dump`).toBe(false);
      expect(dump.includes(hex), `PIN (hex) in dump`).toBe(false);
      expect(log.includes(pin), `PIN in log`).toBe(false);
    }
  });
});
