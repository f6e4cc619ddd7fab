import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import type { UserInfo } from '@portal/contract/auth';
import { passesRule, type Rule } from '@portal/contract/rules';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const THEMES = ['light', 'dark'] as const;
/** One demo user per role; each route is checked once per theme with the first of them that may open it. */
const ROLE_USERS = ['superadmin', 'reseller', 'seller', 'support'] as const;
/** Public routes whose id the spec cannot take from a link: an unknown id still renders the screen. */
const FIXED_IDS: Record<string, string> = { '/registration/set-password/:id': '0'.repeat(32) };

/** The start-up screen only passes on to the next screen; the audit would see whichever that is. */
const PASS_THROUGH = '/loading';
const byParams = (path: string) => path.includes(':');

interface RouteEntry {
  path: string;
  rule: Rule;
}

/**
 * The web app's route table, loaded at run time: a specifier in a variable keeps the e2e type check from
 * compiling the whole web app under the e2e settings.
 */
async function routeTable(): Promise<readonly RouteEntry[]> {
  const module = '../apps/web/src/app/routes.tsx';
  return ((await import(module)) as { ROUTES: readonly RouteEntry[] }).ROUTES;
}

/** Answer fields that carry a route parameter, for screens whose lists open details by button rather than link. */
const PARAM_FIELDS: Record<string, readonly string[]> = {
  productId: ['product_id'],
  supplierId: ['supplier_id'],
  configId: ['configuration_id', 'config_id'],
  batch: ['batch', 'import_batch'],
  poolId: ['pool_id'],
  card: ['card_number', 'card', 'gift_card_id'],
  discountSlabId: ['discount_slab_id', 'discount_plan_id'],
  userId: ['user_id'],
  customerId: ['customer_id'],
  downloadId: ['download_id'],
};

/** Remembers the first value of every field in the API answers the screens loaded. */
function collectFields(value: unknown, into: Map<string, string>): void {
  if (Array.isArray(value)) for (const item of value) collectFields(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if ((typeof field === 'number' || (typeof field === 'string' && field !== '')) && !into.has(key)) {
        into.set(key, String(field));
      } else collectFields(field, into);
    }
  }
}

function fromAnswers(path: string, fields: Map<string, string>): string | undefined {
  let missing = false;
  const url = path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const value = (PARAM_FIELDS[param] ?? []).map((f) => fields.get(f)).find((v) => v !== undefined);
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? undefined : url;
}

function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/?#]+').replace(/\/$/, '/?')}$`);
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.addInitScript((scheme) => {
    const settings = JSON.parse(localStorage.getItem('portal.settings') ?? '{}');
    localStorage.setItem('portal.settings', JSON.stringify({ ...settings, theme: scheme }));
  }, theme);
}

async function audit(page: Page, url: string, theme: string): Promise<string[]> {
  await page.goto(url);
  await expect(page.locator('html'), url).toHaveAttribute('data-mantine-color-scheme', theme);
  // The screen's heading comes with the lazy page; loaders go once its first query answered.
  await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root'), url).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    // Axe still calls this WCAG 2.5.3 rule experimental and leaves it out unless asked.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_21_AA)
    .analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${url} [${theme}] ${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]}`),
  );
}

/** Checks the user's routes; ids come from the links of the screens checked before (lists before details). */
async function auditRole(browser: Browser, username: string | null, theme: (typeof THEMES)[number], paths: string[]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useTheme(page, theme);
  if (username) await openLoginAndSignIn(page, username);
  const found: string[] = [];
  const fields = new Map<string, string>();
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !response.ok()) return;
    collectFields(await response.json().catch(() => null), fields);
  });
  const problems: string[] = [];
  const ordered = [...paths.filter((p) => !byParams(p)), ...paths.filter(byParams)];
  for (const path of ordered) {
    const url = byParams(path)
      ? FIXED_IDS[path]
        ? path.replace(/:[A-Za-z]+/, FIXED_IDS[path])
        : (found.find((href) => pattern(path).test(href)) ?? fromAnswers(path, fields))
      : path;
    if (!url) {
      // The demo data has no such record yet: the route is listed as not audited, not passed.
      test.info().annotations.push({ type: 'not audited', description: `${path}: no id on the checked screens` });
      continue;
    }
    problems.push(...(await audit(page, url, theme)));
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    found.push(...hrefs.map((h) => h.split(/[?#]/)[0] ?? h));
  }
  await context.close();
  return problems;
}

async function subjectOf(page: Page) {
  const user: UserInfo = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.user') ?? 'null'));
  return {
    account_role: user.account_role,
    internal_role: user.internal_role,
    enable_web_view: user.enable_web_view,
    flags: user,
  };
}

/** Assigns each signed-in route to the first role user allowed to open it. */
async function routesByUser(browser: Browser): Promise<Map<string, string[]>> {
  const routes = await routeTable();
  const assigned = new Map<string, string[]>();
  const taken = new Set<string>();
  for (const username of ROLE_USERS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openLoginAndSignIn(page, username);
    const subject = await subjectOf(page);
    await context.close();
    const mine = routes.filter((r) => r.rule !== 'public' && !taken.has(r.path) && passesRule(subject, r.rule));
    for (const r of mine) taken.add(r.path);
    assigned.set(
      username,
      mine.map((r) => r.path),
    );
  }
  const missing = routes.filter((r) => r.rule !== 'public' && !taken.has(r.path)).map((r) => r.path);
  expect(missing, 'every signed-in route is open to one demo user').toEqual([]);
  return assigned;
}

test.describe('WCAG 2.1 A/AA on every route', () => {
  // About three seconds per screen (load and audit); the superadmin alone opens some fifty screens.
  test.describe.configure({ timeout: 360_000 });
  let assigned: Map<string, string[]>;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    assigned = await routesByUser(browser);
  });

  for (const theme of THEMES) {
    test(`public routes (${theme})`, async ({ browser }) => {
      const paths = (await routeTable())
        .filter((r) => r.rule === 'public' && r.path !== PASS_THROUGH)
        .map((r) => r.path);
      expect(await auditRole(browser, null, theme, paths)).toEqual([]);
    });

    for (const username of ROLE_USERS) {
      test(`routes of ${username} (${theme})`, async ({ browser }) => {
        expect(await auditRole(browser, username, theme, assigned.get(username) ?? [])).toEqual([]);
      });
    }
  }
});
