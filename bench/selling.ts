import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPortalClient, spawnPortal } from '../apps/server/test/portal-process.ts';
import { createSalesSeed, keyOf, type SeedShop as Shop } from '../apps/server/test/sales-seed.ts';
import { cpuSeconds } from './cpu.ts';
import { type HttpRun, httpDriver } from './http-driver.ts';
import { prepareSqlPurchases } from './purchase-in-sql.ts';
import { loadReference, type ReferenceResult, referenceDriver, runPgbench, runReference } from './reference.ts';
import { waitForRollup } from './rollup.ts';
import { enableStatementStats, watchStatements } from './statements.ts';

/**
 * `npm run bench:selling`: purchases per second with 50 concurrent sellers over HTTP against the portal on a fresh
 * embedded PostgreSQL (127.0.0.1 only), each figure divided by the reference purchase transaction of
 * `../shared/bench/` run on the same PostgreSQL in the same run: reference → A → B → reference.
 *
 * Stock: BENCH_PINS PINs (default 2 000 000) seeded with generate_series, 80 % of them already sold with their sales
 * and ledger entries (seedHistory), so `pins`, `sales` and the ledger are as large as in a portal that sold them and
 * `available_stock` holds the unsold fifth. Two scenarios of BENCH_SECONDS (default 20) each:
 *   A  50 shops spread over 10 resellers, each reseller selling its own stock;
 *   B  50 shops of one reseller buying platform stock, so every sale also debits that one reseller wallet.
 * Shops, sessions and transaction keys are written into the database directly: 100 sign-ins would only measure
 * argon2 and the sign-in rate limit. Every request carries a fresh, pre-issued key; wrk sends them where installed,
 * else autocannon (http-driver.ts). BENCH_ROUNDS (default 3) repeats the four runs; each round's ratios are taken
 * against that round's references, and the summary names the best.
 * With pgbench, each round also runs A as one `portal_purchase` call per purchase without HTTP (purchase-in-sql.ts).
 * BENCH_STATEMENTS=1 also prints, after each HTTP run, the statements a purchase ran inside PostgreSQL (statements.ts).
 */
const PORT = 18190;
const PG_PORT = 54393;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TOTAL_PINS = Number(process.env.BENCH_PINS ?? 2_000_000);
const SOLD_SHARE = 0.8;
const CLIENTS = 50;
const RESELLERS = 10;
/** Rounds of reference → A → B → reference; the summary takes each scenario's best ratio ("best of three"). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Keys per shop and run: far more than a shop can use in one run (one connection, at most about 50 purchases/s). */
const KEYS_PER_SHOP = Math.max(1_000, 50 * SECONDS);
/** Distinct ciphertexts for the unsold PINs; PINs repeat across rows, which a sale never checks. */
const CIPHER_POOL = 20_000;

const pinKey = randomBytes(32);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-selling-'));
const portalEnv = {
  // As a shop runs it: without the tests' strict answer check (development differs from production only in the
  // demo data, which the bench builds on, and in the local mail and SMS senders printing what they send).
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(PG_PORT),
  PIN_ENCRYPTION_KEY: pinKey.toString('base64'),
  PIN_INDEX_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'error',
};
/** BENCH_CPU_PROFILE=<dir>: the portal writes a V8 CPU profile of its whole life there (open it in Chrome's DevTools). */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const portalOptions = { quiet: true, nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [] };
let portal = spawnPortal(PORT, portalEnv, portalOptions);
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';
const pool = new pg.Pool({ connectionString: `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/portal`, max: 20 });
// The portal stops its PostgreSQL at the end, which ends idle connections: no error worth a crash.
pool.on('error', () => {});
const { one, loadCiphertexts, fundedCustomers, fund, product, seedPins, seedHistory, slab, assign, shops } =
  createSalesSeed(pool, {
    pinKey,
    soldShare: SOLD_SHARE,
    cipherPool: CIPHER_POOL,
    keysPerShop: ROUNDS * KEYS_PER_SHOP + 1,
  });

const postmasterPid = () => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

type Run = HttpRun & { latencyAvg?: number };
type Result = Run & { cpuMs: { server: number; db: number; load: number } };

/**
 * A run with the CPU it cost per purchase: the portal process, and PostgreSQL with all its processes. Apart, the
 * load generator's: this process (autocannon, or the `pg` driver) and the wrk or pgbench it ran. It is not a cost of
 * the purchase, but it runs on the same cores as the portal and PostgreSQL.
 */
async function measured(run: () => Promise<Run>): Promise<Result> {
  const pgPid = postmasterPid();
  const cpu = () => ({
    server: cpuSeconds(portal.child.pid ?? 0),
    db: cpuSeconds(pgPid, 'all'),
    load: cpuSeconds(process.pid, 'ended'),
  });
  const before = cpu();
  const r = await run();
  const after = cpu();
  const per = (key: keyof typeof before) => (1000 * (after[key] - before[key])) / Math.max(1, r.done);
  return { ...r, cpuMs: { server: per('server'), db: per('db'), load: per('load') } };
}

/** pgbench without a per-transaction log reports the average latency only. */
const latency = (r: Run) =>
  Number.isNaN(r.p50)
    ? `latency avg ${r.latencyAvg?.toFixed(1)} ms`
    : `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
const pct = (ratio: number) => `${(100 * ratio).toFixed(0)} %`;

/** One purchase first: a run of refusals would measure nothing. */
async function probe(shopsOfRun: Shop[]) {
  const r = await fetch(`${portal.base}/api/add_transaction_v3/`, {
    method: 'POST',
    headers: shopsOfRun[0].headers,
    body: JSON.stringify({
      transaction_key: keyOf(shopsOfRun[0].userId, 0),
      configuration: shopsOfRun[0].configurationId,
      quantity: 1,
    }),
  });
  if (r.status !== 200) throw new Error(`probe purchase: ${r.status} ${await r.text()}`);
}

try {
  const client = createPortalClient(portal.base);
  await client.waitForHealth(180_000);
  const t0 = performance.now();
  const base = await one<{ platform: number; reseller: number; org: number; admin: number }>(
    `select (select id from customers where account_role = 0) as platform,
            (select id from customers where name = 'Demo Reseller GmbH') as reseller,
            (select organisation_id from customers where account_role = 0) as org,
            (select id from users where username = 'superadmin') as admin`,
  );
  await loadCiphertexts();

  // Run A: ten resellers with their own stock; run B: the platform's stock sold through the demo reseller.
  const resellers = await fundedCustomers(RESELLERS, 1, () => base.platform, base.org, 'Bench Reseller');
  await fund([base.reseller]);
  const own: Awaited<ReturnType<typeof product>>[] = [];
  for (const [i, r] of resellers.entries()) own.push(await product(r, base.admin, `Bench Card R${i}`));
  const platformProduct = await product(base.platform, base.admin, 'Bench Platform Card');
  const perReseller = Math.floor(TOTAL_PINS / 2 / RESELLERS);
  for (const p of own) await seedPins(p, perReseller);
  await seedPins(platformProduct, TOTAL_PINS - perReseller * RESELLERS);
  await pool.query('drop table bench_ciphertexts');

  const shopsA = await fundedCustomers(CLIENTS, 2, (i) => resellers[i % RESELLERS], base.org, 'Bench Shop A');
  const shopsB = await fundedCustomers(CLIENTS, 2, () => base.reseller, base.org, 'Bench Shop B');
  const resellerSlabs = await Promise.all(own.map((p, i) => slab(resellers[i], [p.configurationId], '3')));
  await assign(
    shopsA,
    (i) => own[i % RESELLERS].configurationId,
    (i) => resellerSlabs[i % RESELLERS],
    base.admin,
  );
  const platformSlab = await slab(base.platform, [platformProduct.configurationId], '6');
  await assign(
    [base.reseller],
    () => platformProduct.configurationId,
    () => platformSlab,
    base.admin,
  );
  const shopSlab = await slab(base.reseller, [platformProduct.configurationId], '3');
  await assign(
    shopsB,
    () => platformProduct.configurationId,
    () => shopSlab,
    base.admin,
  );
  const runA = await shops(shopsA, (i) => own[i % RESELLERS].configurationId, base.org);
  const runB = await shops(shopsB, () => platformProduct.configurationId, base.org);
  // The prices the slabs above give a 10 EUR card: 3 % off for a shop, 6 % off for the demo reseller.
  for (const [i, p] of own.entries()) {
    await seedHistory(
      p.configurationId,
      runA.filter((_, n) => n % RESELLERS === i),
      { seller: '9.70', reseller: null },
    );
  }
  await seedHistory(platformProduct.configurationId, runB, { seller: '9.70', reseller: '9.40' });
  await pool.query('vacuum analyze');
  await waitForRollup(pool);
  await pool.query('checkpoint');
  const counts = await one<{ pins: number; available: number }>(
    'select (select count(*)::int from pins) as pins, (select count(*)::int from available_stock) as available',
  );
  console.log(
    `seeded ${counts.pins} PINs (${counts.available} for sale) and ${2 * CLIENTS} shops in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  if (STATEMENTS) {
    await enableStatementStats(pool);
    await portal.stop();
    portal = spawnPortal(PORT, portalEnv, portalOptions);
    await client.waitForHealth(180_000);
  }
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${PG_PORT}`;
  await loadReference(adminUrl);
  await pool.query('checkpoint');
  const driver = referenceDriver();
  const http = httpDriver(dataDir);
  const inSql = driver.bin ? { bin: driver.bin, target: await prepareSqlPurchases(pool, runA, dataDir) } : null;
  const settings = await pool.query<{ name: string; setting: string }>(
    `select name, current_setting(name) as setting from pg_settings where name = any($1::text[]) order by name`,
    [['server_version', 'max_connections', 'shared_buffers', 'synchronous_commit', 'fsync', 'wal_level', 'jit']],
  );

  console.log(
    `reference driver: ${driver.name}\nHTTP driver: ${http.name}\nPostgreSQL: ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`,
  );
  console.log(
    'CPU per purchase: server = the portal process; PostgreSQL = postmaster and all its children (backends, background); the load generator (wrk or autocannon, pgbench) is shown apart, outside the total.',
  );
  const best = new Map<string, { round: number; ratio: number; line: string }>();
  for (let round = 0; round < ROUNDS; round++) {
    const results: [string, Result][] = [];
    const driven = async (label: string, run: () => Promise<ReferenceResult>) => {
      const r = await measured(async () => {
        const ref = await run();
        return { ...ref, seconds: SECONDS, p50: ref.p50 ?? Number.NaN, p99: ref.p99 ?? Number.NaN };
      });
      results.push([label, r]);
    };
    const reference = (label: string) => driven(label, () => runReference(adminUrl, CLIENTS, SECONDS, driver));
    await reference('reference (before)');
    for (const [label, run] of [
      ['A: 50 shops of 10 resellers, own stock', runA],
      ['B: 50 shops of 1 reseller, platform stock', runB],
    ] as const) {
      await probe(run);
      const statements = STATEMENTS ? await watchStatements(pool) : undefined;
      const r = await measured(() => http.run(portal.base, run, 1 + round * KEYS_PER_SHOP, CLIENTS, SECONDS));
      results.push([label, r]);
      if (statements) {
        console.log(`\n${label}, round ${round + 1}: ${r.perSecond.toFixed(0)}/s`);
        await statements(r.done);
      }
      await pool.query('vacuum analyze available_stock');
    }
    if (inSql) {
      await driven('A in PostgreSQL alone (pgbench, no HTTP)', () =>
        runPgbench(inSql.bin, adminUrl, CLIENTS, SECONDS, driver.name, inSql.target),
      );
    }
    await reference('reference (after)');

    const refs = results.filter(([l]) => l.startsWith('reference')).map(([, r]) => r);
    const refRate = refs.reduce((n, r) => n + r.perSecond, 0) / refs.length;
    const refCpu = refs.reduce((n, r) => n + r.cpuMs.db, 0) / refs.length;
    console.log(
      `\nround ${round + 1} of ${ROUNDS}: ${CLIENTS} concurrent clients, ${SECONDS} s per run, 127.0.0.1, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const [label, r] of results) {
      const total = r.cpuMs.server + r.cpuMs.db;
      const line =
        `${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(5)}/s (${pct(r.perSecond / refRate)} of the reference)` +
        `  ${latency(r)}, failed ${r.failed}` +
        `  CPU ms: server ${r.cpuMs.server.toFixed(2)} + PostgreSQL ${r.cpuMs.db.toFixed(2)} = ${total.toFixed(2)}` +
        ` (${(total / refCpu).toFixed(1)}× the reference); load generator ${r.cpuMs.load.toFixed(2)}`;
      console.log(line);
      const ratio = r.perSecond / refRate;
      if (!label.startsWith('reference') && ratio > (best.get(label)?.ratio ?? -1))
        best.set(label, { round, ratio, line });
    }
  }
  console.log(`\nbest of ${ROUNDS} rounds, each against its own round's references:`);
  for (const [, b] of best) console.log(`${b.line}  [round ${b.round + 1}]`);

  const sold = await one<{ sales: number; twice: number }>(
    'select (select count(*)::int from sales) as sales, (select count(*)::int from (select pin_id from sale_pins group by pin_id having count(*) > 1) x) as twice',
  );
  console.log(`\n${sold.sales} sales recorded; PINs sold twice: ${sold.twice}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await pool.end();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
