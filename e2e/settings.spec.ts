import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn, signIn } from './helpers.ts';

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test('a visitor switches language, theme and layout, and they stick after reload', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByText('Sie sind nicht angemeldet', { exact: false })).toBeVisible();

  await page.getByRole('radiogroup', { name: 'Sprache' }).getByText('English').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('radiogroup', { name: 'Colour scheme' }).getByText('Dark').click();
  await expect.poll(() => scheme(page)).toBe('dark');

  await page.getByRole('radiogroup', { name: 'Menu layout' }).getByText('Vertical').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();

  await page.getByRole('radio', { name: 'Template 2' }).click();
  await expect(page.getByRole('radio', { name: 'Template 2' })).toHaveAttribute('aria-checked', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect.poll(() => scheme(page)).toBe('dark');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('top-menu')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-template', '2');
});

test('a signed-in user’s settings are saved with the account', async ({ page }) => {
  await openLoginAndSignIn(page, 'reseller');
  await page.goto('/settings');
  await expect(page.getByText('Belege', { exact: true })).toBeVisible();

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/update_settings/') && r.ok());
  await page.getByRole('radiogroup', { name: 'Farbschema' }).getByText('Dunkel').click();
  await saved;
  const savedLayout = page.waitForResponse((r) => r.url().endsWith('/api/update_settings/') && r.ok());
  await page.getByRole('radiogroup', { name: 'Menüanordnung' }).getByText('Vertikal').click();
  await savedLayout;

  await page.reload();
  await expect.poll(() => scheme(page)).toBe('dark');
  await expect(page.getByTestId('side-menu')).toBeVisible();

  // Logout clears this device; signing in again brings the account's settings back.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL('/login');
  await expect.poll(() => scheme(page)).toBe('light');
  await signIn(page, 'reseller');
  await expect.poll(() => scheme(page)).toBe('dark');
  await expect(page.getByTestId('side-menu')).toBeVisible();

  // Back to the defaults, so other tests see the reseller as seeded.
  await page.goto('/settings');
  const restored = page.waitForResponse((r) => r.url().endsWith('/api/update_settings/') && r.ok());
  await page.getByRole('radiogroup', { name: 'Farbschema' }).getByText('Hell').click();
  await restored;
  const restoredLayout = page.waitForResponse((r) => r.url().endsWith('/api/update_settings/') && r.ok());
  await page.getByRole('radiogroup', { name: 'Menüanordnung' }).getByText('Horizontal').click();
  await restoredLayout;
});

test('a starred page appears in the menu', async ({ page }) => {
  await openLoginAndSignIn(page, 'superadmin');
  await page.goto('/login-requests');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/update_settings/') && r.ok());
  await page.getByRole('button', { name: 'Seite markieren' }).click();
  await saved;
  await expect(page.getByRole('button', { name: 'Markierung entfernen' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('starred-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Anmeldeanfragen' })).toBeVisible();
  await page.keyboard.press('Escape');

  const removed = page.waitForResponse((r) => r.url().endsWith('/api/update_settings/') && r.ok());
  await page.getByRole('button', { name: 'Markierung entfernen' }).click();
  await removed;
  await expect(page.getByTestId('starred-menu')).toHaveCount(0);
});
