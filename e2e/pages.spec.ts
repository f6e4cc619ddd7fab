import { expect, test } from './fixtures.ts';
import { ORGANISATION, openLoginAndSignIn } from './helpers.ts';

test('a visitor sees the welcome page with a sign-in button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Willkommen bei ${ORGANISATION}` })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL('/login');
});

for (const [path, title] of [
  ['/agb', 'AGB'],
  ['/terms', 'Nutzungsbedingungen'],
  ['/impressum', 'Impressum'],
] as const) {
  test(`${path} shows the legal text with the organisation and its support contact`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${ORGANISATION} – ${title}`);
    await expect(page.getByRole('main')).toContainText(ORGANISATION);
    await expect(page.getByRole('link', { name: 'support@demo-prepaid.example' })).toBeVisible();
  });
}

test('the legal text follows the language', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('radiogroup', { name: 'Sprache' }).getByText('Français').click();
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Règlement des litiges' })).toBeVisible();
});

test('/version shows the app version', async ({ page }) => {
  await page.goto('/version');
  await expect(page.getByTestId('version-table')).toContainText(/\d+\.\d+\.\d+/);
});

for (const [path, heading] of [
  ['/pages/error-404', 'Seite nicht gefunden'],
  ['/pages/error-500', 'Interner Serverfehler'],
  ['/pages/not-authorized', 'Sie sind nicht berechtigt'],
  ['/pages/comingsoon', 'Demnächst verfügbar'],
  ['/pages/maintenance', 'Wartungsarbeiten'],
] as const) {
  test(`${path} renders its status page`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
  });
}

test('the set-password link with an unknown id says it is invalid', async ({ page }) => {
  await page.goto('/registration/set-password/00000000000000000000000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort festlegen' })).toBeVisible();
  await page.getByRole('button', { name: 'Code senden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Dieser Link ist ungültig oder abgelaufen.');
});

test('login requests list keeps its filter in the URL and shows the empty state', async ({ page }) => {
  await openLoginAndSignIn(page, 'seller');
  await page.goto('/login-requests');
  await expect(page.getByText('Keine Daten verfügbar')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Abgelehnt').click();
  await expect(page).toHaveURL('/login-requests?status=rejected');
  await page.reload();
  await expect(
    page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'Abgelehnt' }),
  ).toBeChecked();
});
