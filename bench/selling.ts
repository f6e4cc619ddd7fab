import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPortalClient, spawnPortal } from '../apps/server/test/portal-process.ts';
import { loadReference, referenceDriver, runReference } from './reference.ts';

/**
 * `npm run bench:selling`: purchases per second with 50 concurrent sellers over HTTP against the portal on a fresh
 * embedded PostgreSQL (127.0.0.1 only), each figure divided by the reference purchase transaction of
 * `../shared/bench/` run on the same PostgreSQL in the same run: reference → A → B → reference.
 *
 * Stock: BENCH_PINS PINs (default 2 000 000) seeded with generate_series, 80 % of them already sold, so `pins` is
 * large and `available_stock` holds the unsold fifth. Two scenarios of BENCH_SECONDS (default 20) each:
 *   A  50 shops spread over 10 resellers, each reseller selling its own stock;
 *   B  50 shops of one reseller buying platform stock, so every sale also debits that one reseller wallet.
 * Shops, sessions and transaction keys are written into the database directly: 100 sign-ins would only measure
 * argon2 and the sign-in rate limit. Every request carries a fresh, pre-issued key.
 */
const PORT = 18190;
const PG_PORT = 54393;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TOTAL_PINS = Number(process.env.BENCH_PINS ?? 2_000_000);
const SOLD_SHARE = 0.8;
const CLIENTS = 50;
const RESELLERS = 10;
/** Keys per shop and run: far more than a shop can use in one run. */
const KEYS_PER_SHOP = 2_500;
/** Distinct ciphertexts for the unsold PINs; PINs repeat across rows, which a sale never checks. */
const CIPHER_POOL = 20_000;

const pinKey = randomBytes(32);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-selling-'));
const portal = spawnPortal(
  PORT,
  {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(PG_PORT),
    PIN_ENCRYPTION_KEY: pinKey.toString('base64'),
    PIN_INDEX_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'error',
  },
  { quiet: true },
);
const pool = new pg.Pool({ connectionString: `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/portal`, max: 20 });
// The portal stops its PostgreSQL at the end, which ends idle connections: no error worth a crash.
pool.on('error', () => {});

/** The server's PIN format (platform/pin-crypto.ts): version | iv | tag | AES-256-GCM ciphertext. */
function encryptPin(pin: string): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', pinKey, iv);
  const body = Buffer.concat([c.update(pin, 'utf8'), c.final()]);
  return Buffer.concat([Buffer.from([1]), iv, c.getAuthTag(), body]);
}

const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  (await pool.query<T>(text, values)).rows[0];
const ids = async (text: string, values: unknown[] = []) =>
  (await pool.query<{ id: number }>(text, values)).rows.map((r) => r.id);

/** The pre-issued transaction keys (at least 16 characters, like the server's). */
const keyOf = (userId: number, n: number) => `bench-key-${userId}-${String(n).padStart(6, '0')}`;

interface Shop {
  customerId: number;
  userId: number;
  sessionId: string;
  headers: Record<string, string>;
  configurationId: number;
}

/** Customers with funded wallets: a balanced credit top-up entry each, like the ledger would book it. */
async function fundedCustomers(
  n: number,
  role: 1 | 2,
  parentOf: (i: number) => number,
  org: number,
  name: string,
): Promise<number[]> {
  const features = role === 1 ? '{has_credit_and_balance}' : '{has_transaction,has_cash_card,has_gift_card}';
  const created = await ids(
    `insert into customers (organisation_id, parent_id, account_role, name, credit_limit, features)
     select $1, p.parent, $2, $3 || ' ' || p.i, 100000000, $4::text[]
     from unnest($5::int[], $6::int[]) as p(i, parent) returning id`,
    [org, role, name, features, [...Array(n).keys()], [...Array(n).keys()].map(parentOf)],
  );
  await pool.query('insert into wallets (customer_id) select id from unnest($1::int[]) id', [created]);
  await fund(created);
  return created;
}

/** 10 000 000 € of credit each: a balanced credit top-up entry per wallet, as the ledger books it. */
async function fund(customerIds: number[]) {
  await pool.query(
    `with w as (update wallets set balance = balance + 10000000, outstanding_credit = outstanding_credit + 10000000
                where customer_id = any($1::int[]) returning customer_id, balance, outstanding_credit),
     e as (insert into journal_entries (kind, customer_id, memo, created_at)
           select 'credit_topup', customer_id, 'bench funding', now() from w returning id, customer_id)
     insert into ledger_lines (entry_id, customer_id, account, amount, balance_after, created_at)
     select e.id, e.customer_id, 'balance', 10000000, w.balance, now() from e join w using (customer_id)
     union all select e.id, e.customer_id, 'credit', -10000000, -w.outstanding_credit, now() from e join w using (customer_id)`,
    [customerIds],
  );
}

async function product(owner: number, createdBy: number, name: string) {
  const [productId] = await ids(
    `insert into products (owner_customer_id, product_type, product_name, pin_length, customer_care, instructions)
     values ($1, 'cash_card', $2, 16, '+49 30 555', 'Dial *100#') returning id`,
    [owner, name],
  );
  const [configurationId] = await ids(
    `insert into product_configurations (product_id, value, info) values ($1, 10, '10 EUR') returning id`,
    [productId],
  );
  const [importId] = await ids(
    `insert into inventory_imports (owner_customer_id, status, file_name, delimiter, line_count, column_count,
       detected_header, configuration_id, created_by, approved_by, published)
     values ($1, 'approved', 'bench.csv', ',', 0, 1, false, $2, $3, $3, true) returning id`,
    [owner, configurationId, createdBy],
  );
  return { owner, productId, configurationId, importId };
}

/** n PINs of a configuration, the first 80 % sold a day ago, the rest published and in available_stock. */
async function seedPins(p: Awaited<ReturnType<typeof product>>, n: number) {
  const sold = Math.floor(n * SOLD_SHARE);
  await pool.query(
    `insert into pins (owner_customer_id, product_id, configuration_id, import_id, lot, pin_ciphertext, pin_index,
       pin_hint, pin_length, buying_discount, cost, published, sold_at)
     select $1, $2, $3, $4, 'BENCH', ct.ct, md5($3::int || '-' || g), lpad((g % 10000)::text, 4, '0'), 16, 10, 9, true,
       case when g <= $5 then now() - interval '1 day' end
     from generate_series(1, $6::int) g join bench_ciphertexts ct on ct.i = g % ${CIPHER_POOL}`,
    [p.owner, p.productId, p.configurationId, p.importId, sold, n],
  );
  await pool.query(
    `insert into available_stock (configuration_id, pin_id)
     select configuration_id, id from pins where configuration_id = $1 and sold_at is null`,
    [p.configurationId],
  );
}

async function slab(owner: number, configurationIds: number[], discount: string) {
  const [slabId] = await ids(
    `insert into discount_slabs (owner_customer_id, name, created_at) values ($1, 'bench', now()) returning id`,
    [owner],
  );
  await pool.query(
    `insert into discount_slab_items (slab_id, configuration_id, discount, updated_at)
     select $1, c, $2, now() from unnest($3::int[]) c`,
    [slabId, discount, configurationIds],
  );
  return slabId;
}

async function assign(
  customerIds: number[],
  configurationOf: (i: number) => number,
  slabOf: (i: number) => number,
  by: number,
) {
  await pool.query(
    `insert into product_assignments (customer_id, configuration_id, discount_slab_id, is_active, assigned_by, updated_at)
     select c, cfg, s, true, $4, now() from unnest($1::int[], $2::int[], $3::int[]) as t(c, cfg, s)`,
    [customerIds, customerIds.map((_, i) => configurationOf(i)), customerIds.map((_, i) => slabOf(i)), by],
  );
}

/** A main user per shop with a session (token hashed as the server stores it) and its transaction keys. */
async function shops(customerIds: number[], configurationOf: (i: number) => number, org: number): Promise<Shop[]> {
  const out: Shop[] = [];
  for (const [i, customerId] of customerIds.entries()) {
    const [userId] = await ids(
      `insert into users (customer_id, organisation_id, username, account_role, internal_role, is_main, features)
       values ($1, $2, $3, 2, 0, true, '{has_transaction,has_cash_card,has_gift_card}') returning id`,
      [customerId, org, `bench-shop-${customerId}`],
    );
    const token = randomBytes(32).toString('base64url');
    const { id: sessionId } = await one<{ id: string }>(
      `insert into sessions (user_id, token_hash, created_at, last_active_at, expires_at)
       values ($1, $2, now(), now(), now() + interval '1 day') returning id`,
      [userId, createHash('sha256').update(token).digest('hex')],
    );
    out.push({
      customerId,
      userId,
      sessionId,
      configurationId: configurationOf(i),
      headers: {
        authorization: `Bearer ${token}`,
        'x-session-id': sessionId,
        'x-customer-id': String(customerId),
        'content-type': 'application/json',
      },
    });
  }
  await pool.query(
    `insert into transaction_keys (key, session_id, user_id, created_at)
     select 'bench-key-' || s.user_id || '-' || lpad(n::text, 6, '0'), s.session_id, s.user_id, now()
     from unnest($1::int[], $2::uuid[]) as s(user_id, session_id), generate_series(0, ${2 * KEYS_PER_SHOP}) n`,
    [out.map((s) => s.userId), out.map((s) => s.sessionId)],
  );
  return out;
}

/**
 * CPU seconds used so far by a process; with `children`, also by the processes it started, live (their own time)
 * or ended (reaped into its cutime and cstime): PostgreSQL's backends come and go with the connection pools.
 */
function cpuSeconds(pid: number, children = false): number {
  const stat = (p: string) => {
    try {
      const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      return { ppid: Number(f[1]), own: Number(f[11]) + Number(f[12]), reaped: Number(f[13]) + Number(f[14]) };
    } catch {
      return { ppid: -1, own: 0, reaped: 0 };
    }
  };
  const self = stat(String(pid));
  let total = self.own;
  if (children) {
    total += self.reaped;
    for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const t = stat(p);
      if (t.ppid === pid) total += t.own;
    }
  }
  return total / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;
const postmasterPid = () => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  done: number;
  failed: number;
  seconds: number;
  latencyAvg?: number;
}
type Result = Run & { cpuMs: { server: number; db: number } };

/** A run with the CPU it cost per purchase: the portal process, and PostgreSQL with all its processes. */
async function measured(run: () => Promise<Run>): Promise<Result> {
  const pgPid = postmasterPid();
  const before = { server: cpuSeconds(portal.child.pid ?? 0), db: cpuSeconds(pgPid, true) };
  const r = await run();
  const per = (seconds: number) => (1000 * seconds) / Math.max(1, r.done);
  return {
    ...r,
    cpuMs: {
      server: per(cpuSeconds(portal.child.pid ?? 0) - before.server),
      db: per(cpuSeconds(pgPid, true) - before.db),
    },
  };
}

/** pgbench without a per-transaction log reports the average latency only. */
const latency = (r: Run) =>
  Number.isNaN(r.p50)
    ? `latency avg ${r.latencyAvg?.toFixed(1)} ms`
    : `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
const pct = (ratio: number) => `${(100 * ratio).toFixed(0)} %`;

/** Each shop's next unused transaction key. */
type KeyCounters = Map<number, number>;
const counters = (shopsOfRun: Shop[], first: number): KeyCounters => new Map(shopsOfRun.map((s) => [s.userId, first]));
const takeKey = (next: KeyCounters, shop: Shop) => {
  const n = next.get(shop.userId) as number;
  next.set(shop.userId, n + 1);
  return keyOf(shop.userId, n);
};

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

/** Purchases over HTTP for `seconds`: 50 connections, each one shop, each request with the shop's next key. */
async function httpRun(shopsOfRun: Shop[], next: KeyCounters, seconds: number): Promise<Run> {
  let clients = 0;
  // The context of a connection lives as long as its request pipeline, which is made longer than any run.
  const request = {
    method: 'POST',
    path: '/api/add_transaction_v3/',
    setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
      context.shop ??= shopsOfRun[clients++ % shopsOfRun.length];
      const shop = context.shop as Shop;
      const body = { transaction_key: takeKey(next, shop), configuration: shop.configurationId, quantity: 1 };
      return { ...req, headers: shop.headers, body: JSON.stringify(body) };
    },
  };
  const r = await autocannon({
    url: portal.base,
    connections: CLIENTS,
    duration: seconds,
    requests: Array.from({ length: KEYS_PER_SHOP }, () => request),
  });
  return {
    perSecond: r['2xx'] / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    done: r['2xx'],
    failed: r.non2xx + r.errors,
    seconds,
  };
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
  await pool.query('create table bench_ciphertexts (i int primary key, ct bytea not null)');
  const ciphertexts = Array.from({ length: CIPHER_POOL }, (_, i) => encryptPin(`7${String(i).padStart(15, '0')}`));
  await pool.query(
    'insert into bench_ciphertexts select i - 1, ct from unnest($1::bytea[]) with ordinality as t(ct, i)',
    [ciphertexts],
  );

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
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
  const counts = await one<{ pins: number; available: number }>(
    'select (select count(*)::int from pins) as pins, (select count(*)::int from available_stock) as available',
  );
  console.log(
    `seeded ${counts.pins} PINs (${counts.available} for sale) and ${2 * CLIENTS} shops in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${PG_PORT}`;
  await loadReference(adminUrl);
  await pool.query('checkpoint');
  const driver = referenceDriver();
  const settings = await pool.query<{ name: string; setting: string }>(
    `select name, current_setting(name) as setting from pg_settings where name = any($1::text[]) order by name`,
    [['server_version', 'max_connections', 'shared_buffers', 'synchronous_commit', 'fsync', 'wal_level', 'jit']],
  );

  const results: [string, Result][] = [];
  const reference = async (label: string) => {
    const r = await measured(async () => {
      const ref = await runReference(adminUrl, CLIENTS, SECONDS, driver);
      return { ...ref, seconds: SECONDS, p50: ref.p50 ?? Number.NaN, p99: ref.p99 ?? Number.NaN };
    });
    results.push([label, r]);
  };
  await reference('reference (before)');
  for (const [label, run] of [
    ['A: 50 shops of 10 resellers, own stock', runA],
    ['B: 50 shops of 1 reseller, platform stock', runB],
  ] as const) {
    await probe(run);
    results.push([label, await measured(() => httpRun(run, counters(run, 1), SECONDS))]);
    await pool.query('vacuum analyze available_stock');
  }
  await reference('reference (after)');

  const sold = await one<{ sales: number; twice: number }>(
    'select (select count(*)::int from sales) as sales, (select count(*)::int from (select pin_id from sale_pins group by pin_id having count(*) > 1) x) as twice',
  );
  const refs = results.filter(([l]) => l.startsWith('reference')).map(([, r]) => r);
  const refRate = refs.reduce((n, r) => n + r.perSecond, 0) / refs.length;
  const refCpu = refs.reduce((n, r) => n + r.cpuMs.db, 0) / refs.length;
  console.log(
    `\n${CLIENTS} concurrent clients, ${SECONDS} s per run, 127.0.0.1, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`reference driver: ${driver.name}`);
  console.log(`PostgreSQL: ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ')}`);
  console.log(
    'CPU per purchase: server = the portal process; PostgreSQL = postmaster and all its children (backends, background); the load generator is excluded.\n',
  );
  for (const [label, r] of results) {
    const total = r.cpuMs.server + r.cpuMs.db;
    console.log(
      `${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(5)}/s (${pct(r.perSecond / refRate)} of the reference)` +
        `  ${latency(r)}, failed ${r.failed}` +
        `  CPU ms: server ${r.cpuMs.server.toFixed(2)} + PostgreSQL ${r.cpuMs.db.toFixed(2)} = ${total.toFixed(2)}` +
        ` (${(total / refCpu).toFixed(1)}× the reference)`,
    );
  }
  console.log(`\n${sold.sales} sales recorded; PINs sold twice: ${sold.twice}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await pool.end();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
