import { randomInt } from 'node:crypto';
import { api, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Find anything (issue 39), in German: Ctrl+K opens the header's search, the arrow keys and Enter open a hit on its
 * screen; a whole PIN finds its sale, a part of it nothing ("Nichts gefunden"); a failed search says so.
 */
const productName = `E2E Suche ${randomInt(1000, 9999)}`;

test('the header search finds a sale by its whole PIN and a customer by name, each opening its screen', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const { configurationId } = await stockProduct(reseller, { name: productName, pins: randomPins(2), batch: 'E2E-S' });
  await supplyShop(reseller, { shopId, configurationId, planName: `E2E plan ${productName}` });
  const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
  const sale = await api<{ sale_id: number; pins: { pin: string }[] }>(seller, '/add_transaction_v3/', {
    transaction_key,
    configuration: configurationId,
    quantity: 1,
  });
  const pin = sale.pins[0]!.pin;

  // The shop: Ctrl+K, the whole PIN, Enter opens the sale on its sales list.
  await seller.goto('/seller/sales');
  await expect(seller.getByRole('heading', { name: 'Verkäufe', level: 1 })).toBeVisible();
  await seller.keyboard.press('Control+k');
  const dialog = seller.getByRole('dialog', { name: 'Alles finden' });
  const field = dialog.getByRole('combobox', { name: 'Suchbegriff' });
  await expect(field).toBeFocused();
  await field.fill(pin.slice(0, -1));
  await expect(dialog.getByText('Nichts gefunden')).toBeVisible();
  await field.fill(pin);
  const option = dialog.getByRole('option').filter({ hasText: productName });
  await expect(option).toBeVisible();
  await expect(option).toContainText('PIN-Verkauf');
  await expect(option).toContainText('10,00');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  // No hit ever shows the PIN.
  await expect(dialog.getByRole('listbox')).not.toContainText(pin);
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(seller).toHaveURL(`/seller/sales?sale=${sale.sale_id}`);
  await expect(seller.getByRole('dialog', { name: `Verkauf ${sale.sale_id}` })).toContainText(productName);

  // The reseller: the header's button, a part of the name, arrows to the customer, Enter opens its details.
  await reseller.goto('/');
  await reseller.getByTestId('header-search').click();
  const search = reseller.getByRole('dialog', { name: 'Alles finden' });
  await search.getByRole('combobox', { name: 'Suchbegriff' }).fill('Demo Shop');
  const options = search.getByRole('option');
  await expect(options.filter({ hasText: 'Demo Shop Berlin' }).first()).toBeVisible();
  const count = await options.count();
  // The kind's badge is written in capitals by CSS: its text content says "Kunde".
  const texts = await options.allTextContents();
  const index = texts.findIndex((t) => t.includes('Demo Shop Berlin') && t.endsWith('Kunde'));
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < index; i++) await search.getByRole('combobox').press('ArrowDown');
  await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
  if (count > 1) await expect(options.nth((index + 1) % count)).toHaveAttribute('aria-selected', 'false');
  await search.getByRole('combobox').press('Enter');
  await expect(reseller).toHaveURL(`/customer/details/${shopId}`);

  // A search that fails says so and offers another try; Escape closes.
  await reseller.route('**/api/search/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message_type":0,"message":"boom"}' }),
  );
  await reseller.keyboard.press('Control+k');
  await search.getByRole('combobox').fill('Kiosk');
  await expect(search.getByRole('alert')).toContainText('Fehler beim Abrufen der Daten');
  await expect(search.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  await reseller.keyboard.press('Escape');
  await expect(search).toBeHidden();
});
