import { randomInt } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

const productName = `E2E Keys ${randomInt(1000, 9999)}`;

/** The focused element draws a ring: an outline or a box shadow that is not none. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing focused';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none' ? 'ring' : `no ring on ${el.outerHTML.slice(0, 120)}`;
  });
  expect(ring).toBe('ring');
}

/** Presses Tab until the target has focus, checking the ring on every stop on the way. */
async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target} not reached in ${maxPresses} Tab presses`);
}

/** Tab and Shift+Tab keep focus inside the dialog, well past the number of its controls. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await expectVisibleFocus(page);
    }
  }
}

test('a seller buys, prints and returns to the product list with the keyboard alone', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    // The print dialog is stubbed: the test counts the calls instead of opening the browser's dialog.
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await openLoginAndSignIn(page, 'seller');
  const shopId = Number(await page.evaluate(() => localStorage.getItem('portal.customer_id')));
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const { configurationId } = await stockProduct(reseller, {
    name: productName,
    pins: randomPins(5),
    batch: `E2E-KEYS-${randomInt(1000, 9999)}`,
  });
  await supplyShop(reseller, { shopId, configurationId, planName: `E2E plan ${productName}` });
  await reseller.close();
  const printed = () => page.evaluate(() => (window as unknown as { printed: number }).printed);

  await page.goto('/cashcards/');
  const buy = page.getByRole('button', { name: new RegExp(`^${productName} 10,00\\s€ kaufen$`) });
  await expect(buy).toBeVisible();
  await tabTo(page, buy);

  // The dialog opens on the quantity; focus stays inside it, and Escape closes it back onto the buy button.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  const quantity = dialog.getByLabel('Menge');
  await expect(quantity).toBeFocused();
  await expectVisibleFocus(page);
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(quantity).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('2');
  await tabTo(page, dialog.getByRole('button', { name: 'Jetzt kaufen (2)' }), 10);
  await page.keyboard.press('Enter');

  // The result is announced (an alert) and takes the focus; the receipts print by themselves, then on request.
  await expect(dialog.getByRole('alert')).toContainText('Kauf erfolgreich');
  await expect(dialog.getByTestId('purchase-outcome')).toBeFocused();
  await expect.poll(printed).toBe(1);
  await tabTo(page, dialog.getByRole('button', { name: 'Drucken' }), 10);
  await page.keyboard.press('Enter');
  await expect.poll(printed).toBe(2);

  await tabTo(page, dialog.getByRole('button', { name: 'Schließen' }).last(), 10);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/cashcards/');
  await expect(buy).toBeFocused();
  await expectVisibleFocus(page);
});
