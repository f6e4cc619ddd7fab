import { randomInt } from 'node:crypto';
import { api, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * A shop reclaims a PIN of its sale, its reseller (the stock's owner) takes, accepts, forwards, approves the
 * claim and issues the credit note; the shop's balance rises by the price it paid and it finds the credit note.
 */
const productName = `E2E Reclaim ${randomInt(1000, 9999)}`;

test('a shop files a reclamation, the reseller approves and credits it, the shop gets its money back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const { configurationId } = await stockProduct(reseller, { name: productName, pins: randomPins(3), batch: 'E2E-RK' });
  await supplyShop(reseller, { shopId, configurationId, planName: `E2E plan ${productName}` });
  const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
  const sale = await api<{ sale_id: number }>(seller, '/add_transaction_v3/', {
    transaction_key,
    configuration: configurationId,
    quantity: 2,
  });

  await seller.goto('/dashboard');
  const balanceText = async () => (await seller.getByTestId('figure-balance').innerText()).replace(/\s+/g, ' ');
  await expect(seller.getByTestId('figure-balance')).toContainText('€');
  const before = await balanceText();

  // From the sale: the filing dialog opens with the sale's masked PINs to tick.
  await seller.goto(`/seller-reclaim-requests?sale_id=${sale.sale_id}`);
  const dialog = seller.getByRole('dialog', { name: 'Reklamation einreichen' });
  await expect(dialog.getByText(productName)).toBeVisible();
  await dialog.getByRole('button', { name: 'Einreichen' }).click();
  await expect(dialog.getByText('Bitte wählen Sie mindestens eine PIN.')).toBeVisible();
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByLabel('Grund').fill('Der Code wird beim Einlösen abgelehnt');
  await dialog.getByRole('button', { name: 'Einreichen' }).click();
  await expect(seller).toHaveURL(/\/seller-reclaim\/\d+$/);
  const id = Number(seller.url().split('/').pop());
  await expect(seller.getByRole('heading', { name: `Reklamation ${id}` })).toBeVisible();
  await expect(seller.getByText('Neu', { exact: true })).toBeVisible();
  // The shop has no move to make: no buttons for the reseller's steps.
  await expect(seller.getByRole('button', { name: 'Annehmen' })).toHaveCount(0);

  // The reseller finds it in its list and walks it to the credit note.
  await reseller.goto('/reseller-reclaim-requests');
  await reseller
    .getByRole('row', { name: new RegExp(`^${id}\\b`) })
    .getByRole('link', { name: String(id) })
    .click();
  await expect(reseller).toHaveURL(`/seller-reclaim/${id}`);
  for (const [button, status] of [
    ['Übernehmen', 'In Bearbeitung'],
    ['Annehmen', 'Angenommen'],
    ['Zur Prüfung weiterleiten', 'In Prüfung'],
    ['Genehmigen', 'Genehmigt'],
    ['Rechnungskorrektur ausstellen', 'Erstattet'],
  ]) {
    await reseller.getByRole('button', { name: button }).click();
    await expect(reseller.getByRole('main').getByText(status, { exact: true }).first()).toBeVisible();
  }
  await expect(reseller.getByTestId('credit-notes')).toContainText(/RK-\d{6}/);
  await expect(reseller.getByTestId('credit-notes')).toContainText('9,70');

  // The shop's balance rose by the 9.70 € it paid for the PIN, and it reads the credit note.
  await seller.goto('/dashboard');
  const parse = (s: string) => Number(s.replace(/[^\d,]/g, '').replace(',', '.'));
  await expect.poll(async () => Math.round((parse(await balanceText()) - parse(before)) * 100)).toBe(970);
  await seller.goto(`/seller-reclaim/${id}`);
  await expect(seller.getByText('Erstattet', { exact: true })).toBeVisible();
  await expect(seller.getByTestId('credit-notes')).toContainText('9,70');
  // Among its reclamation documents: the single credit notes next to the monthly reclamation invoices.
  await seller.goto('/invoices-all-reclamation');
  await expect(seller.getByRole('heading', { name: 'Reklamationsrechnungen' })).toBeVisible();
  await seller.getByText('Rechnungskorrekturen', { exact: true }).click();
  await expect(seller.getByRole('row', { name: /RK-\d{6}/ }).first()).toContainText('9,70');
});
