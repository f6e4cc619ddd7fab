import { randomInt } from 'node:crypto';
import pg from 'pg';
import { api, customerIdOf, fundDemoShop, pgUrl, randomPins, sell, stockProduct, supplyShop } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn, readIn } from './helpers.ts';

/**
 * Issue 40, "Raw internal text": what the server keeps as codes (`reclamation:1`, `bank:9`, `direct_recharge`, a
 * memo's ISO day, `15.00 × 2`) reaches the screen in words, in German and in English, and counts agree with their
 * noun ("1 PIN anzeigen", never "1 PINs"). Each is read by the role that meets it: the reseller its sales report
 * and dashboard, the shop its ledger.
 */

const suffix = randomInt(100_000, 999_999);
const productName = `E2E Wörter ${suffix}`;
/** Codes that must never be what a reader sees. */
const RAW_REFERENCE = /\b(reclamation|bank|sale|hardware_order|inventory_import):\d+/;
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
const DOT_AMOUNT_TIMES = /\d+\.\d\d\s*×/;

interface Stocked {
  shopId: number;
  resellerId: number;
  productId: number;
  configurationId: number;
  single: { sale_id: number; pins: { pin_id: number }[] };
  double: number;
}

let stocked: Stocked;

/** A product of the reseller's stock assigned to the demo shop, which buys one PIN and then two. */
test.beforeAll(async ({ browser }) => {
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const shopId = await customerIdOf(reseller, 'Demo Shop Berlin');
  const resellerId = Number(await reseller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const product = await stockProduct(reseller, { name: productName, pins: randomPins(3), batch: `WORDS-${suffix}` });
  await supplyShop(reseller, { shopId, configurationId: product.configurationId, planName: `Plan ${productName}` });
  await reseller.close();
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const single = await sell(seller, product.configurationId, 1);
  const double = (await sell(seller, product.configurationId, 2)).sale_id;
  await seller.close();
  stocked = {
    shopId,
    resellerId,
    productId: product.productId,
    configurationId: product.configurationId,
    single,
    double,
  };
});

/** Back to German on the server, for the specs after this one. */
async function backToGerman(page: Page) {
  await api(page, '/update_settings/', { language: 'de' });
}

test('the reseller reads "1 PIN anzeigen" and "2 PINs anzeigen" in its sales report by sale, and the same in English', async ({
  page,
}) => {
  await openLoginAndSignIn(page, 'reseller');
  // The report by sale, whose rows open their PINs (`/reports-sales-new`).
  const report = `/reports-sales-new?product=${stocked.productId}`;
  const table = page.getByRole('table');
  await page.goto(report);
  await expect(table.getByRole('button', { name: '1 PIN anzeigen', exact: true })).toHaveCount(1);
  await expect(table.getByRole('button', { name: '2 PINs anzeigen', exact: true })).toHaveCount(1);
  await expect(table).not.toContainText('1 PINs');
  try {
    await readIn(page, 'en');
    await page.goto(report);
    await expect(table.getByRole('button', { name: 'Show 1 PIN', exact: true })).toHaveCount(1);
    await expect(table.getByRole('button', { name: 'Show 2 PINs', exact: true })).toHaveCount(1);
    await expect(table).not.toContainText('1 PINs');
  } finally {
    await backToGerman(page);
  }
});

/**
 * A payment booked from a bank statement line, written as the bank booking writes it (method `bank`, reference
 * `bank:<line>`, the payer's invoice, name and booking day in the memo) through the ledger's own posting function;
 * the statement import itself is covered by banking.spec.ts.
 */
async function bankPayment(s: Stocked, line: number): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  try {
    await client.query(
      `select * from ledger_post('payment', $1, $2, (select id from users where username = 'reseller'), 'bank', $3,
         $4, now(), $5::integer[], array['external_funds', 'balance'], array[-73.19, 73.19]::numeric[])`,
      [
        s.shopId,
        s.resellerId,
        `bank:${line}`,
        'RE-000041 Kiosk Müller 2026-11-21 Rechnung November',
        [s.resellerId, s.shopId],
      ],
    );
  } finally {
    await client.end();
  }
}

test('the shop reads its ledger in words: the sale, the bank payment and the reclamation, in German and English', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const line = randomInt(100_000, 999_999);
  await bankPayment(stocked, line);
  // The single PIN's claim, walked by the reseller (the stock's owner) to its credit note.
  await openLoginAndSignIn(page, 'seller');
  const { reclamation_id: reclamation } = await api<{ reclamation_id: number }>(page, '/post_reclam_pins/', {
    sale_id: stocked.single.sale_id,
    pin_ids: [stocked.single.pins[0]!.pin_id],
    reason: 'Code wird abgelehnt',
  });
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  for (const action of ['open', 'accept', 'forward', 'approve', 'issue_credit_note']) {
    await api(reseller, '/view_update_reclam_pins/', { reclamation_id: reclamation, action });
  }
  await reseller.close();

  const rows = page.getByRole('row');
  const read = async (words: { sale: RegExp; bank: string; memo: RegExp; reclamation: string; kind: string }) => {
    await page.goto('/seller/ledger');
    await expect(rows.filter({ hasText: words.sale }).first()).toBeVisible();
    await expect(rows.filter({ hasText: words.bank }).first()).toContainText(words.memo);
    await expect(rows.filter({ hasText: words.kind }).filter({ hasText: words.reclamation }).first()).toBeVisible();
    // Nothing on the page is a code, an ISO day or an amount in figures with a dot.
    const text = await page.getByRole('main').innerText();
    expect(text).not.toMatch(RAW_REFERENCE);
    expect(text).not.toMatch(ISO_DAY);
    expect(text).not.toMatch(DOT_AMOUNT_TIMES);
  };
  await read({
    sale: new RegExp(`Verkauf ${stocked.double}: ${productName} 10,00\\s€ × 2`),
    bank: `Bankimport · Kontoauszugszeile ${line}`,
    memo: /RE-000041 Kiosk Müller 21\.11\.2026 Rechnung November/,
    kind: 'Rechnungskorrektur (Reklamation)',
    reclamation: `Reklamation ${reclamation}`,
  });
  try {
    await readIn(page, 'en');
    await read({
      sale: new RegExp(`Sale ${stocked.double}: ${productName} 10,00\\s€ × 2`),
      bank: `Bank import · Bank statement line ${line}`,
      memo: /RE-000041 Kiosk Müller 21 Nov 2026 Rechnung November/,
      kind: 'Invoice correction (reclamation)',
      reclamation: `Reclamation ${reclamation}`,
    });
  } finally {
    await backToGerman(page);
  }
});

test("the reseller's dashboard names a provider's goods among its top products in words", async ({ page, browser }) => {
  test.setTimeout(90_000);
  // Three 50 € direct recharges of the demo shop this month: enough to be among the reseller's five top products.
  await fundDemoShop(browser, '160');
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const sales = await Promise.all(
    ['6100', '7100', '8100'].map(async (tail) => {
      const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
      return api<{ sale_id: number }>(seller, '/direct_recharge_with_mobile_with_dr_and_cc/', {
        transaction_key,
        product_id: 3102,
        mobile_number: `+491761234${tail}`,
      });
    }),
  );
  // The simulator completes a …100 number after about 3 s.
  for (const { sale_id } of sales) {
    await expect
      .poll(
        async () => (await api<{ status: string }>(seller, '/check_direct_recharge_transaction/', { sale_id })).status,
        { timeout: 30_000 },
      )
      .toBe('successful');
  }
  await seller.close();

  await openLoginAndSignIn(page, 'reseller');
  await expect
    .poll(async () =>
      (await api<{ top_products: { key: string }[] }>(page, '/get_sales_dashboard/')).top_products.map((r) => r.key),
    )
    .toContain('direct_recharge');
  await page.goto('/');
  const top = page.getByRole('region', { name: 'Top-Produkte in diesem Monat' });
  const names = top.getByRole('row').locator('td:first-child');
  await expect(names.filter({ hasText: /^Direktaufladung$/ })).toHaveCount(1);
  for (const name of await names.allInnerTexts()) expect(name).not.toMatch(/^(dtone|direct_recharge|flixbus|softpin)$/);
});

/** The subjects of the messages queued for a recipient, oldest first (bodies are sealed, and cleared once sent). */
async function subjectsFor(recipient: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ subject: string }>(
      'select subject from outbox_messages where recipient = $1 order by id',
      [recipient],
    );
    return rows.map((r) => r.subject);
  } finally {
    await client.end();
  }
}

test("a new shop's invitation and sign-in code come in its user's language: German, and English from an English-reading reseller", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const password = 'Kiosk#2026';
  /** A shop whose main user is invited by mail and signs in with a code by mail; its user name and address. */
  const newShop = async (tag: string) => {
    const username = `mail-${tag}-${suffix}`;
    const email = `${username}@example.com`;
    await api(page, '/add_customer/', {
      name: `Mail ${tag} ${suffix}`,
      username,
      email,
      enable_otp: 1,
      otp_type: 'email',
    });
    // The reseller sets the password the invitation would have set, so the test can sign in.
    await api(page, '/change_password/', { username, new_password: password });
    return { username, email };
  };
  /** Signs in as the shop's user in a fresh (German) browser: the portal asks for the code it sent. */
  const askedForCode = async (username: string) => {
    const context = await browser.newContext();
    const login = await context.newPage();
    await login.goto('/login');
    await login.getByLabel('Benutzername').fill(username);
    await login.locator('input[name="password"]').fill(password);
    await login.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(login.getByText('Wir haben Ihnen einen sechsstelligen Code per E-Mail gesendet.')).toBeVisible();
    await context.close();
  };

  await openLoginAndSignIn(page, 'reseller');
  const german = await newShop('de');
  await askedForCode(german.username);
  await expect.poll(() => subjectsFor(german.email)).toEqual(['Ihr Konto: Passwort festlegen', 'Ihr Anmeldecode']);
  try {
    await readIn(page, 'en');
    const english = await newShop('en');
    await askedForCode(english.username);
    await expect
      .poll(() => subjectsFor(english.email))
      .toEqual(['Your account: set your password', 'Your sign-in code']);
  } finally {
    await backToGerman(page);
  }
});
