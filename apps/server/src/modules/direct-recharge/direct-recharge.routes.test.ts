import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import {
  type DemoIds,
  expectFourOfTen,
  expectOneSale,
  portalCopyDeps,
  providerSalesApp,
  providerSalesOf,
  SHOP_CALLERS,
  shopActor,
} from '../../../test/provider-sales.ts';
import type { Actor } from '../../platform/actor.ts';
import { createDirectRechargeClient } from '../../providers/direct-recharge/client.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { assignProviderDiscounts, recordedPrices } from '../provider-discounts/provider-discounts.fixtures.ts';
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
import { createDirectRechargeService } from './direct-recharge.service.ts';

/**
 * Direct recharges end to end against the simulator the portal starts: each outcome of the number table driven to
 * its final status, with the wallets and the ledger checked to the cent. Product 3100 is Telekom's 15 € recharge:
 * F 15.00, the provider's cost 14.25, R 14.40 (4 %), S 14.70 (2 %).
 */
let ctx: TestContext;
let ids: DemoIds;

beforeAll(async () => {
  ({ ctx, ids } = await providerSalesApp('DIRECT_RECHARGE', { DIRECT_RECHARGE_SIMULATOR_DELAY_SCALE: '0.01' }, '2000'));
}, 120_000);
afterAll(async () => ctx.close());

const PRODUCT = 3100;
const SEND = '/api/direct_recharge_with_mobile_with_dr_and_cc/';
const CHECK = '/api/check_direct_recharge_transaction/';
const HISTORY = '/api/get_direct_recharge_history/';
const PRODUCTS = '/api/get_direct_recharge_products_with_dr_and_cc/';
const number = (suffix: string) => `+4917612345${suffix}`;

async function send(headers: Headers, mobile: string, key?: string) {
  const transaction_key = key ?? (await transactionKey(ctx, headers));
  const res = await post(ctx.app, SEND, { transaction_key, product_id: PRODUCT, mobile_number: mobile }, headers);
  return { ...res, key: transaction_key };
}

/** Asks the status call until the recharge is `status` (the seller's screen does the same). */
const waitFor = (headers: Headers, saleId: number, status: string) =>
  untilStatus(`recharge ${saleId}`, status, async () => {
    const res = await post(ctx.app, CHECK, { sale_id: saleId }, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  });

const ledgerOf = (key: string) => providerLedgerOf(ctx, 'direct_recharge', key);

describe('the products', () => {
  it('lists the operators with the shop’s price, never the provider’s cost', async () => {
    const res = await get(ctx.app, PRODUCTS, await signInOnce(ctx, 'seller'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.operators.map((o: { name: string }) => o.name)).toEqual([
      'Telekom Deutschland',
      'Vodafone Deutschland',
      'O2 Deutschland',
    ]);
    expect(res.body.data.operators[0].products[0]).toEqual({
      id: PRODUCT,
      name: 'Telekom Deutschland 15 €',
      face_value: '15.00',
      currency: 'EUR',
      retail_price: '15.00',
      price: '14.70',
    });
    expect(JSON.stringify(res.body)).not.toContain('14.25');
  });

  it('leaves out what the platform would sell below the provider’s cost, down to an empty list', async () => {
    const dear = { ...PRODUCT_3100, wholesale_price: '14.50' };
    const service = createDirectRechargeService({
      ...portalCopyDeps(ctx, 'direct_recharge'),
      provider: createDirectRechargeClient({
        baseUrl: 'http://127.0.0.1:9',
        apiKey: 'k',
        fetch: (async () => new Response(JSON.stringify({ products: [dear] }), { status: 200 })) as typeof fetch,
      }),
    });
    const seller = { userId: 0, customerId: ids.seller, internal_role: 0, account_role: 2 } as Actor;
    // R = 14.40 is below the cost of 14.50: the screen shows 'No Services Available'.
    expect(await service.catalogue(seller)).toEqual({ operators: [] });
  });
});

describe('each simulator outcome, end to end', () => {
  it('100: reserves S and R, then on SUCCESS books income, revenue and the provider’s cost', async () => {
    const shop = await newShop(ctx, 'Recharge Success Shop');
    await topUp(ctx, shop.customerId, '100');
    const reseller0 = await balanceOf(ctx, ids.reseller);
    const res = await send(shop.headers, number('100'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      product_id: PRODUCT,
      mobile_number: number('100'),
      retail_price: '15.00',
      seller_price: '14.70',
      face_value: '15',
      face_currency: 'EUR',
      operator_name: 'Telekom Deutschland',
    });
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('85.30');
    expect(reseller0.minus(await balanceOf(ctx, ids.reseller)).toFixed(2)).toBe('14.40');

    const sale = await waitFor(shop.headers, res.body.data.sale_id, 'successful');
    expect(sale).toMatchObject({ provider_status: 'SUCCESS', operator_reference: expect.stringMatching(/^OPR-DR/) });
    expect(sale.final_at).not.toBeNull();
    const l = await ledgerOf(res.key);
    expect(l.kinds).toEqual(['provider_reservation', 'provider_success']);
    expect(l.moved(providerSaleAccounts(shop.customerId, ids.reseller, ids.platform))).toEqual(
      finalSaleNets(shop.customerId, ids.reseller, ids.platform, { s: '14.70', r: '14.40', cost: '14.25' }),
    );
    await checkInvariants(ctx);
  }, 60_000);

  it('prices a recharge with the reseller’s and the shop’s assigned discounts, to the cent (decision 0107)', async () => {
    const shop = await newShop(ctx, 'Recharge Discount Shop');
    await topUp(ctx, shop.customerId, '100');
    // R = 15 × 95.5 % = 14.325 → 14.33, S = 15 × 96.67 % = 14.5005 → 14.50 (half-up, as the flow rounds).
    const reset = await assignProviderDiscounts(ctx, 'direct_recharge', {
      reseller: '4.5',
      shopId: shop.customerId,
      shop: '3.33',
    });
    try {
      const res = await send(shop.headers, number('100'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.seller_price).toBe('14.50');
      await waitFor(shop.headers, res.body.data.sale_id, 'successful');
      expect(await recordedPrices(ctx, res.body.data.sale_id)).toEqual({
        seller_price: '14.50',
        reseller_price: '14.33',
      });
      const l = await ledgerOf(res.key);
      expect(l.moved(providerSaleAccounts(shop.customerId, ids.reseller, ids.platform))).toEqual(
        finalSaleNets(shop.customerId, ids.reseller, ids.platform, { s: '14.50', r: '14.33', cost: '14.25' }),
      );
    } finally {
      await reset();
    }
  }, 60_000);

  it('102: FAILED (declined) posts the exact opposite of the reservation', async () => {
    const shop = await newShop(ctx, 'Recharge Decline Shop');
    await topUp(ctx, shop.customerId, '50');
    const res = await send(shop.headers, number('102'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sale = await waitFor(shop.headers, res.body.data.sale_id, 'failed');
    expect(sale.provider_status).toBe('FAILED');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('50.00');
    const l = await ledgerOf(res.key);
    expect(l.kinds).toEqual(['provider_reservation', 'provider_release']);
    expect(l.moved(providerSaleAccounts(shop.customerId, ids.reseller, ids.platform))).toEqual([]);
    await checkInvariants(ctx);
  }, 60_000);

  it('300: a delayed recharge stays pending, the money held, until the provider’s final answer', async () => {
    const shop = await newShop(ctx, 'Recharge Delayed Shop');
    await topUp(ctx, shop.customerId, '50');
    // 3xx: 5 min × 0.01 = 3 s.
    const res = await send(shop.headers, number('300'));
    expect(res.body.data.status).toBe('pending');
    // Past half the delay the provider reports PROCESSING; the final answer comes at 3 s. Asked every 100 ms, the
    // sale is seen in between, still pending (a fixed sleep could miss that window on a loaded machine).
    let still = res.body.data;
    for (
      let waited = 0;
      still.status === 'pending' && still.provider_status !== 'PROCESSING' && waited < 20_000;
      waited += 100
    ) {
      await new Promise((r) => setTimeout(r, 100));
      still = (await post(ctx.app, CHECK, { sale_id: res.body.data.sale_id }, shop.headers)).body.data;
    }
    expect(still).toMatchObject({ status: 'pending', provider_status: 'PROCESSING' });
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('35.30');
    expect((await ledgerOf(res.key)).kinds).toEqual(['provider_reservation']);
    await waitFor(shop.headers, res.body.data.sale_id, 'successful');
    expect((await ledgerOf(res.key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    await checkInvariants(ctx);
  }, 60_000);

  it('208: REVERSED after SUCCESS posts a refund and gives the money back', async () => {
    const shop = await newShop(ctx, 'Recharge Reversal Shop');
    await topUp(ctx, shop.customerId, '50');
    // 2xx: 20 s × 0.01, so the send's own step cannot see the reversal yet.
    const res = await send(shop.headers, number('208'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Once successful no status call asks again: the poll job's reversal watch finds it.
    const sale = await waitFor(shop.headers, res.body.data.sale_id, 'refunded');
    expect(sale.provider_status).toBe('REVERSED');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('50.00');
    const l = await ledgerOf(res.key);
    expect(l.kinds).toEqual(['provider_reservation', 'provider_success', 'provider_refund']);
    expect(l.moved(providerSaleAccounts(shop.customerId, ids.reseller, ids.platform))).toEqual([]);
    await checkInvariants(ctx);
  }, 60_000);

  it('109: a send the provider does not answer in time stays pending, never failed, and succeeds by polling', async () => {
    const shop = await newShop(ctx, 'Recharge Timeout Shop');
    await topUp(ctx, shop.customerId, '50');
    const res = await send(shop.headers, number('109'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', provider_status: null });
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('35.30');
    const sale = await waitFor(shop.headers, res.body.data.sale_id, 'successful');
    expect(sale.provider_status).toBe('SUCCESS');
    expect((await ledgerOf(res.key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    await checkInvariants(ctx);
  }, 60_000);
});

describe('money under retries and races', () => {
  it('charges once for the same key sent again, and for the same key sent 5 times at once', async () => {
    const shop = await newShop(ctx, 'Recharge Retry Shop');
    await topUp(ctx, shop.customerId, '100');
    const first = await send(shop.headers, number('100'));
    const again = await send(shop.headers, number('100'), first.key);
    expect(again.status).toBe(200);
    expect(again.body.data.sale_id).toBe(first.body.data.sale_id);

    const key = await transactionKey(ctx, shop.headers);
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(shop.headers, number('100'), key)));
    const saleId = expectOneSale(answers, (a) => a.body.data.sale_id);

    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('70.60');
    expect(await providerSalesOf(ctx, shop.customerId)).toBe(2);
    expect((await ledgerOf(key)).kinds.filter((k) => k === 'provider_reservation')).toHaveLength(1);
    const reused = await post(
      ctx.app,
      SEND,
      { transaction_key: key, product_id: 3101, mobile_number: number('100') },
      shop.headers,
    );
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('key_reused');
    await waitFor(shop.headers, saleId, 'successful');
    await checkInvariants(ctx);
  }, 60_000);

  it('lets exactly 4 of 10 simultaneous recharges through when the balance covers 4, never below zero', async () => {
    const shop = await newShop(ctx, 'Recharge Race Shop');
    await topUp(ctx, shop.customerId, '60');
    const keys = await Promise.all(Array.from({ length: 10 }, () => transactionKey(ctx, shop.headers)));
    const answers = await Promise.all(keys.map((k) => send(shop.headers, number('100'), k)));
    expectFourOfTen(answers);
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('1.20');
    await checkInvariants(ctx);
  }, 60_000);
});

describe('who may call which direct-recharge call, on whose sales', () => {
  let ownerSale: number;
  let staffSale: number;

  beforeAll(async () => {
    await topUp(ctx, ids.seller, '100');
    ownerSale = (await send(await signInOnce(ctx, 'seller'), number('100'))).body.data.sale_id;
    staffSale = (await send(await signInOnce(ctx, 'seller-staff'), number('100'))).body.data.sale_id;
  }, 60_000);

  it.each(SHOP_CALLERS)('%s on the four calls: %i', async (user, status) => {
    const h = await signInOnce(ctx, user);
    expect((await get(ctx.app, PRODUCTS, h)).status).toBe(status);
    expect((await post(ctx.app, HISTORY, { page: 1 }, h)).status).toBe(status);
    const sent = await post(
      ctx.app,
      SEND,
      { transaction_key: 'x'.repeat(24), product_id: PRODUCT, mobile_number: number('100') },
      h,
    );
    expect(sent.status).toBe(status === 200 ? 422 : status);
    const asked = await post(ctx.app, CHECK, { sale_id: ownerSale }, h);
    // Staff and web support see only their own recharges: another user's is not found for them.
    expect(asked.status).toBe(user === 'seller' ? 200 : status === 200 ? 404 : status);
  });

  it('refuses without a session, and a shop user without the direct-recharge flag', async () => {
    expect((await get(ctx.app, PRODUCTS)).status).toBe(401);
    expect((await post(ctx.app, SEND, {})).status).toBe(401);
    const shop = await newShop(ctx, 'Recharge No Flag Shop');
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_direct_recharge') where customer_id = ${shop.customerId}`,
    );
    const h = shop.headers;
    expect((await get(ctx.app, PRODUCTS, h)).status).toBe(403);
    expect((await post(ctx.app, HISTORY, { page: 1 }, h)).status).toBe(403);
  });

  it('lists the shop’s recharges for its manager, only their own for staff, filtered by status', async () => {
    const owner = await signInOnce(ctx, 'seller');
    const all = await post(ctx.app, HISTORY, { page: 1, limit: 100 }, owner);
    expect(all.body.data.filters).toMatchObject({ page: 1, limit: 100, total_count: 2 });
    expect(all.body.data.recharges.map((t: { username: string }) => t.username).sort()).toEqual([
      'seller',
      'seller-staff',
    ]);
    const staff = await signInOnce(ctx, 'seller-staff');
    const own = await post(ctx.app, HISTORY, { page: 1 }, staff);
    expect(own.body.data.recharges.map((t: { sale_id: number }) => t.sale_id)).toEqual([staffSale]);
    expect((await post(ctx.app, CHECK, { sale_id: staffSale }, owner)).status).toBe(200);
    await waitFor(owner, ownerSale, 'successful');
    const failed = await post(ctx.app, HISTORY, { page: 1, status: 'failed' }, owner);
    expect(failed.body.data.recharges).toEqual([]);
    const done = await post(ctx.app, HISTORY, { page: 1, status: 'successful' }, owner);
    expect(done.body.data.recharges.map((t: { sale_id: number }) => t.sale_id)).toContain(ownerSale);
    // International top-ups list only DT One's sales.
    const topups = await post(ctx.app, '/api/get_international_top_up/', { page: 1 }, owner);
    expect(topups.body.data.top_ups).toEqual([]);
  }, 60_000);

  it('keeps another reseller’s shop out: its history is empty, the demo shop’s sale unknown', async () => {
    await insertOtherTenant(ctx.db, ids.platform);
    const h = await signInOnce(ctx, 'other-shop');
    const list = await post(ctx.app, HISTORY, { page: 1 }, h);
    expect(list.status).toBe(200);
    expect(list.body.data.recharges).toEqual([]);
    expect((await post(ctx.app, CHECK, { sale_id: ownerSale }, h)).status).toBe(404);
  });
});

/**
 * A copy of the portal that stopped right after the commit: the product was read and the money reserved, then
 * nothing reached the provider and no poll job was queued.
 */
async function sendWhileStopped(shop: { customerId: number; headers: Headers }, key: string, mobile: string) {
  const stopped = createDirectRechargeService({
    ...portalCopyDeps(ctx, 'direct_recharge'),
    provider: createDirectRechargeClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
      fetch: (async (url: string) => {
        if (String(url).endsWith(`/products/${PRODUCT}`)) {
          return new Response(JSON.stringify({ product: PRODUCT_3100 }), { status: 200 });
        }
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    }),
  });
  const sent = await stopped.send(await shopActor(ctx, shop), {
    transaction_key: key,
    product_id: PRODUCT,
    mobile_number: mobile,
  });
  expect(sent.answer.data).toMatchObject({ status: 'pending', provider_status: null });
  return (sent.answer.data as { sale_id: number }).sale_id;
}

describe('a recharge pending after a restart or for a day', () => {
  it('is sent once by the sweep when the stopped server never reached the provider, then settled', async () => {
    const shop = await newShop(ctx, 'Recharge Restart Shop');
    await topUp(ctx, shop.customerId, '50');
    const key = await transactionKey(ctx, shop.headers);
    const saleId = await sendWhileStopped(shop, key, number('100'));
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('35.30');

    // The restarted server's minutely sweep sends it; the provider holds one recharge under the external id.
    await ctx.app.services.directRecharge.sales?.advancePending();
    const { rows } = await ctx.db.execute<{ provider_status: string | null }>(
      sql`select provider_status from provider_sales where id = ${saleId}`,
    );
    expect(rows[0]?.provider_status).toBe('ACCEPTED');
    await ctx.app.services.directRecharge.sales?.advancePending();
    const sale = await waitFor(shop.headers, saleId, 'successful');
    expect(sale.provider_status).toBe('SUCCESS');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('35.30');
    expect((await ledgerOf(key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    await checkInvariants(ctx);
  }, 60_000);

  it('is on the superadmin’s list after 24 hours, and “ask now” asks the recharge provider, never refunding', async () => {
    const shop = await newShop(ctx, 'Recharge Stuck Shop');
    await topUp(ctx, shop.customerId, '50');
    // 3xx: the provider keeps it in progress for 3 s once it has it.
    const saleId = await sendWhileStopped(shop, await transactionKey(ctx, shop.headers), number('300'));
    ctx.clock.set(new Date('2026-11-22T09:30:00Z'));
    try {
      // A day later the morning's sessions have ended.
      const admin = await signIn(ctx, 'superadmin');
      const list = await post(ctx.app, '/api/view_pending_top_ups/', { page: 1, limit: 100 }, admin);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.data.top_ups.find((t: { sale_id: number }) => t.sale_id === saleId)).toMatchObject({
        provider: 'direct_recharge',
        status: 'pending',
        provider_status: null,
      });
      // Asking now goes to the recharge provider (not DT One): it receives the recharge and has it in progress.
      const checked = await post(ctx.app, '/api/check_top_up_status/', { sale_id: saleId }, admin);
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(checked.body.data).toMatchObject({ status: 'pending', provider_status: 'ACCEPTED' });
      expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('35.30');
    } finally {
      ctx.clock.set(new Date('2026-11-21T09:00:00Z'));
    }
    await checkInvariants(ctx);
  }, 60_000);
});

describe('without DT One', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp({
      env: { LOG_LEVEL: 'error', DT_ONE_PROVIDER: 'off', DIRECT_RECHARGE_SIMULATOR_DELAY_SCALE: '0.01' },
    });
  }, 120_000);
  afterAll(async () => bare?.close());

  it('keeps the recharge summary and the platform’s “ask now”, which asks the recharge provider', async () => {
    const demo = await demoIds(bare.db);
    await topUp(bare, demo.reseller, '50');
    await topUp(bare, demo.seller, '50');
    const seller = await signInOnce(bare, 'seller');
    const transaction_key = await transactionKey(bare, seller);
    const sent = await post(
      bare.app,
      SEND,
      { transaction_key, product_id: PRODUCT, mobile_number: number('100') },
      seller,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await post(bare.app, '/api/dt_one/', { configuration: '1' }, seller)).status).toBe(404);
    const admin = await signIn(bare, 'superadmin');
    // The simulator answers after its scaled delay, which a loaded machine stretches: asked again until it has.
    const checked = await untilStatus(`recharge ${sent.body.data.sale_id}`, 'successful', async () => {
      const res = await post(bare.app, '/api/check_top_up_status/', { sale_id: sent.body.data.sale_id }, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    });
    expect(checked).toMatchObject({ provider: 'direct_recharge', status: 'successful' });
    const day = sent.body.data.created_at.slice(0, 10);
    const summary = await post(bare.app, '/api/get_recharge_summary/', { from: day, to: day }, seller);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data.rows).toEqual([
      expect.objectContaining({ kind: 'direct_recharge', status: 'successful', count: 1 }),
    ]);
  }, 60_000);
});

/** Product 3100 as the simulator describes it (`GET /products/3100`). */
const PRODUCT_3100 = {
  id: PRODUCT,
  name: 'Telekom Deutschland 15 €',
  operator: { id: 31, name: 'Telekom Deutschland', country_iso_code: 'DEU' },
  face_value: '15.00',
  currency: 'EUR',
  retail_price: '15.00',
  wholesale_price: '14.25',
};
