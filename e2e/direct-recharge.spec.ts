import { fundDemoShop } from './api.ts';
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
});
