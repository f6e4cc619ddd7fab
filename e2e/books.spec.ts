import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { importPins, pgUrl, randomPins, stockProduct } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Issue 39, decision 0136: the books at a date on their screens. A reseller of its own ("Lager <tag> GmbH", seeded
 * through SQL like report-roles.spec.ts) with an owner, a staff member, and a platform staff member assigned to it;
 * the platform's card whose first import is booked five days ago (the server runs on the real clock, so the
 * approval's entry is moved back, as `backdateCreditNotes` moves invoices). Amounts do not divide evenly: 3,7 % and
 * 12,35 % buying discounts give C = 9,63 € and 8,77 € a PIN.
 */
const tag = String(randomInt(1000, 9999));
const reseller = `Lager ${tag} GmbH`;
const card = `Stichtagkarte ${tag}`;
const login = {
  reseller: `lager${tag}`,
  resellerStaff: `lager${tag}-staff`,
  platformStaff: `plattform${tag}-staff`,
};

/** A Berlin calendar day `daysAgo` before today, as the API (`YYYY-MM-DD`) and as typed in German (`DD.MM.YYYY`). */
function berlinDay(daysAgo: number): { iso: string; typed: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );
  const [y, m, d] = iso.split('-');
  return { iso, typed: `${d}.${m}.${y}` };
}
const PAST = berlinDay(5);

async function withDb<T>(work: (q: (text: string, values?: unknown[]) => Promise<pg.QueryResultRow[]>) => Promise<T>) {
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  try {
    await client.query('begin');
    const result = await work(async (text, values = []) => (await client.query(text, values)).rows);
    await client.query('commit');
    return result;
  } finally {
    await client.end();
  }
}

/** The reseller, its users (with the demo users' passwords) and the platform staff member assigned to it. */
async function seedReseller(): Promise<void> {
  await withDb(async (q) => {
    const [platform] = await q(
      `select id, organisation_id from customers where account_role = 0 and name = 'Demo Prepaid'`,
    );
    if (!platform) throw new Error('the demo platform is missing');
    const [own] = await q(
      `insert into customers (organisation_id, parent_id, account_role, name, features)
       select $1::int, $2::int, 1, $3::text, features from customers where name = 'Demo Reseller GmbH' returning id`,
      [platform.organisation_id, platform.id, reseller],
    );
    if (!own) throw new Error('the demo reseller is missing');
    await q('select open_wallet($1::int)', [own.id]);
    const like = async (customer: number, username: string, demo: string, internalRole?: number) =>
      (
        await q(
          `insert into users (customer_id, organisation_id, username, name, password_hash, account_role, internal_role,
             is_main, enable_web_view, features)
           select $1::int, organisation_id, $2::text, $2::text, password_hash, account_role,
             coalesce($4::int, internal_role), $4::int is null and is_main, enable_web_view, features
           from users where username = $3::text returning id`,
          [customer, username, demo, internalRole ?? null],
        )
      )[0]!.id as number;
    await like(own.id, login.reseller, 'reseller');
    await like(own.id, login.resellerStaff, 'reseller-staff');
    const staff = await like(platform.id, login.platformStaff, 'superadmin', 1);
    await q(
      `insert into staff_assignments (staff_user_id, customer_id, assigned_by, assigned_at) values ($1, $2, $1, now())`,
      [staff, own.id],
    );
  });
}

/**
 * Moves an approval's `stock_import` entry (and its two lines) to noon of a past Berlin day, as if approved then. The
 * books refuse updates by trigger; the test database's superuser lifts it for these statements only.
 */
async function backdateApproval(importId: number, day: string): Promise<void> {
  await withDb(async (q) => {
    const at = `(${"$1::date + time '12:00'"}) at time zone 'Europe/Berlin'`;
    await q('alter table journal_entries disable trigger journal_entries_append_only');
    await q('alter table ledger_lines disable trigger ledger_lines_append_only');
    await q(
      `update journal_entries set created_at = ${at} where id = (select entry_id from inventory_imports where id = $2)`,
      [day, importId],
    );
    await q(
      `update ledger_lines set created_at = ${at}
       where entry_id = (select entry_id from inventory_imports where id = $2)`,
      [day, importId],
    );
    await q('alter table journal_entries enable trigger journal_entries_append_only');
    await q('alter table ledger_lines enable trigger ledger_lines_append_only');
  });
}

/** The status of a call, for refusals (`api` throws on them). */
function statusOf(page: Page, path: string, body: object): Promise<number> {
  return page.evaluate(
    async ({ path, body }) =>
      (
        await fetch(`/api${path}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
            'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
            'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(body),
        })
      ).status,
    { path, body },
  );
}

/** The table row of a denomination (by its product's name) or a sum row (by its label). */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** The report's menu entries under "Berichte" in the top menu. */
async function reportsMenu(page: Page) {
  await page.getByRole('button', { name: 'Berichte', exact: true }).click();
  return page.getByRole('menu');
}

test.describe('the books at a date (issue 39, decision 0136)', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let resellerCard: string;

  test.beforeAll(async ({ browser }) => {
    await seedReseller();
    // The reseller takes 3 PINs into stock at 12,35 % (C = 8,77 €): 26,31 €.
    const page = await browser.newPage();
    await openLoginAndSignIn(page, login.reseller);
    resellerCard = `Eigenkarte ${tag}`;
    await stockProduct(page, { name: resellerCard, pins: randomPins(3), batch: `L-${tag}`, buyingDiscount: '12.35' });
    await page.close();
  });

  test('the superadmin reads a past day, sees a later import only from its day on, picks an owner and exports', async ({
    page,
  }) => {
    await openLoginAndSignIn(page, 'superadmin');
    // The platform's card: 3 PINs at 3,7 % (C = 9,63 €), approved five days ago.
    const stocked = await stockProduct(page, {
      name: card,
      pins: randomPins(3),
      batch: `S-${tag}`,
      buyingDiscount: '3.7',
    });
    await backdateApproval(stocked.importId, PAST.iso);

    await page.goto('/reports-stock-value');
    await expect(page.getByRole('heading', { name: 'Lagerwert zum Stichtag' })).toBeVisible();
    const day = page.getByRole('textbox', { name: 'Stand am Ende des Tages' });
    await day.fill(PAST.typed);
    await day.blur();
    await expect(page).toHaveURL(new RegExp(`day=${PAST.iso}`));
    await expect(row(page, card)).toContainText('3');
    await expect(row(page, card)).toContainText('28,89 €');
    // The day before it was not on the books yet.
    await page.goto(`/reports-stock-value?day=${berlinDay(6).iso}`);
    await expect(row(page, card)).toHaveCount(0);

    // A later import of 2 PINs at 10 % (C = 9,00 €): today's value grows by 18,00 €, the past day's stays.
    await importPins(page, {
      configurationId: stocked.configurationId,
      supplierId: stocked.supplierId,
      pins: randomPins(2),
      batch: `S2-${tag}`,
      buyingDiscount: '10',
    });
    await page.goto(`/reports-stock-value?day=${PAST.iso}`);
    await expect(row(page, card)).toContainText('28,89 €');
    await page.goto('/reports-stock-value');
    await expect(row(page, card)).toContainText('5');
    await expect(row(page, card)).toContainText('46,89 €');

    // The supplier debt of that past day holds the first import's supplier.
    await page.goto(`/reports-supplier-debt?day=${PAST.iso}`);
    await expect(row(page, `E2E Supplier ${card}`)).toContainText('28,89 €');

    // One owner: the picker searches the owners on the server; the choice stays in the address over a reload.
    await page.goto('/reports-stock-value');
    await page.getByRole('combobox', { name: 'Eigentümer', exact: true }).fill(`Lager ${tag}`);
    await page.getByRole('option', { name: reseller }).click();
    await expect(page).toHaveURL(/owner=\d+/);
    await expect(row(page, card)).toHaveCount(0);
    await expect(row(page, resellerCard)).toContainText('26,31 €');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Eigentümer', exact: true })).toHaveValue(reseller);
    await expect(page.getByRole('table').getByRole('row').last()).toContainText('26,31 €');

    // The export of that owner: German CSV, its rows only, then its sum and the total.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV herunterladen' }).click();
    const text = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = text
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(lines[0]).toEqual([
      'Eigentümer',
      'Produkt',
      'Produkttyp',
      'Nennwert',
      'PINs auf Lager',
      'Lagerwert (Einkauf)',
    ]);
    expect(lines.slice(1)).toEqual([
      [reseller, resellerCard, 'Cash-Karte', '10,00', '3', '26,31'],
      [reseller, 'Summe des Eigentümers', '', '', '3', '26,31'],
      ['Summe', '', '', '', '3', '26,31'],
    ]);
  });

  test('the reseller reads its own stock only, with no owner to pick; in English too', async ({ page }) => {
    await openLoginAndSignIn(page, login.reseller);
    await page.goto('/reports-stock-value');
    await expect(row(page, resellerCard)).toContainText('26,31 €');
    await expect(page.getByRole('combobox', { name: 'Eigentümer' })).toHaveCount(0);
    await expect(page.getByRole('table')).not.toContainText('Demo Prepaid');
    await expect(page.getByRole('table').getByRole('row').last()).toContainText('26,31 €');
    await page.goto('/settings');
    await page.getByRole('radiogroup', { name: 'Sprache' }).getByText('English').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/reports-stock-value');
    await expect(page.getByRole('heading', { name: 'Stock value at a date' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Stock value (cost)' })).toBeVisible();
  });

  test('a platform staff member reads the assigned reseller’s stock, never the platform’s, and no supplier debt', async ({
    page,
  }) => {
    await openLoginAndSignIn(page, login.platformStaff);
    await page.goto('/reports-stock-value');
    await expect(row(page, resellerCard)).toContainText('26,31 €');
    await expect(row(page, card)).toHaveCount(0);
    await expect(page.getByRole('table')).not.toContainText('Demo Prepaid');
    const owner = page.getByRole('combobox', { name: 'Eigentümer', exact: true });
    await owner.fill('Demo');
    await expect(page.getByText('Nichts gefunden')).toBeVisible();
    await owner.fill(`Lager ${tag}`);
    await expect(page.getByRole('option', { name: reseller })).toBeVisible();

    const menu = await reportsMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Lagerwert zum Stichtag' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Lieferantenverbindlichkeiten' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/reports-supplier-debt');
    await expect(page).toHaveURL('/pages/not-authorized');
    expect(await statusOf(page, '/get_supplier_debt_report/', { day: berlinDay(0).iso })).toBe(403);
  });

  test('a reseller’s staff member has no stock value: no menu entry, and the server refuses', async ({ page }) => {
    await openLoginAndSignIn(page, login.resellerStaff);
    await page.goto('/reports-sales');
    const menu = await reportsMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Verkaufsbericht' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Lagerwert zum Stichtag' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/reports-stock-value');
    await expect(page).toHaveURL('/pages/not-authorized');
    expect(await statusOf(page, '/get_stock_value_report/', { day: berlinDay(0).iso })).toBe(403);
    expect(await statusOf(page, '/export_stock_value_report/', { day: berlinDay(0).iso })).toBe(403);
  });
});
