import { api, customerIdOf } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn, signIn } from './helpers.ts';
import { CREDIT_NOTE, fileReclamation, openReclamation, walkReclamation } from './reclamation-steps.ts';

/**
 * Issue 37 end to end through the screens: the superadmin sells the provider's 25 € cash card, a reseller sets up a
 * new shop with the dynamic-products flag ticked on the customer form and credits it, the shop sells the soft pin,
 * reclaims it from its sales list, the reseller and the platform (the soft pin's stock owner) take the claim to its
 * credit note, and the shop finds the credit note and its money back.
 */
test('a shop set up through the screens sells a soft pin, reclaims it and receives its credit note', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const product = `E2E Reclaim Cash ${suffix}`;
  const username = `softpin-${suffix}`;
  const password = 'Kiosk#2026';

  // The superadmin sells the provider's 25 € cash card (cost 23,75 €) at its face value.
  await openLoginAndSignIn(admin, 'superadmin');
  await admin.goto('/dynamic-products/');
  const row = admin.getByTestId('softapi-product').filter({ hasText: 'SimCash 25 €' });
  await expect(row).toContainText('23,75');
  await admin.getByRole('button', { name: 'SimCash 25 € einrichten' }).click();
  const setup = admin.getByRole('dialog', { name: 'SimCash 25 € einrichten' });
  await setup.getByRole('textbox', { name: 'Name' }).fill(product);
  await setup.getByRole('textbox', { name: 'Nennwert (Verkaufspreis)' }).fill('25');
  await setup.getByRole('button', { name: 'Speichern' }).click();
  await expect(admin.getByText('Produkt gespeichert.')).toBeVisible();
  // The reseller pays R for platform goods its shops sell: money recorded by the platform.
  const resellerId = await customerIdOf(admin, 'Demo Reseller GmbH');
  await api(admin, '/add_customer_credit/', {
    customer_id: resellerId,
    amount: '100',
    type: 'payment',
    method: 'transfer',
  });

  // The reseller creates the shop, ticking its permissions on the form: dynamic products and cash cards.
  const reseller = await (await browser.newContext()).newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  await reseller.goto('/customer/add');
  await reseller.getByRole('textbox', { name: 'Name', exact: true }).fill(`Softpin Kiosk ${suffix}`);
  await reseller.getByRole('textbox', { name: 'Benutzername', exact: true }).fill(username);
  await expect(reseller.getByText('Der Benutzername ist verfügbar')).toBeVisible();
  await reseller.locator('input[type="password"]').first().fill(password);
  await reseller.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(`${username}@example.com`);
  await reseller.getByRole('textbox', { name: 'Mobilnummer', exact: true }).fill('+49 151 2345678');
  await reseller.getByRole('textbox', { name: 'Mobilnummer bestätigen', exact: true }).fill('+49 151 2345678');
  await reseller.getByRole('textbox', { name: 'Kreditlimit', exact: true }).fill('200');
  // Its address: the credit note is an e-invoice, which names the buyer's address.
  for (const [field, value] of [
    ['Straße', 'Torstraße'],
    ['Hausnummer', '12'],
    ['Postleitzahl', '10119'],
    ['Ort', 'Berlin'],
  ] as const) {
    await reseller.getByRole('textbox', { name: field, exact: true }).fill(value);
  }
  for (const flag of ['Dynamische Produkte', 'Cash-Karten', 'Reklamationen', 'Verkaufen']) {
    await reseller.getByRole('checkbox', { name: flag, exact: true }).check();
  }
  await reseller.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(reseller).toHaveURL(/\/customer\/details\/\d+$/);
  const shopId = Number(/details\/(\d+)/.exec(reseller.url())?.[1]);
  await reseller.goto(`/customer/${shopId}/credit/add`);
  await reseller.getByRole('textbox', { name: 'Betrag', exact: true }).fill('100');
  await reseller.getByRole('button', { name: 'Kredit buchen', exact: true }).click();
  // A booking is asked first (issue 40).
  await reseller.getByRole('dialog').getByRole('button', { name: 'Kredit buchen', exact: true }).click();
  await expect(reseller.getByTestId('wallet-balance')).toContainText('100,00');

  // The shop sells the soft pin: the provider delivers its PIN.
  const shop = await (await browser.newContext()).newPage();
  await shop.goto('/login');
  await signIn(shop, username, password);
  await shop.goto('/cashcards/');
  const card = shop.getByTestId('soft-pin-card').filter({ hasText: product });
  await expect(card).toContainText('25,00');
  await card.getByRole('button', { name: `${product} kaufen` }).click();
  const buy = shop.getByRole('dialog');
  await buy.getByRole('button', { name: 'Bestätigen und kaufen' }).click();
  await expect(buy.getByText('Die PIN wurde geliefert.')).toBeVisible({ timeout: 30_000 });
  await expect(buy.getByTestId('receipts').getByTestId('receipt-pin')).toHaveText(/^\d{16}$/);
  await buy.getByTestId('purchase-outcome').getByRole('button', { name: 'Schließen' }).click();
  await shop.goto('/dashboard');
  await expect(shop.getByTestId('figure-balance')).toContainText('75,00');

  // It reclaims the soft pin from its sales list.
  await shop.goto('/seller/sales');
  const sold = shop.getByRole('row').filter({ hasText: product }).first();
  await sold.getByRole('link', { name: 'Reklamieren' }).click();
  const dialog = shop.getByRole('dialog', { name: 'Reklamation einreichen' });
  await expect(dialog.getByText(/Soft-Pin aus Verkauf \d+ \(eine PIN\)/)).toBeVisible();
  const id = await fileReclamation(shop, dialog, 'Der Code wird beim Einlösen abgelehnt');
  await expect(shop.getByRole('main').getByText('Neu', { exact: true }).first()).toBeVisible();

  // The reseller takes it and forwards it; the platform, the soft pin's stock owner, approves and credits it.
  await reseller.goto(`/seller-reclaim/${id}`);
  await walkReclamation(reseller, [
    ['Übernehmen', 'In Bearbeitung'],
    ['Annehmen', 'Angenommen'],
    ['Zur Prüfung weiterleiten', 'In Prüfung'],
  ]);
  await openReclamation(admin, '/reclaim-requests', id, `/reclaim-request/${id}`);
  await walkReclamation(admin, [
    ['Genehmigen', 'Genehmigt'],
    [CREDIT_NOTE, 'Erstattet'],
  ]);

  // The shop reads its credit note of 25,00 € and has its money back.
  await shop.goto(`/seller-reclaim/${id}`);
  await expect(shop.getByRole('main').getByText('Erstattet', { exact: true }).first()).toBeVisible();
  await expect(shop.getByTestId('credit-notes')).toContainText(/RK/);
  await expect(shop.getByTestId('credit-notes')).toContainText('25,00');
  await shop.goto('/dashboard');
  await expect(shop.getByTestId('figure-balance')).toContainText('100,00');
});
