import { randomInt } from 'node:crypto';
import { api, randomPins, stockProduct } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Each operator role reads its home dashboard, each shop role the 30-day chart of its own dashboard; the
 * figures on screen are the report counters of the same days, shown as a table first and as a chart on request.
 */

type Counters = { counters: { sales: number }[] };
type Dashboard = { periods: { today: string; month_from: string } };

async function monthSales(page: Page) {
  const d = await api<Dashboard>(page, '/get_sales_dashboard/');
  const c = await api<Counters>(page, '/get_sales_report_counters/', {
    from_date: d.periods.month_from,
    to_date: d.periods.today,
  });
  return c.counters[0]!.sales;
}

async function readTableAndChart(page: Page, heading: string) {
  const section = page.getByRole('region', { name: heading });
  await expect(section).toBeVisible();
  // The table first (30 days and the header row): the chart's chunk is not part of the first load.
  await expect(section.getByRole('table').getByRole('row')).toHaveCount(31);
  await section.getByText('Diagramm', { exact: true }).click();
  // The chart's chunk is fetched and parsed only now, which takes a while on a loaded machine.
  await expect(section.locator('.recharts-surface')).toBeVisible({ timeout: 20_000 });
  await expect(section.getByRole('table')).toHaveCount(0);
  // The choice is kept: the next visit shows the chart at once.
  await page.reload();
  await expect(page.getByRole('region', { name: heading }).locator('.recharts-surface')).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('region', { name: heading }).getByText('Tabelle', { exact: true }).click();
  await expect(page.getByRole('region', { name: heading }).getByRole('table').getByRole('row')).toHaveCount(31);
}

for (const username of ['superadmin', 'reseller', 'reseller-staff'] as const) {
  test(`${username} reads the dashboard on the home page`, async ({ page }) => {
    await openLoginAndSignIn(page, username);
    await expect(page).toHaveURL(/\/$/);
    const month = page.getByRole('region', { name: 'Dieser Monat' });
    await expect(month).toBeVisible();
    await expect(page.getByRole('region', { name: 'Heute' })).toBeVisible();
    const sales = await monthSales(page);
    // The month card names whose figures they are, then its first figure is the number of sales (k above 999, as
    // on every dashboard).
    await expect(month.locator('p').first()).toContainText(
      /^Umsatz, Kosten und Marge de[rs] (Plattform|Wiederverkäufers)/,
    );
    const shown = sales > 999 ? `${Math.trunc(sales / 100) / 10}`.replace('.', ',') : String(sales);
    await expect(month.locator('p').nth(2)).toHaveText(sales > 999 ? `${shown}k` : shown);
    await readTableAndChart(page, 'Verkäufe pro Tag (letzte 30 Tage)');
    await expect(page.getByRole('region', { name: 'Top-Produkte in diesem Monat' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Top-Shops in diesem Monat' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Kunden nahe am Kreditlimit' })).toBeVisible();
  });
}

for (const username of ['seller', 'seller-staff', 'support'] as const) {
  test(`${username} reads the 30-day chart of its dashboard`, async ({ page }) => {
    await openLoginAndSignIn(page, username);
    await expect(page).toHaveURL(/\/dashboard$/);
    await readTableAndChart(page, 'Ihre letzten 30 Tage');
  });
}

test('a reseller sees its low stock on the home page and lowers the threshold', async ({ page }) => {
  test.setTimeout(90_000);
  const productName = `E2E Low Stock ${randomInt(1000, 9999)}`;
  await openLoginAndSignIn(page, 'reseller');
  const product = await api<{ product_id: number; configurations: { id: number }[] }>(page, '/add_product/', {
    product_name: productName,
    product_type: 'cash_card',
    pin_length: 16,
    customer_care: '+49 30 555 0100',
    instructions: 'Code einlösen',
    configurations: [{ value: '15', info: '15 EUR' }],
  });
  const supplier = await api<{ supplier_id: number }>(page, '/add_supplier/', { full_name: `S ${productName}` });
  const pins = Array.from({ length: 3 }, (_, i) => `${randomInt(10_000_000, 99_999_999)}${String(i).padStart(8, '0')}`);
  const upload = await api<{ import_id: number }>(page, '/upload_file/', { csv: `${pins.join('\n')}\n` });
  await api(page, '/background_task_step_two/', {
    import_id: upload.import_id,
    configuration_id: product.configurations[0]!.id,
    supplier_id: supplier.supplier_id,
    pin_sequence: 1,
    has_header: 0,
    buying_discount: '10',
    import_batch: 'E2E-LOW',
  });
  await expect
    .poll(
      async () =>
        (await api<{ import: { status: string } }>(page, '/failed_pins_list/', { import_id: upload.import_id })).import
          .status,
      { timeout: 20_000 },
    )
    .toBe('validated');
  await api(page, '/upload_step_three/', { import_id: upload.import_id, cancel: 0, publish: 1 });

  await page.goto('/');
  const lowStock = page.getByRole('region', { name: 'Niedriger Bestand' });
  const row = lowStock.getByRole('row').filter({ hasText: productName });
  await expect(row).toContainText('3');
  await expect(row).toContainText('10');
  await row.getByRole('button', { name: 'Schwellenwert ändern' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Schwellenwert' }).fill('2');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Schwellenwert gespeichert')).toBeVisible();
  await expect(lowStock.getByRole('row').filter({ hasText: productName })).toHaveCount(0);

  // The product's page lists the threshold of each denomination.
  await page.goto(`/products/view/${product.product_id}`);
  const thresholds = page.getByRole('region', { name: 'Schwellenwerte für niedrigen Bestand' });
  await expect(thresholds.getByRole('textbox')).toHaveValue('2');
});

test('stock below its threshold raises a notice in the bell, which leads to the dashboard and is then read', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const productName = `E2E Bell ${randomInt(1000, 9999)}`;
  await openLoginAndSignIn(page, 'reseller');
  const stock = await stockProduct(page, { name: productName, pins: randomPins(3), batch: 'E2E-BELL' });
  // A threshold change asks the alert job for a scan at once, rather than within the minute.
  await api(page, '/set_low_stock_threshold/', { configuration_id: stock.configurationId, threshold: 5 });
  type Notices = { notices: { id: number; read: boolean; params: { product_name: string } }[] };
  const mine = async () =>
    (await api<Notices>(page, '/view_notices/')).notices.find((n) => n.params.product_name === productName);
  await expect.poll(mine, { timeout: 20_000 }).toBeTruthy();

  await page.goto('/reports-sales');
  await page.getByTestId('notice-bell').click();
  const notice = page.getByTestId('notice').filter({ hasText: productName });
  await expect(notice).toContainText('Niedriger Bestand');
  await expect(notice).toContainText('noch 3 PINs');
  await notice.click();
  await expect(page).toHaveURL('/');
  await expect.poll(async () => (await mine())?.read).toBe(true);
});
