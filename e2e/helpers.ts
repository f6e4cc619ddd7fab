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
 * A call of the portal API from inside the page with the signed-in user's session headers; a body with
 * `csv` is sent as the PIN import's multipart form.
 */
export async function callApi<T = unknown>(page: Page, path: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${localStorage.getItem('portal.access_token')}`,
        'X-Session-Id': localStorage.getItem('portal.session_id') ?? '',
        'X-Customer-Id': localStorage.getItem('portal.customer_id') ?? '',
      };
      let init: RequestInit = { method: body === undefined ? 'GET' : 'POST', headers };
      if (body && 'csv' in body) {
        const form = new FormData();
        form.set('delimiter', ',');
        form.set('csv_file', new Blob([String(body.csv)], { type: 'text/csv' }), 'pins.csv');
        init = { ...init, body: form };
      } else if (body !== undefined) {
        init = { ...init, headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
      }
      const res = await fetch(`/api${path}`, init);
      const json = await res.json();
      if (json.message_type !== 1) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    { path, body },
  ) as Promise<T>;
}
