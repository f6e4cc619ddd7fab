import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { createPortalClient, spawnPortal } from '../apps/server/test/portal-process.ts';
import { CHROMIUM } from '../e2e/chromium.ts';
import { DEMO_PASSWORD } from '../e2e/helpers.ts';

/**
 * `npm run bench:web`: cold loads of the built web app in Chromium against a fresh portal on 127.0.0.1.
 * For each page it prints the compressed bytes of JavaScript and CSS the browser received and the
 * largest contentful paint, against the budget (login ≤ 150 KiB of JavaScript, any first load ≤ 350 KiB,
 * LCP ≤ 1 s), and where the time before the paint went. Every load runs in a new browser context, so nothing
 * comes from the HTTP cache. Each page loads RUNS times and the median LCP counts: on a shared machine a single
 * load measures the neighbours as much as the app.
 *
 * With WEB_BENCH_COMPARE=<another build's dist> a second portal on the same database serves that build, and every
 * run loads the page from both, alternating which goes first, so both variants meet the same neighbours; the budget
 * verdict is the first build's, the comparison gives each variant's medians and the ratio.
 */
const KIB = 1024;
const BUDGET = { loginJs: 150 * KIB, pageJs: 350 * KIB, lcpMs: 1000 };
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 3);
const COMPARE = process.env.WEB_BENCH_COMPARE;
const PORT = Number(process.env.WEB_BENCH_PORT ?? 18182);
const COMPARE_PORT = Number(process.env.WEB_BENCH_COMPARE_PORT ?? 18183);
const PG_PORT = Number(process.env.WEB_BENCH_PG_PORT ?? 54392);
/** Only the pages named here ("seller /dashboard,/login"), for a focused comparison; all by default. */
const ONLY = process.env.WEB_BENCH_PAGES?.split(',').map((p) => p.trim());
const wanted = (page: string) => !ONLY || ONLY.includes(page);

const dataDir = mkdtempSync(join(tmpdir(), 'portal-web-bench-'));
const portal = spawnPortal(PORT, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(PG_PORT) }, { quiet: true });
let other: ReturnType<typeof spawnPortal> | undefined;

/** Where the time before the largest paint went, in ms from the navigation's start. */
interface Breakdown {
  /** First contentful paint. */
  fcp: number;
  /** Scripts requested before the largest paint: each one a request on the browser's six connections. */
  scripts: number;
  /** When the last of those scripts had arrived. */
  scriptsDone: number;
  /** When the last API answer before the largest paint had arrived. */
  dataDone: number;
  /** Main-thread time in long tasks (over 50 ms) before the largest paint: parsing, running, rendering. */
  busy: number;
}

interface Load extends Breakdown {
  page: string;
  js: number;
  css: number;
  lcp: number;
}

interface Pages {
  page: string;
  /** Every run's load, in order. */
  runs: Load[];
}

// Only over the runs of a page, never none (summary refuses that).
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of every timing over the runs, with the bytes of the first run (every cold load receives the same). */
function summary(runs: Load[]): Load {
  const [first] = runs;
  if (!first) throw new Error('no run to sum up');
  const of = (key: keyof Breakdown | 'lcp') => median(runs.map((r) => r[key]));
  return {
    ...first,
    lcp: of('lcp'),
    fcp: of('fcp'),
    scripts: of('scripts'),
    scriptsDone: of('scriptsDone'),
    dataDone: of('dataDone'),
    busy: of('busy'),
  };
}

/** What one cold load transferred, counted from the encoded (compressed) body of every response. */
async function coldLoad(
  browser: Browser,
  base: string,
  path: string,
  session: Record<string, string> | null,
): Promise<Load> {
  const context = await browser.newContext({ baseURL: base, locale: 'de-DE', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript((s) => {
    if (s) for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
    // Long tasks are only reported to an observer that was there when they ran.
    const tasks: [number, number][] = [];
    Object.assign(globalThis, { __benchLongTasks: tasks });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  }, session);
  const sizes: Promise<{ type: string; bytes: number }>[] = [];
  page.on('requestfinished', (req) =>
    sizes.push(
      req.sizes().then(
        (s) => ({ type: req.resourceType(), bytes: s.responseBodySize }),
        // A request that finishes as the context closes has no sizes left; it came after the load was counted.
        () => ({ type: req.resourceType(), bytes: 0 }),
      ),
    ),
  );
  const idle = networkIdle(page);
  await page.goto(path, { waitUntil: 'load' });
  await idle();
  const timing = await paintTimings(page);
  const done = await Promise.all(sizes);
  await context.close();
  const sum = (type: string) => done.filter((s) => s.type === type).reduce((n, s) => n + s.bytes, 0);
  return { page: path, js: sum('script'), css: sum('stylesheet'), ...timing };
}

/**
 * Waits until no request has been open for 500 ms, as Playwright's `networkidle` would; that one did not always
 * come when two portals served the same browser (a load waited 30 s with no request open).
 */
function networkIdle(page: Page): () => Promise<void> {
  let open = 0;
  let last = Date.now();
  const change = (delta: number) => () => {
    open += delta;
    last = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return async () => {
    const until = Date.now() + 30_000;
    while ((open > 0 || Date.now() - last < 500) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  };
}

/** The largest contentful paint and, from the resource timings and long tasks before it, its breakdown. */
function paintTimings(page: Page): Promise<Breakdown & { lcp: number }> {
  return page.evaluate(
    () =>
      new Promise<Breakdown & { lcp: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const lcp = entries[entries.length - 1]!.startTime;
          const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (r) => r.startTime < lcp,
          );
          const scripts = before.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
          const api = before.filter((r) => new URL(r.name).pathname.startsWith('/api/'));
          const latest = (rs: PerformanceResourceTiming[]) => Math.max(0, ...rs.map((r) => r.responseEnd));
          const tasks = (globalThis as unknown as { __benchLongTasks: [number, number][] }).__benchLongTasks;
          resolve({
            lcp,
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
            scripts: scripts.length,
            scriptsDone: latest(scripts),
            dataDone: latest(api),
            busy: tasks.filter(([start]) => start < lcp).reduce((n, [start, d]) => n + Math.min(d, lcp - start), 0),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** The local storage of a signed-in user, taken from a real sign-in through the login screen. */
async function sessionOf(browser: Browser, username: string): Promise<Record<string, string>> {
  const context = await browser.newContext({ baseURL: portal.base, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Benutzername').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL((url) => !/\/(login|loading)$/.test(url.pathname));
  const storage = await page.evaluate(() => ({ ...localStorage }));
  await context.close();
  return storage;
}

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

const breakdown = (l: Load) =>
  `FCP ${ms(l.fcp)}, ${l.scripts} scripts done ${ms(l.scriptsDone)}, data done ${ms(l.dataDone)}, long tasks ${ms(l.busy)}`;

try {
  await createPortalClient(portal.base).waitForHealth(120_000);
  const bases = [portal.base];
  if (COMPARE) {
    // The same database and keys, so a session of one portal is valid at the other.
    other = spawnPortal(
      COMPARE_PORT,
      {
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/portal`,
        WEB_DIST: resolve(COMPARE),
      },
      { quiet: true },
    );
    await createPortalClient(other.base).waitForHealth(120_000);
    bases.push(other.base);
  }
  const browser = await chromium.launch(CHROMIUM);
  const variants: Pages[][] = bases.map(() => []);
  const measure = async (page: string, path: string, session: Record<string, string> | null) => {
    const runs: Load[][] = bases.map(() => []);
    for (let i = 0; i < RUNS; i++) {
      // Alternating which variant goes first, so neither always meets the machine after the other.
      const order = i % 2 === 0 ? bases.map((_, v) => v) : bases.map((_, v) => bases.length - 1 - v);
      for (const v of order) runs[v]!.push(await coldLoad(browser, bases[v]!, path, session));
    }
    for (const [v, r] of runs.entries()) variants[v]!.push({ page, runs: r });
  };
  if (wanted('/login')) await measure('/login', '/login', null);
  for (const [user, all] of [
    ['seller', ['/dashboard', '/cashcards/', '/seller/sales']],
    ['reseller', ['/', '/customers/view']],
    ['superadmin', ['/', '/products/view']],
  ] as const) {
    const paths = all.filter((path) => wanted(`${user} ${path}`));
    if (paths.length === 0) continue;
    const session = await sessionOf(browser, user);
    for (const path of paths) await measure(`${user} ${path}`, path, session);
  }
  await browser.close();
  console.log(
    `cold loads in Chromium, compressed bytes received, median LCP of ${RUNS} (budget: login JS 150 KiB, any page JS 350 KiB, LCP 1 s)`,
  );
  let over = 0;
  for (const { page, runs } of variants[0]!) {
    const l = summary(runs);
    const jsBudget = page === '/login' ? BUDGET.loginJs : BUDGET.pageJs;
    const verdict = l.js <= jsBudget && l.lcp <= BUDGET.lcpMs ? 'ok' : 'OVER';
    if (verdict === 'OVER') over++;
    console.log(
      `${page.padEnd(26)} JS ${kib(l.js).padStart(10)}   CSS ${kib(l.css).padStart(9)}   LCP ${l.lcp.toFixed(0).padStart(5)} ms   ${verdict}   (${runs.map((r) => r.lcp.toFixed(0)).join(', ')})`,
    );
    console.log(`${''.padEnd(26)} ${breakdown(l)}`);
  }
  if (COMPARE) {
    console.log(`\nthis build (A) against ${COMPARE} (B), medians of ${RUNS} alternating loads each`);
    variants[0]!.forEach(({ page, runs }, i) => {
      const [a, b] = [summary(runs), summary(variants[1]![i]!.runs)];
      console.log(
        `${page.padEnd(26)} LCP A ${ms(a.lcp).padStart(8)}  B ${ms(b.lcp).padStart(8)}  B/A ${(b.lcp / a.lcp).toFixed(2)}   JS A ${kib(a.js)}  B ${kib(b.js)}`,
      );
      console.log(`${'  A'.padEnd(26)} ${breakdown(a)}`);
      console.log(`${'  B'.padEnd(26)} ${breakdown(b)}`);
    });
  }
  // The LCP is wall time: on a busy machine it measures the neighbours too.
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  process.exitCode = over > 0 ? 1 : 0;
} finally {
  await other?.stop();
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
