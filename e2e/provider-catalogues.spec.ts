import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * The provider catalogues (issue 40), in German, as the superadmin: the VAT treatment of provider goods is set on
 * this screen and on no other (decision 0132). A change holds from now on; it is set back at the end so later sales
 * of other specs keep the default.
 */
test('the superadmin sets the VAT of provider goods on /provider-catalogues/, and only there', async ({ page }) => {
  test.setTimeout(90_000);
  await openLoginAndSignIn(page, 'superadmin');
  await page.goto('/provider-catalogues/');
  const panel = page.getByTestId('provider-vat');
  await expect(panel.getByRole('heading', { name: 'Umsatzsteuer der Anbieterwaren' })).toBeVisible();
  const rows = panel.getByTestId('provider-vat-row');
  for (const name of ['DT One (Aufladungen)', 'Direktaufladung', 'Soft-PINs (alle Produkte)', 'FlixBus (Bustickets)']) {
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
  }
  await expect(rows.filter({ hasText: 'FlixBus (Bustickets)' })).toContainText('Fahrpreis im Namen des Beförderers');

  const direct = rows.filter({ hasText: 'Direktaufladung' });
  const change = async (choice: string) => {
    await direct.getByRole('button', { name: 'Umsatzsteuer für Direktaufladung ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Umsatzsteuer für Direktaufladung ändern' });
    await dialog.getByLabel('Behandlung').click();
    await page.getByRole('option', { name: choice, exact: true }).click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Umsatzsteuer gespeichert; sie gilt ab jetzt.')).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await change('Einzweck-Gutschein 19 %');
  await expect(direct).toContainText('Einzweck-Gutschein 19 %');
  await change('Mehrzweck-Gutschein (nicht steuerbar)');
  await expect(direct).toContainText('Mehrzweck-Gutschein (nicht steuerbar)');

  // No second form: the dynamic products screen no longer carries the panel.
  await page.goto('/dynamic-products/');
  await expect(page.getByTestId('softapi-product').first()).toBeVisible();
  await expect(page.getByTestId('provider-vat')).toHaveCount(0);
});
