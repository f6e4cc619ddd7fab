import { api, customerIdOf } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

test.describe('partner API keys', () => {
  test("the shop's account menu leads to its API keys; its staff's does not", async ({ page, browser }) => {
    await openLoginAndSignIn(page, 'seller');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'API-Zugang' }).click();
    await expect(page).toHaveURL('/seller/api');
    const staff = await (await browser.newContext()).newPage();
    await openLoginAndSignIn(staff, 'seller-staff');
    await staff.getByTestId('user-menu').click();
    await expect(staff.getByRole('menuitem', { name: 'Einstellungen' })).toBeVisible();
    await expect(staff.getByRole('menuitem', { name: 'API-Zugang' })).toHaveCount(0);
    await staff.context().close();
  });

  test('the shop makes a key on /seller/api, sees it once, uses it, and revokes it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const name = `Kasse ${Date.now().toString(36)}`;

    // The reseller switches the shop's API on for this machine's addresses.
    const context = await browser.newContext();
    const reseller = await context.newPage();
    await openLoginAndSignIn(reseller, 'reseller');
    const shopId = await customerIdOf(reseller, 'Demo Shop Berlin');
    await api(reseller, '/update_customer_api_details/', {
      customer_id: shopId,
      api_enabled: 1,
      api_allowed_ips: ['127.0.0.0/8', '::1'],
    });

    await openLoginAndSignIn(page, 'seller');
    await page.goto('/seller/api');
    await expect(page.getByRole('heading', { name: 'API-Zugang' })).toBeVisible();
    await expect(page.getByText('Erlaubte Adressen: 127.0.0.0/8, ::1')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Schlüssel erstellen' }).click();

    const dialog = page.getByRole('dialog', { name: `Schlüssel „${name}“ erstellt` });
    await expect(dialog.getByText('nur dieses eine Mal angezeigt')).toBeVisible();
    const key = (await dialog.getByTestId('new-api-key').textContent())!.trim();
    expect(key).toMatch(/^ppk_/);
    await dialog.getByRole('button', { name: 'Ich habe ihn gespeichert' }).click();
    await expect(dialog).toBeHidden();

    // Shown once: the list names the key by its first characters only, also after a reload.
    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await expect(row).toContainText('Aktiv');
    await expect(row).toContainText('Nie');
    // Made without a last day: valid until revoked.
    await expect(row).toContainText('Unbegrenzt');
    await expect(page.getByText('Gültig bis').first()).toBeVisible();
    await page.reload();
    await expect(row).toContainText(key.slice(0, 10));
    await expect(page.getByText(key)).toHaveCount(0);

    // The webhook signing secret: shown once as well, then only its date.
    await page.getByRole('button', { name: 'Geheimnis erstellen' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Neues Signatur-Geheimnis' });
    await expect(secretDialog.getByTestId('new-webhook-secret')).toContainText('whsec_');
    await secretDialog.getByRole('button', { name: 'Ich habe ihn gespeichert' }).click();
    await expect(page.getByText('Signatur-Geheimnis seit')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Geheimnis erneuern' })).toBeVisible();

    const balance = await page.request.get('/api/partner/v1/balance', { headers: { authorization: `Bearer ${key}` } });
    expect(balance.status()).toBe(200);
    expect((await balance.json()).data.currency).toBe('EUR');

    // The reseller sees the shop's key on the customer's details.
    await reseller.goto(`/customer/details/${shopId}`);
    await expect(reseller.getByTestId('api-key-row').filter({ hasText: name })).toContainText('seller');

    await page.reload();
    await row.getByRole('button', { name: 'Widerrufen' }).click();
    const confirm = page.getByRole('dialog', { name: `Schlüssel „${name}“ widerrufen?` });
    await confirm.getByRole('button', { name: 'Widerrufen' }).click();
    await expect(page.getByText(`Schlüssel „${name}“ widerrufen.`)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Widerrufen' })).toHaveCount(0);
    await expect(row).toContainText('Widerrufen');

    const refused = await page.request.get('/api/partner/v1/balance', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe('api_key_invalid');
    await context.close();
  });
});
