import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/** A call with the signed-in user's session, for money that comes from another part of the app. */
async function apiAs<T>(page: Page, path: string, body: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
          'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
          'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
        },
        body: JSON.stringify(body),
      });
      const envelope = await response.json();
      if (envelope.message_type !== 1) throw new Error(`${path}: ${response.status} ${envelope.message}`);
      return envelope.data;
    },
    { path, body },
  ) as Promise<T>;
}

test.describe('hardware shop', () => {
  test('a reseller lists a product, its shop orders it from its balance and the reseller ships it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const category = `Terminals ${suffix}`;
    await openLoginAndSignIn(page, 'reseller');
    await page.goto('/hardware');
    await page.getByRole('textbox', { name: 'Name der Kategorie' }).fill(category);
    await page.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
    await page.getByRole('link', { name: category }).click();
    await expect(page).toHaveURL(/\/hardware\/category\/\d+$/);
    await page.getByRole('textbox', { name: 'Produkt', exact: true }).fill('Terminal X1');
    await page.getByRole('textbox', { name: 'Preis' }).fill('24,95');
    await page.getByRole('textbox', { name: 'Bestand' }).fill('5');
    await page.getByRole('button', { name: 'Produkt hinzufügen' }).click();
    await expect(page.getByRole('cell', { name: 'Terminal X1', exact: true })).toBeVisible();

    const shops = await apiAs<{ customers: { customer_id: number; name: string }[] }>(
      page,
      '/view_customers_list_with_less_data/',
      {},
    );
    const shop = shops.customers.find((c) => c.name === 'Demo Shop Berlin')!;
    await apiAs(page, '/add_customer_credit/', { customer_id: shop.customer_id, amount: '100' });

    const shopContext = await browser.newContext();
    const shopPage = await shopContext.newPage();
    await openLoginAndSignIn(shopPage, 'seller');
    await shopPage.goto('/hardware/categories');
    await shopPage.getByRole('link', { name: category }).click();
    await shopPage.getByRole('textbox', { name: 'Menge Terminal X1' }).fill('2');
    await shopPage.getByRole('button', { name: 'Bestellen' }).click();
    // The order is paid from the balance: confirmed first with price × quantity (issue 40).
    const orderDialog = shopPage.getByRole('dialog', { name: 'Bestellung aufgeben?' });
    await expect(orderDialog).toContainText(
      /2 × Terminal X1 werden bei Ihrem Reseller bestellt; 49,90\s€ werden sofort von Ihrem Guthaben abgebucht\./,
    );
    await orderDialog.getByRole('button', { name: 'Kostenpflichtig bestellen' }).click();
    await expect(shopPage.getByText('Bestellbestätigung').first()).toBeVisible();
    await expect(shopPage.getByText('2 × Terminal X1').first()).toBeVisible();
    await expect(shopPage.getByRole('button', { name: 'Drucken' })).toBeVisible();
    // A second order, which the reseller will cancel.
    await shopPage.goto('/hardware/categories');
    await shopPage.getByRole('link', { name: category }).click();
    await shopPage.getByRole('textbox', { name: 'Menge Terminal X1' }).fill('1');
    await shopPage.getByRole('button', { name: 'Bestellen' }).click();
    await orderDialog.getByRole('button', { name: 'Kostenpflichtig bestellen' }).click();
    await expect(shopPage.getByText('1 × Terminal X1').first()).toBeVisible();
    await shopContext.close();

    // Cancelling refunds the shop: asked first with whom and how much; Cancel keeps the order; no undo afterwards,
    // as the refund is a ledger entry (decision 0134).
    const balance = async () =>
      Math.round(
        Number(
          (await apiAs<{ balance: string }>(page, '/customer_details/', { customer_id: shop.customer_id })).balance,
        ) * 100,
      );
    const before = await balance();
    await page.goto('/admin/hardware/sales?status=ordered');
    const single = page.getByRole('row').filter({ hasText: '1 × Terminal X1' });
    const cancelDialog = page.getByRole('dialog', { name: /^Bestellung \d+ stornieren\?$/ });
    await single.getByRole('button', { name: 'Stornieren' }).click();
    await expect(cancelDialog.getByTestId('confirm-consequence')).toHaveText(
      /^Demo Shop Berlin erhält 24,95\s€ für 1 × Terminal X1 auf sein Guthaben zurück\. Die Erstattung ist eine Buchung und bleibt bestehen\.$/,
    );
    await expect(cancelDialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await cancelDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(cancelDialog).toHaveCount(0);
    await expect(single.getByText('Bestellt')).toBeVisible();
    expect(await balance()).toBe(before);

    await single.getByRole('button', { name: 'Stornieren' }).click();
    await cancelDialog.getByRole('button', { name: 'Stornieren' }).click();
    const toast = page.getByRole('alert').filter({ hasText: /Bestellung \d+ storniert, 24,95\s€ erstattet\./ });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('button', { name: 'Rückgängig' })).toHaveCount(0);
    await expect.poll(balance).toBe(before + 2495);

    await page.goto('/admin/hardware/sales?status=ordered');
    const row = page.getByRole('row').filter({ hasText: '2 × Terminal X1' });
    await expect(row.getByText('Bestellt')).toBeVisible();
    await row.getByRole('button', { name: 'Versandt' }).click();
    await expect(page.getByText('Bestellung aktualisiert.')).toBeVisible();
    await page.goto('/admin/hardware/sales?status=shipped');
    await expect(page.getByRole('row').filter({ hasText: '2 × Terminal X1' })).toBeVisible();
  });
});
