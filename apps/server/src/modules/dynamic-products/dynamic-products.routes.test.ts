import { allowedCustomerFlags } from '@portal/contract/customer-fields';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, type TestContext } from '../../../test/harness.ts';
import {
  type DemoIds,
  expectFourOfTen,
  expectOneSale,
  portalCopyDeps,
  providerSalesApp,
  providerSalesOf,
  sellerActor,
} from '../../../test/provider-sales.ts';
import { createSoftPinClient, type SoftPinClient, SoftPinRefusal } from '../../providers/softpin/client.ts';
import { startSoftPinSimulator } from '../../providers/softpin/simulator.ts';
import { insertOtherTenant } from '../customers/customers.fixtures.ts';
import { externalIdOf } from '../provider-sales/provider-sale-flow.ts';
import {
  finalSaleNets,
  providerLedgerOf,
  providerSaleAccounts,
  untilStatus,
} from '../provider-sales/provider-sales.fixtures.ts';
import {
  balanceOf,
  checkInvariants,
  type Headers,
  newShop,
  signInOnce,
  topUp,
  transactionKey,
} from '../selling/selling.fixtures.ts';
import { createDynamicProductsRepository } from './dynamic-products.repository.ts';
import { createDynamicProductsService } from './dynamic-products.service.ts';
import { createSoftPinCalls } from './softpin-calls.ts';

/**
 * Soft pins end to end against the simulator the portal starts, with the discount chain set through the two
 * discount calls. Provider product 5100 is "SimCash 10 €": the provider's cost 9.50; sold at F 10.00, the demo
 * reseller's discount 4 % (R 9.60), its shops' 2 % (S 9.80).
 */

let ctx: TestContext;
let ids: DemoIds;
const DP = '/api/dynamic_products/';
const SOFTAPI = '/api/get_softapi_products/';
const SAVE = '/api/save_dynamic_product/';
const SUPER = '/api/view_update_super_admin_discounts/';
const DISCOUNTS = '/api/api_discounts/';
const LOGS = '/api/view_dynamic_product_logs/';
const MINE = '/api/my_dynamic_products/';
const OFFER = '/api/offer_dynamic_product/';
const dp: Record<number, number> = {};

async function shop(name: string, amount: string) {
  const s = await newShop(ctx, name);
  await topUp(ctx, s.customerId, amount);
  // The reseller's 2 % for its new shop on every product.
  const reseller = await signInOnce(ctx, 'reseller');
  const res = await post(
    ctx.app,
    DISCOUNTS,
    { customer_id: s.customerId, discounts: Object.values(dp).map((id) => ({ dynamic_product_id: id, discount: 2 })) },
    reseller,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // A new session picks up the flag.
  return { ...s, headers: await signInOnce(ctx, `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}`) };
}

async function buy(headers: Headers, providerProductId: number, key?: string) {
  const transaction_key = key ?? (await transactionKey(ctx, headers));
  const res = await post(
    ctx.app,
    DP,
    { action: 'buy', transaction_key, dynamic_product_id: dp[providerProductId] },
    headers,
  );
  return { ...res, key: transaction_key };
}

const waitFor = (headers: Headers, saleId: number, status: string) =>
  untilStatus(`soft pin ${saleId}`, status, async () => {
    const res = await post(ctx.app, DP, { action: 'status', sale_id: saleId }, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.sale;
  });

const ledgerOf = (key: string) => providerLedgerOf(ctx, 'softpin', key);

beforeAll(async () => {
  ({ ctx, ids } = await providerSalesApp('SOFTPIN', { SOFTPIN_SIMULATOR_DELAY_SCALE: '0.1' }, '2000'));
}, 120_000);
afterAll(async () => ctx.close());

describe('the platform’s configuration and discounts', () => {
  it('lists the provider’s catalogue with its cost for the superadmin, and sells what is saved', async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const cat = await get(ctx.app, SOFTAPI, admin);
    expect(cat.status, JSON.stringify(cat.body)).toBe(200);
    expect(cat.body.data.products.find((p: { provider_product_id: number }) => p.provider_product_id === 5100)).toEqual(
      {
        provider_product_id: 5100,
        provider_name: 'SimCash 10 €',
        brand: 'SimCash',
        category: 'cash_card',
        provider_face_value: '10.00',
        currency: 'EUR',
        provider_cost: '9.50',
        available: true,
        dynamic_product: null,
      },
    );
    for (const [id, name, type, face] of [
      [5100, 'Cash 10', 'cash_card', '10'],
      [5108, 'Cash 20 delayed', 'cash_card', '20'],
      [5109, 'Cash 30 declined', 'cash_card', '30'],
      [5200, 'Gift 15', 'gift_card', '15'],
      [5106, 'Cash 5 slow', 'cash_card', '5'],
      [5107, 'Cash 50 out of stock', 'cash_card', '50'],
    ] as const) {
      const res = await post(
        ctx.app,
        SAVE,
        { provider_product_id: id, name, product_type: type, face_value: face, enabled: true },
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      dp[id] = res.body.data.dynamic_product.id;
    }
    // F below the provider's cost is refused.
    const low = await post(
      ctx.app,
      SAVE,
      { provider_product_id: 5101, name: 'Too cheap', product_type: 'cash_card', face_value: '23', enabled: true },
      admin,
    );
    expect(low.status).toBe(422);
    // Its own code, with what the refusal's text names (issue 40: no placeholder left unfilled).
    expect(low.body.code).toBe('face_value_below_cost');
    expect(low.body.params).toEqual({
      product: 'Too cheap',
      value: '23.00',
      cost: expect.stringMatching(/^\d+\.\d{2}$/),
    });
  });

  it('sets the reseller’s discount with the provider cost in view, refusing one below cost', async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const res = await post(
      ctx.app,
      SUPER,
      {
        customer_id: ids.reseller,
        discounts: Object.values(dp).map((id) => ({ dynamic_product_id: id, discount: 4 })),
      },
      admin,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.data.discounts.find((d: { dynamic_product_id: number }) => d.dynamic_product_id === dp[5100]),
    ).toEqual({
      dynamic_product_id: dp[5100],
      name: 'Cash 10',
      product_type: 'cash_card',
      face_value: '10.00',
      discount: '4.00',
      price: '9.60',
      own_price: null,
      provider_cost: '9.50',
      margin: '0.10',
    });
    const below = await post(
      ctx.app,
      SUPER,
      { customer_id: ids.reseller, discounts: [{ dynamic_product_id: dp[5100], discount: 6 }] },
      admin,
    );
    expect(below.status).toBe(422);
    expect(below.body.code).toBe('price_below_cost');
    expect(below.body.params).toEqual({
      customer: 'Demo Reseller GmbH',
      product: 'Cash 10',
      value: '10.00',
      price: '9.40',
      cost: '9.50',
    });
  });

  it('lets the reseller set its shop’s discount, never below its own price, never showing the provider cost', async () => {
    const reseller = await signInOnce(ctx, 'reseller');
    const res = await post(
      ctx.app,
      DISCOUNTS,
      { customer_id: ids.seller, discounts: [{ dynamic_product_id: dp[5100], discount: 2 }] },
      reseller,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.data.discounts.find((d: { dynamic_product_id: number }) => d.dynamic_product_id === dp[5100]);
    expect(row).toEqual({
      dynamic_product_id: dp[5100],
      name: 'Cash 10',
      product_type: 'cash_card',
      face_value: '10.00',
      discount: '2.00',
      price: '9.80',
      own_price: '9.60',
    });
    expect(JSON.stringify(res.body)).not.toContain('9.50');
    const below = await post(
      ctx.app,
      DISCOUNTS,
      { customer_id: ids.seller, discounts: [{ dynamic_product_id: dp[5100], discount: 5 }] },
      reseller,
    );
    expect(below.status).toBe(422);
    expect(below.body.code).toBe('price_below_reseller');
    expect(below.body.params).toEqual({
      customer: expect.any(String),
      product: 'Cash 10',
      value: '10.00',
      price: '9.50',
      discount: '5.00',
      reseller_discount: '4.00',
    });
    // The superadmin's own call is not the reseller's.
    expect((await post(ctx.app, SUPER, { customer_id: ids.seller }, reseller)).status).toBe(403);
  });
});

describe('selling soft pins', () => {
  it('lists the shop’s soft pins of a type at its price, never R or the provider cost', async () => {
    const s = await shop('Softpin List Shop', '10');
    const res = await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' }, s.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The provider's out-of-stock product is left out.
    expect(res.body.data.products.map((p: { name: string }) => p.name)).toEqual([
      'Cash 5 slow',
      'Cash 10',
      'Cash 20 delayed',
      'Cash 30 declined',
    ]);
    expect(res.body.data.products[1]).toEqual({
      id: dp[5100],
      name: 'Cash 10',
      product_type: 'cash_card',
      face_value: '10.00',
      price: '9.80',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/"9\.(50|60)"/);
    const gift = await post(ctx.app, DP, { action: 'list', product_type: 'gift_card' }, s.headers);
    expect(gift.body.data.products.map((p: { name: string }) => p.name)).toEqual(['Gift 15']);
  });

  it('a buy reserves S and R, delivers the PIN, books income, revenue and cost to the cent; the PIN is stored encrypted', async () => {
    const s = await shop('Softpin Buy Shop', '100');
    const reseller0 = await balanceOf(ctx, ids.reseller);
    const res = await buy(s.headers, 5100);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sale = res.body.data.sale;
    expect(sale).toMatchObject({
      status: 'successful',
      provider_status: 'DELIVERED',
      product_type: 'cash_card',
      product_name: 'Cash 10',
      retail_price: '10.00',
      seller_price: '9.80',
      serial: expect.stringMatching(/^SNSP/),
    });
    expect(sale.pin).toMatch(/^\d{16}$/);
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('90.20');
    expect(reseller0.minus(await balanceOf(ctx, ids.reseller)).toFixed(2)).toBe('9.60');
    const l = await ledgerOf(res.key);
    expect(l.kinds).toEqual(['provider_reservation', 'provider_success']);
    expect(l.moved(providerSaleAccounts(s.customerId, ids.reseller, ids.platform))).toEqual(
      finalSaleNets(s.customerId, ids.reseller, ids.platform, { s: '9.80', r: '9.60', cost: '9.50' }),
    );

    const stored = await ctx.db.execute<{ pin: string }>(
      sql`select encode(pin_ciphertext, 'escape') as pin from soft_pins where sale_id = ${sale.sale_id}`,
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.pin).not.toContain(sale.pin);
    const dump = await ctx.db.execute<{ t: string }>(sql`
      select (select coalesce(string_agg(row_to_json(l)::text, ''), '') from dynamic_product_logs l) ||
             (select string_agg(row_to_json(p)::text, '') from provider_sales p) as t`);
    expect(dump.rows[0]!.t).not.toContain(sale.pin); // one row: a select of two subqueries
    // Reading it again reveals it again, and each time is recorded.
    const again = await post(ctx.app, DP, { action: 'status', sale_id: sale.sale_id }, s.headers);
    expect(again.body.data.sale.pin).toBe(sale.pin);
    const reveals = await ctx.db.execute<{ kind: string }>(
      sql`select kind from soft_pin_reveals where sale_id = ${sale.sale_id} order by id`,
    );
    expect(reveals.rows.map((r) => r.kind)).toEqual(['sale', 'status']);
    // Opened from a ledger line (decision 0123), for the shop and its reseller alike: the PIN masked to its last four
    // characters, never in plain, and nothing revealed.
    for (const headers of [s.headers, await signInOnce(ctx, 'reseller')]) {
      const d = await get(ctx.app, `/api/get_provider_sale_details/?sale_id=${sale.sale_id}`, headers);
      expect(d.status, JSON.stringify(d.body)).toBe(200);
      expect(d.body.data).toMatchObject({
        kind: 'soft_pin',
        status: 'successful',
        booking: null,
        soft_pin: {
          product_type: 'cash_card',
          pin_masked: `${'*'.repeat(12)}${sale.pin.slice(-4)}`,
          serial: sale.serial,
        },
      });
      expect(JSON.stringify(d.body)).not.toContain(sale.pin);
    }
    const after = await ctx.db.execute(sql`select 1 from soft_pin_reveals where sale_id = ${sale.sale_id}`);
    expect(after.rows).toHaveLength(2);
    await checkInvariants(ctx);
  }, 60_000);

  it('a delayed order stays pending with the money held, then is delivered', async () => {
    const s = await shop('Softpin Delayed Shop', '100');
    const res = await buy(s.headers, 5108);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sale).toMatchObject({ status: 'pending', provider_status: 'PENDING', pin: null });
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('80.40');
    const done = await waitFor(s.headers, res.body.data.sale.sale_id, 'successful');
    expect(done.pin).toMatch(/^\d{16}$/);
    expect((await ledgerOf(res.key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    await checkInvariants(ctx);
  }, 60_000);

  it('a declined order gives the money back: the exact opposite of the reservation', async () => {
    const s = await shop('Softpin Decline Shop', '50');
    const res = await buy(s.headers, 5109);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sale = await waitFor(s.headers, res.body.data.sale.sale_id, 'failed');
    expect(sale).toMatchObject({ provider_status: 'FAILED', pin: null });
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('50.00');
    const l = await ledgerOf(res.key);
    expect(l.kinds).toEqual(['provider_reservation', 'provider_release']);
    expect(l.moved(providerSaleAccounts(s.customerId, ids.reseller, ids.platform))).toEqual([]);
    await checkInvariants(ctx);
  }, 60_000);

  it('refuses a product the provider cannot deliver, reserving nothing', async () => {
    const s = await shop('Softpin Out Of Stock Shop', '60');
    const res = await buy(s.headers, 5107);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('provider_product_unavailable');
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('60.00');
    expect(await ledgerOf(res.key)).toMatchObject({ kinds: [] });
  });

  it('an order whose answer never came stays pending, never failed, and is delivered by the next look', async () => {
    const s = await shop('Softpin Timeout Shop', '20');
    const res = await buy(s.headers, 5106);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sale).toMatchObject({ status: 'pending', provider_status: null, pin: null });
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('15.10');
    // The provider holds one order under the external id: asking again answers it, and the PIN is delivered once.
    const sale = await waitFor(s.headers, res.body.data.sale.sale_id, 'successful');
    expect(sale.pin).toMatch(/^\d{16}$/);
    expect((await ledgerOf(res.key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('15.10');
    await checkInvariants(ctx);
  }, 60_000);

  it('buys once for the same key sent again, and for the same key sent 5 times at once', async () => {
    const s = await shop('Softpin Retry Shop', '100');
    const first = await buy(s.headers, 5100);
    const again = await buy(s.headers, 5100, first.key);
    expect(again.status).toBe(200);
    expect(again.body.data.sale.sale_id).toBe(first.body.data.sale.sale_id);
    expect(again.body.data.sale.pin).toBe(first.body.data.sale.pin);
    const key = await transactionKey(ctx, s.headers);
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(s.headers, 5100, key)));
    expectOneSale(answers, (a) => a.body.data.sale.sale_id);
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('80.40');
    expect(await providerSalesOf(ctx, s.customerId)).toBe(2);
    await checkInvariants(ctx);
  }, 60_000);

  it('lets exactly 4 of 10 simultaneous buys through when the balance covers 4, never below zero', async () => {
    const s = await shop('Softpin Race Shop', '40');
    const keys = await Promise.all(Array.from({ length: 10 }, () => transactionKey(ctx, s.headers)));
    const answers = await Promise.all(keys.map((k) => buy(s.headers, 5100, k)));
    expectFourOfTen(answers);
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('0.80');
    await checkInvariants(ctx);
  }, 60_000);

  it('appears in the shop’s sales list under its sale kind', async () => {
    const s = await shop('Softpin Report Shop', '20');
    const res = await buy(s.headers, 5100);
    expect(res.status).toBe(200);
    const list = await post(ctx.app, '/api/get_sales_report_list/', { page: 1, limit: 100 }, s.headers);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(JSON.stringify(list.body.data)).toContain('softpin');
  }, 60_000);

  it('logs each provider call with its outcome, without PINs, for the superadmin only', async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const res = await post(ctx.app, LOGS, { page: 1, limit: 100, action: 'order' }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.filters).toMatchObject({ page: 1, limit: 100, action: 'order' });
    const outcomes = new Set(res.body.data.logs.map((l: { provider_status: string }) => l.provider_status));
    // The held answer of the timeout test left an order call without an answer.
    expect(outcomes).toEqual(new Set(['DELIVERED', 'PENDING', null]));
    for (const l of res.body.data.logs) expect(l.action).toBe('order');
    const unanswered = await post(ctx.app, LOGS, { page: 1, outcome: 'unreachable' }, admin);
    expect(unanswered.body.data.logs).toEqual([
      expect.objectContaining({ action: 'order', outcome: 'unreachable', provider_product_id: 5106 }),
    ]);
    const all = await post(ctx.app, LOGS, { page: 1, limit: 100 }, admin);
    expect(all.body.data.filters.total_count).toBeGreaterThan(10);
    // Paged within the orders: the poll job may log a status call at any moment, which would shift the whole list.
    const orders = res.body.data.logs.map((l: { id: number }) => l.id);
    expect(orders.length).toBeGreaterThanOrEqual(4);
    const second = await post(ctx.app, LOGS, { page: 2, limit: 2, action: 'order' }, admin);
    expect(second.body.data.logs.map((l: { id: number }) => l.id)).toEqual(orders.slice(2, 4));
    expect((await post(ctx.app, LOGS, { page: 1 }, await signInOnce(ctx, 'reseller'))).status).toBe(403);
  });
});

describe('who may call which soft-pin call, on whose data', () => {
  it.each([
    ['superadmin', { softapi: 200, save: 200, super: 200, discounts: 200, sell: 403, logs: 200, mine: 403 }],
    ['reseller', { softapi: 403, save: 403, super: 403, discounts: 200, sell: 403, logs: 403, mine: 200 }],
    ['reseller-staff', { softapi: 403, save: 403, super: 403, discounts: 200, sell: 403, logs: 403, mine: 200 }],
    ['seller', { softapi: 403, save: 403, super: 403, discounts: 403, sell: 200, logs: 403, mine: 403 }],
    ['seller-staff', { softapi: 403, save: 403, super: 403, discounts: 403, sell: 200, logs: 403, mine: 403 }],
    ['support', { softapi: 403, save: 403, super: 403, discounts: 403, sell: 200, logs: 403, mine: 403 }],
  ])('%s', async (user, want) => {
    const h = await signInOnce(ctx, user);
    const child = user.startsWith('superadmin') ? ids.reseller : ids.seller;
    expect((await get(ctx.app, SOFTAPI, h)).status).toBe(want.softapi);
    const save = await post(
      ctx.app,
      SAVE,
      { provider_product_id: 5100, name: 'Cash 10', product_type: 'cash_card', face_value: '10', enabled: true },
      h,
    );
    expect(save.status).toBe(want.save);
    expect((await post(ctx.app, SUPER, { customer_id: ids.reseller }, h)).status).toBe(want.super);
    expect((await post(ctx.app, DISCOUNTS, { customer_id: child }, h)).status).toBe(want.discounts);
    expect((await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' }, h)).status).toBe(want.sell);
    expect((await post(ctx.app, LOGS, { page: 1 }, h)).status).toBe(want.logs);
    expect((await get(ctx.app, MINE, h)).status).toBe(want.mine);
    expect((await post(ctx.app, OFFER, { dynamic_product_id: dp[5100], offered: true }, h)).status).toBe(want.mine);
  });

  it('refuses without a session, and a shop without the flag or the product type’s flag', async () => {
    expect((await get(ctx.app, SOFTAPI)).status).toBe(401);
    expect((await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' })).status).toBe(401);
    // A shop has the flag by its role (ROLE_FLAGS); its reseller takes it away through the customer edit.
    const plain = await newShop(ctx, 'Softpin No Flag Shop');
    expect((await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' }, plain.headers)).status).toBe(200);
    const features = allowedCustomerFlags(2).filter((f) => f !== 'has_dynamic_products');
    const edited = await post(
      ctx.app,
      '/api/edit_customer/',
      { customer_id: plain.customerId, features },
      await signInOnce(ctx, 'reseller'),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' }, plain.headers)).status).toBe(403);
    const s = await shop('Softpin No Cash Shop', '20');
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_cash_card') where customer_id = ${s.customerId}`,
    );
    const h = await signInOnce(ctx, 'softpin-no-cash-shop');
    expect((await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' }, h)).status).toBe(403);
    expect((await buy(h, 5100)).status).toBe(403);
    expect((await post(ctx.app, DP, { action: 'list', product_type: 'gift_card' }, h)).status).toBe(200);
  });

  it('keeps tenants apart: another reseller’s shop, another shop’s sale, another reseller’s customer', async () => {
    const s = await shop('Softpin Tenant Shop', '20');
    const sale = (await buy(s.headers, 5100)).body.data.sale;
    const { shop: otherShop } = await insertOtherTenant(ctx.db, ids.platform);
    const oh = await signInOnce(ctx, 'other-shop');
    expect((await post(ctx.app, DP, { action: 'status', sale_id: sale.sale_id }, oh)).status).toBe(404);
    // The other reseller gave its shop no discount: at S = F = R nothing is lost, so the product is sold at 10.00.
    const list = await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' }, oh);
    expect(list.body.data.products.find((p: { id: number }) => p.id === dp[5100])).toMatchObject({ price: '10.00' });
    // A reseller sees and sets only its own shops' discounts.
    const reseller = await signInOnce(ctx, 'reseller');
    expect((await post(ctx.app, DISCOUNTS, { customer_id: otherShop.customerId }, reseller)).status).toBe(404);
    const orh = await signInOnce(ctx, 'other-reseller');
    expect((await post(ctx.app, DISCOUNTS, { customer_id: s.customerId }, orh)).status).toBe(404);
    // A shop's staff see only their own sales.
    const staff = await signInOnce(ctx, 'seller-staff');
    expect((await post(ctx.app, DP, { action: 'status', sale_id: sale.sale_id }, staff)).status).toBe(404);
  }, 60_000);
});

describe('a reseller’s dynamic products, offered to its shops or not (decision 0110)', () => {
  const names = (res: { body: { data: { products: { name: string }[] } } }) =>
    res.body.data.products.map((p) => p.name);

  it('lists what the reseller can sell at its own price, never the provider’s, offered until switched off', async () => {
    const reseller = await signInOnce(ctx, 'reseller');
    const res = await get(ctx.app, MINE, reseller);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.products.find((p: { id: number }) => p.id === dp[5100])).toEqual({
      id: dp[5100],
      name: 'Cash 10',
      product_type: 'cash_card',
      face_value: '10.00',
      discount: '4.00',
      price: '9.60',
      offered: true,
    });
    // The provider's out-of-stock product is not the reseller's to offer.
    expect(names(res)).not.toContain('Cash 50 out of stock');
    expect(JSON.stringify(res.body)).not.toContain('9.50');
  });

  it('a product switched off is neither listed nor sold to the reseller’s shops, other resellers’ shops keep it', async () => {
    const s = await shop('Softpin Withheld Shop', '50');
    const reseller = await signInOnce(ctx, 'reseller');
    const off = await post(ctx.app, OFFER, { dynamic_product_id: dp[5100], offered: false }, reseller);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data).toMatchObject({ id: dp[5100], price: '9.60', offered: false });
    const mine = await get(ctx.app, MINE, reseller);
    expect(mine.body.data.products.find((p: { id: number }) => p.id === dp[5100])).toMatchObject({ offered: false });
    const list = await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' }, s.headers);
    expect(names(list)).toEqual(['Cash 5 slow', 'Cash 20 delayed', 'Cash 30 declined']);
    const refused = await buy(s.headers, 5100);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('provider_product_unavailable');
    expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('50.00');
    expect(await ledgerOf(refused.key)).toMatchObject({ kinds: [] });
    // The switch is this reseller's: the other reseller's shop still buys it.
    const other = await post(
      ctx.app,
      DP,
      { action: 'list', product_type: 'cash_card' },
      await signInOnce(ctx, 'other-shop'),
    );
    expect(names(other)).toContain('Cash 10');

    const on = await post(ctx.app, OFFER, { dynamic_product_id: dp[5100], offered: true }, reseller);
    expect(on.body.data).toMatchObject({ offered: true });
    expect(names(await post(ctx.app, DP, { action: 'list', product_type: 'cash_card' }, s.headers))).toContain(
      'Cash 10',
    );
    const sold = await buy(s.headers, 5100);
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
  }, 60_000);

  it('refuses to switch a product the reseller cannot sell or that does not exist', async () => {
    const reseller = await signInOnce(ctx, 'reseller');
    expect((await post(ctx.app, OFFER, { dynamic_product_id: dp[5107], offered: false }, reseller)).status).toBe(404);
    expect((await post(ctx.app, OFFER, { dynamic_product_id: 999_999, offered: false }, reseller)).status).toBe(404);
    expect((await post(ctx.app, OFFER, { dynamic_product_id: dp[5100] }, reseller)).status).toBe(422);
    expect((await get(ctx.app, MINE)).status).toBe(401);
  });
});

describe('beside the other provider goods', () => {
  it('leaves soft pins out of the recharge summary, which still answers', async () => {
    const s = await shop('Softpin Summary Shop', '20');
    expect((await buy(s.headers, 5100)).status).toBe(200);
    const res = await post(ctx.app, '/api/get_recharge_summary/', { from: '2026-01-01', to: '2026-12-31' }, s.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows).toEqual([]);
  }, 60_000);
});

describe('an order the provider already holds under the sale’s external id (409 external_id_conflict)', () => {
  /** A copy of the portal's soft-pin service against `client`, with the test app's database and ledger. */
  function portalCopy(client: SoftPinClient) {
    // Soft pins have no provider discounts of their own (decision 0104): the copy's deps without them.
    const { discounts: _, ...deps } = portalCopyDeps(ctx, 'dtone');
    const products = createDynamicProductsRepository(ctx.db);
    return createDynamicProductsService({
      ...deps,
      pinCrypto: ctx.app.services.pinCrypto,
      products,
      calls: createSoftPinCalls({ products, provider: client, clock: ctx.clock }),
    });
  }

  it('holds the sale for the superadmin when that order is for another product, never settling on it', async () => {
    const sim = await startSoftPinSimulator({ apiKey: 'conflict-key' });
    try {
      const client = createSoftPinClient({ baseUrl: sim.baseUrl, apiKey: 'conflict-key' });
      const s = await shop('Softpin Conflict Shop', '30');
      const key = await transactionKey(ctx, s.headers);
      // Someone else's order under the same external id, for SimGift 15 € (5200): delivered, with a PIN.
      const theirs = await client.createOrder({ externalId: externalIdOf(key), productId: 5200 });
      expect(theirs.status).toBe('DELIVERED');
      const service = portalCopy(client);
      const sent = await service.buy(await sellerActor(ctx, s), key, dp[5100] as number);
      expect(sent.status, JSON.stringify(sent.answer)).toBe(200);
      const sale = (sent.answer.data as { sale: { sale_id: number; status: string; pin: string | null } }).sale;
      expect(sale).toMatchObject({ status: 'pending', pin: null });
      const [row] = (
        await ctx.db.execute<{ status: string; hold_reason: string | null; pins: number }>(
          sql`select status, hold_reason, (select count(*)::int from soft_pins where sale_id = ${sale.sale_id}) as pins
              from provider_sales where id = ${sale.sale_id}`,
        )
      ).rows;
      expect(row).toEqual({ status: 'pending', hold_reason: 'external_id_mismatch', pins: 0 });
      // The money stays reserved; no step moves a held sale, and the superadmin's list shows it at once.
      expect((await ledgerOf(key)).kinds).toEqual(['provider_reservation']);
      expect((await balanceOf(ctx, s.customerId)).toFixed(2)).toBe('20.20');
      expect(await service.advance(sale.sale_id)).toBe('pending');
      const stuck = await ctx.app.services.topup.views.findStuck({ customerId: ids.platform } as never, { page: 1 });
      expect(stuck.top_ups.find((t: { sale_id: number }) => t.sale_id === sale.sale_id)).toMatchObject({
        hold_reason: 'external_id_mismatch',
      });
      await checkInvariants(ctx);
    } finally {
      await sim.close();
    }
  }, 60_000);

  it('adopts the order when it is for the sale’s product, with its PIN', async () => {
    const sim = await startSoftPinSimulator({ apiKey: 'adopt-key' });
    try {
      const real = createSoftPinClient({ baseUrl: sim.baseUrl, apiKey: 'adopt-key' });
      // A provider that answers the repeated order with 409 (as the API allows) though the order is the sale's own.
      const client: SoftPinClient = {
        ...real,
        createOrder: async (o) => {
          await real.createOrder(o);
          throw new SoftPinRefusal(409, 'external_id_conflict', 'external_id already used');
        },
      };
      const s = await shop('Softpin Adopt Shop', '30');
      const key = await transactionKey(ctx, s.headers);
      const sent = await portalCopy(client).buy(await sellerActor(ctx, s), key, dp[5100] as number);
      expect(sent.status, JSON.stringify(sent.answer)).toBe(200);
      const sale = (sent.answer.data as { sale: { status: string; pin: string | null } }).sale;
      expect(sale.status).toBe('successful');
      expect(sale.pin).toBe((await real.getOrder(externalIdOf(key)))?.pin);
      expect((await ledgerOf(key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    } finally {
      await sim.close();
    }
  }, 60_000);
});
