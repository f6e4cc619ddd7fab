import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { KEEP_TEXT, SPREADSHEET_NUMBER } from '../../platform/csv.ts';
import { csvCells, expectGermanCsv } from '../../platform/export-checks.fixtures.ts';
import { pdfText } from '../../platform/pdf-inspect.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { createProduct, createSupplier, importPins, makePins } from '../inventory/inventory.fixtures.ts';
import {
  balanceOf,
  buy,
  checkInvariants,
  type Headers,
  newShop,
  ok,
  type Stock,
  stockFor,
  topUp,
  transactionKey,
} from './selling.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let seller: Headers;
let staff: Headers;
let support: Headers;
let reseller: Headers;
let own: Stock;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  [seller, staff, support, reseller] = await Promise.all([
    signIn(ctx, 'seller'),
    signIn(ctx, 'seller-staff'),
    signIn(ctx, 'support'),
    signIn(ctx, 'reseller'),
  ]);
  own = await stockFor(ctx, { owner: 'reseller', pins: 60, shops: [ids.seller] });
  await topUp(ctx, ids.seller, '900');
}, 120_000);
afterAll(async () => ctx.close());

const count = async (q: ReturnType<typeof sql>) => (await ctx.db.execute<{ n: number }>(q)).rows[0]!.n; // a count
/** The database's own refusal message of a statement. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
  );
const salesCount = () => count(sql`select count(*)::int as n from sales`);
const lineSum = async (customerId: number, account: string) =>
  new Decimal(
    (
      await ctx.db.execute<{ s: string }>(
        sql`select coalesce(sum(amount), 0)::text as s from ledger_lines where customer_id = ${customerId} and account = ${account}`,
      )
    ).rows[0]!.s,
  );

describe('single purchase', () => {
  it('sells one PIN of the reseller’s stock: receipt with the PIN, balance −S, the sale’s balanced entry', async () => {
    const before = await balanceOf(ctx, ids.seller);
    const income = await lineSum(ids.reseller, 'sales_income');
    const res = await buy(ctx, seller, own.configurationId, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r).toMatchObject({
      status: 'successful',
      kind: 'single',
      quantity: 1,
      configuration: { configuration_id: own.configurationId, value: '10.00' },
      product: { customer_care: '+49 30 555', instructions: 'Dial *100#', product_type: 'cash_card' },
      total_value: '10.00',
      unit_price: '9.70',
      total_price: '9.70',
      sold_by: 'seller',
      shop: { name: 'Demo Shop Berlin' },
    });
    expect(r.pins).toHaveLength(1);
    expect(own.pins).toContain(r.pins[0].pin);
    expect((await balanceOf(ctx, ids.seller)).toFixed(2)).toBe(before.minus('9.70').toFixed(2));
    expect((await lineSum(ids.reseller, 'sales_income')).minus(income).toFixed(2)).toBe('9.70');
    const { rows } = await ctx.db.execute<{ account: string; customer_id: number; amount: string }>(sql`
      select l.account, l.customer_id, l.amount from ledger_lines l join journal_entries e on e.id = l.entry_id
      where e.reference = ${`sale:${r.sale_id}`} order by l.id`);
    expect(rows).toEqual([
      { account: 'balance', customer_id: ids.seller, amount: '-9.7000' },
      { account: 'sales_income', customer_id: ids.reseller, amount: '9.7000' },
      { account: 'inventory', customer_id: ids.reseller, amount: '-9.0000' },
      { account: 'cost_of_sales', customer_id: ids.reseller, amount: '9.0000' },
    ]);
    const reveals = await count(
      sql`select count(*)::int as n from pin_reveals where sale_id = ${r.sale_id} and kind = 'sale'`,
    );
    expect(reveals).toBe(1);
    // The shop's ledger says what the sale sold instead of only its reference.
    const history = await post(ctx.app, '/api/view_ledger/', { filters: { kind: 'sale' } }, seller);
    const line = history.body.data.ledger.find((l: { reference: string }) => l.reference === `sale:${r.sale_id}`);
    expect(line.sale).toMatchObject({
      id: r.sale_id,
      product: r.product.product_name,
      face_value: '10.0000',
      quantity: 1,
    });
    await checkInvariants(ctx);
  });

  it('charges the reseller R for platform stock in the same entry', async () => {
    const platformStock = await stockFor(ctx, { owner: 'platform', pins: 5, shops: [ids.seller] });
    await topUp(ctx, ids.reseller, '100');
    const [seller0, reseller0] = [await balanceOf(ctx, ids.seller), await balanceOf(ctx, ids.reseller)];
    const res = await buy(ctx, seller, platformStock.configurationId, 2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.total_price).toBe('19.40');
    expect((await balanceOf(ctx, ids.seller)).toFixed(2)).toBe(seller0.minus('19.40').toFixed(2));
    expect((await balanceOf(ctx, ids.reseller)).toFixed(2)).toBe(reseller0.minus('18.80').toFixed(2));
    expect((await lineSum(ids.platform, 'revenue')).toFixed(2)).toBe('18.80');
    expect((await lineSum(ids.platform, 'cost_of_sales')).toFixed(2)).toBe('18.00');
    await checkInvariants(ctx);
  });

  it('replays the same key and body with the same answer and charges once; another body is 422 key_reused', async () => {
    const key = await transactionKey(ctx, seller);
    const first = await buy(ctx, seller, own.configurationId, 2, key);
    const after = await balanceOf(ctx, ids.seller);
    const again = await buy(ctx, seller, own.configurationId, 2, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(ctx, ids.seller)).toEqual(after);
    const other = await buy(ctx, seller, own.configurationId, 3, key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('key_reused');
    const bulkWithIt = await post(
      ctx.app,
      '/api/add_bulk_transaction_v3/',
      { transaction_key: key, configuration: own.configurationId, quantity: 2 },
      seller,
    );
    expect(bulkWithIt.body.code).toBe('key_reused');
    // Another user's session cannot use the key.
    expect((await buy(ctx, staff, own.configurationId, 2, key)).body.code).toBe('key_invalid');
  });

  it('lets web_support buy for the shop: its sales are the shop’s', async () => {
    const res = await buy(ctx, support, own.configurationId, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sold_by).toBe('support');
    const sales = await ok<{ sales: { sale_id: number; sold_by: string }[] }>(
      post(ctx.app, '/api/get_sales_report_2_with_customer_id/', {}, seller),
    );
    expect(sales.sales.find((s) => s.sale_id === res.body.data.sale_id)?.sold_by).toBe('support');
  });
});

describe('refusals: clear errors, nothing charged', () => {
  async function refused(
    headers: Headers,
    url: string,
    body: Record<string, unknown>,
    expected: { status: number; code: string },
  ) {
    const [sales, balance] = [await salesCount(), await balanceOf(ctx, ids.seller)];
    const transaction_key = await transactionKey(ctx, headers).catch(() => 'x'.repeat(32));
    const res = await post(ctx.app, url, { transaction_key, ...body }, headers);
    expect({ status: res.status, code: res.body.code }, JSON.stringify(res.body)).toEqual(expected);
    expect(res.body.message_type).toBe(0);
    expect(res.body.message.length).toBeGreaterThan(5);
    expect(await salesCount()).toBe(sales);
    expect(await balanceOf(ctx, ids.seller)).toEqual(balance);
    return res;
  }
  const single = '/api/add_transaction_v3/';
  const bulk = '/api/add_bulk_transaction_v3/';

  it('refuses quantities 0, 21 in one step and 1501 in bulk (422 naming the field)', async () => {
    const v = { status: 422, code: 'validation_failed' };
    const zero = await refused(seller, single, { configuration: own.configurationId, quantity: 0 }, v);
    expect(zero.body.errors[0].field).toBe('quantity');
    const many = await refused(seller, single, { configuration: own.configurationId, quantity: 21 }, v);
    expect(many.body.message).toContain('at most 20 at a time in one step');
    const huge = await refused(seller, bulk, { configuration: own.configurationId, quantity: 1501 }, v);
    expect(huge.body.message).toContain('1500');
    await refused(seller, bulk, { configuration: own.configurationId, quantity: 0 }, v);
  });

  it('refuses an unassigned product, another reseller’s and an unknown configuration alike', async () => {
    const other = await createProduct(ctx.app, reseller, { values: ['5'] });
    const code = { status: 409, code: 'assignment_missing' };
    await refused(seller, single, { configuration: other.configurations[0]!.id, quantity: 1 }, code);
    await refused(seller, single, { configuration: 999_999, quantity: 1 }, code);
  });

  it('refuses a disabled assignment, a deactivated product and a deactivated configuration', async () => {
    const s = await stockFor(ctx, { owner: 'reseller', pins: 3, shops: [ids.seller] });
    const pad = (action: string) =>
      ok(
        post(
          ctx.app,
          '/api/add_update_delete_disable_pad/',
          { customer_id: ids.seller, action, configuration_ids: [s.configurationId] },
          reseller,
        ),
      );
    await pad('disable');
    await refused(
      seller,
      single,
      { configuration: s.configurationId, quantity: 1 },
      { status: 409, code: 'assignment_disabled' },
    );
    await pad('enable');
    const update = (body: Record<string, unknown>) =>
      ok(post(ctx.app, '/api/update_product_details/', { product_id: s.productId, ...body }, reseller));
    await update({ is_active: 0 });
    await refused(
      seller,
      single,
      { configuration: s.configurationId, quantity: 1 },
      { status: 409, code: 'product_deactivated' },
    );
    await update({ is_active: 1, configurations: [{ id: s.configurationId, is_active: 0 }] });
    await refused(
      seller,
      single,
      { configuration: s.configurationId, quantity: 1 },
      { status: 409, code: 'configuration_deactivated' },
    );
    await update({ configurations: [{ id: s.configurationId, is_active: 1 }] });
    expect((await buy(ctx, seller, s.configurationId, 1)).status).toBe(200);
  });

  it('refuses platform stock when the platform disabled the reseller’s assignment', async () => {
    const s = await stockFor(ctx, { owner: 'platform', pins: 2, shops: [ids.seller] });
    await ok(
      post(
        ctx.app,
        '/api/add_update_delete_disable_pad/',
        { customer_id: ids.reseller, action: 'disable', configuration_ids: [s.configurationId] },
        await signIn(ctx, 'superadmin'),
      ),
    );
    await refused(
      seller,
      single,
      { configuration: s.configurationId, quantity: 1 },
      { status: 409, code: 'assignment_disabled' },
    );
  });

  it('refuses a user without has_transaction (403) and without the product type’s flag', async () => {
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_cash_card') where username = 'seller-staff'`,
    );
    const noCash = await signIn(ctx, 'seller-staff');
    await refused(
      noCash,
      single,
      { configuration: own.configurationId, quantity: 1 },
      { status: 403, code: 'forbidden' },
    );
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_transaction') where username = 'seller-staff'`,
    );
    const none = await signIn(ctx, 'seller-staff');
    await refused(
      none,
      single,
      { configuration: own.configurationId, quantity: 1 },
      { status: 403, code: 'forbidden' },
    );
    await refused(none, bulk, { configuration: own.configurationId, quantity: 40 }, { status: 403, code: 'forbidden' });
    await ctx.db.execute(
      sql`update users set features = features || '{has_transaction,has_cash_card}'::text[] where username = 'seller-staff'`,
    );
    staff = await signIn(ctx, 'seller-staff');
  });

  it('refuses operators (403) even with a seller flag', async () => {
    await ctx.db.execute(
      sql`update users set features = features || '{has_transaction}'::text[] where username = 'reseller'`,
    );
    const op = await signIn(ctx, 'reseller');
    const res = await post(
      ctx.app,
      single,
      { transaction_key: 'k'.repeat(32), configuration: own.configurationId, quantity: 1 },
      op,
    );
    expect(res.status).toBe(403);
  });

  it('refuses more than the balance covers (409 insufficient_balance) and more than the stock (409 out_of_stock)', async () => {
    const { customerId, headers } = await newShop(ctx, 'Small Shop');
    const s = await stockFor(ctx, { owner: 'reseller', pins: 3, shops: [customerId] });
    await topUp(ctx, customerId, '20');
    const poor = await buy(ctx, headers, s.configurationId, 3);
    expect([poor.status, poor.body.code]).toEqual([409, 'insufficient_balance']);
    await topUp(ctx, customerId, '100');
    const short = await buy(ctx, headers, s.configurationId, 4);
    expect([short.status, short.body.code]).toEqual([409, 'out_of_stock']);
    expect(short.body.message).toBe('Out of stock: only 3 available');
    expect((await balanceOf(ctx, customerId)).toFixed(2)).toBe('120.00');
    expect(
      await count(sql`select count(*)::int as n from available_stock where configuration_id = ${s.configurationId}`),
    ).toBe(3);
  });

  it('says when the reseller’s balance stops a sale of platform stock', async () => {
    const { customerId, headers } = await newShop(ctx, 'Platform Shop');
    const s = await stockFor(ctx, { owner: 'platform', pins: 30, shops: [customerId] });
    await topUp(ctx, customerId, '500');
    const resellerBalance = await balanceOf(ctx, ids.reseller);
    const n = resellerBalance.dividedBy('9.40').floor().plus(1).toNumber();
    expect(n).toBeLessThanOrEqual(20);
    const res = await buy(ctx, headers, s.configurationId, n);
    expect([res.status, res.body.code]).toEqual([409, 'reseller_insufficient_balance']);
    expect((await balanceOf(ctx, customerId)).toFixed(2)).toBe('500.00');
  });

  it('never sells a PIN of an unpublished batch', async () => {
    const { customerId, headers } = await newShop(ctx, 'Hidden Shop');
    await topUp(ctx, customerId, '100');
    const product = await createProduct(ctx.app, reseller, { values: ['10'] });
    const configurationId = product.configurations[0]!.id; // made with one value
    const supplier = await createSupplier(ctx.app, reseller);
    await importPins(
      ctx.app,
      reseller,
      makePins(5),
      { configuration_id: configurationId, supplier_id: supplier.supplier_id, import_batch: 'HIDDEN' },
      0,
    );
    await ok(
      post(
        ctx.app,
        '/api/add_update_delete_disable_pad/',
        { customer_id: customerId, action: 'assign', configuration_ids: [configurationId] },
        reseller,
      ),
    );
    const res = await buy(ctx, headers, configurationId, 1);
    expect([res.status, res.body.code]).toEqual([409, 'out_of_stock']);
    expect(
      await count(
        sql`select count(*)::int as n from pins where configuration_id = ${configurationId} and sold_at is not null`,
      ),
    ).toBe(0);
  });
});

describe('bulk purchase and its download', () => {
  it('claims and debits 40 in the request, renders CSV and PDF for the buyer only', async () => {
    const before = await balanceOf(ctx, ids.seller);
    const transaction_key = await transactionKey(ctx, seller);
    const res = await post(
      ctx.app,
      '/api/add_bulk_transaction_v3/',
      { transaction_key, configuration: own.configurationId, quantity: 40 },
      seller,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { download_id: downloadId, sale_id: saleId } = res.body.data;
    expect(res.body.data.pins).toBeUndefined();
    expect(res.body.data.total_price).toBe('388.00');
    expect((await balanceOf(ctx, ids.seller)).toFixed(2)).toBe(before.minus('388.00').toFixed(2));

    let info = await ok<{ status: string; files: { kind: string }[] }>(
      get(ctx.app, `/api/download/${downloadId}/`, seller),
    );
    for (let i = 0; i < 100 && info.status !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      info = await ok(get(ctx.app, `/api/download/${downloadId}/`, seller));
    }
    expect(info.status).toBe('ready');
    expect(info.files.map((f) => f.kind)).toEqual(['csv', 'pdf']);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/download/${downloadId}/csv/`,
      headers: { host: 'localhost', ...seller },
    });
    expect(csv.statusCode).toBe(200);
    // The buyer's file in German (decision 0131): `;`, decimal comma, a unique reference per row, and each PIN kept
    // text with an invisible mark (a spreadsheet reading 16 digits as a number keeps 15).
    const { header, rows } = expectGermanCsv(csv.rawPayload, ['Wert']);
    expect(header).toEqual([
      'Referenz',
      'Produkt',
      'Wert',
      'PIN',
      'Seriennummer',
      'Charge',
      'Verkauft am',
      'Kundenservice',
    ]);
    expect(rows).toHaveLength(40);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 40 }, (_, i) => `${saleId}-${i + 1}`));
    for (const r of rows) {
      expect(r[3]!.startsWith(KEEP_TEXT)).toBe(true); // every line has the header's columns
      expect(r[3]).not.toMatch(SPREADSHEET_NUMBER);
      expect(r[6]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    }
    const sold = rows.map((r) => r[3]!.slice(KEEP_TEXT.length));
    for (const pin of sold) expect(own.pins).toContain(pin);
    expect(new Set(sold).size).toBe(40);
    // Beside it the machine-readable file, as stored: the documented header, `,`, dot decimals, no BOM, bare PINs.
    const machine = await ctx.app.inject({
      method: 'GET',
      url: `/api/download/${downloadId}/csv/?format=machine`,
      headers: { host: 'localhost', ...seller },
    });
    expect(machine.statusCode).toBe(200);
    expect(machine.headers['content-disposition']).toContain(`sale-${saleId}-machine.csv`);
    expect(machine.rawPayload[0]).toBe('s'.charCodeAt(0));
    const [machineHeader, ...machineRows] = csvCells(machine.rawPayload, ',');
    expect(machineHeader!.join(',')).toBe(
      'sale_id,product,value,pin,serial,batch,sold_at_berlin,customer_care,reference',
    );
    expect(machineRows.map((r) => r[3])).toEqual(sold);
    expect(machineRows[0]![2]).toMatch(/^\d+\.\d{2}$/);
    expect(machineRows[0]![6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(machineRows.map((r) => r[8])).toEqual(rows.map((r) => r[0]));
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/download/${downloadId}/pdf/`,
      headers: { host: 'localhost', ...seller },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The receipts are labelled in the buyer's language (the demo seller reads German).
    const receiptsText = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(receiptsText).toContain('Charge: ');
    expect(receiptsText).not.toContain('Batch: ');
    // Stored encrypted: the file's bytes in the database are not the CSV.
    const stored = await ctx.db.execute<{ data: Buffer; encrypted: boolean }>(
      sql`select data, encrypted from stored_files where purpose = 'sale_download'`,
    );
    for (const f of stored.rows) {
      expect(f.encrypted).toBe(true);
      expect(f.data.includes(Buffer.from(sold[0]!))).toBe(false);
    }
    expect(
      await count(sql`select count(*)::int as n from pin_reveals where sale_id = ${saleId} and kind = 'download'`),
    ).toBe(3);

    // Nobody else: another user of the shop, another shop, an operator.
    const { headers: otherShop } = await newShop(ctx, 'Other Shop');
    for (const h of [staff, otherShop, reseller]) {
      expect((await get(ctx.app, `/api/download/${downloadId}/`, h)).status).toBe(404);
      const file = await ctx.app.inject({
        method: 'GET',
        url: `/api/download/${downloadId}/csv/`,
        headers: { host: 'localhost', ...h },
      });
      expect(file.statusCode).toBe(404);
    }
    // The file expires (48 hours after the sale).
    const { rows: exp } = await ctx.db.execute<{ hours: number }>(
      sql`select extract(epoch from expires_at - created_at)::int / 3600 as hours from sale_downloads where id = ${downloadId}`,
    );
    expect(exp[0]!.hours).toBe(48);
    await ctx.db.execute(sql`update sale_downloads set expires_at = ${ctx.clock.now()} where id = ${downloadId}`);
    const late = await ctx.app.inject({
      method: 'GET',
      url: `/api/download/${downloadId}/csv/`,
      headers: { host: 'localhost', ...seller },
    });
    expect(late.statusCode).toBe(404);
    expect((await ok<{ files: unknown[] }>(get(ctx.app, `/api/download/${downloadId}/`, seller))).files).toEqual([]);
    await checkInvariants(ctx);
  });
});

describe('sales, details and reprint', () => {
  it('lists the shop’s sales (staff: their own), masks PINs in details, reprints for the seller only with an audit record', async () => {
    const mine = await buy(ctx, staff, own.configurationId, 2);
    expect(mine.status).toBe(200);
    const all = await ok<{ sales: { sale_id: number; user_id: number }[]; filters: { total_count: number } }>(
      post(ctx.app, '/api/get_sales_report_2_with_customer_id/', { limit: 100 }, seller),
    );
    const staffList = await ok<{ sales: { sale_id: number; sold_by: string }[] }>(
      post(ctx.app, '/api/get_sales_report_2_with_customer_id/', { limit: 100 }, staff),
    );
    expect(all.sales.length).toBeGreaterThan(staffList.sales.length);
    expect(staffList.sales.every((s) => s.sold_by === 'seller-staff')).toBe(true);
    const saleId = mine.body.data.sale_id;

    const details = await ok<{ pins: { pin_id: number; pin_masked: string }[] }>(
      get(ctx.app, `/api/get_sales_record_details/?sale_id=${saleId}`, seller),
    );
    expect(details.pins).toHaveLength(2);
    expect(details.pins[0]!.pin_masked).toBe(`${'*'.repeat(12)}${mine.body.data.pins[0].pin.slice(-4)}`);
    expect(JSON.stringify(details)).not.toContain(mine.body.data.pins[0].pin);

    const again = await ok<{ pins: { pin: string }[]; sold_at: string; reprinted_at: string }>(
      post(ctx.app, '/api/reprint_sale/', { sale_id: saleId, pin_ids: [details.pins[1]!.pin_id] }, seller),
    );
    expect(again.pins.map((p) => p.pin)).toEqual([mine.body.data.pins[1].pin]);
    // Printed as a copy: the receipt keeps the sale's time and says when it was reprinted.
    expect(again.sold_at).toBe(mine.body.data.sold_at);
    expect(Date.parse(again.reprinted_at)).toBeGreaterThanOrEqual(Date.parse(again.sold_at));
    const audit = await ctx.db.execute<{ user_id: number; pin_ids: number[] }>(
      sql`select user_id, pin_ids from pin_reveals where sale_id = ${saleId} and kind = 'reprint'`,
    );
    expect(audit.rows).toEqual([{ user_id: ids.user('seller'), pin_ids: [String(details.pins[1]!.pin_id)] }]);

    // Another shop, and staff for a sale that is not theirs: 404.
    const { headers: otherShop } = await newShop(ctx, 'Nosy Shop');
    expect((await post(ctx.app, '/api/reprint_sale/', { sale_id: saleId }, otherShop)).status).toBe(404);
    expect((await get(ctx.app, `/api/get_sales_record_details/?sale_id=${saleId}`, otherShop)).status).toBe(404);
    const sellersSale = all.sales.find((s) => s.user_id === ids.user('seller'));
    expect((await post(ctx.app, '/api/reprint_sale/', { sale_id: sellersSale?.sale_id }, staff)).status).toBe(404);
    // An audit record cannot be changed.
    expect(await refusal(ctx.db.execute(sql`delete from pin_reveals`))).toMatch(/append-only/);
    // Nor written with a kind outside the list (migration 0044's check).
    expect(
      await refusal(
        ctx.db.execute(sql`insert into pin_reveals (sale_id, customer_id, user_id, kind, created_at)
          select sale_id, customer_id, user_id, 'peek', now() from pin_reveals limit 1`),
      ),
    ).toMatch(/invalid input value for enum pin_reveal_kind: "peek"/);
  });
});

describe('VAT on the receipt (issue 40)', () => {
  type Vat = { vat: { rate: string; unit_amount: string; total_amount: string } | null };
  /** The owner's change of treatment, in force from a minute later than the sales before it (decision 0132). */
  const setVat = async (productId: number, vat: 'spv_19' | 'spv_7') => {
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
    await ok(post(ctx.app, '/api/update_product_details/', { product_id: productId, vat_treatment: vat }, reseller));
  };

  it('a multi-purpose voucher’s receipt carries no VAT; a single-purpose voucher’s its rate and included VAT', async () => {
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 8, shops: [ids.seller] });
    // New products are multi-purpose vouchers: no VAT at the sale, on the receipt or its reprint.
    const mpv = await ok<Vat & { sale_id: number }>(buy(ctx, seller, stock.configurationId, 1));
    expect(mpv.vat).toBeNull();
    expect((await ok<Vat>(post(ctx.app, '/api/reprint_sale/', { sale_id: mpv.sale_id }, seller))).vat).toBeNull();

    // 19 % included in 10,00 €: 1,5966… → 1,60 per PIN; in 30,00 € 4,7899… → 4,79 (not 3 × 1,60).
    await setVat(stock.productId, 'spv_19');
    const spv = await ok<Vat & { sale_id: number }>(buy(ctx, seller, stock.configurationId, 3));
    expect(spv.vat).toEqual({ rate: '19', unit_amount: '1.60', total_amount: '4.79' });
    const reprint = await ok<Vat>(post(ctx.app, '/api/reprint_sale/', { sale_id: spv.sale_id }, seller));
    expect(reprint.vat).toEqual({ rate: '19', unit_amount: '1.60', total_amount: '4.79' });
    // The sale before the change keeps the treatment in force at its time.
    expect((await ok<Vat>(post(ctx.app, '/api/reprint_sale/', { sale_id: mpv.sale_id }, seller))).vat).toBeNull();
    // A bulk purchase runs alone through `portal_purchase` (a single one through the batch's function): its answer
    // carries the VAT from the product row that function read, 19 % of 20,00 € → 3,19.
    const bulk = await ok<Vat>(
      post(
        ctx.app,
        '/api/add_bulk_transaction_v3/',
        { transaction_key: await transactionKey(ctx, seller), configuration: stock.configurationId, quantity: 2 },
        seller,
      ),
    );
    expect(bulk.vat).toEqual({ rate: '19', unit_amount: '1.60', total_amount: '3.19' });

    // 7 %: 0,6542… → 0,65.
    await setVat(stock.productId, 'spv_7');
    expect((await ok<Vat>(buy(ctx, seller, stock.configurationId, 1))).vat).toEqual({
      rate: '7',
      unit_amount: '0.65',
      total_amount: '0.65',
    });
  });
});

describe('a purchase of 21–30 in steps', () => {
  it('lists the steps that share a purchase_group as one purchase with their totals; details stay per sale', async () => {
    const shop = await newShop(ctx, 'Step Shop');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 26, shops: [shop.customerId] });
    await topUp(ctx, shop.customerId, '260');
    const group = randomUUID();
    const step = async (quantity: number, purchaseGroup?: string) =>
      post(
        ctx.app,
        '/api/add_transaction_v3/',
        {
          transaction_key: await transactionKey(ctx, shop.headers),
          configuration: stock.configurationId,
          quantity,
          purchase_group: purchaseGroup,
        },
        shop.headers,
      );
    const first = await step(20, group);
    const second = await step(5, group);
    const alone = await step(1);
    expect([first.status, second.status, alone.status]).toEqual([200, 200, 200]);
    const saleIds = [first.body.data.sale_id, second.body.data.sale_id];
    const stored = await ctx.db.execute<{ id: string; purchase_group: string }>(
      sql`select id, purchase_group from sales where id in ${saleIds} order by id`,
    );
    expect(stored.rows.map((r) => r.purchase_group)).toEqual([group, group]);

    const list = await ok<{
      sales: { sale_id: number; sale_ids: number[]; quantity: number; total_value: string; total_price: string }[];
    }>(post(ctx.app, '/api/get_sales_report_2_with_customer_id/', { limit: 100 }, shop.headers));
    const rows = list.sales.filter((r) => r.sale_ids.some((id) => saleIds.includes(id)));
    expect(rows).toEqual([
      expect.objectContaining({
        sale_id: saleIds[0],
        sale_ids: saleIds,
        quantity: 25,
        total_value: '250.00',
        total_price: '242.50',
      }),
    ]);
    // A purchase of one step stands for itself.
    expect(list.sales.find((r) => r.sale_id === alone.body.data.sale_id)?.sale_ids).toEqual([alone.body.data.sale_id]);
    expect(list.sales).toHaveLength(2);
    const details = await ok<{ quantity: number; sale_ids: number[]; pins: unknown[] }>(
      get(ctx.app, `/api/get_sales_record_details/?sale_id=${saleIds[1]}`, shop.headers),
    );
    expect([details.quantity, details.sale_ids, details.pins.length]).toEqual([5, [saleIds[1]], 5]);

    const bad = await post(
      ctx.app,
      '/api/add_transaction_v3/',
      {
        transaction_key: await transactionKey(ctx, shop.headers),
        configuration: stock.configurationId,
        quantity: 1,
        purchase_group: 'x',
      },
      shop.headers,
    );
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('purchase_group');
  });
});

describe('seller products', () => {
  it('shows only the shop’s assigned, sellable configurations with its price and capped stock', async () => {
    const v2 = await ok<{
      products: {
        product_id: number;
        configurations: {
          configuration_id: number;
          price: string;
          discount: string;
          in_stock: number;
          available: number;
        }[];
      }[];
    }>(post(ctx.app, '/api/view_seller_products_v2/', { product_type: 'cash_card' }, seller));
    const p = v2.products.find((x) => x.product_id === own.productId);
    expect(p?.configurations[0]).toMatchObject({ price: '9.70', discount: '3.00', in_stock: 1 });
    const { rows } = await ctx.db.execute<{ configuration_id: number }>(sql`
      select configuration_id from product_assignments where customer_id = ${ids.seller} and is_active`);
    const listed = v2.products.flatMap((x) => x.configurations.map((c) => c.configuration_id));
    for (const id of listed) expect(rows.map((r) => r.configuration_id)).toContain(id);
    const v1 = await ok<{ products: { configuration_id: number }[]; filters: { total_count: number } }>(
      post(ctx.app, '/api/view_seller_products/', { product_type: 'cash_card', limit: 2 }, seller),
    );
    expect(v1.filters.total_count).toBe(listed.length);
    expect(v1.products.length).toBeLessThanOrEqual(2);
  });

  it('hides the discount and price from staff when the shop masks it; answers an empty list without assignments', async () => {
    await ctx.db.execute(sql`update customers set mask_seller_discount = true where id = ${ids.seller}`);
    const v2 = await ok<{ products: { configurations: { price: string | null; discount: string | null }[] }[] }>(
      post(ctx.app, '/api/view_seller_products_v2/', {}, staff),
    );
    expect(v2.products.flatMap((p) => p.configurations).every((c) => c.price === null && c.discount === null)).toBe(
      true,
    );
    const res = await buy(ctx, staff, own.configurationId, 1);
    expect([res.body.data.unit_price, res.body.data.total_price, res.body.data.total_value]).toEqual([
      null,
      null,
      '10.00',
    ]);
    const ownerView = await ok<{ products: { configurations: { price: string | null }[] }[] }>(
      post(ctx.app, '/api/view_seller_products_v2/', {}, seller),
    );
    expect(ownerView.products[0]!.configurations[0]!.price).not.toBeNull();
    await ctx.db.execute(sql`update customers set mask_seller_discount = false where id = ${ids.seller}`);
    const { headers } = await newShop(ctx, 'Empty Shop');
    expect(await ok(post(ctx.app, '/api/view_seller_products_v2/', {}, headers))).toEqual({ products: [] });
  });
});

describe('Z report', () => {
  it('shows the open period, lets only managers close it with sequential numbers, staff see their own figures', async () => {
    const { customerId, headers } = await newShop(ctx, 'Z Shop');
    const s = await stockFor(ctx, { owner: 'reseller', pins: 10, shops: [customerId] });
    await topUp(ctx, customerId, '200');
    expect((await post(ctx.app, '/api/z_report/', { action: 'close' }, headers)).body.code).toBe('nothing_to_close');
    expect(
      (await ok<{ period_start: string | null }>(post(ctx.app, '/api/z_report/', {}, headers))).period_start,
    ).toBeNull();
    const firstSale = await buy(ctx, headers, s.configurationId, 3);
    await buy(ctx, headers, s.configurationId, 1);
    const open = await ok<{
      z_number: null;
      period_start: string;
      totals: { sales_count: number; quantity: number; total_value: string; total_price: string; products: unknown[] };
    }>(post(ctx.app, '/api/z_report/', {}, headers));
    expect(open.z_number).toBeNull();
    // The first period starts at the shop's first sale, not at an unknown beginning.
    expect(open.period_start).toBe(firstSale.body.data.sold_at);
    expect(open.totals).toMatchObject({ sales_count: 2, quantity: 4, total_value: '40.00', total_price: '38.80' });
    const closed = await ok<{ z_number: number; period_start: string; period_end: string }>(
      post(ctx.app, '/api/z_report/', { action: 'close' }, headers),
    );
    expect([closed.z_number, closed.period_start]).toEqual([1, firstSale.body.data.sold_at]);
    // The next period starts where the first ended.
    expect((await ok<{ period_start: string }>(post(ctx.app, '/api/z_report/', {}, headers))).period_start).toBe(
      closed.period_end,
    );
    expect((await post(ctx.app, '/api/z_report/', { action: 'close' }, headers)).body.code).toBe('nothing_to_close');
    await buy(ctx, headers, s.configurationId, 2);
    expect(
      (await ok<{ z_number: number }>(post(ctx.app, '/api/z_report/', { action: 'close' }, headers))).z_number,
    ).toBe(2);
    const first = await ok<{ period_start: string; totals: { quantity: number } }>(
      post(ctx.app, '/api/z_report/', { z_number: 1 }, headers),
    );
    expect([first.totals.quantity, first.period_start]).toEqual([4, firstSale.body.data.sold_at]);
    const list = await ok<{ z_reports: { z_number: number }[] }>(post(ctx.app, '/api/view_z_reports/', {}, headers));
    expect(list.z_reports.map((z) => z.z_number)).toEqual([2, 1]);
    expect(await refusal(ctx.db.execute(sql`update z_reports set number = 9`))).toMatch(/append-only/);
  });

  it('gives staff their own figures and refuses them the close', async () => {
    await buy(ctx, staff, own.configurationId, 1);
    const mine = await ok<{ own_figures_only: number; totals: { staff: { username: string }[] } }>(
      post(ctx.app, '/api/z_report/', {}, staff),
    );
    expect(mine.own_figures_only).toBe(1);
    expect(mine.totals.staff.map((s) => s.username)).toEqual(['seller-staff']);
    const res = await post(ctx.app, '/api/z_report/', { action: 'close' }, staff);
    expect(res.status).toBe(403);
    const all = await ok<{ totals: { staff: { username: string }[] } }>(post(ctx.app, '/api/z_report/', {}, seller));
    expect(all.totals.staff.length).toBeGreaterThan(1);
    expect((await post(ctx.app, '/api/z_report/', {}, support)).status).toBe(403);
  });
});

describe('dashboard, favourites, shop settings', () => {
  it('keeps favourites in order, resets them to the shop’s best sellers, refuses foreign configurations', async () => {
    const second = await stockFor(ctx, { owner: 'reseller', pins: 2, shops: [ids.seller] });
    const saved = await ok<{ favourites_custom: number; favourites: { configuration_id: number }[] }>(
      post(
        ctx.app,
        '/api/update_favourites/',
        { configuration_ids: [second.configurationId, own.configurationId] },
        seller,
      ),
    );
    expect(saved.favourites_custom).toBe(1);
    expect(saved.favourites.map((f) => f.configuration_id)).toEqual([second.configurationId, own.configurationId]);
    const other = await createProduct(ctx.app, reseller, { values: ['7'] });
    const bad = await post(
      ctx.app,
      '/api/update_favourites/',
      { configuration_ids: [other.configurations[0]!.id] },
      seller,
    );
    expect(bad.status).toBe(422);
    // Favourites are per user.
    const staffFavs = await ok<{ favourites_custom: number }>(get(ctx.app, '/api/view_favourites/', staff));
    expect(staffFavs.favourites_custom).toBe(0);
    const reset = await ok<{ favourites_custom: number; favourites: { configuration_id: number }[] }>(
      post(ctx.app, '/api/reset_favourites/', {}, seller),
    );
    expect(reset.favourites_custom).toBe(0);
    expect(reset.favourites[0]!.configuration_id).toBe(own.configurationId);
  });

  it('shows today’s sales and the shop, saves timings (managers) and the support id', async () => {
    const dash = await ok<{ today: { sales_count: number; total_value: string }; shop: { name: string } }>(
      get(ctx.app, '/api/seller_dashboard/', seller),
    );
    expect(dash.today.sales_count).toBeGreaterThan(0);
    expect(dash.shop.name).toBe('Demo Shop Berlin');
    const timings = {
      shop_timings: { mon: { open: '08:00', close: '20:00' }, sun: null },
      lunch: { from: '13:00', to: '14:00' },
    };
    const saved = await ok<{ shop_timings: unknown; lunch: unknown }>(
      post(ctx.app, '/api/update_shop_open_timings/', timings, seller),
    );
    expect(saved).toMatchObject(timings);
    expect((await post(ctx.app, '/api/update_shop_open_timings/', timings, staff)).status).toBe(403);
    const bad = await post(
      ctx.app,
      '/api/update_shop_open_timings/',
      { shop_timings: { mon: { open: '20:00', close: '08:00' } } },
      seller,
    );
    expect(bad.status).toBe(422);
    await ok(post(ctx.app, '/api/update_support_id/', { support_id: '123 456 789' }, seller));
    expect(
      (await ok<{ shop: { support_id: string } }>(get(ctx.app, '/api/seller_dashboard/', seller))).shop.support_id,
    ).toBe('123 456 789');
    await checkInvariants(ctx);
  });
});
