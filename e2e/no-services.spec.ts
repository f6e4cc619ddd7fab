import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/** The provider's answer passed through with its list emptied, as a provider with nothing to offer answers. */
async function emptyList(page: Page, path: string, field: string) {
  await page.route(`**/api${path}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, data: { ...body.data, [field]: [] } } });
  });
}

test.describe('an empty provider list (spec section 8)', () => {
  test('the bus and direct-recharge screens say “No Services Available” in the user’s language', async ({ page }) => {
    await emptyList(page, '/get_flixbus_cities/', 'cities');
    await emptyList(page, '/get_direct_recharge_products_with_dr_and_cc/', 'operators');
    await openLoginAndSignIn(page, 'seller');
    await page.goto('/flixbus');
    await expect(page.getByText('Keine Dienste verfügbar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fahrten suchen' })).toHaveCount(0);
    await page.goto('/direct-recharge/');
    await expect(page.getByText('Keine Dienste verfügbar')).toBeVisible();
  });
});
