import { randomInt } from 'node:crypto';
import { api, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * The counter's receipt in German (issue 40): a multi-purpose voucher's shows no VAT at all; a single-purpose
 * voucher's shows its rate and the VAT its value includes.
 */
test('a multi-purpose voucher’s receipt shows no VAT, a single-purpose voucher’s shows it', async ({ browser }) => {
  test.setTimeout(120_000);
  const productName = `E2E VAT ${randomInt(1000, 9999)}`;
  const seller = await browser.newPage();
  await seller.addInitScript(() => {
    window.print = () => undefined;
  });
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const stock = await stockProduct(reseller, { name: productName, pins: randomPins(4), batch: 'E2E-VAT' });
  await supplyShop(reseller, { shopId, configurationId: stock.configurationId, planName: `E2E plan ${productName}` });

  const buyOne = async () => {
    await seller.goto('/cashcards/');
    await seller.getByRole('button', { name: new RegExp(`^${productName} 10,00\\s€ kaufen$`) }).click();
    const dialog = seller.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Jetzt kaufen (1)' }).click();
    await expect(dialog.getByText('Kauf erfolgreich')).toBeVisible();
    return dialog.getByTestId('receipts');
  };

  // New products are multi-purpose vouchers: the receipt has its value and PIN, and no VAT line or rate.
  const mpv = await buyOne();
  await expect(mpv.getByTestId('receipt-pin')).toBeVisible();
  await expect(mpv.getByTestId('receipt-vat')).toHaveCount(0);
  await expect(mpv).not.toContainText('MwSt');

  // The owner makes it a single-purpose voucher at 19 %: 1,60 € of the 10,00 € is VAT.
  await api(reseller, '/update_product_details/', { product_id: stock.productId, vat_treatment: 'spv_19' });
  const spv = await buyOne();
  await expect(spv.getByTestId('receipt-vat')).toHaveText(/^enthaltene MwSt\. 19 %: 1,60\s€$/);
});
