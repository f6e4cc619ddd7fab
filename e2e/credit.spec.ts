import { expect, type Page, test } from '@playwright/test';
import { openLoginAndSignIn, signIn } from './helpers.ts';

/** A call with the signed-in user's session, for data whose screens belong to another part of the app. */
async function apiAs<T>(page: Page, path: string, body: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
          'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
          'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
        },
        body: JSON.stringify(body),
      });
      const envelope = await response.json();
      if (envelope.message_type !== 1) throw new Error(`${path}: ${response.status} ${envelope.message}`);
      return envelope.data;
    },
    { path, body },
  ) as Promise<T>;
}

const idFrom = (url: string, pattern: RegExp) => Number(pattern.exec(url)?.[1]);

test.describe('customers, product assignment and credit', () => {
  test('a reseller creates a shop, assigns a product with a slab and gives credit; the shop sees its balance', async ({
    page,
    browser,
  }) => {
    // Many screens and sign-ins in one story.
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const username = `kiosk-${suffix}`;
    const password = 'Kiosk#2026';
    const product = `E2E Card ${suffix}`;

    await openLoginAndSignIn(page, 'reseller');
    // The product screens are another part of the app; the product comes from its call.
    await apiAs(page, '/add_product/', {
      product_name: product,
      product_type: 'cash_card',
      pin_length: 12,
      configurations: [{ value: '10', info: 'Ten euro' }],
    });

    // The customer.
    await page.goto('/customer/add');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Kiosk ${suffix}`);
    await page.getByRole('textbox', { name: 'Benutzername', exact: true }).fill(username);
    await expect(page.getByText('Der Benutzername ist verfügbar')).toBeVisible();
    await page.locator('input[type="password"]').first().fill(password);
    await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(`${username}@example.com`);
    await page.getByRole('textbox', { name: 'Mobilnummer', exact: true }).fill('+49 151 1234567');
    await page.getByRole('textbox', { name: 'Mobilnummer bestätigen', exact: true }).fill('+49 151 7654321');
    await page.getByRole('textbox', { name: 'Kreditlimit', exact: true }).fill('500');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Die Bestätigung stimmt nicht mit der Mobilnummer überein')).toBeVisible();
    await page.getByRole('textbox', { name: 'Mobilnummer bestätigen', exact: true }).fill('+49 151 1234567');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page).toHaveURL(/\/customer\/details\/\d+$/);
    const customerId = idFrom(page.url(), /details\/(\d+)/);
    await expect(page.getByRole('heading', { level: 1, name: `Kiosk ${suffix}` })).toBeVisible();
    await expect(page.getByTestId('customer-limit')).toContainText('500,00');

    // A discount slab for the product; a negative discount is refused before it is sent.
    await page.goto('/discount-slabs/add');
    await page.getByRole('textbox', { name: 'Name der Staffel', exact: true }).fill(`Slab ${suffix}`);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page).toHaveURL(/\/product-discount-slabs\/\d+$/);
    const discount = page.getByRole('textbox', { name: `Rabatt für ${product} 10.00` });
    await discount.fill('-5');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Der Rabatt darf nicht negativ sein')).toBeVisible();
    await discount.fill('5');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Rabattstaffel gespeichert')).toBeVisible();

    // The assignment: the product with that slab; a slab must be chosen first.
    await page.goto(`/customer/${customerId}/pad`);
    await page.getByRole('checkbox', { name: `${product} 10.00 auswählen` }).check();
    await page.getByRole('button', { name: 'Zuweisen (1)' }).click();
    await expect(page.getByText('Es muss eine Rabattstaffel gewählt werden')).toBeVisible();
    await page.getByRole('combobox', { name: 'Rabattstaffel', exact: true }).click();
    await page.getByRole('option', { name: `Slab ${suffix}` }).click();
    await page.getByRole('button', { name: 'Zuweisen (1)' }).click();
    const row = page.getByRole('row', { name: new RegExp(product) });
    await expect(row).toContainText('Zugewiesen');
    await expect(row).toContainText(`Slab ${suffix}`);
    await expect(row).toContainText('5.00 %');
    await expect(row).toContainText('9,50');

    // Credit: an empty amount is refused, then 150 € are booked.
    await page.goto(`/customer/${customerId}/credit/add`);
    await page.getByRole('button', { name: 'Kredit buchen', exact: true }).click();
    await expect(page.getByText('Der Betrag muss ausgefüllt sein')).toBeVisible();
    await page.getByRole('textbox', { name: 'Betrag', exact: true }).fill('150');
    await page.getByRole('button', { name: 'Kredit buchen', exact: true }).click();
    await expect(page.getByTestId('wallet-balance')).toContainText('150,00');
    await expect(page.getByTestId('wallet-outstanding_credit')).toContainText('150,00');

    // The customer ledger shows both lines of the entry.
    await page.goto(`/admin/customer-ledger?customer_id=${customerId}`);
    const lines = page.getByRole('row').filter({ hasText: 'Kreditaufladung' });
    await expect(lines).toHaveCount(2);
    const account = (name: string) => lines.filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(account('Guthaben')).toContainText('150,00');
    await expect(account('Kredit')).toContainText('-150,00');

    // The shop's owner signs in and sees the new balance and the booking in its own ledger.
    const shop = await browser.newPage();
    await shop.goto('/login');
    await signIn(shop, username, password);
    await expect(shop.getByTestId('figure-balance')).toContainText('150,00');
    await expect(shop.getByTestId('figure-outstanding_credit')).toContainText('150,00');
    await shop.goto('/seller/ledger');
    await expect(shop.getByRole('row').filter({ hasText: 'Kreditaufladung' }).first()).toBeVisible();
    await shop.close();
  });

  test('reseller staff (internal_role 1) cannot open the user management', async ({ page }) => {
    await openLoginAndSignIn(page, 'reseller-staff');
    await page.goto('/users/view');
    await expect(page).toHaveURL('/pages/not-authorized');
    await expect(page.getByRole('heading', { name: 'Sie sind nicht berechtigt' })).toBeVisible();
  });

  test('the public registration form reaches the reseller as a registration to decide', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await page.goto('/user/register');
    await page.getByRole('textbox', { name: 'Name des Shops', exact: true }).fill(`Applicant ${suffix}`);
    await page.getByRole('textbox', { name: 'Ansprechpartner', exact: true }).fill('Ada Applicant');
    await page.getByRole('textbox', { name: 'Benutzername', exact: true }).fill(`applicant-${suffix}`);
    await page.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(`applicant-${suffix}@example.com`);
    await page.getByRole('textbox', { name: 'Mobilnummer', exact: true }).fill('+49 160 5550001');
    await page.getByRole('textbox', { name: 'Mobilnummer bestätigen', exact: true }).fill('+49 160 5550001');
    await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('Hauptstraße');
    await page.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('10115');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Berlin');
    await page.getByRole('button', { name: 'Registrierung senden' }).click();
    await expect(page.getByRole('heading', { name: 'Registrierung eingegangen' })).toBeVisible();

    // On the platform's host the application goes to the platform, which decides it.
    await openLoginAndSignIn(page, 'superadmin');
    await page.goto('/customers/registrations');
    const row = page.getByRole('row', { name: new RegExp(`Applicant ${suffix}`) });
    await row.getByRole('button', { name: 'Ablehnen' }).click();
    await page.getByRole('button', { name: 'Ablehnen', exact: true }).last().click();
    await expect(page.getByText('Pflichtfeld')).toBeVisible();
    await page.getByRole('textbox', { name: 'Grund der Ablehnung' }).fill('No trade licence');
    await page.getByRole('button', { name: 'Ablehnen', exact: true }).last().click();
    await page
      .locator('label')
      .filter({ hasText: /^Abgelehnt$/ })
      .click();
    await expect(page.getByRole('row', { name: new RegExp(`Applicant ${suffix}`) })).toContainText('No trade licence');
  });
});
