import { randomInt } from 'node:crypto';
import { api, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * A shop's counter on a phone (390 px): selling comes first on the dashboard, list rows become cards whose actions
 * stay on screen, and notifications leave the header's account menu free.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a seller works the counter on a 390 px phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await openLoginAndSignIn(seller, 'seller');
  await expect(seller).toHaveURL('/dashboard');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const productName = `E2E Phone ${randomInt(1000, 9999)}`;
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const { configurationId } = await stockProduct(reseller, {
    name: productName,
    pins: randomPins(2),
    batch: 'E2E-PHONE',
  });
  await supplyShop(reseller, { shopId, configurationId, planName: `E2E plan ${productName}` });
  await reseller.close();
  const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
  await api(seller, '/add_transaction_v3/', { transaction_key, configuration: configurationId, quantity: 1 });

  // Quick buy above the balance cards.
  await seller.reload();
  const quickBuy = seller.getByRole('heading', { name: 'Schnellkauf' });
  const balance = seller.getByTestId('figure-balance');
  await expect(quickBuy).toBeVisible();
  await expect(balance).toBeVisible();
  const [quickBuyBox, balanceBox] = await Promise.all([quickBuy.boundingBox(), balance.boundingBox()]);
  expect(quickBuyBox?.y).toBeLessThan(balanceBox?.y ?? 0);

  // The sales list as cards: the sale's details button is on screen without scrolling sideways.
  await seller.goto('/seller/sales');
  const cards = seller.getByTestId('row-cards');
  await expect(cards).toBeVisible();
  const card = cards.getByRole('listitem').filter({ hasText: productName });
  await expect(card).toHaveCount(1);
  const details = card.getByRole('button', { name: 'Details' });
  await details.scrollIntoViewIfNeeded();
  await expect(details).toBeInViewport({ ratio: 1 });
  expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A notification appears away from the account menu, which stays usable meanwhile.
  await seller.goto('/dashboard');
  const supportId = seller.getByRole('textbox', { name: 'Support-ID' });
  await supportId.fill(`PHONE-${randomInt(1000, 9999)}`);
  await seller.getByRole('region', { name: 'Support-ID' }).getByRole('button', { name: 'Speichern' }).click();
  const notice = seller.getByRole('alert').filter({ hasText: 'Gespeichert' });
  await expect(notice).toBeVisible();
  const account = seller.getByRole('button', { name: /Konto/ });
  const [noticeBox, accountBox] = await Promise.all([notice.boundingBox(), account.boundingBox()]);
  expect(noticeBox?.y ?? 0).toBeGreaterThan((accountBox?.y ?? 0) + (accountBox?.height ?? 0));
  await account.click();
  await expect(seller.getByRole('menu')).toBeVisible();
  await seller.close();
});
