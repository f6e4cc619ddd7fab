import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestContext } from '../../../test/harness.ts';
import {
  type DemoIds,
  expectFourOfTen,
  expectOneSale,
  portalCopyDeps,
  providerSalesApp,
  providerSalesOf,
  SHOP_CALLERS,
  sendTopup,
  shopActor,
} from '../../../test/provider-sales.ts';
import { createDtOneClient } from '../../providers/dtone/client.ts';
import { insertCustomer, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { assignProviderDiscounts, recordedPrices } from '../provider-discounts/provider-discounts.fixtures.ts';
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
import { createTopupSalesService } from './topup-sales.service.ts';

/**
 * International top-ups end to end against the simulator the portal starts: each sandbox outcome drives
 * the sale to its final status through the poll job, with the wallets and the ledger checked to the cent.
 * Product 5000 is Turkcell's 5 € top-up: F 5.00, DT One's cost 4.75, R 4.80 (4 %), S 4.90 (2 %).
 */
let ctx: TestContext;
let ids: DemoIds;

beforeAll(async () => {
  ({ ctx, ids } = await providerSalesApp('DT_ONE', { DT_ONE_SIMULATOR_DELAY_SCALE: '0.01' }, '1000'));
}, 120_000);
afterAll(async () => ctx.close());

const PRODUCT = 5000;
const number = (suffix: string) => `+90532123${suffix}`;

async function send(headers: Headers, mobile: string, key?: string) {
  const transaction_key = key ?? (await transactionKey(ctx, headers));
  // The offer, then its confirmation (configuration 6), as the shop's screen sends them.
  const res = await sendTopup(ctx.app, { transaction_key, product_id: PRODUCT, mobile_number: mobile }, headers);
  return { ...res, key: transaction_key };
}

/** Asks the status call until the top-up is `status` (the seller's screen does the same). */
const waitFor = (headers: Headers, key: string, status: string) =>
  untilStatus(`top-up ${key}`, status, async () => {
    const res = await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: key }, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.sale;
  });

const ledgerOf = (key: string) => providerLedgerOf(ctx, 'dtone', key);

describe('each DT One outcome, end to end', () => {
  it('100: reserves S and R, then on COMPLETED books income, revenue and DT One’s cost', async () => {
    const shop = await newShop(ctx, 'Topup Success Shop');
    await topUp(ctx, shop.customerId, '100');
    const reseller0 = await balanceOf(ctx, ids.reseller);
    const res = await send(shop.headers, number('4100'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      product_id: PRODUCT,
      mobile_number: number('4100'),
      retail_price: '5.00',
      seller_price: '4.90',
      face_value: '150',
      face_currency: 'TRY',
      operator_name: 'Turkcell Turkey',
    });
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('95.10');
    expect(reseller0.minus(await balanceOf(ctx, ids.reseller)).toFixed(2)).toBe('4.80');

    const sale = await waitFor(shop.headers, res.key, 'successful');
    expect(sale).toMatchObject({ provider_status: 'COMPLETED', operator_reference: expect.stringMatching(/^SIM-/) });
    expect(sale.final_at).not.toBeNull();
    const l = await ledgerOf(res.key);
    expect(l.kinds).toEqual(['provider_reservation', 'provider_success']);
    expect(l.moved(providerSaleAccounts(shop.customerId, ids.reseller, ids.platform))).toEqual(
      finalSaleNets(shop.customerId, ids.reseller, ids.platform, { s: '4.90', r: '4.80', cost: '4.75' }),
    );
    await checkInvariants(ctx);
  }, 60_000);

  it('prices a top-up with the reseller’s and the shop’s assigned discounts, to the cent (decision 0107)', async () => {
    const shop = await newShop(ctx, 'Topup Discount Shop');
    await topUp(ctx, shop.customerId, '100');
    // R = 5 × 95.5 % = 4.775 → 4.78, S = 5 × 98.85 % = 4.9425 → 4.94 (half-up, as the flow rounds).
    const reset = await assignProviderDiscounts(ctx, 'dtone', {
      reseller: '4.5',
      shopId: shop.customerId,
      shop: '1.15',
    });
    try {
      const list = await post(
        ctx.app,
        '/api/dt_one/',
        { configuration: 2, country_iso_code: 'TUR', page: 1 },
        shop.headers,
      );
      expect(list.body.data.products.find((p: { id: number }) => p.id === PRODUCT)).toMatchObject({ price: '4.94' });
      const res = await send(shop.headers, number('4100'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.seller_price).toBe('4.94');
      await waitFor(shop.headers, res.key, 'successful');
      expect(await recordedPrices(ctx, res.body.data.sale_id)).toEqual({
        seller_price: '4.94',
        reseller_price: '4.78',
      });
      const l = await ledgerOf(res.key);
      expect(l.moved(providerSaleAccounts(shop.customerId, ids.reseller, ids.platform))).toEqual(
        finalSaleNets(shop.customerId, ids.reseller, ids.platform, { s: '4.94', r: '4.78', cost: '4.75' }),
      );
    } finally {
      await reset();
    }
  }, 60_000);

  it('102: DECLINED posts the exact opposite of the reservation', async () => {
    const shop = await newShop(ctx, 'Topup Decline Shop');
    await topUp(ctx, shop.customerId, '50');
    const res = await send(shop.headers, number('4102'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sale = await waitFor(shop.headers, res.key, 'failed');
    expect(sale.provider_status).toBe('DECLINED');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('50.00');
    const l = await ledgerOf(res.key);
    expect(l.kinds).toEqual(['provider_reservation', 'provider_release']);
    expect(l.moved(providerSaleAccounts(shop.customerId, ids.reseller, ids.platform))).toEqual([]);
    const entries = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ledger_lines l join journal_entries e on e.id = l.entry_id
      where e.reference = ${`dtone:${externalIdOf(res.key)}`}`);
    expect(entries.rows[0]?.n).toBe(6);
    await checkInvariants(ctx);
  }, 60_000);

  it('208: REVERSED after COMPLETED posts a refund and gives the money back', async () => {
    const shop = await newShop(ctx, 'Topup Reversal Shop');
    await topUp(ctx, shop.customerId, '50');
    // 2xx: 20 s × 0.01, long enough for the status call to see COMPLETED before the reversal.
    const res = await send(shop.headers, number('4208'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Once the sale is successful no one asks DT One on the seller's behalf: the poll job's reversal watch finds it.
    const sale = await waitFor(shop.headers, res.key, 'refunded');
    expect(sale.provider_status).toBe('REVERSED');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('50.00');
    const l = await ledgerOf(res.key);
    expect(l.kinds).toEqual(['provider_reservation', 'provider_success', 'provider_refund']);
    expect(l.moved(providerSaleAccounts(shop.customerId, ids.reseller, ids.platform))).toEqual([]);
    await checkInvariants(ctx);
  }, 60_000);

  it('109: a confirm DT One does not answer in time stays pending, never failed, and completes by polling', async () => {
    const shop = await newShop(ctx, 'Topup Timeout Shop');
    await topUp(ctx, shop.customerId, '50');
    const res = await send(shop.headers, number('4109'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('pending');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('45.10');
    const sale = await waitFor(shop.headers, res.key, 'successful');
    expect(sale.provider_status).toBe('COMPLETED');
    expect((await ledgerOf(res.key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    await checkInvariants(ctx);
  }, 60_000);

  it('confirm (configuration 6) answers the sale under its key; without a key it is refused', async () => {
    const shop = await newShop(ctx, 'Topup Confirm Shop');
    await topUp(ctx, shop.customerId, '50');
    const res = await send(shop.headers, number('4100'));
    const confirmed = await post(
      ctx.app,
      '/api/dt_one/',
      { configuration: '6', transaction_key: res.key },
      shop.headers,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.sale.sale_id).toBe(res.body.data.sale_id);
    const noKey = await post(ctx.app, '/api/dt_one/', { configuration: '6' }, shop.headers);
    expect(noKey.status).toBe(422);
    const noConfiguration = await post(ctx.app, '/api/dt_one/', { transaction_key: res.key }, shop.headers);
    expect(noConfiguration.status).toBe(422);
    expect(JSON.stringify(noConfiguration.body)).toContain('configuration is required');
  }, 60_000);
});

describe('a server stopped while a top-up is pending', () => {
  it('finishes it after the restart: the sweep sends what never reached DT One, once, and settles it', async () => {
    const shop = await newShop(ctx, 'Topup Restart Shop');
    await topUp(ctx, shop.customerId, '50');
    const key = await transactionKey(ctx, shop.headers);
    // The copy that stopped: the money was reserved and committed, then nothing reached DT One and the
    // poll job was lost with the process.
    const stopped = createTopupSalesService({
      ...portalCopyDeps(ctx, 'dtone'),
      dtOne: createDtOneClient({
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey: 'k',
        apiSecret: 's',
        fetch: (async (url: string) => {
          // The product is read before the commit; everything after it is lost.
          if (String(url).includes('/products/')) {
            return new Response(JSON.stringify(PRODUCT_5000), { status: 200 });
          }
          throw new TypeError('fetch failed');
        }) as typeof fetch,
      }),
    });
    const sent = await stopped.send(await shopActor(ctx, shop), {
      transaction_key: key,
      product_id: PRODUCT,
      mobile_number: number('4100'),
    });
    expect(sent.status).toBe(200);
    expect(sent.answer.data).toMatchObject({ status: 'pending', provider_status: null });
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('45.10');

    // The restarted server's minutely sweep.
    await ctx.app.services.topup.sales?.advancePending();
    const { rows } = await ctx.db.execute<{ provider_transaction_id: number | null }>(
      sql`select provider_transaction_id from provider_sales where external_id = ${externalIdOf(key)}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.provider_transaction_id).not.toBeNull();
    await ctx.app.services.topup.sales?.advancePending();
    const sale = await waitFor(shop.headers, key, 'successful');
    expect(sale.provider_status).toBe('COMPLETED');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('45.10');
    expect((await ledgerOf(key)).kinds).toEqual(['provider_reservation', 'provider_success']);
    // The sale's facts are written once, for every role.
    await expect(
      ctx.db.execute(sql`update provider_sales set seller_price = 0.01 where external_id = ${externalIdOf(key)}`),
    ).rejects.toThrow();
    await expect(
      ctx.db.execute(sql`delete from provider_sales where external_id = ${externalIdOf(key)}`),
    ).rejects.toThrow();
    await checkInvariants(ctx);
  }, 60_000);
});

/** Product 5000 as the simulator describes it (`GET /v1/products/5000`). */
const PRODUCT_5000 = {
  id: PRODUCT,
  name: 'Turkcell Turkey 5.00 EUR',
  description: '150 TRY airtime',
  type: 'FIXED_VALUE_RECHARGE',
  service: { id: 1, name: 'Mobile' },
  operator: { id: 1001, name: 'Turkcell Turkey', country: { name: 'Turkey', iso_code: 'TUR' } },
  destination: { unit_type: 'CURRENCY', unit: 'TRY', amount: 150 },
  prices: {
    wholesale: { unit_type: 'CURRENCY', unit: 'EUR', amount: 4.75, fee: 0 },
    retail: { unit_type: 'CURRENCY', unit: 'EUR', amount: 5, fee: 0 },
  },
};

describe('money under retries and races', () => {
  it('charges once for the same key sent again, and for the same key sent 5 times at once', async () => {
    const shop = await newShop(ctx, 'Topup Retry Shop');
    await topUp(ctx, shop.customerId, '100');
    const first = await send(shop.headers, number('4100'));
    const again = await send(shop.headers, number('4100'), first.key);
    expect(again.status).toBe(200);
    expect(again.body.data.sale_id).toBe(first.body.data.sale_id);

    const key = await transactionKey(ctx, shop.headers);
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(shop.headers, number('4100'), key)));
    expectOneSale(answers, (a) => a.body.data.sale_id);

    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('90.20');
    expect(await providerSalesOf(ctx, shop.customerId)).toBe(2);
    expect((await ledgerOf(key)).kinds[0]).toBe('provider_reservation');
    expect((await ledgerOf(key)).kinds.filter((k) => k === 'provider_reservation')).toHaveLength(1);
    // A different request under a used key is refused, not sent.
    const reused = await post(
      ctx.app,
      '/api/international_top_up_transaction/',
      { transaction_key: key, product_id: 5001, mobile_number: number('4100') },
      shop.headers,
    );
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('key_reused');
    await waitFor(shop.headers, key, 'successful');
    await checkInvariants(ctx);
  }, 60_000);

  it('lets exactly 4 of 10 simultaneous top-ups through when the balance covers 4, never below zero', async () => {
    const shop = await newShop(ctx, 'Topup Race Shop');
    await topUp(ctx, shop.customerId, '20');
    const keys = await Promise.all(Array.from({ length: 10 }, () => transactionKey(ctx, shop.headers)));
    const answers = await Promise.all(keys.map((k) => send(shop.headers, number('4100'), k)));
    expectFourOfTen(answers);
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('0.40');
    // A refused key is remembered: asking again answers the same refusal.
    const refusedKey = keys[answers.findIndex((a) => a.status !== 200)] as string;
    const replay = await send(shop.headers, number('4100'), refusedKey);
    expect(replay.status).toBe(409);
    expect(replay.body.code).toBe('insufficient_balance');
    await checkInvariants(ctx);
  }, 60_000);
});

describe('a reseller without balance', () => {
  it('stops its shops’ top-ups with reseller_insufficient_balance and charges no one', async () => {
    const reseller = await insertCustomer(ctx.db, {
      name: 'Topup Empty Reseller',
      accountRole: 1,
      parentId: ids.platform,
      username: 'topup-empty-reseller',
      password: 'Demo#2026',
      creditLimit: '1000',
    });
    const shop = await insertCustomer(ctx.db, {
      name: 'Topup Empty Reseller Shop',
      accountRole: 2,
      parentId: reseller.customerId,
      username: 'topup-empty-reseller-shop',
      password: 'Demo#2026',
      creditLimit: '1000',
    });
    const credited = await post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: shop.customerId, amount: '20' },
      await signInOnce(ctx, 'topup-empty-reseller'),
    );
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    const h = await signInOnce(ctx, 'topup-empty-reseller-shop');
    const res = await send(h, number('4100'));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('reseller_insufficient_balance');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('20.00');
    expect((await ledgerOf(res.key)).kinds).toEqual([]);
    await checkInvariants(ctx);
  }, 60_000);
});

describe('who may send and see which top-up', () => {
  let owner: Headers;
  let ownerKey: string;
  let staffKey: string;

  beforeAll(async () => {
    const shopId = ids.seller;
    await topUp(ctx, shopId, '100');
    owner = await signInOnce(ctx, 'seller');
    ownerKey = (await send(owner, number('4100'))).key;
    staffKey = (await send(await signInOnce(ctx, 'seller-staff'), number('4100'))).key;
  }, 60_000);

  it.each(SHOP_CALLERS)('%s on the three calls: %i', async (user, status) => {
    const h = await signInOnce(ctx, user);
    const list = await post(ctx.app, '/api/get_international_top_up/', { page: 1 }, h);
    expect(list.status).toBe(status);
    const sent = await post(
      ctx.app,
      '/api/international_top_up_transaction/',
      { transaction_key: 'x'.repeat(24), product_id: PRODUCT, mobile_number: number('4100') },
      h,
    );
    expect(sent.status).toBe(status === 200 ? 422 : status);
    const asked = await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: ownerKey }, h);
    // Staff and web support see only their own top-ups: another user's key is not found for them.
    expect(asked.status).toBe(user === 'seller' ? 200 : status === 200 ? 404 : status);
  });

  it('refuses without a session', async () => {
    expect((await post(ctx.app, '/api/get_international_top_up/', { page: 1 })).status).toBe(401);
    expect((await post(ctx.app, '/api/international_top_up_transaction/', {})).status).toBe(401);
  });

  it('lists the shop’s top-ups for its manager, only their own for staff', async () => {
    const all = await post(ctx.app, '/api/get_international_top_up/', { page: 1, limit: 100 }, owner);
    expect(all.body.data.filters).toMatchObject({ page: 1, limit: 100, total_count: 2 });
    expect(all.body.data.top_ups.map((t: { username: string }) => t.username).sort()).toEqual([
      'seller',
      'seller-staff',
    ]);
    const staff = await signInOnce(ctx, 'seller-staff');
    const own = await post(ctx.app, '/api/get_international_top_up/', { page: 1 }, staff);
    expect(own.body.data.top_ups.map((t: { username: string }) => t.username)).toEqual(['seller-staff']);
    const mine = await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: staffKey }, staff);
    expect(mine.status).toBe(200);
    const managerSees = await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: staffKey }, owner);
    expect(managerSees.status).toBe(200);
  });

  it('keeps another reseller’s shop out: its list is empty, the demo shop’s key unknown', async () => {
    await insertOtherTenant(ctx.db, ids.platform);
    const h = await signInOnce(ctx, 'other-shop');
    const list = await post(ctx.app, '/api/get_international_top_up/', { page: 1 }, h);
    expect(list.status).toBe(200);
    expect(list.body.data.top_ups).toEqual([]);
    const asked = await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: ownerKey }, h);
    expect(asked.status).toBe(404);
    const confirm = await post(ctx.app, '/api/dt_one/', { configuration: 6, transaction_key: ownerKey }, h);
    expect(confirm.status).toBe(404);
    // The demo shop's key cannot send for it either.
    const sent = await send(h, number('4100'), ownerKey);
    expect(sent.status).toBe(422);
    expect(sent.body.code).toBe('key_invalid');
  });
});
