import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InvoiceRun } from '@portal/contract/invoices';
import { passesRule } from '@portal/contract/rules';
import { SCREENS, type ScreenPath } from '@portal/contract/screens';
import type { SearchHit } from '@portal/contract/search';
import type { SaleReceipt } from '@portal/contract/selling';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, get, login, post, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { postMultipart } from '../inventory/inventory.fixtures.ts';
import { buy, type Headers, newShop, ok, type Stock, stockFor, topUp } from '../selling/selling.fixtures.ts';
import { searchTerms } from './search.service.ts';

/**
 * Find anything (issue 39): per role, what the header's search finds is what the screens it may open show, and
 * never a record of another tenant, shop or user; ids, serials, phone numbers, invoice numbers and PINs match whole.
 */

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof insertOtherTenant>>;
let shopTwo: { customerId: number; headers: Headers };
let ip = 0;
// Both filled in beforeAll; the tests name these users and sales directly.
const as = {} as Record<string, Headers> &
  Record<'superadmin' | 'reseller' | 'seller' | 'seller-staff' | 'shop-two' | 'other-reseller' | 'other-shop', Headers>;
const sales = {} as Record<'seller' | 'staff' | 'two' | 'other', SaleReceipt>;
const providerSale: Record<string, number> = {};
let reclamationId: number;
/** The invoice number both the platform (to the reseller) and each reseller (to its first shop) issued. */
let firstNumber: string;
const SERIAL = 'SN-4471-0093';
const PHONE = '+4915112345678';

async function signInNow(username: string): Promise<Headers> {
  ip++;
  const res = await login(ctx, { username }, { ip: `10.9.${Math.floor(ip / 250)}.${ip % 250}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  return authHeaders(res.body.data);
}

async function search(who: string, q: string): Promise<SearchHit[]> {
  const res = await get(ctx.app, `/api/search/?q=${encodeURIComponent(q)}`, as[who]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.hits;
}
const of = (hits: SearchHit[], kind: SearchHit['kind']) => hits.filter((h) => h.kind === kind);

async function generate(headers: Headers, customer_ids: number[]) {
  const run = await ok<InvoiceRun>(
    post(ctx.app, '/api/generate_invoices_with_customer_ids/', { customer_ids, month: '2026-11' }, headers),
    202,
  );
  for (let i = 0; i < 200; i++) {
    const r = (await get(ctx.app, `/api/invoice_runs/${run.run_id}/`, headers)).body.data as InvoiceRun;
    if (r.status === 'done' || r.status === 'refused') {
      expect(r.status).toBe('done');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('invoice run did not finish');
}

/** A failed top-up straight into the table: the search reads the row; how it came to be is the top-up tests'. */
async function insertTopup(shopId: number, resellerId: number, username: string, mobile: string) {
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into provider_sales (provider, external_id, customer_id, reseller_id, platform_id, sold_by, product_id,
      product_name, operator_id, operator_name, country_iso_code, mobile_number, face_value, face_currency,
      retail_price, seller_price, reseller_price, provider_cost, status, offer_state, created_at, updated_at)
    values ('dtone', ${`search-${shopId}-${mobile}`}, ${shopId}, ${resellerId}, ${ids.platform},
      (select id from users where username = ${username}), 77, 'Turkcell 100 TRY', 5, 'Turkcell', 'TR', ${mobile},
      '100', 'TRY', '7.35', '7.13', '6.91', '6.50', 'failed', 'rejected', now(), now())
    returning id`);
  return Number(rows[0]!.id); // returning of one row
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  other = await insertOtherTenant(ctx.db, ids.platform, { reseller: '100000', shop: '100000' });
  shopTwo = await newShop(ctx, 'Kiosk Zwei');
  ctx.clock.set(new Date('2026-11-10T09:00:00Z'));
  const stock: Stock = await stockFor(ctx, { owner: 'platform', pins: 20, shops: [ids.seller, shopTwo.customerId] });
  const otherStock = await stockFor(ctx, {
    owner: 'platform',
    pins: 10,
    shops: [other.shop.customerId],
    reseller: { customerId: other.reseller.customerId, username: 'other-reseller' },
  });
  await topUp(ctx, ids.reseller, '2000');
  await topUp(ctx, other.reseller.customerId, '2000', 'superadmin');
  await topUp(ctx, ids.seller, '1000');
  await topUp(ctx, shopTwo.customerId, '1000');
  await topUp(ctx, other.shop.customerId, '1000', 'other-reseller');
  for (const u of ['superadmin', 'reseller', 'reseller-staff', 'seller', 'seller-staff', 'support']) {
    as[u] = await signInNow(u);
  }
  as['other-reseller'] = await signInNow('other-reseller');
  as['other-shop'] = await signInNow('other-shop');
  as['shop-two'] = shopTwo.headers;
  sales.seller = await ok<SaleReceipt>(buy(ctx, as.seller, stock.configurationId, 2));
  sales.staff = await ok<SaleReceipt>(buy(ctx, as['seller-staff'], stock.configurationId, 1));
  sales.two = await ok<SaleReceipt>(buy(ctx, as['shop-two'], stock.configurationId, 1));
  sales.other = await ok<SaleReceipt>(buy(ctx, as['other-shop'], otherStock.configurationId, 1));
  // One serial on a PIN of the demo shop and one of the other tenant's: serials are the suppliers', not unique.
  for (const s of [sales.seller, sales.other]) {
    await ctx.db.execute(sql`update pins set serial = ${SERIAL} where id = ${s.pins[0]!.pin_id}`);
  }
  providerSale.seller = await insertTopup(ids.seller, ids.reseller, 'seller', PHONE);
  providerSale.other = await insertTopup(other.shop.customerId, other.reseller.customerId, 'other-shop', PHONE);
  // The reseller's staff member looks after the demo shop only.
  await ctx.db.execute(sql`insert into staff_assignments (staff_user_id, customer_id, assigned_by, assigned_at)
    values (${ids.user('reseller-staff')}, ${ids.seller}, ${ids.user('reseller')}, now())`);
  const filed = await ok<{ reclamation_id: number }>(
    post(
      ctx.app,
      '/api/post_reclam_pins/',
      { sale_id: sales.seller.sale_id, pin_ids: [sales.seller.pins[1]!.pin_id], reason: 'Code rejected' },
      as.seller,
    ),
  );
  reclamationId = filed.reclamation_id;
  // A bank statement of the reseller's account, imported.
  const imp = await postMultipart(
    ctx.app,
    '/api/bank_module_step_1/',
    {},
    {
      field: 'file',
      filename: 'camt053.xml',
      content: readFileSync(join(import.meta.dirname, '../banking/samples/camt053.xml')),
      type: 'text/xml',
    },
    as.reseller,
  );
  expect(imp.status, JSON.stringify(imp.body)).toBe(200);
  await ok(
    post(ctx.app, '/api/bank_module_step_2/', { import_id: imp.body.data.import.import_id, mappings: [] }, as.reseller),
  );
  // November's invoices: the platform to both resellers, each reseller to its shops.
  ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
  // The clock moved three weeks: fresh sign-ins.
  for (const u of Object.keys(as).filter((u) => u !== 'shop-two')) as[u] = await signInNow(u);
  as['shop-two'] = await signInNow('kiosk-zwei');
  await ok(
    post(
      ctx.app,
      '/api/update_customer_extra_details/',
      {
        customer_id: other.reseller.customerId,
        legal_name: 'Other Reseller AG',
        vat_id: 'DE987654321',
        tax_number: '27/123/45678',
      },
      as.superadmin,
    ),
  );
  // E-invoices name both parties' e-mail, address and phone: the customers made in the test get the demo shop's.
  await ctx.db.execute(sql`update customers c set email = 'buchhaltung-' || c.id || '@example.de', address = d.address
    from customers d where d.id = ${ids.seller}
      and c.id in (${other.reseller.customerId}, ${other.shop.customerId}, ${shopTwo.customerId})`);
  await ctx.db.execute(sql`update users set mobile = '+49 30 5550' || id where mobile is null and is_main`);
  await generate(as.superadmin, [ids.reseller, other.reseller.customerId]);
  await generate(as.reseller, [ids.seller, shopTwo.customerId]);
  await generate(as['other-reseller'], [other.shop.customerId]);
  const { rows } = await ctx.db.execute<{ invoice_no: string }>(
    sql`select invoice_no from invoices where issuer_customer_id = ${ids.reseller} order by id limit 1`,
  );
  firstNumber = rows[0]!.invoice_no; // the reseller issued to its shops just above
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('what is matched', () => {
  it('reads digits as an id, a written phone number as the number stored, the whole text as a PIN', () => {
    const index = (pin: string) => [`idx(${pin})`, `old(${pin})`];
    expect(searchTerms(' 4711 ', index)).toMatchObject({
      text: '4711',
      id: 4711,
      phone: null,
      pinIndexes: ['idx(4711)', 'old(4711)'],
    });
    expect(searchTerms('0049 151 1234-5678', index).phone).toBe('+4915112345678');
    expect(searchTerms('+49 (151) 12345678', index).phone).toBe('+4915112345678');
    expect(searchTerms('0151 12345678', index).phone).toBeNull();
    expect(searchTerms('99999999999', index).id).toBeNull();
  });
});

describe('the header search', () => {
  it('opens every hit on a screen the caller may open, for every role', async () => {
    for (const who of ['superadmin', 'reseller', 'reseller-staff', 'seller', 'seller-staff', 'other-reseller']) {
      const info = (await post(ctx.app, '/api/auth_check/', {}, as[who])).body.data;
      // The user as the web app's guard reads it: its flags are the profile's flag fields.
      const me = { ...info, flags: info };
      for (const q of [String(sales.seller.sale_id), SERIAL, PHONE, firstNumber, 'Demo', 'seller']) {
        for (const h of await search(who, q)) {
          expect(SCREENS[h.screen as ScreenPath], `${who}: ${h.screen}`).toBeDefined();
          expect(passesRule(me, SCREENS[h.screen as ScreenPath]), `${who} opens ${h.screen}`).toBe(true);
          expect(h.path.split('?')[0]).toMatch(new RegExp(`^${h.screen.replace(/:[a-zA-Z]+/g, '\\d+')}$`));
        }
      }
    }
  });

  it('finds a sale by its id, a PIN serial and a whole PIN, never by part of a PIN', async () => {
    const id = sales.seller.sale_id;
    expect(of(await search('seller', String(id)), 'sale')).toEqual([
      expect.objectContaining({ id, match: 'id', screen: '/seller/sales', path: `/seller/sales?sale=${id}` }),
    ]);
    expect(of(await search('seller', SERIAL), 'sale')).toEqual([expect.objectContaining({ id, match: 'serial' })]);
    const pin = sales.seller.pins[0]!.pin;
    const byPin = of(await search('seller', pin), 'sale');
    expect(byPin).toEqual([expect.objectContaining({ id, match: 'pin' })]);
    // No hit ever carries the PIN.
    expect(JSON.stringify(byPin)).not.toContain(pin);
    expect(of(await search('seller', pin.slice(0, -1)), 'sale')).toEqual([]);
    expect(of(await search('seller', pin.slice(2)), 'sale')).toEqual([]);
    // The operators open it on the sales report.
    expect(of(await search('reseller', String(id)), 'sale')).toEqual([
      expect.objectContaining({ id, path: `/reports-sales?sale=${id}` }),
    ]);
    expect(of(await search('superadmin', pin), 'sale').map((h) => h.id)).toEqual([id]);
  });

  it('finds a top-up by the number it went to and by its id', async () => {
    for (const written of [PHONE, '0049 151 123 456 78']) {
      expect(of(await search('seller', written), 'provider_sale')).toEqual([
        expect.objectContaining({
          id: providerSale.seller,
          match: 'phone',
          path: `/seller/sales?provider_sale=${providerSale.seller}`,
        }),
      ]);
    }
    expect(of(await search('reseller', String(providerSale.seller)), 'provider_sale').map((h) => h.id)).toEqual([
      providerSale.seller,
    ]);
    // A part of the number is no number.
    expect(of(await search('seller', PHONE.slice(0, -2)), 'provider_sale')).toEqual([]);
  });

  it('never finds another reseller’s shop, sale, top-up or invoice for a reseller', async () => {
    const hits = [
      ...(await search('reseller', 'Other')),
      ...(await search('reseller', String(sales.other.sale_id))),
      ...(await search('reseller', sales.other.pins[0]!.pin)),
      ...(await search('reseller', SERIAL)),
      ...(await search('reseller', PHONE)),
      ...(await search('reseller', firstNumber)),
      ...(await search('reseller', 'other-shop')),
    ];
    expect(of(hits, 'customer')).toEqual([]);
    expect(of(hits, 'user')).toEqual([]);
    expect(of(hits, 'sale').map((h) => h.id)).toEqual([sales.seller.sale_id]);
    expect(of(hits, 'provider_sale').map((h) => h.id)).toEqual([providerSale.seller]);
    const otherInvoices = await ctx.db.execute<{ id: number }>(
      sql`select id from invoices where issuer_customer_id = ${other.reseller.customerId}
            or recipient_customer_id = ${other.reseller.customerId}`,
    );
    const foreign = new Set(otherInvoices.rows.map((r) => Number(r.id)));
    expect(foreign.size).toBeGreaterThan(0);
    expect(of(hits, 'invoice').filter((h) => foreign.has(h.id))).toEqual([]);
    // And the other way round: the other reseller finds its own shop's sale by the same serial, not the demo one.
    expect(of(await search('other-reseller', SERIAL), 'sale').map((h) => h.id)).toEqual([sales.other.sale_id]);
    expect(of(await search('other-reseller', 'Other Shop'), 'customer').map((h) => h.id)).toEqual([
      other.shop.customerId,
    ]);
  });

  it('never finds another shop’s sale for a shop, nor another user’s for a shop’s staff', async () => {
    expect(of(await search('shop-two', String(sales.seller.sale_id)), 'sale')).toEqual([]);
    expect(of(await search('shop-two', SERIAL), 'sale')).toEqual([]);
    expect(of(await search('shop-two', PHONE), 'provider_sale')).toEqual([]);
    expect(of(await search('shop-two', String(sales.two.sale_id)), 'sale').map((h) => h.id)).toEqual([
      sales.two.sale_id,
    ]);
    // The shop's staff member sees its own sales only (the sales list's scope).
    expect(of(await search('seller-staff', String(sales.seller.sale_id)), 'sale')).toEqual([]);
    expect(of(await search('seller-staff', String(sales.staff.sale_id)), 'sale').map((h) => h.id)).toEqual([
      sales.staff.sale_id,
    ]);
    // Web support has no sales screen: nothing to open, nothing found.
    expect(await search('support', String(sales.seller.sale_id))).toEqual([]);
  });

  it('finds for the reseller’s staff only the customers assigned to it and their sales', async () => {
    expect(of(await search('reseller-staff', 'Demo Shop'), 'customer').map((h) => h.id)).toEqual([ids.seller]);
    expect(of(await search('reseller-staff', 'Kiosk'), 'customer')).toEqual([]);
    expect(of(await search('reseller-staff', String(sales.two.sale_id)), 'sale')).toEqual([]);
    expect(of(await search('reseller-staff', String(sales.seller.sale_id)), 'sale').map((h) => h.id)).toEqual([
      sales.seller.sale_id,
    ]);
  });

  it('finds customers and users, each opening its screen', async () => {
    expect(of(await search('reseller', 'kiosk'), 'customer')).toEqual([
      expect.objectContaining({ id: shopTwo.customerId, path: `/customer/details/${shopTwo.customerId}` }),
    ]);
    // The reseller's own staff open on the staff screen, a shop's user on its customer.
    const staff = of(await search('reseller', 'reseller-staff'), 'user');
    expect(staff).toEqual([
      expect.objectContaining({ id: ids.user('reseller-staff'), path: `/user/edit/${ids.user('reseller-staff')}` }),
    ]);
    const shopUser = of(await search('reseller', 'Shop Staff'), 'user');
    expect(shopUser).toEqual([expect.objectContaining({ path: `/customer/details/${ids.seller}` })]);
    // A shop's manager finds its own users on its user screens; its staff finds no users at all.
    expect(of(await search('seller', 'seller-staff'), 'user')).toEqual([
      expect.objectContaining({ path: `/seller/user/edit/${ids.user('seller-staff')}` }),
    ]);
    expect(of(await search('seller-staff', 'seller'), 'user')).toEqual([]);
  });

  it('finds an invoice number once per issuer in scope', async () => {
    const reseller = of(await search('reseller', firstNumber.toLowerCase()), 'invoice');
    const { rows } = await ctx.db.execute<{ id: number; issuer_customer_id: number; recipient_customer_id: number }>(
      sql`select id, issuer_customer_id, recipient_customer_id from invoices where invoice_no = ${firstNumber}`,
    );
    const mine = rows.filter((r) => r.issuer_customer_id === ids.reseller || r.recipient_customer_id === ids.reseller);
    // The number the reseller issued to its shop and the same number the platform issued to it, not the other's.
    expect(rows.length).toBeGreaterThan(mine.length);
    expect(mine.length).toBe(2);
    expect(reseller.map((h) => h.id).sort()).toEqual(mine.map((r) => Number(r.id)).sort());
    for (const h of reseller) expect(h.path).toBe(`/new/invoice/${h.id}`);
    // The shop's manager opens its list of the month; its staff reads no invoices.
    const shop = of(await search('seller', firstNumber), 'invoice');
    expect(shop).toEqual([expect.objectContaining({ path: '/invoices-all?month=2026-11' })]);
    expect(of(await search('seller-staff', firstNumber), 'invoice')).toEqual([]);
    // The reseller's staff: the document its reseller issued to the shop assigned to it, not the one it received.
    const issuedToShop = rows.find((r) => r.issuer_customer_id === ids.reseller)!;
    expect(of(await search('reseller-staff', firstNumber), 'invoice').map((h) => h.id)).toEqual([
      Number(issuedToShop.id),
    ]);
    expect(of(await search('superadmin', firstNumber), 'invoice').length).toBe(1);
  });

  it('finds a reclamation by its number where its lists show it', async () => {
    const q = String(reclamationId);
    expect(of(await search('seller', q), 'reclamation')).toEqual([
      expect.objectContaining({ id: reclamationId, path: `/seller-reclaim/${reclamationId}` }),
    ]);
    expect(of(await search('reseller', q), 'reclamation').map((h) => h.path)).toEqual([
      `/seller-reclaim/${reclamationId}`,
    ]);
    expect(of(await search('superadmin', q), 'reclamation').map((h) => h.path)).toEqual([
      `/reclaim-request/${reclamationId}`,
    ]);
    expect(of(await search('other-reseller', q), 'reclamation')).toEqual([]);
    expect(of(await search('shop-two', q), 'reclamation')).toEqual([]);
  });

  it('finds bank lines of the caller’s own statements, opening the bank list searched for them', async () => {
    const hits = of(await search('reseller', 'Kiosk Müller'), 'bank_record');
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.path).toBe(`/banking-list?search=${encodeURIComponent('Kiosk Müller')}`);
    expect(of(await search('other-reseller', 'Kiosk Müller'), 'bank_record')).toEqual([]);
    expect(of(await search('seller', 'Kiosk Müller'), 'bank_record')).toEqual([]);
  });

  it('matches a single character as an id only, refuses an empty text and a caller not signed in', async () => {
    expect(of(await search('reseller', 'e'), 'customer')).toEqual([]);
    expect((await get(ctx.app, '/api/search/?q=%20', as.seller)).status).toBe(422);
    expect((await get(ctx.app, '/api/search/?q=Demo', {})).status).toBe(401);
  });
});
