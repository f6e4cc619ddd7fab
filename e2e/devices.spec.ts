import { api, customerIdOf } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

async function choose(page: Page, label: string, option: RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('devices', () => {
  test('the platform registers a device for a reseller, who hands it to a shop within its terminal limit', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36).toUpperCase();
    const tag = `Kasse ${suffix}`;
    const serial = `SN-${suffix}`;

    await openLoginAndSignIn(page, 'superadmin');
    await page.goto('/device/add');
    await page.getByRole('textbox', { name: 'Bezeichnung' }).fill(tag);
    await page.getByRole('textbox', { name: 'Seriennummer' }).fill(serial);
    await choose(page, 'Händler', /Demo Reseller GmbH/);
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page).toHaveURL('/devices');
    await expect(page.getByRole('row', { name: new RegExp(serial) })).toContainText('Demo Reseller GmbH');

    const context = await browser.newContext();
    const reseller = await context.newPage();
    await openLoginAndSignIn(reseller, 'reseller');
    const shopId = await customerIdOf(reseller, 'Demo Shop Berlin');
    // A shop with no room left for a device: the assignment is refused with the limit named.
    await api(reseller, '/update_customer_extra_details/', { customer_id: shopId, terminal_limit: 0 });

    await reseller.goto('/assign/devices/');
    await reseller.getByRole('textbox', { name: 'Bezeichnung oder Seriennummer' }).fill(serial);
    await expect(reseller).toHaveURL(new RegExp(`search=${serial}`));
    await choose(reseller, `Shop für ${tag}`, /Demo Shop Berlin/);
    await expect(
      reseller.getByText('Der Shop hat bereits so viele Geräte, wie sein Terminal-Limit (0) erlaubt.'),
    ).toBeVisible();

    const held = await api<{ filters: { total_count: number } }>(reseller, '/view_assigned_devices/', {
      customer_id: shopId,
    });
    await api(reseller, '/update_customer_extra_details/', {
      customer_id: shopId,
      terminal_limit: held.filters.total_count + 1,
    });
    await choose(reseller, `Shop für ${tag}`, /Demo Shop Berlin/);
    await expect(reseller.getByText('Zuweisung gespeichert.')).toBeVisible();
    const history = reseller.getByRole('table').filter({ hasText: 'Vorgang' });
    await expect(history.getByRole('row', { name: /Zugewiesen/ }).filter({ hasText: tag })).toHaveCount(1);

    await reseller.getByRole('button', { name: 'Zurücknehmen' }).click();
    await expect(history.getByRole('row', { name: /Zurückgenommen/ }).filter({ hasText: tag })).toHaveCount(1);
    await context.close();
  });
});
