import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROLE } from '@portal/contract/roles';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/connect.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { createReportsRepository } from '../apps/server/src/modules/reports/reports.repository.ts';
import { createViewOf } from '../apps/server/src/modules/reports/sales-reports.service.ts';
import { createPortalClient, spawnPortal } from '../apps/server/test/portal-process.ts';
import { cpuSeconds } from './cpu.ts';
import { waitForRollup } from './rollup.ts';

/**
 * `npm run bench:reports`: the report calls, the dashboard and the exports against a fresh embedded PostgreSQL
 * (127.0.0.1 only) holding BENCH_SALES sales (default 1 000 000) of 2 000 shops under 20 resellers over 24 months,
 * written with generate_series. Each call runs ROUNDS times one after the other (after two warm-ups) as the
 * superadmin and as a reseller, once the rollup job has read every sale (decision 0065); it prints p50/p95 and the
 * CPU per call of the portal and of PostgreSQL. Then a CSV
 * and an XLSX export of about 100 000 rows, timed from the request until the file is ready. `BENCH_PLANS=1` also
 * prints the plans of the superadmin's longest calls.
 */
const PORT = 18191;
const PG_PORT = 54394;
const SALES = Number(process.env.BENCH_SALES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
// Refused before the portal starts: without a round there are no times to take percentiles of.
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  throw new Error(`BENCH_ROUNDS must be a whole number from 1, not ${process.env.BENCH_ROUNDS}`);
}
const RESELLERS = 20;
const SHOPS = 2_000;
const MONTHS = 24;
const EXPORT_ROWS = 100_000;

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-reports-'));
const portal = spawnPortal(
  PORT,
  { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PG_PORT), LOG_LEVEL: 'error' },
  { quiet: true },
);
// The bench's own set-up changes are recorded as the tool `bench` (decision 0141).
const pool = new pg.Pool({
  connectionString: `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/portal`,
  max: 4,
  options: '-c portal.actor={"name":"bench"}',
});
pool.on('error', () => {});
/** The one row a query answers; a query that finds none (a demo row gone) is refused by its text. */
async function one<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T> {
  const row = (await pool.query<T>(text, values)).rows[0];
  if (row === undefined) throw new Error(`no row for: ${text}`);
  return row;
}

const postmasterPid = () => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function sessionFor(username: string) {
  const u = await one<{ id: number; customer_id: number }>('select id, customer_id from users where username = $1', [
    username,
  ]);
  const token = randomBytes(32).toString('base64url');
  const { id } = await one<{ id: string }>(
    `insert into sessions (user_id, token_hash, created_at, last_active_at, expires_at)
     values ($1, $2, now(), now(), now() + interval '1 day') returning id`,
    [u.id, createHash('sha256').update(token).digest('hex')],
  );
  return {
    authorization: `Bearer ${token}`,
    'x-session-id': id,
    'x-customer-id': String(u.customer_id),
    'content-type': 'application/json',
  };
}

/** Resellers (the demo reseller and 19 more), 100 shops each with one user, a catalogue, and the sales. */
async function seed() {
  const base = await one<{ platform: number; reseller: number; org: number; admin: number }>(
    `select (select id from customers where account_role = 0) as platform,
            (select id from customers where name = 'Demo Reseller GmbH') as reseller,
            (select organisation_id from customers where account_role = 0) as org,
            (select id from users where username = 'superadmin') as admin`,
  );
  await pool.query(
    `insert into customers (organisation_id, parent_id, account_role, name, credit_limit)
     select $1, $2, 1, 'Bench Reseller ' || g, 100000 from generate_series(1, $3::int) g`,
    [base.org, base.platform, RESELLERS - 1],
  );
  await pool.query(
    `create temp table bench_resellers as
     select row_number() over (order by id) - 1 as i, id from customers
     where account_role = 1 and (id = $1 or name like 'Bench Reseller %')`,
    [base.reseller],
  );
  await pool.query(
    `insert into customers (organisation_id, parent_id, account_role, name, credit_limit)
     select $1, r.id, 2, 'Bench Shop ' || g, 5000 from generate_series(0, $2::int - 1) g
     join bench_resellers r on r.i = g % $3`,
    [base.org, SHOPS, RESELLERS],
  );
  await pool.query(
    `insert into users (customer_id, organisation_id, username, account_role, internal_role, is_main, features)
     select id, $1, 'bench-shop-' || id, 2, 0, true, '{has_transaction}' from customers where name like 'Bench Shop %'`,
    [base.org],
  );
  // Shops near their limit, so the dashboard's credit list has rows to find.
  await pool.query(`select open_wallet(id) from customers where name like 'Bench Shop %'`);
  await pool.query(
    `update wallet_accounts w set outstanding_credit = case when c.id % 10 = 0 then 4500 else 100 end
     from customers c where c.id = w.customer_id and c.name like 'Bench Shop %'`,
  );
  await pool.query(
    `create temp table bench_shops as
     select row_number() over (order by c.id) - 1 as i, c.id, c.parent_id as reseller_id, u.id as user_id
     from customers c join users u on u.customer_id = c.id where c.name like 'Bench Shop %'`,
  );
  // Each reseller owns one product with four denominations; the platform five products with four each.
  await pool.query(
    `insert into products (owner_customer_id, product_type, product_name, pin_length)
     select id, 'cash_card', 'Bench Card R' || i, 16 from bench_resellers
     union all select $1, (array['cash_card','gift_card','calling_card'])[1 + g % 3], 'Platform Card ' || g, 16
     from generate_series(1, 5) g`,
    [base.platform],
  );
  await pool.query(
    `insert into product_configurations (product_id, value, info)
     select p.id, v, v || ' EUR' from products p, unnest(array[5, 10, 15, 25]) v
     where p.product_name like 'Bench Card R%' or p.product_name like 'Platform Card %'`,
  );
  await pool.query(
    `create temp table bench_configs as
     select row_number() over (partition by p.owner_customer_id = $1 order by c.id) - 1 as i,
       p.owner_customer_id as owner, p.id as product_id, c.id as configuration_id, c.value
     from product_configurations c join products p on p.id = c.product_id
     where p.product_name like 'Bench Card R%' or p.product_name like 'Platform Card %'`,
    [base.platform],
  );
  const batch = 100_000;
  const t0 = performance.now();
  for (let from = 0; from < SALES; from += batch) {
    const n = Math.min(batch, SALES - from);
    // 40 % of a shop's sales are its reseller's own stock, the rest platform stock; times spread over 24 months.
    await pool.query(
      `insert into sales (customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
         quantity, face_value, seller_price, reseller_price, total_cost, created_at)
       select s.id, s.user_id, s.reseller_id, c.owner, c.product_id, c.configuration_id,
         case when q > 3 then 'bulk' else 'single' end, q, c.value, c.value * 0.97,
         case when c.owner = s.reseller_id then null else c.value * 0.94 end, c.value * 0.9 * q,
         now() - (random() * interval '${MONTHS * 30} days')
       from generate_series(1, $1::int) g
       cross join lateral (select 1 + (g % 5) as q, (hashint4(g + $2) & 2147483647) % ${SHOPS} as shop_i) x
       join bench_shops s on s.i = x.shop_i
       join lateral (
         select * from bench_configs c
         where case when g % 5 < 2 then c.owner = s.reseller_id else c.owner = $3 end
         order by (c.i + g) % 20 limit 1
       ) c on true`,
      [n, from, base.platform],
    );
    process.stdout.write(`\rseeded ${from + n} sales (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  process.stdout.write('\n');
  await seedImports(base.admin);
  await pool.query('vacuum analyze sales');
  await pool.query('analyze');
  return { seedSeconds: (performance.now() - t0) / 1000 };
}

/**
 * The stock the sales were taken from, as approvals book it (decision 0136): per denomination one import a month over
 * the 24 months from one supplier of its owner, each with its `stock_import` entry (inventory +C × n against supplier
 * payables). 1 500 PINs a month cover the benchmark's sales of a denomination (about 1 100 a month at 1 M sales).
 */
async function seedImports(admin: number) {
  await pool.query(
    `insert into suppliers (owner_customer_id, full_name)
     select distinct owner, 'Bench Supplier ' || owner from bench_configs`,
  );
  await pool.query(
    `create temp table bench_imports as
     select nextval('journal_entries_id_seq') as entry_id, c.owner, c.configuration_id, sp.id as supplier_id,
       round(c.value * 0.9, 2) * 1500 as cost, now() - (m * interval '30 days') - interval '12 hours' as at
     from bench_configs c join suppliers sp on sp.owner_customer_id = c.owner and sp.full_name like 'Bench Supplier %'
     cross join generate_series(0, ${MONTHS}) m`,
  );
  await pool.query(
    `insert into journal_entries (id, kind, customer_id, actor_customer_id, created_by, reference, created_at)
     overriding system value
     select entry_id, 'stock_import', owner, owner, $1, 'bench', at from bench_imports`,
    [admin],
  );
  await pool.query(
    `insert into ledger_lines (entry_id, customer_id, account, amount, created_at)
     select entry_id, owner, 'inventory', cost, at from bench_imports
     union all select entry_id, owner, 'supplier_payables', -cost, at from bench_imports`,
  );
  await pool.query(
    `insert into inventory_imports (owner_customer_id, status, file_name, delimiter, line_count, column_count,
       detected_header, configuration_id, supplier_id, buying_discount, total_rows, valid_rows, failed_rows,
       imported_pins, published, created_by, approved_by, created_at, validated_at, decided_at, entry_id)
     select owner, 'approved', 'bench.csv', ',', 1500, 1, false, configuration_id, supplier_id, 10, 1500, 1500, 0,
       1500, true, $1, $1, at, at, at, entry_id from bench_imports`,
    [admin],
  );
}

const berlinDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(d);
const daysAgo = (n: number) => berlinDay(new Date(Date.now() - n * 86_400_000));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!; // ROUNDS (at least 1) times
};

async function call(headers: Record<string, string>, method: 'GET' | 'POST', path: string, body?: object) {
  const r = await fetch(`${portal.base}/api${path}`, {
    method,
    headers,
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const json = (await r.json()) as { message_type: number; data: unknown };
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
  return json.data;
}

type Row = { who: string; call: string; p50: number; p95: number; serverMs: number; dbMs: number };

async function measure(who: string, name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await run();
  const pgPid = postmasterPid();
  const before = { server: cpuSeconds(portal.child.pid ?? 0), db: cpuSeconds(pgPid, 'all') };
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  const per = (s: number) => (1000 * s) / ROUNDS;
  const row: Row = {
    who,
    call: name,
    p50: pct(times, 50),
    p95: pct(times, 95),
    serverMs: per(cpuSeconds(portal.child.pid ?? 0) - before.server),
    dbMs: per(cpuSeconds(pgPid, 'all') - before.db),
  };
  console.log(
    `${who.padEnd(10)} ${name.padEnd(44)} p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms  CPU portal ${row.serverMs.toFixed(1).padStart(6)} ms  PostgreSQL ${row.dbMs.toFixed(1).padStart(6)} ms`,
  );
  return row;
}

async function exportRun(headers: Record<string, string>, format: 'csv' | 'xlsx', filters: object) {
  const pgPid = postmasterPid();
  const before = { server: cpuSeconds(portal.child.pid ?? 0), db: cpuSeconds(pgPid, 'all') };
  const t = performance.now();
  const e = (await call(headers, 'POST', '/get_sales_report_download_url/', { ...filters, format })) as {
    export_id: string;
  };
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const s = (await call(headers, 'GET', `/report_exports/${e.export_id}/`)) as {
      status: string;
      rows_total: number;
      download_url: string | null;
    };
    if (s.status === 'ready') {
      const seconds = (performance.now() - t) / 1000;
      const file = await fetch(`${portal.base}${s.download_url}`, { headers });
      const size = (await file.arrayBuffer()).byteLength;
      console.log(
        `export ${format.padEnd(5)} ${s.rows_total} rows: ${seconds.toFixed(1)} s, ${(size / 1024 / 1024).toFixed(1)} MiB, CPU portal ${(cpuSeconds(portal.child.pid ?? 0) - before.server).toFixed(1)} s, PostgreSQL ${(cpuSeconds(pgPid, 'all') - before.db).toFixed(1)} s`,
      );
      return;
    }
  }
}

/**
 * `BENCH_PLANS=1`: the plans of the superadmin's longest calls, their statements written by the reports repository
 * itself (captured through drizzle's logger) and run again under `explain (analyze, buffers)`.
 */
async function printPlans(year: object, yearBefore: object, all: object) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (q, params) => statements.push({ sql: q, params }) } });
  const reports = createReportsRepository(db as unknown as Db);
  const admin = await one<{ id: number; customer_id: number }>(
    `select id, customer_id from users where username = 'superadmin'`,
  );
  const view = await createViewOf(reports)({
    customerId: admin.customer_id,
    userId: admin.id,
    account_role: ROLE.superadmin,
    internal_role: 0,
    customerRole: 0,
  });
  const calls: [string, () => Promise<unknown>][] = [
    ['counters, 24 months', () => reports.sumSales(view.query(all))],
    ['summary by shop, 12 months', () => reports.findSummaryPage(view.query(year), 'shop', { page: 1, limit: 25 })],
    [
      'comparison by shop, 12 months vs the 12 before',
      () =>
        reports.findComparisonPage(view.query(year), view.query(comparedPeriod(yearBefore)), 'shop', '-change', {
          page: 1,
          limit: 25,
        }),
    ],
  ];
  for (const [name, run] of calls) {
    statements.length = 0;
    await run();
    // The last statement is the report's own; those before it open the snapshot and read the cursor.
    const last = statements.filter((s) => /^\s*(select|with)/i.test(s.sql)).at(-1);
    if (!last) continue;
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${last.sql}`, last.params);
    console.log(`\nplan: ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}
const comparedPeriod = (p: object) => {
  const { compare_from, compare_to } = p as { compare_from: string; compare_to: string };
  return { from_date: compare_from, to_date: compare_to };
};

try {
  await createPortalClient(portal.base).waitForHealth(180_000);
  const { seedSeconds } = await seed();
  const total = await one<{ n: number; size: string }>(
    `select count(*)::int as n, pg_size_pretty(pg_total_relation_size('sales')) as size from sales`,
  );
  console.log(`${total.n} sales (${total.size} with indexes) seeded in ${seedSeconds.toFixed(0)} s`);
  const rollup = await waitForRollup(pool);
  // What autovacuum does on a running portal a while after the rollup grew by a million rows: the statistics the
  // planner sizes each part by, and the visibility the index-only reads of decision 0065 need.
  await pool.query('vacuum analyze sales_rollup');
  console.log(
    `rolled up ${rollup.seconds.toFixed(0)} s after the seed: ${rollup.rows} rollup rows (${rollup.size} with indexes)`,
  );
  const shop = await one<{ id: number }>(
    `select customer_id as id from sales where reseller_id = (select id from customers where name = 'Demo Reseller GmbH')
     group by 1 order by count(*) desc limit 1`,
  );
  const product = await one<{ id: number }>(
    'select product_id as id from sales group by 1 order by count(*) desc limit 1',
  );
  const month = { from_date: `${daysAgo(0).slice(0, 8)}01`, to_date: daysAgo(0) };
  const year = { from_date: daysAgo(365), to_date: daysAgo(0) };
  const all = { from_date: daysAgo(MONTHS * 31), to_date: daysAgo(0) };
  // The comparison screen's calls: this month against the month before, and the last 12 months against the 12 before.
  const monthBefore = { compare_from: daysAgo(61), compare_to: daysAgo(31) };
  const yearBefore = { compare_from: daysAgo(730), compare_to: daysAgo(366) };
  for (const who of ['superadmin', 'reseller'] as const) {
    const h = await sessionFor(who);
    const post = (path: string, body: object) => () => call(h, 'POST', path, body);
    const calls: [string, () => Promise<unknown>][] = [
      ['list, this month, page 1', post('/get_sales_report_list/', { ...month, page: 1 })],
      ['list, 12 months, page 200', post('/get_sales_report_list/', { ...year, page: 200 })],
      ['list, 12 months, one shop', post('/get_sales_report_list/', { ...year, shop: shop.id, page: 1 })],
      ['counters, this month', post('/get_sales_report_counters/', month)],
      ['counters, 12 months', post('/get_sales_report_counters/', year)],
      ['counters, 24 months', post('/get_sales_report_counters/', all)],
      ['counters, 12 months, one product', post('/get_sales_report_counters/', { ...year, product: product.id })],
      [
        'summary by shop, this month',
        post('/get_sales_summary_report_with_customer_and_products_list/', { ...month, group_by: 'shop', page: 1 }),
      ],
      [
        'summary by shop, 12 months',
        post('/get_sales_summary_report_with_customer_and_products_list/', { ...year, group_by: 'shop', page: 1 }),
      ],
      [
        'summary by product, 12 months',
        post('/get_sales_summary_report_with_customer_and_products_list/', { ...year, group_by: 'product', page: 1 }),
      ],
      [
        'summary by day, 12 months',
        post('/get_sales_summary_report_with_customer_and_products_list/', { ...year, group_by: 'day', page: 1 }),
      ],
      [
        'summary details (one shop), this month',
        post('/get_sales_summary_report_details/', { ...month, group_by: 'shop', key: String(shop.id), page: 1 }),
      ],
      [
        'comparison by shop, this month vs the month before, by change',
        post('/get_sales_comparison_report/', { ...month, ...monthBefore, group_by: 'shop', sort: '-change', page: 1 }),
      ],
      [
        'comparison by shop, 12 months vs the 12 before, by change',
        post('/get_sales_comparison_report/', { ...year, ...yearBefore, group_by: 'shop', sort: '-change', page: 1 }),
      ],
      [
        'comparison by product, 12 months vs the 12 before',
        post('/get_sales_comparison_report/', {
          ...year,
          ...yearBefore,
          group_by: 'product',
          sort: '-current',
          page: 1,
        }),
      ],
      ['dashboard', () => call(h, 'GET', '/get_sales_dashboard/')],
      // The books at a date (decision 0136): today's end and a day a year ago.
      ['stock value, today', post('/get_stock_value_report/', { day: daysAgo(0) })],
      ['stock value, a year ago', post('/get_stock_value_report/', { day: daysAgo(365) })],
      ...(who === 'superadmin'
        ? ([
            ['supplier debt, today', post('/get_supplier_debt_report/', { day: daysAgo(0) })],
            ['supplier debt, a year ago', post('/get_supplier_debt_report/', { day: daysAgo(365) })],
          ] as [string, () => Promise<unknown>][])
        : []),
    ];
    for (const [name, run] of calls) await measure(who, name, run);
  }
  if (process.env.BENCH_PLANS === '1') await printPlans(year, yearBefore, all);
  const admin = await sessionFor('superadmin');
  const perDay = total.n / (MONTHS * 30);
  const exportFilters = { from_date: daysAgo(Math.ceil(EXPORT_ROWS / perDay) - 1), to_date: daysAgo(0) };
  await exportRun(admin, 'csv', exportFilters);
  await exportRun(admin, 'xlsx', exportFilters);
} finally {
  await pool.end();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
