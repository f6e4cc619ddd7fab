import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

test.describe('EPay terminals', () => {
  test('the superadmin adds a terminal id to a shop, checks its format and switches it off', async ({ page }) => {
    const terminalId = `E2E${Date.now().toString(36).toUpperCase()}`;
    await openLoginAndSignIn(page, 'superadmin');
    await page.goto('/customers/terminals');
    await expect(page.getByRole('heading', { name: 'EPay-Terminals' })).toBeVisible();

    await page.getByRole('button', { name: 'Terminal-ID für Demo Shop Berlin hinzufügen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Terminal-ID' }).fill('EP-1');
    await dialog.getByRole('button', { name: 'Terminal-ID hinzufügen' }).click();
    await expect(dialog.getByText('Nur Buchstaben und Ziffern, höchstens 20 Zeichen').first()).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Terminal-ID' }).fill(terminalId.toLowerCase());
    await dialog.getByRole('button', { name: 'Terminal-ID hinzufügen' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('textbox', { name: 'Shop, Reseller oder Terminal-ID' }).fill(terminalId);
    await expect(page).toHaveURL(new RegExp(`search=${terminalId}`));
    await expect(page.getByRole('row')).toHaveCount(2);
    const toggle = page.getByRole('switch', { name: `Terminal ${terminalId} aktiv` });
    await expect(toggle).toBeChecked();
    await toggle.uncheck({ force: true });
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(/^Inaktiv ·/)).toBeVisible();

    await page.getByRole('textbox', { name: 'Shop, Reseller oder Terminal-ID' }).fill('');
    await page.getByText('Mit inaktivem Terminal', { exact: true }).click();
    await expect(page).toHaveURL(/status=inactive/);
    await expect(page.getByRole('switch', { name: `Terminal ${terminalId} aktiv` })).not.toBeChecked();
  });
});
