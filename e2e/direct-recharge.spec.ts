import { api, customerIdOf, fundDemoShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

test.describe('direct recharge', () => {
  test('a shop recharges a Telekom number, watches it arrive, prints the receipt and finds it in the history', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await fundDemoShop(browser, '50');

    await openLoginAndSignIn(page, 'seller');
    // Both screens are in the selling menu for a shop with the direct-recharge flag.
    await page.getByRole('button', { name: 'Verkauf' }).click();
    await expect(page.getByRole('menuitem', { name: 'Direktaufladungen', exact: true })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Direktaufladung', exact: true }).click();
    await expect(page).toHaveURL(/\/direct-recharge\/$/);
    await expect(page.getByRole('heading', { name: 'Direktaufladung' })).toBeVisible();

    await page.getByRole('radio', { name: 'Telekom Deutschland', exact: true }).check();
    await page.getByRole('radio', { name: /Telekom Deutschland 15 €/ }).click();
    await expect(page.getByText('Ihr Preis: 14,70')).toBeVisible();

    await page.getByRole('textbox', { name: 'Mobilnummer' }).fill('123');
    await page.getByRole('button', { name: 'Kaufen' }).click();
    await expect(page.getByText('Keine gültige deutsche Mobilnummer.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Mobilnummer' }).fill('0176 1234 5100');
    await page.getByRole('button', { name: 'Kaufen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aufladung bestätigen' });
    await expect(dialog.getByText('+4917612345100')).toBeVisible();
    await expect(dialog.getByText('Belastet: 14,70')).toBeVisible();
    await dialog.getByRole('button', { name: 'Bestätigen und aufladen' }).click();

    // The simulator completes a …100 number after about 3 s; the screen asks until then and offers no receipt before.
    await expect(page.getByText('Die Aufladung wird ausgeführt …')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Beleg drucken' })).toHaveCount(0);
    await expect(page.getByText('Die Aufladung ist angekommen.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Beleg drucken' })).toBeVisible();

    await page.getByRole('link', { name: 'Alle Direktaufladungen' }).click();
    await expect(page.getByRole('heading', { name: 'Direktaufladungen' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: '+4917612345100' }).first();
    await expect(row.getByText('Erfolgreich')).toBeVisible();
    await expect(row).toContainText('14,70');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Fehlgeschlagen' }).click();
    await expect(page.getByText('Noch keine Direktaufladungen.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '+4917612345100' })).toHaveCount(0);
  });

  test('the reseller gives its shop a direct-recharge discount on the shop’s details, and the shop pays its price', async ({
    page,
    browser,
  }) => {
    await openLoginAndSignIn(page, 'reseller');
    const shopId = await customerIdOf(page, 'Demo Shop Berlin');
    await page.goto(`/customer/details/${shopId}`);
    const panel = page.getByTestId('services-discounts');
    await expect(panel.getByRole('heading', { name: 'Rabatte für Dienste' })).toBeVisible();
    const row = panel.getByTestId('services-discount-row').filter({ hasText: 'Direktaufladung' });
    // Nothing assigned yet: the platform's 2 % applies; the reseller's own 4 % is the most it can give.
    await expect(row).toContainText('4,00 %');
    await expect(row.getByTestId('effective-direct_recharge')).toHaveText('2,00 %');
    const field = row.getByRole('textbox');
    try {
      await field.fill('5');
      await panel.getByRole('button', { name: 'Speichern' }).click();
      // Marked on the service's own field.
      await expect(
        row.getByText('Ein Rabatt von 5,00 % liegt über Ihrem eigenen Rabatt von 4,00 % für diesen Dienst.'),
      ).toBeVisible();
      await field.fill('3.5');
      await panel.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Rabatte für Dienste gespeichert.')).toBeVisible();
      await expect(row.getByTestId('effective-direct_recharge')).toHaveText('3,50 %');

      // The shop's price: 15 € less 3.5 % = 14.475, rounded half-up to 14,48.
      const shop = await (await browser.newContext()).newPage();
      await openLoginAndSignIn(shop, 'seller');
      await shop.goto('/direct-recharge/');
      await shop.getByRole('radio', { name: 'Telekom Deutschland', exact: true }).check();
      await shop.getByRole('radio', { name: /Telekom Deutschland 15 €/ }).click();
      await expect(shop.getByText('Ihr Preis: 14,48')).toBeVisible();
    } finally {
      // Back to the platform's default for the specs after this one.
      await api(page, '/provider_discounts/', {
        customer_id: shopId,
        discounts: [{ provider: 'direct_recharge', discount: null }],
      });
    }
  });
});
