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

/**
 * Switches a signed-in user who reads German to another language on the settings screen, as a user does (saved on
 * the server too: files and mails follow it). Tests that switch put the user back with `update_settings` in a
 * `finally`, so the specs after them meet a German user.
 */
export async function readIn(page: Page, language: 'en' | 'tr'): Promise<void> {
  await page.goto('/settings');
  await page
    .getByRole('radiogroup', { name: 'Sprache' })
    .getByText(language === 'en' ? 'English' : 'Türkçe')
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}
