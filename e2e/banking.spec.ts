import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

const SAMPLES = join(import.meta.dirname, '../apps/server/src/modules/banking/samples');
const SAMPLE = join(SAMPLES, 'volksbank.csv');

test.describe('bank statement import', () => {
  test('a reseller reads a statement, maps its payer to a shop and books the payments', async ({ page }) => {
    test.setTimeout(90_000);
    await openLoginAndSignIn(page, 'reseller');
    await page.goto('/banking-upload');
    await expect(page.getByRole('heading', { level: 1, name: 'CSV importieren' })).toBeVisible();

    // Step 1: the lines are shown before anything is booked; the outgoing one is marked as such.
    await page.locator('input[type="file"]').setInputFiles(SAMPLE);
    await page.locator('form').getByRole('button', { name: 'Einlesen', exact: true }).click();
    await expect(page.getByText('CSV (Volksbank)')).toBeVisible();
    await expect(page.getByText('3 Buchungen')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Telekom Deutschland GmbH' })).toBeVisible();
    await expect(page.getByText('Ausgang')).toBeVisible();

    // Step 2: the payer (two identical transfers of one day) is mapped to the demo shop.
    await page.getByRole('button', { name: 'Weiter zur Zuordnung' }).click();
    await expect(page.getByText('2 Buchungen')).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'Kunde für Kiosk Müller' });
    await picker.click();
    await picker.fill('Demo Shop');
    await page.getByRole('option', { name: /Demo Shop Berlin/ }).click();
    await page.getByRole('button', { name: 'Zuordnung speichern' }).click();
    await expect(page.getByText('Zuordnung gespeichert.')).toBeVisible();

    // Step 3: booked in the background, with progress.
    await page.getByRole('button', { name: '2 Zahlungen verbuchen' }).click();
    await expect(page.getByText('Fertig: 2 verbucht, 0 abgelehnt.')).toBeVisible({ timeout: 20_000 });

    // The payer is remembered, and the lines are listed as booked.
    await page.goto('/banking-customers');
    await expect(page.getByRole('cell', { name: 'Kiosk Müller', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'DE02120300000000202051' })).toBeVisible();
    await page.goto('/banking-list?status=booked');
    await expect(page.getByRole('cell', { name: 'Verbucht', exact: true })).toHaveCount(2);

    // The outgoing line is deleted from the list: asked first with payee, amount and date (issue 40); Cancel keeps
    // it, the toast's Undo brings it back.
    await page.goto('/banking-list?search=Telekom');
    const remove = page.getByRole('button', { name: 'Buchung von Telekom Deutschland GmbH löschen' });
    const dialog = page.getByRole('dialog', { name: 'Buchung löschen?' });
    await remove.click();
    await expect(dialog.getByTestId('confirm-consequence')).toHaveText(
      /^Die Abbuchung an Telekom Deutschland GmbH über 49,99\s€ vom 21\.11\.2026 wird aus der Liste gelöscht\.$/,
    );
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await remove.click();
    await dialog.getByRole('button', { name: 'Löschen', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Buchung von Telekom Deutschland GmbH gelöscht.' });
    await expect(toast).toBeVisible();
    await expect(remove).toHaveCount(0);
    await toast.getByRole('button', { name: 'Rückgängig' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Buchung von Telekom Deutschland GmbH wiederhergestellt.' }),
    ).toBeVisible();
    await expect(remove).toBeVisible();

    // The same statement again: nothing new, nothing to book.
    await page.goto('/banking-upload');
    await page.locator('input[type="file"]').setInputFiles(SAMPLE);
    await page.locator('form').getByRole('button', { name: 'Einlesen', exact: true }).click();
    await expect(page.getByText('3 Buchungen wurden bereits früher eingelesen')).toBeVisible();
    await expect(page.getByText('Dieser Kontoauszug enthält keine offenen Zahlungseingänge.')).toBeVisible();
  });

  test('the same transfer in the CAMT file after the CSV waits as a possible duplicate until confirmed', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openLoginAndSignIn(page, 'reseller');

    // The Sparkasse CSV export of 30 November: Lotto Weber's 73,19 € is mapped and booked.
    await page.goto('/banking-upload');
    await page.locator('input[type="file"]').setInputFiles(join(SAMPLES, 'sparkasse-2026-11-30.csv'));
    await page.locator('form').getByRole('button', { name: 'Einlesen', exact: true }).click();
    await expect(page.getByText('CSV (Sparkasse)')).toBeVisible();
    await page.getByRole('button', { name: 'Weiter zur Zuordnung' }).click();
    const picker = page.getByRole('combobox', { name: 'Kunde für Lotto Weber' });
    await picker.click();
    await picker.fill('Demo Shop');
    await page.getByRole('option', { name: /Demo Shop Berlin/ }).click();
    await page.getByRole('button', { name: 'Zuordnung speichern' }).click();
    await expect(page.getByText('Zuordnung gespeichert.')).toBeVisible();
    await page.getByRole('button', { name: '1 Zahlung verbuchen' }).click();
    await expect(page.getByText('Fertig: 1 verbucht, 0 abgelehnt.')).toBeVisible({ timeout: 20_000 });

    // The bank's CAMT.053 of the same day holds the same transfer under its own reference.
    await page.getByRole('button', { name: 'Weiteren Kontoauszug einlesen' }).click();
    await page.locator('input[type="file"]').setInputFiles(join(SAMPLES, 'camt053-001-08-2026-11-30.xml'));
    await page.locator('form').getByRole('button', { name: 'Einlesen', exact: true }).click();
    await expect(page.getByText('CAMT.053', { exact: true })).toBeVisible();
    await expect(page.getByText('Auszug Nr. 231')).toBeVisible();
    await expect(page.getByText('1 Buchung gleicht einer früher eingelesenen Buchung')).toBeVisible();
    await expect(page.getByRole('cell', { name: /Mögliche Doppelbuchung/ })).toBeVisible();
    await expect(
      page.getByText(/Möglicherweise dieselbe Überweisung wie die Buchung vom .* über 73,19\s€/).first(),
    ).toBeVisible();

    // Mapped by the remembered IBAN, yet nothing to book until the user says it is a payment of its own.
    await page.getByRole('button', { name: 'Weiter zur Zuordnung' }).click();
    await expect(page.getByRole('button', { name: '0 Zahlungen verbuchen' })).toBeDisabled();
    await page
      .getByRole('button', { name: 'Bestätigen, dass die Buchung von Lotto Weber eine eigene Zahlung ist' })
      .click();
    await page.getByRole('button', { name: '1 Zahlung verbuchen' }).click();
    await expect(page.getByText('Fertig: 1 verbucht, 0 abgelehnt.')).toBeVisible({ timeout: 20_000 });

    await page.goto('/banking-list?search=Lotto%20Weber&status=booked');
    await expect(page.getByRole('cell', { name: 'Verbucht', exact: true })).toHaveCount(2);
  });
});
