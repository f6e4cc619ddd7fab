import { customerIdOf, fundDemoShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

test.describe('soft pins', () => {
  test('the platform sells a provider product, the reseller prices it, a shop sells it on /cashcards/ with its PIN on the receipt', async ({
    page: superadminPage,
    browser,
  }) => {
    let page = superadminPage;
    test.setTimeout(120_000);

    // The superadmin sells the provider's 10 € cash card as "E2E SimCash 10".
    await openLoginAndSignIn(page, 'superadmin');
    await page.goto('/dynamic-products/');
    await expect(page.getByRole('heading', { name: 'Dynamische Produkte' })).toBeVisible();
    const row = page.getByTestId('softapi-product').filter({ hasText: 'SimCash 10 €' });
    await expect(row).toContainText('9,50');
    await page.getByRole('button', { name: 'SimCash 10 € einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: 'SimCash 10 € einrichten' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E SimCash 10');
    // Typed with a decimal comma, as a German office writes it (issue 40).
    await dialog.getByRole('textbox', { name: 'Nennwert (Verkaufspreis)' }).fill('10,00');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Produkt gespeichert.')).toBeVisible();
    await expect(row).toContainText('E2E SimCash 10');
    await expect(row).toContainText('Wird verkauft');

    // The platform's 4 % for the demo reseller, with the provider's price and the platform's margin in view.
    await page.goto('/dynamic-products-discounts');
    await page.getByRole('combobox', { name: 'Kunde' }).click();
    await page.getByRole('option', { name: /Demo Reseller GmbH/ }).click();
    const platformRow = page.getByTestId('discount-row').filter({ hasText: 'E2E SimCash 10' });
    await expect(platformRow).toContainText('9,50');
    await platformRow.getByRole('textbox').fill('4,0');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Rabatte gespeichert.')).toBeVisible();
    await expect(platformRow).toContainText('9,60');

    // The reseller's 2 % for its demo shop; it never sees the provider's price.
    const reseller = await browser.newContext();
    page = await reseller.newPage();
    await openLoginAndSignIn(page, 'reseller');
    const shopId = await customerIdOf(page, 'Demo Shop Berlin');
    await page.goto(`/customer/${shopId}/dynamic/discount`);
    const resellerRow = page.getByTestId('discount-row').filter({ hasText: 'E2E SimCash 10' });
    await expect(resellerRow).toContainText('9,60');
    await expect(resellerRow).not.toContainText('9,50');
    await resellerRow.getByRole('textbox').fill('2');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Rabatte gespeichert.')).toBeVisible();
    await expect(resellerRow).toContainText('9,80');

    // The shop sells it beside its stock PINs and prints the PIN the provider delivered.
    await fundDemoShop(browser, '50');
    const seller = await browser.newContext();
    page = await seller.newPage();
    await openLoginAndSignIn(page, 'seller');
    await page.goto('/cashcards/');
    const softPins = page.getByTestId('soft-pins');
    await expect(softPins.getByRole('heading', { name: 'Vom Anbieter geliefert' })).toBeVisible();
    const card = softPins.getByTestId('soft-pin-card').filter({ hasText: 'E2E SimCash 10' });
    await expect(card.getByText('Vom Anbieter geliefert')).toBeVisible();
    await expect(card).toContainText('9,80');
    await card.getByRole('button', { name: 'E2E SimCash 10 kaufen' }).click();
    const buy = page.getByRole('dialog');
    await expect(buy).toContainText('9,80');
    await buy.getByRole('button', { name: 'Bestätigen und kaufen' }).click();
    await expect(buy.getByText('Die PIN wurde geliefert.')).toBeVisible({ timeout: 30_000 });
    const pin = buy.getByTestId('receipts').getByTestId('receipt-pin');
    await expect(pin).toHaveText(/^\d{16}$/);
    await expect(buy.getByTestId('receipts')).toContainText('E2E SimCash 10');
    await expect(buy.getByRole('button', { name: 'Drucken' })).toBeVisible();

    await buy.getByTestId('purchase-outcome').getByRole('button', { name: 'Schließen' }).click();

    // The sale is in the shop's sales list under its sale kind.
    await page.goto('/seller/sales');
    await expect(page.getByRole('row').filter({ hasText: 'E2E SimCash 10' }).first()).toBeVisible();

    // The reseller withholds it from its shops on its own /dynamic-products/ (decision 0110): the shop no longer
    // sees it; offered again, it is back.
    const resellerPage = await reseller.newPage();
    await resellerPage.goto('/dynamic-products/');
    await expect(resellerPage.getByRole('heading', { name: 'Dynamische Produkte' })).toBeVisible();
    const offerRow = resellerPage.getByTestId('reseller-dynamic-product').filter({ hasText: 'E2E SimCash 10' });
    await expect(offerRow).toContainText('9,60');
    await expect(offerRow).not.toContainText('9,50');
    const offered = offerRow.getByRole('switch', { name: 'E2E SimCash 10 Ihren Shops anbieten' });
    await expect(offered).toBeChecked();
    await offered.click();
    await expect(resellerPage.getByText('E2E SimCash 10 wird Ihren Shops nicht mehr angeboten.')).toBeVisible();
    await expect(offered).not.toBeChecked();
    await page.goto('/cashcards/');
    await expect(page.getByTestId('soft-pin-card').filter({ hasText: 'E2E SimCash 10' })).toHaveCount(0);
    await offered.click();
    await expect(resellerPage.getByText('E2E SimCash 10 wird Ihren Shops angeboten.')).toBeVisible();
    await page.goto('/cashcards/');
    await expect(page.getByTestId('soft-pin-card').filter({ hasText: 'E2E SimCash 10' })).toBeVisible();
  });
});
