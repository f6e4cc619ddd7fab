import { randomInt } from 'node:crypto';
import { api, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Notices that resolve themselves (issue 40), in German: a low-stock notice is gone from the bell once PINs are
 * imported, and a new reclamation shows in its reseller's bell until the reseller has passed it on.
 */
type Notices = { notices: { kind: string; params: Record<string, string | number> }[] };

async function bellTexts(page: Page): Promise<string[]> {
  await page.goto('/reports-sales');
  await page.getByTestId('notice-bell').click();
  // The list has loaded: a notice, or the words for none.
  await expect(page.getByTestId('notice').or(page.getByText('Keine Hinweise.')).first()).toBeVisible();
  const texts = await page.getByTestId('notice').allInnerTexts();
  await page.keyboard.press('Escape');
  return texts;
}

test('a low-stock notice is gone from the bell once PINs are imported', async ({ page }) => {
  test.setTimeout(120_000);
  const productName = `E2E Resolve ${randomInt(1000, 9999)}`;
  await openLoginAndSignIn(page, 'reseller');
  const stock = await stockProduct(page, { name: productName, pins: randomPins(3), batch: 'E2E-RESOLVE-1' });
  await api(page, '/set_low_stock_threshold/', { configuration_id: stock.configurationId, threshold: 5 });
  const mine = async () =>
    (await api<Notices>(page, '/view_notices/')).notices.filter(
      (n) => n.kind === 'low_stock' && n.params.product_name === productName,
    ).length;
  await expect.poll(mine, { timeout: 20_000 }).toBe(1);
  await expect
    .poll(async () => (await bellTexts(page)).filter((t) => t.includes(productName)))
    .toEqual([expect.stringContaining('Niedriger Bestand')]);

  // Three more PINs through the import's three steps: six for sale, above the threshold of five.
  const upload = await api<{ import_id: number }>(page, '/upload_file/', { csv: `${randomPins(3).join('\n')}\n` });
  await api(page, '/background_task_step_two/', {
    import_id: upload.import_id,
    configuration_id: stock.configurationId,
    supplier_id: stock.supplierId,
    pin_sequence: 1,
    has_header: 0,
    buying_discount: '10',
    import_batch: 'E2E-RESOLVE-2',
  });
  await expect
    .poll(
      async () =>
        (await api<{ import: { status: string } }>(page, '/failed_pins_list/', { import_id: upload.import_id })).import
          .status,
      { timeout: 20_000 },
    )
    .toBe('validated');
  await api(page, '/upload_step_three/', { import_id: upload.import_id, cancel: 0, publish: 1 });

  // The approval asked the alert job for a scan: the notice resolves within seconds, and the bell no longer shows it.
  await expect.poll(mine, { timeout: 20_000 }).toBe(0);
  expect((await bellTexts(page)).filter((t) => t.includes(productName))).toEqual([]);
});

test('a new reclamation shows in its reseller’s bell, leads to it, and leaves once decided', async ({ browser }) => {
  test.setTimeout(150_000);
  const productName = `E2E Bell Reclaim ${randomInt(1000, 9999)}`;
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const stock = await stockProduct(reseller, { name: productName, pins: randomPins(2), batch: 'E2E-BELL-RK' });
  await supplyShop(reseller, { shopId, configurationId: stock.configurationId, planName: `E2E plan ${productName}` });
  const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
  const sale = await api<{ sale_id: number; pins: { pin_id: number }[] }>(seller, '/add_transaction_v3/', {
    transaction_key,
    configuration: stock.configurationId,
    quantity: 1,
  });
  const { reclamation_id: id } = await api<{ reclamation_id: number }>(seller, '/post_reclam_pins/', {
    sale_id: sale.sale_id,
    pin_ids: [sale.pins[0]!.pin_id],
    reason: 'Der Code wird abgelehnt',
  });

  await reseller.goto('/reports-sales');
  await reseller.getByTestId('notice-bell').click();
  const notice = reseller.getByTestId('notice').filter({ hasText: `Reklamation ${id} von` });
  await expect(notice).toContainText('wartet auf Ihre Bearbeitung');
  await notice.click();
  await expect(reseller).toHaveURL(`/seller-reclaim/${id}`);
  await expect(reseller.getByRole('heading', { name: `Reklamation ${id}` })).toBeVisible();

  // The reseller's own stock: forwarded, the claim waits for the reseller again as the owner, then credited it is done.
  for (const action of ['open', 'accept', 'forward', 'approve', 'issue_credit_note']) {
    await api(reseller, '/view_update_reclam_pins/', { reclamation_id: id, action });
  }
  expect((await bellTexts(reseller)).filter((t) => t.includes(`Reklamation ${id} `))).toEqual([]);
});
