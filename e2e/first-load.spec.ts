import { FIRST_CALLS, SIGNED_IN_CALLS } from '../apps/web/src/app/first-calls.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

type EarlyGlobal = { __portalEarly?: Map<string, unknown> };

/** Who opens each screen of `FIRST_CALLS` first. */
const OPENED_BY: Record<keyof typeof FIRST_CALLS, string> = {
  '/': 'reseller',
  '/dashboard': 'seller',
  '/cashcards/': 'seller',
  '/giftcards/': 'seller',
  '/seller/sales': 'seller',
  '/customers/view': 'reseller',
  '/products/view': 'superadmin',
};

test.describe("a signed-in first load asks for the screen's data before its code has arrived", () => {
  for (const [path, user] of Object.entries(OPENED_BY) as [keyof typeof OPENED_BY, string][]) {
    test(`${path} as ${user}: each early call asked once, and every answer taken by the screen`, async ({ page }) => {
      await openLoginAndSignIn(page, user);
      const asked: { call: string; body: string | null }[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/')) asked.push({ call: `${r.method()} ${url.pathname}`, body: r.postData() });
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // A listed call the screen never makes would stay here, a request for nothing.
      await expect
        .poll(() => page.evaluate(() => [...((globalThis as EarlyGlobal).__portalEarly?.keys() ?? [])]))
        .toEqual([]);
      // A screen whose own call differed from its list (another body) would ask for the same path with that body.
      for (const call of [...SIGNED_IN_CALLS, ...FIRST_CALLS[path]]) {
        const bodies = asked.filter((a) => a.call === `${call.method} /api${call.path}`).map((a) => a.body);
        expect(new Set(bodies), `${call.method} ${call.path}`).toEqual(
          new Set([call.body === undefined ? null : JSON.stringify(call.body)]),
        );
      }
    });
  }
});

test.describe('a first load fetches its code in a few scripts (build/chunk-groups.ts)', () => {
  const scriptsOf = (page: import('@playwright/test').Page) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    return scripts;
  };

  test('the sign-in page loads none of the signed-in code', async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto('/login');
    await expect(page.locator('input[name="password"]')).toBeVisible();
    expect(scripts.filter((s) => /\/assets\/(signed-in|screens)-/.test(s))).toEqual([]);
    expect(scripts.length).toBeLessThanOrEqual(5);
  });

  test("the seller's dashboard loads its code in at most 25 scripts, not one per shared module", async ({ page }) => {
    await openLoginAndSignIn(page, 'seller');
    const scripts = scriptsOf(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Distinct chunks: the page has them cached from the sign-in, and Chromium at times reports a chunk that the boot
    // script's preload and the app's import both ask for twice (3 loads of 12 on the build before this comment).
    expect(new Set(scripts.filter((s) => /\/assets\/(signed-in|screens)-/.test(s))).size).toBe(2);
    expect(scripts.length).toBeLessThanOrEqual(25);
  });
});

test.describe('source maps only when configured (WEB_SOURCEMAP=1 at build)', () => {
  test('the default build names no source map in its scripts and serves none', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/login');
    await expect(page.locator('input[name="password"]')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      expect((await (await page.request.get(url)).text()).includes('sourceMappingURL'), url).toBe(false);
      expect((await page.request.get(`${url}.map`)).status(), `${url}.map`).toBe(404);
    }
  });
});

test.describe('the first render waits for the first screen instead of showing a spinner first', () => {
  // A render that suspends commits the page spinner, and React then holds the screen back until 300 ms after that
  // commit, however soon its code arrives: the screen's code is made to arrive late here, after the texts.
  const spinnerSeen = async (page: import('@playwright/test').Page, lateChunk: RegExp, path: string) => {
    await page.route(lateChunk, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.addInitScript(() => {
      const seen = { spinner: false };
      Object.assign(globalThis, { __spinner: seen });
      new MutationObserver(() => {
        if (document.querySelector('[role="status"][aria-label="Wird geladen …"]')) seen.spinner = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    return page.evaluate(() => (globalThis as unknown as { __spinner: { spinner: boolean } }).__spinner.spinner);
  };

  test('the sign-in page', async ({ page }) => {
    expect(await spinnerSeen(page, /\/assets\/login-[\w-]+\.js$/, '/login')).toBe(false);
  });

  test("the seller's dashboard", async ({ page }) => {
    await openLoginAndSignIn(page, 'seller');
    await page.goto('about:blank');
    expect(await spinnerSeen(page, /\/assets\/dashboard\.page-[\w-]+\.js$/, '/dashboard')).toBe(false);
  });
});
