import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createPortalClient, spawnPortal } from '../apps/server/test/portal-process.ts';
import { CHROMIUM } from '../e2e/chromium.ts';
import { DEMO_PASSWORD } from '../e2e/helpers.ts';

/**
 * Chromium performance traces of cold loads, to see where the time before the largest paint goes (decision 0120):
 * a fresh portal on 127.0.0.1 (the web bench's ports), each page of TRACE_PAGES ("user path, user path", `none` for
 * no session) loaded TRACE_RUNS times in a new context with the V8 sampling profiler on, each trace written to
 * `${TRACE_OUT}-<user>-<path>-<run>.json` for Chrome's performance panel or a script counting main-thread time.
 * TRACE_DIST serves another build.
 */
const PORT = Number(process.env.WEB_BENCH_PORT ?? 18182);
const PG_PORT = Number(process.env.WEB_BENCH_PG_PORT ?? 54392);
const pages = (process.env.TRACE_PAGES ?? 'seller /dashboard').split(',').map((p) => {
  const [user, path] = p.trim().split(' ');
  if (!user || !path) throw new Error(`TRACE_PAGES: "${p}" is not "user /path"`);
  return [user, path] as const;
});
const OUT = process.env.TRACE_OUT ?? '/tmp/portal-traces';
const dataDir = mkdtempSync(join(tmpdir(), 'portal-trace-'));
const portal = spawnPortal(
  PORT,
  {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(PG_PORT),
    ...(process.env.TRACE_DIST ? { WEB_DIST: process.env.TRACE_DIST } : {}),
  },
  { quiet: true },
);
try {
  await createPortalClient(portal.base).waitForHealth(120_000);
  const browser = await chromium.launch(CHROMIUM);
  const sessions = new Map<string, Record<string, string>>();
  const sessionOf = async (user: string) => {
    if (user === 'none') return null;
    if (sessions.has(user)) return sessions.get(user)!;
    const context = await browser.newContext({ baseURL: portal.base, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Benutzername').fill(user);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL((url) => !/\/(login|loading)$/.test(url.pathname));
    const storage = await page.evaluate(() => ({ ...localStorage }));
    await context.close();
    sessions.set(user, storage);
    return storage;
  };
  const runs = Number(process.env.TRACE_RUNS ?? 1);
  for (const [user, path] of pages) {
    const session = await sessionOf(user);
    for (let r = 0; r < runs; r++) {
      const context = await browser.newContext({ baseURL: portal.base, locale: 'de-DE', serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.addInitScript((s) => {
        if (s) for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v);
      }, session);
      const cdp = await context.newCDPSession(page);
      const events: unknown[] = [];
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
      const finished = new Promise((res) => cdp.once('Tracing.tracingComplete', res));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-devtools.timeline.frame',
            'v8.execute',
            'v8',
            'blink.user_timing',
            'loading',
            'toplevel',
            'disabled-by-default-v8.cpu_profiler',
            'blink',
            'netlog',
          ],
        },
      });
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForTimeout(2500);
      await cdp.send('Tracing.end');
      await finished;
      const file = `${OUT}-${user}-${path.replace(/\W+/g, '_')}-${r}.json`;
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      console.log(file);
      await context.close();
    }
  }
  await browser.close();
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
