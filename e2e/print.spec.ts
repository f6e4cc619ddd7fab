import { randomInt } from 'node:crypto';
import { api, generateInvoice, pastMonth, pastSale } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Issue 40, "Printing": a screen prints its content without the menus; receipts and the Z report print alone at
 * 80 mm. The receipts' print rules stay loaded once a screen with receipts was opened, which is when every other
 * screen printed as a blank sheet: each check here is made after such a screen, by moving within the app.
 */

/** Moves within the app, as a menu link does: the stylesheets of the screens seen before stay loaded. */
async function moveTo(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

/** Whether the receipts' print rules are on the page (CSS modules name their classes after the source's). */
function receiptRulesLoaded(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [...document.styleSheets].some((sheet) => {
      try {
        return [...sheet.cssRules].some((rule) => rule.cssText.includes('printArea'));
      } catch {
        return false;
      }
    }),
  );
}

/** On paper: the screen's title and its table or content are there; the top bar and the menus are not. */
async function printsContentWithoutMenus(page: Page, heading: string | RegExp): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByTestId('top-menu')).toBeHidden();
  // The star beside the title marks pages for the menu: a control, not content.
  await expect(page.getByRole('button', { name: 'Seite markieren' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();
}

test('the Z report prints alone at 80 mm; a list then prints as it looks, not as a blank sheet', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openLoginAndSignIn(page, 'seller');
  await page.goto('/seller/zreport');
  const printArea = page.getByTestId('print-area');
  await expect(printArea).toBeAttached();
  await expect(printArea).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(printArea).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  // 72 mm of content on 80 mm paper: at most 80 mm (302 CSS pixels) wide.
  const box = await printArea.locator(':scope > *').first().boundingBox();
  expect(box!.width).toBeLessThanOrEqual(302);
  await page.emulateMedia({ media: 'screen' });
  expect(await receiptRulesLoaded(page)).toBe(true);

  await moveTo(page, '/seller/sales');
  await expect(page.getByText('Eigener Umsatz')).toBeVisible();
  await expect(page.getByTestId('print-area')).toHaveCount(0);
  await printsContentWithoutMenus(page, 'Verkäufe');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText('Eigener Umsatz')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The list's PDF carries its text: fonts embedded and far more than a blank sheet's bytes.
  const list = await page.pdf({ format: 'A4' });
  const blankPage = await browser.newPage();
  await blankPage.setContent('<html><body></body></html>');
  const blank = await blankPage.pdf({ format: 'A4' });
  await blankPage.close();
  expect(list.includes('/FontFile')).toBe(true);
  expect(blank.includes('/FontFile')).toBe(false);
  expect(list.length).toBeGreaterThan(blank.length * 3);

  await moveTo(page, '/seller/ledger');
  await printsContentWithoutMenus(page, 'Kontobuch');
});

test('a report, a ledger and an invoice print their content without the menus', async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  await seller.close();

  const page = await browser.newPage();
  await openLoginAndSignIn(page, 'reseller');
  const resellerId = Number(await page.evaluate(() => localStorage.getItem('portal.customer_id')));
  const productName = `E2E Print ${randomInt(1000, 9999)}`;
  const product = await api<{ product_id: number; configurations: { id: number }[] }>(page, '/add_product/', {
    product_name: productName,
    product_type: 'cash_card',
    pin_length: 16,
    configurations: [{ value: '10', info: '10 EUR' }],
  });
  await api(page, '/add_customer_credit/', { customer_id: shopId, amount: '100', type: 'payment', method: 'transfer' });
  // Four months back: the invoice and accessibility tests invoice the months before.
  await pastSale({
    monthsAgo: 4,
    shopId,
    resellerId,
    productId: product.product_id,
    configurationId: product.configurations[0]!.id,
    platformStock: false,
  });
  const invoiceId = await generateInvoice(page, shopId, pastMonth(4).month);

  // The hardware orders screen carries an order confirmation's print rules.
  await page.goto('/admin/hardware/sales');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await receiptRulesLoaded(page)).toBe(true);

  await moveTo(page, '/customers/view');
  await printsContentWithoutMenus(page, 'Kunden');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('cell', { name: 'Demo Shop Berlin' }).first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await moveTo(page, '/report-sales-summary');
  await printsContentWithoutMenus(page, 'Verkaufsübersicht');
  await moveTo(page, '/admin/ledger');
  await printsContentWithoutMenus(page, 'Kontobuch');
  await moveTo(page, `/new/invoice/${invoiceId}`);
  await expect(page.getByRole('cell', { name: productName }).first()).toBeVisible();
  await printsContentWithoutMenus(page, /Rechnung \(netto\) RE-\d{6}/);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('cell', { name: productName }).first()).toBeVisible();
  await expect(page.getByTestId('invoice-totals')).toContainText('29,10');
});
