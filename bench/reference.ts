import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { runTool } from './tool.ts';

/**
 * The reference purchase transaction of `../shared/bench/` (the yardstick every selling figure is divided by):
 * its schema loaded into a database of its own on the portal's PostgreSQL, its script run by pgbench where
 * `pgbench --version` works, otherwise the same statements as named prepared statements from 50 `pg` clients.
 * A ratio is only ever taken against a reference run by the same driver, which the output names.
 */
const SHARED = new URL('../../shared/bench/', import.meta.url);
const REFERENCE_DB = 'reference';

export interface ReferenceResult {
  driver: string;
  perSecond: number;
  /** Average latency in ms (pgbench reports no percentiles without a log; the pg driver reports p50/p99 too). */
  latencyAvg: number;
  p50?: number;
  p99?: number;
  done: number;
  failed: number;
}

/** The PostgreSQL binaries' folder that has a working pgbench, or null. */
function findPgbench(): string | null {
  for (const candidate of ['pgbench', '/usr/lib/postgresql/15/bin/pgbench', '/usr/lib/postgresql/16/bin/pgbench']) {
    const r = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (r.status === 0) return candidate;
  }
  return null;
}

export function referenceDriver(): { kind: 'pgbench' | 'pg'; name: string; bin: string | null } {
  const bin = findPgbench();
  if (bin) {
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
    return { kind: 'pgbench', name: version, bin };
  }
  const pgVersion = JSON.parse(readFileSync(new URL('../node_modules/pg/package.json', import.meta.url), 'utf8'))
    .version as string;
  return { kind: 'pg', name: `node-postgres ${pgVersion}, named statements`, bin: null };
}

/** Creates the reference database and loads `reference-schema.sql` into it (2 000 000 PINs). */
export async function loadReference(adminUrl: string) {
  const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${REFERENCE_DB}`);
  await admin.query(`create database ${REFERENCE_DB}`);
  await admin.end();
  const c = new pg.Client({ connectionString: `${adminUrl}/${REFERENCE_DB}` });
  await c.connect();
  // One statement at a time: a multi-statement query is one implicit transaction, which VACUUM refuses.
  const statements = readFileSync(new URL('reference-schema.sql', SHARED), 'utf8').split(/;\s*\n/);
  for (const statement of statements.filter((t) => t.trim())) await c.query(statement);
  await c.end();
}

/** One reference run of `seconds` with `clients` connections. */
export async function runReference(
  adminUrl: string,
  clients: number,
  seconds: number,
  driver = referenceDriver(),
): Promise<ReferenceResult> {
  if (driver.kind === 'pgbench' && driver.bin) return runPgbench(driver.bin, adminUrl, clients, seconds, driver.name);
  return runPgClients(adminUrl, clients, seconds, driver.name);
}

/** pgbench running `script` (the reference's by default) on `database` (the reference's by default). */
export async function runPgbench(
  bin: string,
  adminUrl: string,
  clients: number,
  seconds: number,
  name: string,
  target = { script: new URL('reference-purchase.sql', SHARED).pathname, database: REFERENCE_DB },
): Promise<ReferenceResult> {
  const url = new URL(adminUrl);
  const args = ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds)];
  args.push('-f', target.script);
  args.push('-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username), target.database);
  const out = await runTool(bin, args, { PGPASSWORD: decodeURIComponent(url.password) });
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? Number.NaN);
  return {
    driver: name,
    perSecond: num(/tps = ([\d.]+)/),
    latencyAvg: num(/latency average = ([\d.]+) ms/),
    done: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
  };
}

/** The pgbench script as named prepared statements: the same work, one round trip per statement. */
const STATEMENTS = [
  {
    name: 'ref_debit',
    text: 'UPDATE wallets SET balance = balance - 10 WHERE customer_id = $1 AND balance - 10 >= -credit_limit',
  },
  {
    name: 'ref_sale',
    text: `WITH s AS (INSERT INTO sales (customer_id, config_id, amount, idem_key) VALUES ($1, $2, 10, md5(random()::text)) RETURNING id),
c AS (DELETE FROM stock_available WHERE (config_id, pin_id) IN (SELECT config_id, pin_id FROM stock_available WHERE config_id = $2 ORDER BY pin_id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING pin_id)
UPDATE pins p SET sold_at = now(), sale_id = (SELECT id FROM s) FROM c WHERE p.id = c.pin_id`,
  },
  {
    name: 'ref_lines',
    text: `INSERT INTO ledger_lines (entry_id, account, amount) VALUES (currval('sales_id_seq'), 'wallet:' || $1, -10), (currval('sales_id_seq'), 'revenue', 10)`,
  },
] as const;

async function runPgClients(adminUrl: string, clients: number, seconds: number, name: string) {
  const pool = new pg.Pool({ connectionString: `${adminUrl}/${REFERENCE_DB}`, max: clients });
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = await pool.connect();
      try {
        while (performance.now() < until) {
          const cust = 1 + Math.floor(Math.random() * 50);
          const cfg = 1 + Math.floor(Math.random() * 10);
          const t0 = performance.now();
          try {
            await c.query('BEGIN');
            await c.query({ ...STATEMENTS[0], values: [cust] });
            await c.query({ ...STATEMENTS[1], values: [cust, cfg] });
            await c.query({ ...STATEMENTS[2], values: [cust] });
            await c.query('COMMIT');
            latencies.push(performance.now() - t0);
          } catch {
            failed++;
            await c.query('ROLLBACK');
          }
        }
      } finally {
        c.release();
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    driver: name,
    perSecond: latencies.length / seconds,
    latencyAvg: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    done: latencies.length,
    failed,
  };
}
