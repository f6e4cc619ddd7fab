import { expect, test } from './fixtures.ts';
import { ORGANISATION } from './helpers.ts';

test('the counter installs under the organisation’s name and shows its offline page when the network is down', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
    return href ? (await fetch(href)).json() : null;
  });
  expect(manifest).toMatchObject({ name: ORGANISATION, display: 'standalone', start_url: '/' });
  // Once the service worker controls the page, a navigation without network gets the offline page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Die Kasse ist offline' })).toBeVisible();
  await expect(page).toHaveTitle('Die Kasse ist offline');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { name: 'Die Kasse ist offline' })).toBeHidden();
  await expect(page).toHaveURL(/\/(login|dashboard)/);
});
