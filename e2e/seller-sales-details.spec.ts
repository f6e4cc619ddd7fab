import { api, fundDemoShop } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Issue 39: top-ups and bus tickets in `/seller/sales` open their details and reprint their receipt like PIN sales;
 * a reseller's staff member without assigned customers is told why its dashboard is empty.
 */

/** Opens the provider sale of the first row matching `text` on the shop's sales list and reprints its receipt. */
async function reprintFromSalesList(page: Page, text: string | RegExp, kind: string) {
  await page.goto('/seller/sales');
  const row = page.getByRole('row').filter({ hasText: text }).first();
  await expect(row).toContainText(kind);
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(page).toHaveURL(/[?&]provider_sale=\d+/);
  const id = new URL(page.url()).searchParams.get('provider_sale');
  const drawer = page.getByRole('dialog', { name: `${kind} ${id}` });
  await expect(drawer.getByText('Erfolgreich')).toBeVisible();
  await drawer.getByRole('button', { name: 'Beleg nachdrucken' }).click();
  await expect(drawer.getByTestId('provider-receipt-copy')).toContainText('Kopie · Nachdruck vom');
  await expect(drawer.getByRole('button', { name: 'Drucken', exact: true })).toBeVisible();
  const printed = page.getByTestId('print-area');
  await expect(printed).toContainText('Kopie');
  await expect(printed).toContainText(kind);
  return printed;
}

test('a shop opens a top-up and a bus ticket from its sales list and reprints their receipts', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await fundDemoShop(browser, '80');
  await openLoginAndSignIn(page, 'seller');

  // A Turkcell top-up, confirmed, as the top-up screen sends it.
  await page.goto('/international-topup/');
  await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue(/Türkei \(\+90\)/);
  await page.getByRole('textbox', { name: 'Mobilnummer' }).fill('532 123 41 00');
  await page.getByRole('button', { name: 'Betreiber suchen' }).click();
  await expect(page.getByRole('combobox', { name: 'Betreiber' })).toHaveValue('Turkcell Turkey');
  await page.getByRole('radio', { name: /Turkcell Turkey 5\.00 EUR/ }).click();
  await page.getByRole('button', { name: 'Kaufen' }).click();
  await page
    .getByRole('dialog', { name: 'Aufladung bestätigen' })
    .getByRole('button', { name: 'Bestätigen und senden' })
    .click();
  await expect(page.getByText('Die Aufladung ist angekommen.')).toBeVisible({ timeout: 30_000 });

  const topup = await reprintFromSalesList(page, '+905321234100', 'Internationale Aufladung');
  await expect(topup).toContainText('+905321234100');
  await expect(topup).toContainText('150 TRY');

  // A bus ticket, booked and paid on the bus screen.
  await page.goto('/flixbus');
  await page.getByRole('combobox', { name: 'Von' }).click();
  await page.getByRole('option', { name: 'Berlin' }).click();
  await page.getByRole('combobox', { name: 'Nach' }).click();
  await page.getByRole('option', { name: 'München' }).click();
  await page.getByRole('textbox', { name: 'Datum' }).fill('16.03.2027');
  await page.getByRole('button', { name: 'Fahrten suchen' }).click();
  const trips = page.getByTestId('flixbus-trip');
  await trips.nth(0).getByRole('button', { name: 'Auswählen' }).click();
  await page.getByRole('group', { name: 'Sitzplan' }).getByRole('button', { name: 'Platz 7, frei' }).click();
  await page.getByRole('button', { name: 'Diese Plätze reservieren' }).click();
  await page.getByRole('textbox', { name: 'Fahrgast 1 · Vorname' }).fill('Jonas');
  await page.getByRole('textbox', { name: 'Nachname' }).fill('Nachdruck');
  await page.getByRole('textbox', { name: 'Telefon für Rückfragen' }).fill('0176 1234 5678');
  await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  // Paying is confirmed first (issue 40).
  await page
    .getByRole('dialog', { name: 'Ticket bezahlen?' })
    .getByRole('button', { name: 'Kostenpflichtig bezahlen' })
    .click();
  await expect(page.getByText('Die Buchung ist bestätigt.')).toBeVisible({ timeout: 30_000 });
  const ticketCode = (await page.getByTestId('ticket-code').innerText()).trim();

  const ticket = await reprintFromSalesList(page, /Berlin → München, 16\.03\.2027/, 'Busticket');
  await expect(ticket).toContainText('Fahrgast 1: Jonas Nachdruck');
  await expect(ticket).toContainText(ticketCode);
});

test('a reseller’s staff member without assigned customers reads why its dashboard is empty', async ({ browser }) => {
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const staff = await api<{ staff_accounts: { user_id: number; username: string }[] }>(
    reseller,
    '/view_internal_permission/',
    { page: 1 },
  );
  const userId = staff.staff_accounts.find((s) => s.username === 'reseller-staff')?.user_id;
  expect(userId).toBeDefined();
  const before = await api<{ assigned_customers: { customer_id: number }[] }>(reseller, '/staff_assign/', {
    user_id: userId,
  });
  const assigned = before.assigned_customers.map((c) => c.customer_id);
  if (assigned.length > 0) await api(reseller, '/staff_assign/', { user_id: userId, unassign: assigned });
  try {
    const page = await browser.newPage();
    await openLoginAndSignIn(page, 'reseller-staff');
    await expect(page.getByRole('status').filter({ hasText: 'Ihnen sind keine Kunden zugewiesen' })).toContainText(
      'Sie sehen nur die Verkäufe der Kunden, die Ihnen zugewiesen sind',
    );
    await expect(page.getByRole('region', { name: 'Dieser Monat' })).toBeVisible();
    // Once a customer is assigned, the notice is gone.
    await api(reseller, '/staff_assign/', { user_id: userId, assign: [assigned[0] ?? (await demoShopId(reseller))] });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Dieser Monat' })).toBeVisible();
    await expect(page.getByText('Ihnen sind keine Kunden zugewiesen')).toHaveCount(0);
  } finally {
    // The staff member's assignments as they were: other tests sign in as it.
    const now = await api<{ assigned_customers: { customer_id: number }[] }>(reseller, '/staff_assign/', {
      user_id: userId,
    });
    const extra = now.assigned_customers.map((c) => c.customer_id).filter((id) => !assigned.includes(id));
    await api(reseller, '/staff_assign/', { user_id: userId, assign: assigned, unassign: extra });
  }
});

async function demoShopId(page: Page): Promise<number> {
  const { customers } = await api<{ customers: { customer_id: number; name: string }[] }>(
    page,
    '/view_customers_list_with_less_data/',
    {},
  );
  return customers.find((c) => c.name === 'Demo Shop Berlin')!.customer_id;
}
