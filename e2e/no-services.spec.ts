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

    // The spec lists the cities' call without a method: POST is answered like GET, and a known path called with
    // another method answers 405 naming the methods it takes (issue 40, "Nothing hidden").
    await page.unroute('**/api/get_flixbus_cities/');
    const answers = await page.evaluate(async () => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
        'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
        'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
      };
      const post = await fetch('/api/get_flixbus_cities/', { method: 'POST', headers });
      const put = await fetch('/api/get_flixbus_cities/', { method: 'PUT', headers });
      return {
        post: post.status,
        cities: ((await post.json()).data?.cities ?? []).length > 0,
        put: put.status,
        allow: put.headers.get('allow'),
        code: (await put.json()).code,
      };
    });
    expect(answers).toEqual({
      post: 200,
      cities: true,
      put: 405,
      allow: 'GET, HEAD, POST',
      code: 'method_not_allowed',
    });
  });
});
