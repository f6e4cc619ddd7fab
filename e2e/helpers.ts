import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo#2026';
export const ORGANISATION = 'Demo Prepaid';

export const DEMO_USERS = [
  { username: 'superadmin', name: 'Platform Admin', role: 0, hasBalance: false, supportBox: false },
  { username: 'reseller', name: 'Reseller Owner', role: 1, hasBalance: true, supportBox: false },
  { username: 'reseller-staff', name: 'Reseller Staff', role: 1, hasBalance: true, supportBox: false },
  { username: 'seller', name: 'Shop Owner', role: 2, hasBalance: true, supportBox: true },
  { username: 'seller-staff', name: 'Shop Staff', role: 2, hasBalance: true, supportBox: true },
  { username: 'support', name: 'Web Support', role: 3, hasBalance: true, supportBox: false },
] as const;

/** Fills the sign-in form (German, the default language of a fresh browser) and waits until the app left /loading. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Benutzername').fill(username);
  // By name: the visibility toggle of the password field carries the same label.
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).not.toHaveURL(/\/(login|loading)(\?|$)/);
}

export async function openLoginAndSignIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, username);
}

export function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(window.localStorage));
}
