import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { api } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Issue 41: the exports for the tax adviser and a tax audit on `/datev-export` (decision 0147). The files' contents
 * are proved by the server's readers; here the screen: settings first, then the month's files and the audit ZIP.
 */
const bytesOf = async (download: Download) => readFileSync((await download.path()) as string);

async function download(page: Page, button: string): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  return downloading;
}

test('the superadmin saves the adviser’s numbers, downloads a month for DATEV and the tax audit’s data', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openLoginAndSignIn(page, 'superadmin');
  const before = await api<{ saved: boolean }>(page, '/datev_settings/');
  await page.goto('/datev-export');
  await expect(page.getByRole('heading', { name: 'DATEV-Export' })).toBeVisible();
  // Without the adviser's numbers the files cannot be made: the screen says so and offers no download.
  await expect(page.getByText('Zuerst die Einstellungen')).toBeVisible({ visible: !before.saved });
  await expect(page.getByRole('button', { name: 'Buchungsstapel', exact: true })).toBeEnabled({
    enabled: before.saved,
  });

  await page.getByRole('textbox', { name: 'Beraternummer', exact: true }).fill('29098');
  await page.getByRole('textbox', { name: 'Mandantennummer', exact: true }).fill('55003');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('DATEV-Einstellungen gespeichert.')).toBeVisible();
  await expect(page.getByText('Zuerst die Einstellungen')).toBeHidden();
  const saved = await api<{ consultant_number: number; client_number: number; chart: string }>(
    page,
    '/datev_settings/',
  );
  expect(saved).toMatchObject({ consultant_number: 29098, client_number: 55003, chart: 'SKR03' });

  // The booking batch of the last finished month, as DATEV's import reads it: Windows-1252, `;`, CRLF.
  const bookings = await download(page, 'Buchungsstapel');
  expect(bookings.suggestedFilename()).toMatch(/^EXTF_Buchungsstapel_\d{4}-\d{2}\.csv$/);
  const text = (await bytesOf(bookings)).toString('latin1');
  const lines = text.split('\r\n');
  expect(lines.at(-1)).toBe('');
  const header = lines[0]!.split(';');
  expect(header.slice(0, 5)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13']);
  expect(header.slice(10, 12)).toEqual(['29098', '55003']);
  const columns = lines[1]!.split(';');
  expect(columns).toHaveLength(125);
  // The column names stand bare, as in DATEV's own sample files.
  expect(columns.slice(0, 2)).toEqual(['Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen']);

  const zip = await download(page, 'Beide Dateien (ZIP)');
  const zipBytes = await bytesOf(zip);
  expect(zipBytes.subarray(0, 2).toString()).toBe('PK');
  expect(zipBytes.includes('EXTF_Debitoren_')).toBe(true);

  // The tax audit's data access: one ZIP with the GDPdU index.
  const audit = await download(page, 'Daten herunterladen (ZIP)');
  const auditBytes = await bytesOf(audit);
  expect(auditBytes.subarray(0, 2).toString()).toBe('PK');
  expect(auditBytes.includes('index.xml')).toBe(true);
});

test('a reseller exports its own books but not the tax audit’s; its staff have no DATEV screen', async ({
  page,
  browser,
}) => {
  await openLoginAndSignIn(page, 'reseller');
  await page.goto('/datev-export');
  await expect(page.getByRole('button', { name: 'Buchungsstapel', exact: true })).toBeVisible();
  await expect(page.getByText('Datenüberlassung für die Betriebsprüfung (GDPdU/Z3)')).toBeHidden();

  const staff = await browser.newPage();
  try {
    await openLoginAndSignIn(staff, 'reseller-staff');
    await staff.goto('/datev-export');
    await expect(staff).toHaveURL('/pages/not-authorized');
  } finally {
    await staff.close();
  }
});
