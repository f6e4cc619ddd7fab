import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { api, pastSale } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * A reseller invoices its shop for last month and opens the invoice and its PDF. Invoices exist only for
 * finished months and the server runs on the real clock, so last month's purchase is written into the
 * database as the purchase writes it (`pastSale`).
 */
const productName = `E2E Invoice ${randomInt(1000, 9999)}`;

test('a reseller generates an invoice for its shop and opens it with its PDF', async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));

  const page = await browser.newPage();
  await openLoginAndSignIn(page, 'reseller');
  const resellerId = Number(await page.evaluate(() => localStorage.getItem('portal.customer_id')));
  const product = await api<{ product_id: number; configurations: { id: number }[] }>(page, '/add_product/', {
    product_name: productName,
    product_type: 'cash_card',
    pin_length: 16,
    configurations: [{ value: '10', info: '10 EUR' }],
  });
  await api(page, '/add_customer_credit/', {
    customer_id: shopId,
    amount: '100',
    type: 'payment',
    method: 'transfer',
  });

  await pastSale({
    monthsAgo: 1,
    shopId,
    resellerId,
    productId: product.product_id,
    configurationId: product.configurations[0]!.id,
    platformStock: false,
  });

  // Last month is the default; the shop's row shows its purchases and can be chosen.
  await page.goto('/invoice-generate');
  await expect(page.getByRole('heading', { name: 'Rechnungen erstellen' })).toBeVisible();
  const row = page.getByRole('row', { name: /Demo Shop Berlin/ });
  await expect(row).toContainText('29,10');
  await row.getByRole('checkbox', { name: 'Demo Shop Berlin auswählen' }).check();
  await page.getByRole('button', { name: '1 Rechnung erstellen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Fertig' })).toContainText('1 Rechnung');
  const number = row.getByRole('link', { name: /^RE-\d{6}$/ });
  await expect(number).toBeVisible();
  await number.click();

  await expect(page).toHaveURL(/\/new\/invoice\/\d+$/);
  await expect(page.getByRole('heading', { name: /Rechnung \(netto\) RE-\d{6}/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: productName })).toBeVisible();
  await expect(page.getByTestId('invoice-totals')).toContainText('29,10');
  await expect(page.getByText('Mehrzweck-Gutscheine: Die Übertragung ist nicht steuerbar')).toBeVisible();

  await page.getByRole('link', { name: 'Bruttoansicht' }).click();
  await expect(page).toHaveURL(/\/new\/invoice-gross\/\d+$/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /^PDF Rechnung/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^RE-\d{6}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The same invoice as e-invoices: XRechnung (CII XML) and ZUGFeRD (the PDF with that XML inside).
  const xmlDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /^XRechnung RE-\d{6} herunterladen$/ }).click();
  const xml = await readFile((await (await xmlDownload).path())!, 'utf8');
  expect(xml).toContain('CrossIndustryInvoice');
  expect(xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
  expect(xml).toContain(productName);
  const zugferdDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: /^ZUGFeRD-PDF RE-\d{6} herunterladen$/ }).click();
  const zugferd = await readFile((await (await zugferdDownload).path())!);
  expect(zugferd.subarray(0, 5).toString()).toBe('%PDF-');
  expect(zugferd.includes('factur-x.xml')).toBe(true);

  // The shop finds the same invoice among the ones it received.
  await seller.goto('/invoices-all');
  await expect(seller.getByRole('heading', { name: 'Rechnungen', exact: true })).toBeVisible();
  await expect(seller.getByRole('row', { name: /RE-\d{6}/ })).toContainText('29,10');
});

test("the platform's main account keeps the issuer data of its invoices on /platform-details", async ({ page }) => {
  await openLoginAndSignIn(page, 'superadmin');
  await page.goto('/platform-details');
  await expect(page.getByRole('heading', { name: 'Plattformdaten' })).toBeVisible();
  await expect(page.getByLabel('USt-IdNr.')).toHaveValue(/^DE\d{9}$/);

  const directors = `E2E Geschäftsführung ${randomInt(1000, 9999)}`;
  await page.getByLabel('Geschäftsführung').fill(directors);
  await page.getByLabel('IBAN').fill('DE89');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Bitte eine IBAN wie DE89 3704 0044 0532 0130 00 eingeben')).toBeVisible();

  // The right form, one digit wrong: the check digits (mod 97) find it, in the browser as on the server.
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Prüfziffern der IBAN stimmen nicht: Bitte die IBAN prüfen.')).toBeVisible();

  await page.getByLabel('IBAN').fill('de89 3704 0044 0532 0130 00');
  // The register entry in its parts, the type from the list.
  await page.getByLabel('Registergericht').fill('Amtsgericht Charlottenburg');
  await page.getByRole('combobox', { name: 'Registerart' }).click();
  await page.getByRole('option', { name: 'HRB – Handelsregister B' }).click();
  await page.getByLabel('Registernummer').fill('123456 B');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/update_platform_details/') && r.ok());
  await page.getByRole('button', { name: 'Speichern' }).click();
  await saved;
  await expect(page.getByText('Plattformdaten gespeichert')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Geschäftsführung')).toHaveValue(directors);
  await expect(page.getByLabel('IBAN')).toHaveValue('DE89370400440532013000');
  await expect(page.getByLabel('Registergericht')).toHaveValue('Amtsgericht Charlottenburg');
  await expect(page.getByRole('combobox', { name: 'Registerart' })).toHaveValue('HRB – Handelsregister B');
  await expect(page.getByLabel('Registernummer')).toHaveValue('123456 B');
});
