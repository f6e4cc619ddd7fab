import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { UserInfo } from '@portal/contract/auth';
import { TEMPLATE_COLOURS } from '@portal/contract/limits';
import { passesRule, type Rule } from '@portal/contract/rules';
import { DEFAULT_SETTINGS } from '@portal/contract/settings';
import type { AxeResults, RunOptions } from 'axe-core';
import { MISSING_KEY_PREFIX } from '../apps/web/src/i18n/missing-keys.ts';
import {
  api,
  backdateCreditNotes,
  generateInvoice,
  pastMonth,
  pastSale,
  randomPins,
  stockProduct,
  supplyShop,
} from './api.ts';
import { DEMO_PASSWORD, openLoginAndSignIn } from './helpers.ts';

const AXE_SOURCE = fileURLToPath(import.meta.resolve('axe-core/axe.min.js'));
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // Axe still calls this WCAG 2.5.3 rule experimental and leaves it out unless asked.
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};
const THEMES = ['light', 'dark'] as const;
const TEMPLATES = TEMPLATE_COLOURS.map((_, i) => i);
type Theme = (typeof THEMES)[number];
/** One demo user per role; each route is checked with the first of them that may open it. */
const ROLE_USERS = ['superadmin', 'reseller', 'seller', 'support'] as const;
type RoleUser = (typeof ROLE_USERS)[number];
/** A download belongs to the user who bought it; any other user is shown "not found". */
const OPENED_BY: Record<string, RoleUser> = {
  '/download/:downloadId': 'seller',
  // The shop's and its reseller's screen; the superadmin sees the same claim on its own one.
  '/seller-reclaim/:reclaimId': 'reseller',
};

/** The start-up screen only passes on to the next screen; the audit would see whichever that is. */
const PASS_THROUGH = '/loading';
const byParams = (path: string) => path.includes(':');

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

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

function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/?#]+').replace(/\/$/, '/?')}$`);
}

/**
 * The detail routes' records, made through the API, each with its URL: the superadmin's product with a stock
 * batch, its supplier, a pool, a gift card, a discount slab, a staff member and a device, the reseller's hardware
 * category and the shop's devices, and a download the seller bought from the reseller's stock. A set-password
 * link with an unknown id still renders its screen.
 */
async function createRecords(pages: Record<RoleUser, Page>): Promise<Record<string, string>> {
  const suffix = randomInt(1000, 9999);
  const admin = pages.superadmin;
  const stock = await stockProduct(admin, {
    name: `A11y Cash ${suffix}`,
    pins: randomPins(3),
    batch: `A11Y-${suffix}`,
  });
  const pool = await api<{ pool_id: number }>(admin, '/add_pool/', {
    pool_name: `A11y Pool ${suffix}`,
    pin_length: 12,
    configurations: [{ value: '10' }],
  });
  const giftCard = await api<{ product_id: number }>(admin, '/add_gift_cards/', {
    product_name: `A11y Gift ${suffix}`,
    pin_length: 16,
    configurations: [{ value: '25' }],
  });
  const slab = await api<{ discount_slab_id: number }>(admin, '/add_discount_plan/', {
    name: `A11y Slab ${suffix}`,
    items: [{ configuration_id: stock.configurationId, discount: '2' }],
  });

  const shopId = Number(await pages.seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const shopStock = await stockProduct(pages.reseller, {
    name: `A11y Shop Cash ${suffix}`,
    pins: randomPins(2),
    batch: `A11Y-SHOP-${suffix}`,
  });
  await supplyShop(pages.reseller, {
    shopId,
    configurationId: shopStock.configurationId,
    planName: `A11y Shop Slab ${suffix}`,
  });
  const { transaction_key } = await api<{ transaction_key: string }>(pages.seller, '/get_transaction_session_key/');
  const bought = await api<{ download_id: string }>(pages.seller, '/add_bulk_transaction_v3/', {
    transaction_key,
    configuration: shopStock.configurationId,
    quantity: 1,
  });
  const staff = await api<{ user_id: number }>(admin, '/add_internal_permission/', {
    username: `a11ystaff${suffix}`,
    name: 'A11y Staff',
    password: DEMO_PASSWORD,
    is_manager: 0,
  });
  const device = await api<{ id: number }>(admin, '/add_update_delete_devices/', {
    action: 'add',
    tag: `A11Y-${suffix}`,
    serial_no: `SN-${suffix}`,
  });
  const category = await api<{ category_id: number }>(pages.reseller, '/hardware_category/', {
    category_name: `A11y Category ${suffix}`,
  });
  // The platform's invoice to the reseller for a month two months back (the invoice test uses last month).
  const resellerId = Number(await pages.reseller.evaluate(() => localStorage.getItem('portal.customer_id')));
  await api(admin, '/add_customer_credit/', {
    customer_id: resellerId,
    amount: '100',
    type: 'payment',
    method: 'transfer',
  });
  await pastSale({
    monthsAgo: 2,
    shopId,
    resellerId,
    productId: stock.productId,
    configurationId: stock.configurationId,
    platformStock: true,
  });
  const invoiceId = await generateInvoice(admin, resellerId, pastMonth(2).month);
  const reclamation = await creditedReclamation(pages, stock.configurationId, shopId, resellerId, suffix);
  return {
    ...reclamation,
    '/invoice/:customerId': `/invoice/${resellerId}`,
    '/new/invoice/:invoiceId': `/new/invoice/${invoiceId}`,
    '/new/invoice-gross/:invoiceId': `/new/invoice-gross/${invoiceId}`,
    '/registration/set-password/:id': `/registration/set-password/${'0'.repeat(32)}`,
    '/products/view/:productId': `/products/view/${stock.productId}`,
    '/inventory/details/:configId': `/inventory/details/${stock.configurationId}`,
    '/stock/details/:configId': `/stock/details/${stock.configurationId}`,
    '/stock/details/:configId/:batch': `/stock/details/${stock.configurationId}/${encodeURIComponent(stock.batch)}`,
    '/supplier/edit/:supplierId': `/supplier/edit/${stock.supplierId}`,
    '/inventory/pool/pad/:poolId': `/inventory/pool/pad/${pool.pool_id}`,
    '/admin/giftcard/:card': `/admin/giftcard/${giftCard.product_id}`,
    '/admin/giftcard/edit/:card': `/admin/giftcard/edit/${giftCard.product_id}`,
    '/product-discount-slabs/:discountSlabId': `/product-discount-slabs/${slab.discount_slab_id}`,
    '/user/assign/:userId': `/user/assign/${staff.user_id}`,
    '/download/:downloadId': `/download/${bought.download_id}`,
    '/device/edit/:data': `/device/edit/${device.id}`,
    '/customer/devices/:customerId': `/customer/devices/${shopId}`,
    '/hardware/category/:categoryId': `/hardware/category/${category.category_id}`,
    '/hardware/:categoryId': `/hardware/${category.category_id}`,
  };
}

/**
 * A claim on a platform PIN the shop bought, taken through the reseller and credited by the superadmin, its
 * credit notes moved three months back and summed up in the platform's reclamation invoice to the reseller.
 */
async function creditedReclamation(
  pages: Record<RoleUser, Page>,
  configurationId: number,
  shopId: number,
  resellerId: number,
  suffix: number,
): Promise<Record<string, string>> {
  const supply = async (page: Page, customerId: number, discount: string) => {
    const plan = await api<{ discount_slab_id: number }>(page, '/add_discount_plan/', {
      name: `A11y Reclaim ${suffix} ${customerId}`,
      items: [{ configuration_id: configurationId, discount }],
    });
    await api(page, '/add_update_delete_disable_pad/', {
      customer_id: customerId,
      action: 'assign',
      configuration_ids: [configurationId],
      discount_plan_id: plan.discount_slab_id,
    });
    await api(page, '/add_customer_credit/', {
      customer_id: customerId,
      amount: '100',
      type: 'payment',
      method: 'transfer',
    });
  };
  await supply(pages.superadmin, resellerId, '3');
  await supply(pages.reseller, shopId, '2');
  const { transaction_key } = await api<{ transaction_key: string }>(pages.seller, '/get_transaction_session_key/');
  const sale = await api<{ sale_id: number; pins: { pin_id: number }[] }>(pages.seller, '/add_transaction_v3/', {
    transaction_key,
    configuration: configurationId,
    quantity: 1,
  });
  const { reclamation_id: id } = await api<{ reclamation_id: number }>(pages.seller, '/post_reclam_pins/', {
    sale_id: sale.sale_id,
    pin_ids: [sale.pins[0]!.pin_id],
    reason: 'A11y',
  });
  for (const action of ['open', 'accept', 'forward']) {
    await api(pages.reseller, '/view_update_reclam_pins/', { reclamation_id: id, action });
  }
  await api(pages.superadmin, '/view_update_reclam_pins/', { reclamation_id: id, action: 'approve' });
  const credited = await api<{ credit_notes: { id: number; recipient_name: string }[] }>(
    pages.superadmin,
    '/view_update_reclam_pins/',
    { reclamation_id: id, action: 'issue_credit_note' },
  );
  const toReseller = credited.credit_notes.find((n) => n.recipient_name !== 'Demo Shop Berlin')!;
  const month = await backdateCreditNotes(id, 3);
  const run = await api<{ run_id: number }>(pages.superadmin, '/generate_reclamation_invoices_with_customer_ids/', {
    customer_ids: [resellerId],
    month,
  });
  await expect
    .poll(async () => (await api<{ status: string }>(pages.superadmin, `/invoice_runs/${run.run_id}/`)).status, {
      timeout: 20_000,
    })
    .toBe('done');
  const list = await api<{ invoices: { id: number }[] }>(pages.superadmin, '/view_reclamation_invoices/', {
    page: 1,
    view: 'issued',
    customer_id: resellerId,
    month,
  });
  const rs = list.invoices[0]!.id;
  return {
    '/seller-reclaim/:reclaimId': `/seller-reclaim/${id}`,
    '/reclaim-request/:reclaimId': `/reclaim-request/${id}`,
    '/new/invoice-credit-note/:invoiceId': `/new/invoice-credit-note/${toReseller.id}`,
    '/new/invoice-reclamation/:invoiceId': `/new/invoice-reclamation/${rs}`,
    '/new/invoice-gross-reclamation/:invoiceId': `/new/invoice-gross-reclamation/${rs}`,
    '/new/invoice-reclamation-combined/:invoiceId': `/new/invoice-reclamation-combined/${rs}`,
  };
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

/** Sets the theme the way the settings screen of another tab would: the app follows the storage event. */
async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((scheme) => {
    const settings = JSON.parse(localStorage.getItem('portal.settings') ?? '{}');
    localStorage.setItem('portal.settings', JSON.stringify({ ...settings, theme: scheme }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal.settings', storageArea: localStorage }));
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
  // Colour transitions (switches, segmented controls) would show axe a blend of both themes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished),
    ),
  );
}

async function violations(page: Page, url: string, theme: Theme): Promise<string[]> {
  const result = await page.evaluate(
    (options) => (window as unknown as { axe: { run(o: RunOptions): Promise<AxeResults> } }).axe.run(options),
    AXE_OPTIONS,
  );
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${url} [${theme}] ${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]}`),
  );
}

/** Follows a link inside the app (no page load); the screen before is marked, so its heading is not taken for the next. */
async function openInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    for (const h of document.querySelectorAll('h1')) h.dataset.left = '';
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

async function screenReady(page: Page, url: string): Promise<void> {
  // The screen's heading comes with the lazy page; loaders go once its first query answered.
  await expect(page.locator('h1:not([data-left])').first(), url).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root'), url).toHaveCount(0);
}

/**
 * Loads the app once and opens each route in it, auditing it in both themes (in alternating order, so the
 * theme changes once per route). A detail route opens its created record or else the first link to it on the
 * screens checked before (lists before details): the demo customers and users.
 */
async function auditRoutes(
  browser: Browser,
  state: StorageState | undefined,
  paths: string[],
  records: Record<string, string>,
  template = 0,
): Promise<string[]> {
  const context = await browser.newContext({ storageState: state, serviceWorkers: 'block' });
  const problems: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(MISSING_KEY_PREFIX)) problems.push(message.text());
  });
  const page = await context.newPage();
  await page.addInitScript({ path: AXE_SOURCE });
  await page.addInitScript((colours) => {
    const settings = JSON.parse(localStorage.getItem('portal.settings') ?? '{}');
    localStorage.setItem('portal.settings', JSON.stringify({ ...settings, theme: 'light', template: colours }));
  }, template);
  let loaded = false;
  let themes: Theme[] = [...THEMES];
  const found: string[] = [];
  const ordered = [...paths.filter((p) => !byParams(p)), ...paths.filter(byParams)];
  for (const path of ordered) {
    const url = byParams(path) ? (records[path] ?? found.find((href) => pattern(path).test(href))) : path;
    if (!url) {
      problems.push(`${path}: no record to open`);
      continue;
    }
    if (loaded) await openInApp(page, url);
    else await page.goto(url);
    loaded = true;
    await screenReady(page, url);
    for (const [i, theme] of themes.entries()) {
      if (i > 0) await switchTheme(page, theme);
      problems.push(...(await violations(page, url, theme)));
    }
    themes = themes.toReversed();
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    found.push(...hrefs.map((h) => h.split(/[?#]/)[0] ?? h));
  }
  await context.close();
  return problems;
}

/**
 * Each test is one page load, then one screen after another inside the app. A screen took 3–4 s (its data and two
 * audits) on two cores shared with other builds; the budget is 10 s a screen.
 */
const timeFor = (paths: readonly string[]) => 30_000 + paths.length * 10_000;

test.describe('WCAG 2.1 A/AA on every route, light and dark', () => {
  const states = new Map<RoleUser, StorageState>();
  const assigned = new Map<RoleUser, string[]>();
  /** Every screen without a record in its path that each demo user may open. */
  const opens = new Map<RoleUser, string[]>();
  let records: Record<string, string>;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    const routes = await routeTable();
    const pages = {} as Record<RoleUser, Page>;
    const contexts: BrowserContext[] = [];
    const taken = new Set<string>(Object.keys(OPENED_BY));
    for (const username of ROLE_USERS) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      contexts.push(context);
      const page = await context.newPage();
      await openLoginAndSignIn(page, username);
      pages[username] = page;
      states.set(username, await context.storageState());
      const subject = await subjectOf(page);
      const openable = routes.filter((r) => r.rule !== 'public' && !byParams(r.path) && passesRule(subject, r.rule));
      opens.set(
        username,
        openable.map((r) => r.path),
      );
      const mine = routes.filter((r) => r.rule !== 'public' && !taken.has(r.path) && passesRule(subject, r.rule));
      for (const r of mine) taken.add(r.path);
      const own = Object.entries(OPENED_BY).flatMap(([path, user]) => (user === username ? [path] : []));
      assigned.set(username, [...mine.map((r) => r.path), ...own]);
    }
    const missing = routes.filter((r) => r.rule !== 'public' && !taken.has(r.path)).map((r) => r.path);
    expect(missing, 'every signed-in route is open to one demo user').toEqual([]);
    records = await createRecords(pages);
    for (const context of contexts) await context.close();
  });

  test('public routes', async ({ browser }) => {
    const paths = (await routeTable()).filter((r) => r.rule === 'public' && r.path !== PASS_THROUGH).map((r) => r.path);
    test.setTimeout(timeFor(paths));
    expect(await auditRoutes(browser, undefined, paths, records)).toEqual([]);
  });

  for (const username of ROLE_USERS) {
    test(`routes of ${username}`, async ({ browser }) => {
      test.setTimeout(timeFor(assigned.get(username) ?? []));
      expect(await auditRoutes(browser, states.get(username), assigned.get(username) ?? [], records)).toEqual([]);
    });
  }

  // The colour templates (settings, spec section 2) change the primary colour of buttons, links and the menu: each
  // is audited on every screen the web support may open (the role with the fewest), the default one above.
  for (const template of TEMPLATES.filter((t) => t !== DEFAULT_SETTINGS.template)) {
    test(`screens of support in template ${template}`, async ({ browser }) => {
      const paths = opens.get('support') ?? [];
      test.setTimeout(timeFor(paths));
      expect(await auditRoutes(browser, states.get('support'), paths, records, template)).toEqual([]);
    });
  }
});
