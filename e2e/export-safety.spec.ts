import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { germanCsvFindings } from '../apps/server/src/platform/csv-checks.fixtures.ts';
import { api, customerIdOf, fundDemoShop, randomPins, sell, stockProduct, supplyShop } from './api.ts';
import { expect, type Page, test } from './fixtures.ts';
import { openLoginAndSignIn } from './helpers.ts';

/**
 * Issue 40, "Formula safety": a sales report downloaded from the screen opens in a German Excel as a table of text
 * and numbers, never of formulas. A product named like a formula with a `;` inside, and a bus ticket cancelled and
 * refunded (a row of negative amounts), are in it; the file is read as German Excel reads it (`;`, RFC 4180 quotes,
 * BOM) by the same check the unit tests apply to every export.
 */

type Booking = { booking_id: number; status: string; sale: { sale_id: number; status: string } | null };

/** A bus ticket of the demo shop, bought and then cancelled through the shop's calls: its refund is a sale row. */
async function refundedBusTicket(seller: Page): Promise<number> {
  const bus = <T>(body: object) => api<T>(seller, '/flixbus_api/', body);
  const date = `2027-05-${String(randomInt(10, 29))}`;
  const { trips } = await bus<{ trips: { uid: string }[] }>({
    action: 'search',
    from_city_id: 1,
    to_city_id: 2,
    date,
    seats: 1,
  });
  const { booking } = await bus<{ booking: Booking }>({ action: 'reserve', trip_uid: trips[0]!.uid, seats: 1 });
  const id = booking.booking_id;
  await bus({
    action: 'passengers',
    booking_id: id,
    passengers: [{ first_name: 'Aylin', last_name: 'Yılmaz' }],
    contact_phone: '+4917612345678',
  });
  const { transaction_key } = await api<{ transaction_key: string }>(seller, '/get_transaction_session_key/');
  await bus({ action: 'pay', booking_id: id, transaction_key });
  let saleId = 0;
  await expect
    .poll(
      async () => {
        const b = (await bus<{ booking: Booking }>({ action: 'order', booking_id: id })).booking;
        saleId = b.sale?.sale_id ?? 0;
        return b.sale?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('successful');
  const cancelled = await bus<{ booking: Booking }>({ action: 'cancel', booking_id: id });
  expect(cancelled.booking.status).toBe('refunded');
  return saleId;
}

test('the reseller downloads its sales report as CSV: no cell a formula, every amount a number, a refund negative', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = randomInt(100_000, 999_999);
  // Starts like a formula, and its `;` would split it into a cell `@Späti…` were it not quoted.
  const hostile = `=1+1 Kiosk;@Späti ${suffix}`;
  await fundDemoShop(browser, '30');
  await openLoginAndSignIn(page, 'reseller');
  const shopId = await customerIdOf(page, 'Demo Shop Berlin');
  const product = await stockProduct(page, { name: hostile, pins: randomPins(2), batch: `FORMULA-${suffix}` });
  await supplyShop(page, { shopId, configurationId: product.configurationId, planName: `Plan ${suffix}` });
  const seller = await browser.newPage();
  await openLoginAndSignIn(seller, 'seller');
  await sell(seller, product.configurationId, 2);
  const ticketSale = await refundedBusTicket(seller);
  await seller.close();

  await page.goto('/reports-sales');
  await expect(page.getByRole('heading', { name: 'Verkaufsbericht' })).toBeVisible();
  await page.getByRole('button', { name: 'CSV exportieren' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV herunterladen' }).click({ timeout: 30_000 });
  const file = await readFile((await (await downloading).path()) as string);

  const { header, rows, problems } = germanCsvFindings(file, [
    'Nennwert',
    'Menge',
    'PINs',
    'Nennwert gesamt',
    'Verkaufsbetrag',
    'Einkaufsbetrag',
    'Marge',
  ]);
  expect(problems).toEqual([]);
  const column = (name: string) => header.indexOf(name);
  // The hostile name is one cell, whole, behind the mark that keeps it text.
  const mine = rows.filter((r) => r[column('Produkt')]!.endsWith(hostile));
  expect(mine).toHaveLength(1);
  expect(mine[0]![column('Verkaufsbetrag')]).toBe('19,40');
  // The cancelled ticket: its sale and its refund, the refund's amounts negative numbers with a decimal comma.
  const refund = rows.find((r) => r[column('Referenz')] === `FLIXBUS-${ticketSale}-R`);
  expect(refund, `FLIXBUS-${ticketSale}-R`).toBeDefined();
  expect(refund?.[column('Verkaufsbetrag')]).toMatch(/^-\d+,\d\d$/);
  expect(rows.some((r) => r[column('Referenz')] === `FLIXBUS-${ticketSale}`)).toBe(true);
});
