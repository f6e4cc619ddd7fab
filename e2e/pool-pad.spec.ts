import { randomInt } from 'node:crypto';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

const suffix = randomInt(1000, 9999);
const poolName = `E2E Pool ${suffix}`;
const slabName = `E2E Gold ${suffix}`;
const supplierName = `E2E Poollieferant ${suffix}`;
const pins = Array.from({ length: 2 }, (_, i) => `${randomInt(10_000_000, 99_999_999)}${String(i).padStart(4, '0')}`);
let poolId: number;
let poolProductId: number;

/** A call with the signed-in browser's session: the setup the slab screens (another issue) would do. */
async function apiPost<T>(page: Page, path: string, body: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
          'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
          'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
        },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${path}: ${JSON.stringify(json)}`);
      return json.data;
    },
    { path, body },
  );
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

async function openAssignDialog(page: Page) {
  await page.goto(`/inventory/pool/pad/${poolId}`);
  await page.getByRole('button', { name: 'Zuweisen Demo Reseller GmbH' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${poolName} für Demo Reseller GmbH`);
  await dialog.getByRole('checkbox', { name: /^20,00/ }).uncheck();
  await choose(page, 'Rabattstaffel', slabName);
  await dialog.getByRole('button', { name: 'Zuweisen', exact: true }).click();
  return dialog;
}

test.describe
  .serial('calling-card pool assignment (PAD)', () => {
    // Each test signs in and runs an import or several dialogs; on two shared cores that can pass 30 s.
    test.describe.configure({ timeout: 60_000 });
    test('the superadmin assigns a pool denomination to a reseller with a discount slab', async ({ page }) => {
      await openLoginAndSignIn(page, 'superadmin');
      const pool = await apiPost<{ pool_id: number; product_id: number; configurations: { id: number }[] }>(
        page,
        '/add_pool/',
        { pool_name: poolName, pin_length: 12, configurations: [{ value: '10' }, { value: '20' }] },
      );
      poolId = pool.pool_id;
      poolProductId = pool.product_id;
      await apiPost(page, '/add_discount_plan/', {
        name: slabName,
        items: [{ configuration_id: pool.configurations[0]!.id, discount: '5' }],
      });

      await page.goto('/inventory/pool');
      await page
        .getByRole('row', { name: new RegExp(poolName) })
        .getByRole('link', { name: 'Zuweisen' })
        .click();
      await expect(page).toHaveURL(`/inventory/pool/pad/${poolId}`);
      await expect(page.getByRole('heading', { level: 1, name: `Pool zuweisen: ${poolName}` })).toBeVisible();
      const reseller = page.getByRole('row', { name: /Demo Reseller GmbH/ });
      await expect(reseller.getByText('Nicht zugewiesen')).toHaveCount(2);

      const dialog = await openAssignDialog(page);
      await expect(page.getByText('Zuweisung gespeichert')).toBeVisible();
      await expect(dialog).toBeHidden();
      // 10 € − 5 % = 9,50 € for the 10 € denomination; the 20 € one stays unassigned.
      await expect(reseller).toContainText('5,00 % · 9,50');
      await expect(reseller).toContainText(slabName);
      await expect(reseller.getByText('Nicht zugewiesen')).toHaveCount(1);
    });

    test('approving a pool import whose cost is above the reseller’s price warns, and approves', async ({ page }) => {
      await openLoginAndSignIn(page, 'superadmin');
      await apiPost(page, '/add_supplier/', { full_name: supplierName });
      await page.goto('/inventory/pool');
      await page
        .getByRole('row', { name: new RegExp(poolName) })
        .getByRole('button', { name: 'PINs importieren' })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'pool.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${pins.join('\n')}\n`),
      });
      await dialog.getByRole('button', { name: 'Hochladen', exact: true }).click();
      await choose(page, 'Nennwert', new RegExp(`${poolName} · 10,00`));
      await choose(page, 'Lieferant', supplierName);
      // No buying discount: each PIN costs its full 10 €, above the reseller's 9,50 €.
      await dialog.getByLabel('Einkaufsrabatt (%)').fill('0');
      await dialog.getByRole('button', { name: 'Zeilen prüfen', exact: true }).click();
      await expect(dialog.getByText('2 Zeilen: 2 gültig, 0 abgelehnt')).toBeVisible({ timeout: 20_000 });
      await dialog.getByRole('button', { name: 'Freigeben', exact: true }).click();

      const warning = page.getByTestId('margin-warnings');
      await expect(warning).toContainText('Der neue Einkaufspreis übersteigt bestehende Preise');
      await expect(warning).toContainText('10,00');
      await expect(warning.getByRole('row', { name: /Demo Reseller GmbH/ })).toContainText(slabName);
      await expect(warning.getByRole('row', { name: /Demo Reseller GmbH/ })).toContainText('9,50');
      await expect(dialog.getByText('2 PINs in den Bestand übernommen').first()).toBeVisible();
    });

    test('a slab below the cost of the stock for sale is refused on the pool PAD screen', async ({ page }) => {
      await openLoginAndSignIn(page, 'superadmin');
      const dialog = await openAssignDialog(page);
      const refusal = dialog.getByRole('alert');
      await expect(refusal).toContainText('Abgelehnt: Mit dieser Rabattstaffel wäre eine Marge negativ.');
      // The refusal's amounts in German format, from its parameters, not the server's English.
      await expect(refusal).toContainText(/Demo Reseller GmbH würde für .* 9,50\s€ zahlen/);
      await expect(refusal).toContainText(/kostet bis zu 10,00\s€/);
      await expect(dialog).toBeVisible();
    });

    test('the reseller sees the assigned denomination read-only, with how many PINs are for sale', async ({ page }) => {
      await openLoginAndSignIn(page, 'reseller');
      await page.goto('/inventory/view?ownership=assigned');
      const row = page.getByRole('row', { name: new RegExp(poolName) });
      await expect(row).toContainText('Von der Plattform zugewiesen');
      await expect(row.getByText('2', { exact: true })).toBeVisible();
      await row.getByRole('link', { name: 'Details' }).click();
      await expect(
        page.getByText('Bestand der Plattform: Sie sehen, wie viele PINs zum Verkauf stehen.'),
      ).toBeVisible();
      await expect(page.getByTestId('count-available')).toHaveText('2');
      await expect(page.getByTestId('count-total')).toHaveCount(0);
      await page.goto(`/products/view/${poolProductId}`);
      await expect(
        page.getByText('Dieses Produkt hat Ihnen die Plattform zum Verkauf zugewiesen.', { exact: false }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
      await expect(page.getByRole('row', { name: /10,00/ })).toBeVisible();
      await expect(page.getByRole('row', { name: /20,00/ })).toHaveCount(0);
    });
  });
