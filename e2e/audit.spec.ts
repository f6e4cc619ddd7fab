import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { api, customerIdOf } from './api.ts';
import { expect, test } from './fixtures.ts';
import { DEMO_PASSWORD, openLoginAndSignIn } from './helpers.ts';

/** Issue 41: the audit trail's screens, a customer's "Changes" tab and the superadmin's log with its export. */
test('the superadmin reads a credit limit change on the reseller’s Changes tab, finds it in the log and exports it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = randomInt(10_000, 99_999);
  const name = `E2E Audit ${suffix}`;
  await openLoginAndSignIn(page, 'superadmin');
  const reseller = await api<{ customer_id: number }>(page, '/add_customer/', {
    username: `e2e-audit-${suffix}`,
    password: DEMO_PASSWORD,
    name,
    email: `e2e-audit-${suffix}@example.com`,
  });

  // The credit limit changed through the edit form, to an amount that does not divide evenly.
  await page.goto(`/customer/edit/${reseller.customer_id}`);
  await page.getByRole('textbox', { name: 'Kreditlimit', exact: true }).fill('1234,56');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/details/${reseller.customer_id}$`));
  await expect(page.getByTestId('customer-limit')).toContainText('1.234,56');

  // Its "Changes" tab: who, what, before → after as the form shows it.
  await page.getByRole('tab', { name: 'Änderungen' }).click();
  await expect(page).toHaveURL(/tab=changes/);
  const change = page.getByTestId('audit-change').filter({ hasText: 'Kreditlimit 0,00' }).first();
  await expect(change).toContainText('Platform Admin');
  await expect(change).toContainText(`Kunde ${reseller.customer_id}`);
  await expect(change).toContainText('Geändert');
  await expect(change.getByTestId('audit-field').filter({ hasText: 'Kreditlimit' })).toHaveText(
    /^Kreditlimit 0,00\s€ → 1\.234,56\s€$/,
  );
  // The customer's creation is there too, its main user's password as an event without a value.
  await expect(page.getByTestId('audit-field').filter({ hasText: 'Passwort gesetzt' }).first()).toBeVisible();

  // The log: filtered by the customer (searched on the server as one types) and the kind.
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Änderungsprotokoll' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kunde', exact: true }).fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await expect(page).toHaveURL(new RegExp(`customer=${reseller.customer_id}`));
  await page.getByRole('combobox', { name: 'Was', exact: true }).click();
  await page.getByRole('option', { name: 'Kunde', exact: true }).click();
  await expect(page).toHaveURL(/kind=customers/);
  const rows = page.getByTestId('audit-change');
  const limitRow = rows.filter({ hasText: /Kreditlimit 0,00\s€ → 1\.234,56\s€/ });
  await expect(limitRow).toHaveCount(1);
  await expect(limitRow).toContainText(name);
  await expect(limitRow).toContainText('Platform Admin');
  // Only the customer's own record's changes: its user's creation is another kind.
  const otherKinds = rows.filter({ hasNotText: `Kunde ${reseller.customer_id}` });
  await expect(otherKinds).toHaveCount(0);
  // The URL keeps the filters: a reload shows the same rows, the picker its customer by name.
  await page.reload();
  await expect(limitRow).toHaveCount(1);
  await expect(otherKinds).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Kunde', exact: true })).toHaveValue(new RegExp(`^${name}`));

  // The export: a German CSV with the same words and values, one row per changed field.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV herunterladen' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('change-log.csv');
  const file = readFileSync(await download.path(), 'utf8');
  expect(file.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = parse(file.slice(1), { delimiter: ';' }) as string[][];
  expect(header).toEqual([
    'Nr.',
    'Zeitpunkt',
    'Wer',
    'Kunde',
    'Was',
    'Datensatz',
    'Aktion',
    'Feld',
    'Vorher',
    'Nachher',
    'Anfrage',
  ]);
  const limit = lines.filter((l) => l[7] === 'Kreditlimit');
  const facts = (l: string[]) => [l[2], l[3], l[4], l[5], l[6], l[8], l[9]];
  expect(facts(limit[0]!)).toEqual([
    'Platform Admin',
    name,
    'Kunde',
    String(reseller.customer_id),
    'Geändert',
    '0,00\u00a0€',
    '1.234,56\u00a0€',
  ]);
  expect(facts(limit[limit.length - 1]!)).toEqual([
    'Platform Admin',
    name,
    'Kunde',
    String(reseller.customer_id),
    'Angelegt',
    '—',
    '0,00\u00a0€',
  ]);
  expect(Number(limit[0]![0])).toBeGreaterThan(Number(limit[limit.length - 1]![0]));
  expect(lines.every((l) => l[3] === name && l[4] === 'Kunde')).toBe(true);
  expect(limit[0]![1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);

  // A reseller sees its shop's changes, in its own language too, and not another reseller's.
  const shopPage = await browser.newPage();
  await openLoginAndSignIn(shopPage, 'reseller');
  const shopId = await customerIdOf(shopPage, 'Demo Shop Berlin');
  const remark = `E2E Bemerkung ${suffix}`;
  await api(shopPage, '/update_customer_remarks/', { customer_id: shopId, remarks: remark });
  await shopPage.goto(`/customer/details/${shopId}?tab=changes`);
  const shopChange = shopPage.getByTestId('audit-change').filter({ hasText: remark }).first();
  await expect(shopChange).toContainText('Bemerkungen');
  await expect(shopChange).toContainText('Reseller Owner');
  await expect(
    api(shopPage, `/customer_changes/?customer_id=${reseller.customer_id}`),
    'another reseller’s changes',
  ).rejects.toThrow(/404/);
  await shopPage.goto('/settings');
  await shopPage.getByRole('radiogroup', { name: 'Sprache' }).getByText('English').click();
  await expect(shopPage.locator('html')).toHaveAttribute('lang', 'en');
  try {
    await shopPage.goto(`/customer/details/${shopId}?tab=changes`);
    await expect(shopPage.getByRole('tab', { name: 'Changes' })).toHaveAttribute('aria-selected', 'true');
    const english = shopPage.getByTestId('audit-change').filter({ hasText: remark }).first();
    await expect(english).toContainText('Remarks');
    await expect(english).toContainText('Changed');
  } finally {
    await shopPage.goto('/settings');
    await shopPage.getByRole('radiogroup', { name: 'Language' }).getByText('Deutsch').click();
    await expect(shopPage.locator('html')).toHaveAttribute('lang', 'de');
    await shopPage.close();
  }
});
