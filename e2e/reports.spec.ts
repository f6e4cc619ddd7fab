import { randomInt } from 'node:crypto';
import { api, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * A reseller reads what its shop sold: the sales report with its totals, a filter that empties it, and the
 * summary's drill-down to the sales behind the shop's figure. The stock and the two sales are set up through
 * the API (their screens are tested elsewhere).
 */
const productName = `E2E Report ${randomInt(1000, 9999)}`;
const pins = randomPins(6);

test('a reseller opens the sales report, filters it and drills down in the summary; the superadmin reads the same sales', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));

  const page = await browser.newPage();
  await openLoginAndSignIn(page, 'reseller');
  const { configurationId: configuration } = await stockProduct(page, { name: productName, pins, batch: 'E2E-REPORT' });
  await supplyShop(page, { shopId, configurationId: configuration, planName: `Plan ${productName}` });
  for (const quantity of [1, 2]) {
    const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
    await api(seller, '/add_transaction_v3/', { transaction_key, configuration, quantity });
  }

  // The sales list of this month, narrowed to the product: two sales, three PINs, the totals row.
  await page.goto('/reports-sales');
  await expect(page.getByRole('heading', { name: 'Verkaufsbericht' })).toBeVisible();
  // The pickers search the whole scope on the server as one types (issue 39).
  await page.getByRole('combobox', { name: 'Produkt', exact: true }).fill(productName);
  await page.getByRole('option', { name: productName }).click();
  await expect(page).toHaveURL(/product=\d+/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);
  const totals = table.getByRole('row').last();
  await expect(totals).toContainText('Summe');
  await expect(totals).toContainText('30,00 €');
  await expect(totals).toContainText('29,10 €');
  await expect(totals).toContainText('27,00 €');

  // Bulk sales of the product: none, so the spec's empty state; the URL keeps both filters.
  await page.getByRole('combobox', { name: 'Verkaufsart', exact: true }).click();
  await page.getByRole('option', { name: 'Sammelkauf' }).click();
  await expect(page).toHaveURL(/kind=bulk/);
  await expect(page.getByText('Keine Daten verfügbar')).toBeVisible();

  // The summary by shop, then the sales behind the shop's figure.
  await page.goto('/report-sales-summary');
  await page.getByRole('combobox', { name: 'Produkt', exact: true }).fill(productName);
  await page.getByRole('option', { name: productName }).click();
  await page.getByRole('button', { name: 'Demo Shop Berlin' }).click();
  await expect(page.getByText('Verkäufe dieses Eintrags (Shop)')).toBeVisible();
  await expect(page).toHaveURL(/key=\d+/);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table')).toContainText(productName);

  // The same report as an XLSX file, built by the export job, then downloaded.
  await page.getByRole('button', { name: 'Excel exportieren (XLSX)' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'XLSX herunterladen' }).click({ timeout: 30_000 });
  expect((await download).suggestedFilename()).toMatch(/^sales-report-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // The comparison, computed by the server: the product sold only in this period says "neu" (no percentage of
  // nothing), ordered by change both ways, and its chart with the same figures as a table for screen readers.
  await page.goto('/reports-sales-comparison');
  await expect(page.getByRole('heading', { name: 'Verkaufsvergleich' })).toBeVisible();
  const mine = page.getByTestId('comparison-row').filter({ hasText: productName });
  await expect(mine).toContainText('neu');
  await expect(mine).toContainText('29,10 €');
  await expect(mine).not.toContainText('—');
  await page.getByRole('switch', { name: 'Diagramm' }).check();
  await expect(page.getByTestId('report-chart').locator('.recharts-surface')).toBeVisible();
  const figures = page.getByTestId('report-chart-table').getByRole('row').filter({ hasText: productName });
  await expect(figures).toContainText('29,10 €');
  await expect(figures).toContainText('0,00 €');
  const changeHeader = page.getByRole('columnheader', { name: 'Nach Veränderung sortieren' });
  await expect(changeHeader).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'Nach Veränderung sortieren' }).click();
  await expect(page).toHaveURL(/sort=change/);
  await expect(changeHeader).toHaveAttribute('aria-sort', 'ascending');
  const euros = (texts: string[]) => texts.map((x) => Number(x.replace(/[^\d,-]/g, '').replace(',', '.')));
  const changes = euros(await page.getByTestId('comparison-row').locator('td:nth-child(4)').allInnerTexts());
  expect(changes.length).toBeGreaterThan(0);
  expect(changes).toEqual([...changes].sort((a, b) => a - b));

  // The superadmin: the same sales per reseller and then per shop, two periods compared, and the sales with their
  // PINs' lots, the PINs masked.
  const admin = await browser.newPage();
  await openLoginAndSignIn(admin, 'superadmin');
  await admin.goto('/reseller-reports-sales');
  await expect(admin.getByRole('heading', { name: 'Verkäufe je Händler' })).toBeVisible();
  await admin.getByRole('button', { name: 'Demo Reseller GmbH' }).click();
  await expect(admin).toHaveURL(/reseller=\d+/);
  await expect(admin.getByRole('button', { name: 'Demo Shop Berlin' })).toBeVisible();

  await admin.goto('/reports-sales-comparison');
  await expect(admin.getByRole('heading', { name: 'Verkaufsvergleich' })).toBeVisible();
  await expect(admin.getByRole('columnheader', { name: 'Veränderung' }).first()).toBeVisible();

  await admin.goto('/reports-sales-new');
  await admin.getByRole('combobox', { name: 'Produkt', exact: true }).fill(productName);
  await admin.getByRole('option', { name: productName }).click();
  await expect(admin).toHaveURL(/product=\d+/);
  await admin
    .getByRole('row')
    .filter({ hasText: productName })
    .getByRole('button', { name: '2 PINs anzeigen' })
    .click();
  const pinsDialog = admin.getByRole('dialog');
  await expect(pinsDialog.getByRole('row')).toHaveCount(3);
  await expect(pinsDialog).toContainText('E2E-REPORT');
  for (const pin of pins) await expect(pinsDialog).not.toContainText(pin);
  await admin.close();
});
