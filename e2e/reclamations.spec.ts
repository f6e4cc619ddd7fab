import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { api, randomPins, stockProduct, supplyShop } from './api.ts';
import { expect, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';
import { CREDIT_NOTE, fileReclamation, openReclamation, walkReclamation } from './reclamation-steps.ts';

/**
 * A shop reclaims a PIN of its sale, its reseller (the stock's owner) takes, accepts, forwards, approves the
 * claim and issues the credit note; the shop's balance rises by the price it paid and it finds the credit note.
 */
const productName = `E2E Reclaim ${randomInt(1000, 9999)}`;

test('a shop files a reclamation, the reseller approves and credits it, the shop gets its money back', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const { configurationId } = await stockProduct(reseller, { name: productName, pins: randomPins(3), batch: 'E2E-RK' });
  await supplyShop(reseller, { shopId, configurationId, planName: `E2E plan ${productName}` });
  const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
  const sale = await api<{ sale_id: number }>(seller, '/add_transaction_v3/', {
    transaction_key,
    configuration: configurationId,
    quantity: 2,
  });

  await seller.goto('/dashboard');
  const balanceText = async () => (await seller.getByTestId('figure-balance').innerText()).replace(/\s+/g, ' ');
  await expect(seller.getByTestId('figure-balance')).toContainText('€');
  const before = await balanceText();

  // From the sale: the filing dialog opens with the sale's masked PINs to tick.
  await seller.goto(`/seller-reclaim-requests?sale_id=${sale.sale_id}`);
  const dialog = seller.getByRole('dialog', { name: 'Reklamation einreichen' });
  await expect(dialog.getByText(productName)).toBeVisible();
  await dialog.getByRole('button', { name: 'Einreichen' }).click();
  await expect(dialog.getByText('Bitte wählen Sie mindestens eine PIN.')).toBeVisible();
  await dialog.getByRole('checkbox').first().check();
  const id = await fileReclamation(seller, dialog, 'Der Code wird beim Einlösen abgelehnt');
  await expect(seller.getByRole('heading', { name: `Reklamation ${id}` })).toBeVisible();
  await expect(seller.getByText('Neu', { exact: true })).toBeVisible();
  // The shop has no move to make: no buttons for the reseller's steps.
  await expect(seller.getByRole('button', { name: 'Annehmen' })).toHaveCount(0);

  // The reseller finds it in its list and walks it to the credit note.
  await openReclamation(reseller, '/reseller-reclaim-requests', id, `/seller-reclaim/${id}`);
  await walkReclamation(
    reseller,
    [
      ['Übernehmen', 'In Bearbeitung'],
      ['Annehmen', 'Angenommen'],
      ['Zur Prüfung weiterleiten', 'In Prüfung'],
      ['Genehmigen', 'Genehmigt'],
      [CREDIT_NOTE, 'Erstattet'],
    ],
    // The credit note refunds the shop: the question names whom and how much (issue 40).
    (dialog) => expect(dialog).toContainText(/Demo Shop Berlin erhält 9,70\s€ auf sein Guthaben zurück\./),
  );
  await expect(reseller.getByTestId('credit-notes')).toContainText(/RK-\d{6}/);
  await expect(reseller.getByTestId('credit-notes')).toContainText('9,70');

  // The shop's balance rose by the 9.70 € it paid for the PIN, and it reads the credit note.
  await seller.goto('/dashboard');
  const parse = (s: string) => Number(s.replace(/[^\d,]/g, '').replace(',', '.'));
  await expect.poll(async () => Math.round((parse(await balanceText()) - parse(before)) * 100)).toBe(970);
  await seller.goto(`/seller-reclaim/${id}`);
  await expect(seller.getByText('Erstattet', { exact: true })).toBeVisible();
  await expect(seller.getByTestId('credit-notes')).toContainText('9,70');
  // Among its reclamation documents: the single credit notes next to the monthly reclamation invoices.
  await seller.goto('/invoices-all-reclamation');
  await expect(seller.getByRole('heading', { name: 'Reklamationsrechnungen' })).toBeVisible();
  await seller.getByText('Rechnungskorrekturen', { exact: true }).click();
  await expect(seller.getByRole('row', { name: /RK-\d{6}/ }).first()).toContainText('9,70');
});

test("platform stock goes to the superadmin's review, whose credit notes refund shop and reseller", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = randomInt(1000, 9999);
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  const shopId = Number(await seller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const reseller = await browser.newPage();
  await openLoginAndSignIn(reseller, 'reseller');
  const resellerId = Number(await reseller.evaluate(() => localStorage.getItem('portal.customer_id')));
  const admin = await browser.newPage();
  await openLoginAndSignIn(admin, 'superadmin');
  const name = `E2E Platform Reclaim ${suffix}`;
  const { configurationId } = await stockProduct(admin, { name, pins: randomPins(2), batch: `E2E-PRK-${suffix}` });
  // The platform gives the reseller 5 % (R = 9.50 €), the reseller its shop 3 % (S = 9.70 €).
  const assign = async (page: typeof admin, customerId: number, discount: string, amount: string) => {
    const plan = await api<{ discount_slab_id: number }>(page, '/add_discount_plan/', {
      name: `E2E plan ${suffix} ${customerId}`,
      items: [{ configuration_id: configurationId, discount }],
    });
    await api(page, '/add_update_delete_disable_pad/', {
      customer_id: customerId,
      action: 'assign',
      configuration_ids: [configurationId],
      discount_plan_id: plan.discount_slab_id,
    });
    await api(page, '/add_customer_credit/', { customer_id: customerId, amount, type: 'payment', method: 'transfer' });
  };
  await assign(admin, resellerId, '5', '2500');
  await assign(reseller, shopId, '3', '2500');
  const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
  const sale = await api<{ sale_id: number; pins: { pin_id: number }[] }>(seller, '/add_transaction_v3/', {
    transaction_key,
    configuration: configurationId,
    quantity: 1,
  });
  const filed = await api<{ reclamation_id: number }>(seller, '/post_reclam_pins/', {
    sale_id: sale.sale_id,
    pin_ids: [sale.pins[0]!.pin_id],
    reason: 'Code unknown to the operator',
  });
  const id = filed.reclamation_id;
  for (const action of ['open', 'accept', 'forward']) {
    await api(reseller, '/view_update_reclam_pins/', { reclamation_id: id, action });
  }
  const balances = async () => {
    const shop = await api<{ balance: string }>(reseller, '/customer_details/', { customer_id: shopId });
    const mine = await api<{ balance: string }>(admin, '/customer_details/', { customer_id: resellerId });
    return { shop: Number(shop.balance), reseller: Number(mine.balance) };
  };
  const before = await balances();

  // The superadmin finds the forwarded claim in review, approves it and issues the credit notes.
  await openReclamation(admin, '/reclaim-requests', id, `/reclaim-request/${id}`);
  await expect(admin.getByRole('main').getByText('In Prüfung', { exact: true }).first()).toBeVisible();
  await walkReclamation(admin, [
    ['Genehmigen', 'Genehmigt'],
    [CREDIT_NOTE, 'Erstattet'],
  ]);
  const notes = admin.getByTestId('credit-notes');
  await expect(notes.getByRole('row')).toHaveCount(2);
  await expect(notes).toContainText('9,70');
  await expect(notes).toContainText('9,50');
  const after = await balances();
  expect(Math.round((after.shop - before.shop) * 100)).toBe(970);
  expect(Math.round((after.reseller - before.reseller) * 100)).toBe(950);

  // The reseller's credit note from the platform opens as a document with its PDF.
  await notes
    .getByRole('link', { name: /RK-\d{6}/ })
    .first()
    .click();
  await expect(admin).toHaveURL(/\/new\/invoice-credit-note\/\d+$/);
  await expect(admin.getByRole('heading', { name: /Rechnungskorrektur RK-\d{6}/ })).toBeVisible();
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: /^PDF Rechnung/ }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^RK-\d{6}\.pdf$/);
  // Its XRechnung is a corrected invoice (type 381), not a self-billing "Gutschrift".
  const xmlDownload = admin.waitForEvent('download');
  await admin.getByRole('button', { name: /^XRechnung RK-\d{6} herunterladen$/ }).click();
  const xml = await readFile((await (await xmlDownload).path())!, 'utf8');
  expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
});
