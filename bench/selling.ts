import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { createPortalClient, spawnPortal } from '../apps/server/test/portal-process.ts';

/**
 * `npm run bench:selling`: purchases per second with 50 concurrent sellers, over HTTP against the portal on a fresh
 * embedded PostgreSQL (127.0.0.1 only), next to the same SQL transaction sent straight through `pg` as the baseline.
 *
 * Stock: BENCH_PINS PINs (default 2 000 000) seeded with generate_series, 80 % of them already sold, so `pins` is
 * large and `available_stock` holds the unsold fifth. Two scenarios, each BENCH_SECONDS (default 20) per way:
 *   A  50 shops spread over 10 resellers, each reseller selling its own stock;
 *   B  50 shops of one reseller buying platform stock, so every sale also debits that one reseller wallet.
 * Shops, sessions and transaction keys are written into the database directly: 100 sign-ins would only measure
 * argon2 and the sign-in rate limit. Every request carries a fresh, pre-issued key.
 */
const PORT = 18183;
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

// The baseline: the purchase's statements exactly as the selling, inventory, credit and transaction-key
// repositories send them, one round trip each, in the service's order, on a pool of the server's size.
const discountOf = (customer: string, configuration: string) => `coalesce((
    select case when eff_pa.discount_slab_id is not null
      then (select eff_i.discount from discount_slab_items eff_i
            where eff_i.slab_id = eff_pa.discount_slab_id and eff_i.configuration_id = eff_pa.configuration_id)
      else (select eff_i.discount from customers eff_c join discount_slab_items eff_i on eff_i.slab_id = eff_c.discount_slab_id
            where eff_c.id = eff_pa.customer_id and eff_i.configuration_id = eff_pa.configuration_id) end
    from product_assignments eff_pa
    where eff_pa.customer_id = ${customer} and eff_pa.configuration_id = ${configuration}
  ), 0)`;
const SQL = {
  lockKey: 'select * from transaction_keys where key = $1 for update',
  context: `select pg_advisory_xact_lock_shared(5, shop.id) as period_lock,
      shop.name as shop_name, shop.address as shop_address, shop.mask_seller_discount,
      parent.id as reseller_id, parent.account_role as reseller_role,
      case when parent.account_role = 0 then parent.id else parent.parent_id end as platform_id,
      c.id as configuration_id, c.value, c.info, c.is_active as configuration_active,
      p.id as product_id, p.product_name, p.product_type, p.product_image, p.customer_care, p.instructions,
      p.is_active as product_active, p.owner_customer_id,
      pa.is_active as assignment_active, rpa.is_active as reseller_assignment_active,
      ${discountOf('shop.id', 'c.id')} as seller_discount, ${discountOf('parent.id', 'c.id')} as reseller_discount,
      sw.balance as seller_balance, rw.balance as reseller_balance
    from customers shop
    join customers parent on parent.id = shop.parent_id
    left join product_configurations c on c.id = $2
    left join products p on p.id = c.product_id
    left join product_assignments pa on pa.customer_id = shop.id and pa.configuration_id = c.id
    left join product_assignments rpa on rpa.customer_id = parent.id and rpa.configuration_id = c.id
    left join wallets sw on sw.customer_id = shop.id
    left join wallets rw on rw.customer_id = parent.id
    where shop.id = $1`,
  claim: `with claimed as (
      delete from available_stock
      where (configuration_id, pin_id) in (
        select configuration_id, pin_id from available_stock
        where configuration_id = $1 order by pin_id limit $2 for update skip locked)
      returning pin_id)
    update pins set sold_at = now()
    from claimed where pins.id = claimed.pin_id
    returning pins.id, pins.pin_ciphertext, pins.serial, pins.lot, pins.cost, pins.buying_discount,
              pins.supplier_id, pins.owner_customer_id, pins.product_id`,
  sale: `with s as (
      insert into sales (customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
                         quantity, face_value, seller_price, reseller_price, total_cost, created_at)
      values ($1, $2, $3, $4, $5, $6, 'single', 1, $7, $8, $9, $10, $11) returning id
    ), p as (
      insert into sale_pins (sale_id, pin_id) select s.id, unnest($12::bigint[]) from s
    ), r as (insert into pin_reveals (sale_id, customer_id, user_id, kind, created_at)
      select s.id, $1, $2, 'sale', $11 from s)
    select s.id, null::uuid as download_id from s`,
  lockWallets: `select w.customer_id, w.balance, w.outstanding_credit, c.credit_limit, c.auto_credit, c.balance_trigger,
      c.balance_topup from wallets w inner join customers c on c.id = w.customer_id
    where w.customer_id in (select unnest($1::int[])) order by w.customer_id asc for update of w`,
  entry: `with e as (
      insert into journal_entries (kind, customer_id, actor_customer_id, created_by, method, reference, memo, created_at)
      values ('sale', $1, $1, $2, null, $3, $4, $5) returning id
    ), l as (
      insert into ledger_lines (entry_id, customer_id, account, amount, balance_after, created_at)
      select e.id, v.customer_id, v.account, v.amount, v.balance_after, $5
      from e, unnest($6::int[], $7::text[], $8::numeric[], $9::numeric[]) as v(customer_id, account, amount, balance_after)
      returning 1
    ), w as (update wallets set balance = v.balance, outstanding_credit = v.outstanding, updated_at = $5
      from unnest($10::int[], $11::numeric[], $12::numeric[]) as v(customer_id, balance, outstanding)
      where wallets.customer_id = v.customer_id returning 1)
    select id from e`,
  finishKey: `update transaction_keys set status = 'done', request_hash = $2, outcome_status = 200, outcome = $3,
      finished_at = $4 where key = $1`,
};

const cents = (v: number) => Math.round(v * 100) / 100;

/** One purchase of one PIN as the server runs it, statement for statement, without HTTP. */
async function sqlPurchase(shop: Shop, key: string) {
  const c = await pool.connect();
  try {
    await c.query('begin');
    await c.query('set local lock_timeout = 5000; savepoint key_lock');
    const k = (await c.query(SQL.lockKey, [key])).rows[0];
    if (k?.status !== 'issued' || k.session_id !== shop.sessionId) throw new Error(`key ${key} unusable`);
    await c.query('set local lock_timeout = 0; savepoint keyed_operation');
    const ctx = (await c.query(SQL.context, [shop.customerId, shop.configurationId])).rows[0];
    const platformStock = ctx.owner_customer_id !== ctx.reseller_id;
    const s = cents(Number(ctx.value) * (1 - Number(ctx.seller_discount) / 100));
    const r = platformStock ? cents(Number(ctx.value) * (1 - Number(ctx.reseller_discount) / 100)) : null;
    const pins = (await c.query(SQL.claim, [shop.configurationId, 1])).rows;
    if (pins.length < 1) throw new Error('out of stock');
    const now = new Date();
    const sale = (
      await c.query(SQL.sale, [
        shop.customerId,
        shop.userId,
        ctx.reseller_id,
        ctx.owner_customer_id,
        ctx.product_id,
        shop.configurationId,
        ctx.value,
        s,
        r,
        pins[0].cost,
        now,
        [pins[0].id],
      ])
    ).rows[0];
    const walletIds = r === null ? [shop.customerId] : [shop.customerId, ctx.reseller_id];
    const wallets = new Map<number, { balance: string; outstanding_credit: string }>(
      (await c.query(SQL.lockWallets, [walletIds])).rows.map((w) => [w.customer_id, w]),
    );
    const sellerAfter = cents(Number(wallets.get(shop.customerId)?.balance) - s);
    const lines: [number, string, number, number | null][] = [
      [shop.customerId, 'balance', -s, sellerAfter],
      [ctx.reseller_id, 'sales_income', s, null],
    ];
    const outstanding = (id: number) => wallets.get(id)?.outstanding_credit ?? '0';
    const walletRows: [number, number, string][] = [[shop.customerId, sellerAfter, outstanding(shop.customerId)]];
    if (r !== null) {
      const resellerAfter = cents(Number(wallets.get(ctx.reseller_id)?.balance) - r);
      lines.push([ctx.reseller_id, 'balance', -r, resellerAfter], [ctx.platform_id, 'revenue', r, null]);
      walletRows.push([ctx.reseller_id, resellerAfter, outstanding(ctx.reseller_id)]);
    }
    lines.push([ctx.owner_customer_id, 'inventory', -9, null], [ctx.owner_customer_id, 'cost_of_sales', 9, null]);
    await c.query(SQL.entry, [
      shop.customerId,
      shop.userId,
      `sale:${sale.id}`,
      'bench',
      now,
      lines.map((l) => l[0]),
      lines.map((l) => l[1]),
      lines.map((l) => l[2]),
      lines.map((l) => l[3]),
      walletRows.map((w) => w[0]),
      walletRows.map((w) => w[1]),
      walletRows.map((w) => w[2]),
    ]);
    await c.query(SQL.finishKey, [key, 'bench', JSON.stringify({ sale_id: sale.id }), now]);
    await c.query('commit');
  } catch (err) {
    await c.query('rollback');
    throw err;
  } finally {
    c.release();
  }
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

/** CPU per purchase of the server, of this process (the load generator or the pg workers) and of PostgreSQL. */
async function measured<T extends Slice>(run: () => Promise<T>) {
  const pgPid = postmasterPid();
  const before = { server: cpuSeconds(portal.child.pid ?? 0), self: process.cpuUsage(), db: cpuSeconds(pgPid, true) };
  const slice = await run();
  const self = process.cpuUsage(before.self);
  slice.cpu = {
    server: cpuSeconds(portal.child.pid ?? 0) - before.server,
    self: (self.user + self.system) / 1e6,
    db: cpuSeconds(pgPid, true) - before.db,
  };
  return slice;
}

/** Each shop's next unused transaction key, per way of buying (the two ways use separate key ranges). */
type KeyCounters = Map<number, number>;
const counters = (shopsOfRun: Shop[], first: number): KeyCounters => new Map(shopsOfRun.map((s) => [s.userId, first]));
const takeKey = (next: KeyCounters, shop: Shop) => {
  const n = next.get(shop.userId) as number;
  next.set(shop.userId, n + 1);
  return keyOf(shop.userId, n);
};

interface Slice {
  done: number;
  failed: number;
  seconds: number;
  latencies: number[];
  cpu?: { server: number; self: number; db: number };
}

/** The baseline for `seconds`: 50 workers, each one shop buying one PIN after the other through `pg`. */
async function baselineSlice(shopsOfRun: Shop[], next: KeyCounters, seconds: number): Promise<Slice> {
  const slice: Slice = { done: 0, failed: 0, seconds, latencies: [] };
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    shopsOfRun.map(async (shop) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await sqlPurchase(shop, takeKey(next, shop));
          slice.done++;
          slice.latencies.push(performance.now() - t0);
        } catch {
          slice.failed++;
        }
      }
    }),
  );
  return slice;
}

/** The same over HTTP for `seconds`: 50 connections, each one shop, each request with the shop's next key. */
async function httpSlice(shopsOfRun: Shop[], next: KeyCounters, seconds: number): Promise<Slice> {
  let clients = 0;
  // The context of a connection lives as long as its request pipeline, which is made longer than any slice.
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
  // autocannon reports percentiles, not samples: the slice's p50 and p99 stand for its latencies.
  return { done: r['2xx'], failed: r.non2xx + r.errors, seconds, latencies: [r.latency.p50, r.latency.p99] };
}

function summary(slices: Slice[]) {
  const done = slices.reduce((n, s) => n + s.done, 0);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const cpu = (k: 'server' | 'self' | 'db') => (1000 * slices.reduce((n, s) => n + (s.cpu?.[k] ?? 0), 0)) / done;
  return {
    perSecond: done / seconds,
    cpuMs: { server: cpu('server'), self: cpu('self'), db: cpu('db') },
    failed: slices.reduce((n, s) => n + s.failed, 0),
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

/**
 * One scenario: HTTP and baseline in four slices ordered HTTP, pg, pg, HTTP, so that a change in the machine's load
 * during the scenario (other processes, autovacuum, checkpoints) weighs on both alike.
 */
async function scenario(shopsOfRun: Shop[]) {
  const probe = await fetch(`${portal.base}/api/add_transaction_v3/`, {
    method: 'POST',
    headers: shopsOfRun[0].headers,
    body: JSON.stringify({
      transaction_key: keyOf(shopsOfRun[0].userId, 0),
      configuration: shopsOfRun[0].configurationId,
      quantity: 1,
    }),
  });
  // One purchase first: a run of refusals would measure nothing.
  if (probe.status !== 200) throw new Error(`probe purchase: ${probe.status} ${await probe.text()}`);
  const httpKeys = counters(shopsOfRun, 1);
  const pgKeys = counters(shopsOfRun, KEYS_PER_SHOP + 1);
  const http: Slice[] = [];
  const sql: Slice[] = [];
  for (const way of ['http', 'pg', 'pg', 'http'] as const) {
    if (way === 'http') http.push(await measured(() => httpSlice(shopsOfRun, httpKeys, SECONDS / 2)));
    else sql.push(await measured(() => baselineSlice(shopsOfRun, pgKeys, SECONDS / 2)));
  }
  return { http: summary(http), sql: summary(sql) };
}

async function explainClaim(configurationId: number, label: string) {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const plan = await c.query(`explain (analyze, buffers, costs off) ${SQL.claim}`, [configurationId, 1]);
    await c.query('rollback');
    console.log(`\nEXPLAIN of the claim (${label}):`);
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  } finally {
    c.release();
  }
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
  await explainClaim(platformProduct.configurationId, 'before the runs');

  const rows: string[] = [];
  for (const [label, run] of [
    ['A: 50 shops over 10 resellers, own stock', runA],
    ['B: 50 shops of 1 reseller, platform stock', runB],
  ] as const) {
    const { http, sql } = await scenario(run);
    await pool.query('vacuum analyze available_stock');
    rows.push(
      `${label.padEnd(44)} HTTP ${http.perSecond.toFixed(0).padStart(5)}/s (p50 ${http.p50.toFixed(0)} ms, p99 ${http.p99.toFixed(0)} ms, non-2xx ${http.failed}) ` +
        `  pg ${sql.perSecond.toFixed(0).padStart(5)}/s (p50 ${sql.p50.toFixed(1)} ms, p99 ${sql.p99.toFixed(1)} ms, failed ${sql.failed})` +
        `   ratio ${((100 * http.perSecond) / sql.perSecond).toFixed(0)} %`,
    );
    const ms = (c: { server: number; self: number; db: number }) =>
      `server ${c.server.toFixed(2)}, client ${c.self.toFixed(2)}, PostgreSQL ${c.db.toFixed(2)}`;
    rows.push(`${''.padEnd(44)} CPU ms per purchase: HTTP ${ms(http.cpuMs)}; pg ${ms(sql.cpuMs)}`);
  }
  await explainClaim(platformProduct.configurationId, 'after the runs');
  const sold = await one<{ sales: number; twice: number }>(
    'select (select count(*)::int from sales) as sales, (select count(*)::int from (select pin_id from sale_pins group by pin_id having count(*) > 1) x) as twice',
  );
  console.log(
    `\npurchases per second, ${CLIENTS} concurrent sellers, ${SECONDS} s over HTTP and ${SECONDS} s through pg per scenario (slices HTTP, pg, pg, HTTP), 127.0.0.1:`,
  );
  for (const row of rows) console.log(row);
  console.log(`${sold.sales} sales recorded (HTTP and pg runs); PINs sold twice: ${sold.twice}`);
} finally {
  await pool.end();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
