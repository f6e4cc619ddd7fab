import { expect, type Locator, type Page } from '@playwright/test';

/*
 * The steps of a reclamation that several browser tests take through the screens (a stock PIN's claim, a soft
 * pin's claim, the platform's review): one place for how a claim is filed, found and walked to its credit note.
 */

/** The button that issues the credit note, and the question it asks first. */
export const CREDIT_NOTE = 'Rechnungskorrektur ausstellen';

/** Files the claim in the open filing dialog; the number of the reclamation from the page it leads to. */
export async function fileReclamation(page: Page, dialog: Locator, reason: string): Promise<number> {
  await dialog.getByLabel('Grund').fill(reason);
  await dialog.getByRole('button', { name: 'Einreichen' }).click();
  await expect(page).toHaveURL(/\/seller-reclaim\/\d+$/);
  return Number(page.url().split('/').pop());
}

/** Opens reclamation `id` by its number's link in the list at `list`, which leads to `detail`. */
export async function openReclamation(page: Page, list: string, id: number, detail: string): Promise<void> {
  await page.goto(list);
  await page
    .getByRole('row', { name: new RegExp(`^${id}\\b`) })
    .getByRole('link', { name: String(id) })
    .click();
  await expect(page).toHaveURL(detail);
}

/**
 * Presses each step's button on the open reclamation and waits for the status it leads to. The credit note refunds
 * money, so it asks first (issue 40): `readQuestion` checks the question before it is confirmed.
 */
export async function walkReclamation(
  page: Page,
  steps: ReadonlyArray<readonly [button: string, status: string]>,
  readQuestion?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  for (const [button, status] of steps) {
    await page.getByRole('main').getByRole('button', { name: button }).click();
    if (button === CREDIT_NOTE) {
      const dialog = page.getByRole('dialog');
      await readQuestion?.(dialog);
      await dialog.getByRole('button', { name: button }).click();
    }
    await expect(page.getByRole('main').getByText(status, { exact: true }).first()).toBeVisible();
  }
}
