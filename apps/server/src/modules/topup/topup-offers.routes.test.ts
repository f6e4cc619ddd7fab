import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, type TestContext } from '../../../test/harness.ts';
import { portalCopyDeps, shopActor } from '../../../test/provider-sales.ts';
import type { DtOneClient } from '../../providers/dtone/client.ts';
import type { DtOneSimulator } from '../../providers/dtone/simulator.ts';
import { externalIdOf } from '../provider-sales/provider-sale-flow.ts';
import { providerLedgerOf } from '../provider-sales/provider-sales.fixtures.ts';
import {
  balanceOf,
  checkInvariants,
  type Headers,
  newShop,
  topUp,
  transactionKey,
} from '../selling/selling.fixtures.ts';
import { dtOneSimulatorApp } from './topup.fixtures.ts';
import { createTopupSalesService } from './topup-sales.service.ts';

/**
 * DT One offers (decision 0080, "Offers"): configuration 3 (and `/international_top_up_transaction/`, the same
 * service) creates a DT One transaction without confirming it and reserves nothing; configuration 6 reserves the
 * money first and then has DT One confirm; `cancel: 1` and the expiry sweep cancel it at DT One and end it failed
 * with no money entry. The simulator is the test's own and runs on the test app's clock, so an offer expires when
 * the test moves the clock. Product 5000 (Turkcell 5 €): S 4.90, R 4.80, DT One's cost 4.75; shops hold 23.17.
 */
let ctx: TestContext;
let sim: DtOneSimulator;
let dtOne: DtOneClient;

const PRODUCT = 5000;
const NUMBER = '+905321234100';

beforeAll(async () => {
  // The test asks the status itself; no poll job between its steps.
  ({ sim, ctx, dtOne } = await dtOneSimulatorApp());
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await sim?.close();
});

async function shopWith(name: string, amount = '23.17') {
  const shop = await newShop(ctx, name);
  await topUp(ctx, shop.customerId, amount);
  return shop;
}

const body = (transaction_key: string, mobile_number = NUMBER) => ({
  transaction_key,
  product_id: PRODUCT,
  mobile_number,
});
const offer3 = (h: Headers, key: string, mobile = NUMBER) =>
  post(ctx.app, '/api/dt_one/', { configuration: 3, ...body(key, mobile) }, h);
const offerOther = (h: Headers, key: string, mobile = NUMBER) =>
  post(ctx.app, '/api/international_top_up_transaction/', body(key, mobile), h);
const decide = (h: Headers, key: string, reject = false) =>
  post(ctx.app, '/api/dt_one/', { configuration: 6, transaction_key: key, ...(reject ? { cancel: 1 } : {}) }, h);
const status = async (h: Headers, key: string) =>
  (await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: key }, h)).body.data.sale;
const ledgerKinds = async (key: string) => (await providerLedgerOf(ctx, 'dtone', key)).kinds;
const atDtOne = (key: string) => dtOne.findByExternalId(externalIdOf(key));

describe('configuration 3: the offer', () => {
  it('is the same service and the same answer on /dt_one/ and /international_top_up_transaction/', async () => {
    const shop = await shopWith('Offer Same Shop');
    for (const [first, second] of [
      [offer3, offerOther],
      [offerOther, offer3],
    ] as const) {
      const key = await transactionKey(ctx, shop.headers);
      const a = await first(shop.headers, key);
      const b = await second(shop.headers, key);
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      const saleOf = (r: typeof a) => r.body.data.sale ?? r.body.data;
      expect(saleOf(a)).toEqual(saleOf(b));
      // What the number receives and what it costs the shop; nothing reserved, the offer open at DT One.
      expect(saleOf(a)).toMatchObject({
        status: 'pending',
        offer_state: 'offered',
        provider_status: 'CREATED',
        face_value: '150',
        face_currency: 'TRY',
        retail_price: '5.00',
        seller_price: '4.90',
        offer_expires_at: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
      });
      expect(await ledgerKinds(key)).toEqual([]);
      expect((await atDtOne(key))?.statusName).toBe('CREATED');
    }
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('23.17');
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from provider_sales where customer_id = ${shop.customerId}`,
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('asks for the product and the number like /international_top_up_transaction/ does', async () => {
    const shop = await shopWith('Offer Fields Shop');
    const key = await transactionKey(ctx, shop.headers);
    const res = await post(ctx.app, '/api/dt_one/', { configuration: 3, transaction_key: key }, shop.headers);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(JSON.stringify(res.body)).toContain('product_id');
  });
});

describe('configuration 6: confirm', () => {
  it('reserves the money (committed) before DT One is asked to confirm, then follows it to COMPLETED', async () => {
    const shop = await shopWith('Offer Confirm Shop');
    const key = await transactionKey(ctx, shop.headers);
    // A copy of the portal's service whose DT One notes what the ledger held when the confirm left.
    let reservedAtConfirm: string[] | undefined;
    const watched: DtOneClient = {
      ...dtOne,
      confirmTransaction: async (id) => {
        reservedAtConfirm = await ledgerKinds(key);
        return dtOne.confirmTransaction(id);
      },
    };
    const service = createTopupSalesService({ ...portalCopyDeps(ctx, 'dtone'), dtOne: watched, callbackUrl: null });
    const actor = await shopActor(ctx, shop);
    const offered = await service.offer(actor, body(key));
    expect(offered.status).toBe(200);
    expect(reservedAtConfirm).toBeUndefined();
    const confirmed = await service.confirm(actor, { configuration: '6', transaction_key: key, page: 1 });
    expect(reservedAtConfirm).toEqual(['provider_reservation']);
    expect(confirmed.sale).toMatchObject({ status: 'pending', offer_state: 'confirmed', offer_expires_at: null });
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('18.27');
    // Confirmed again (a lost answer): nothing reserved twice.
    await service.confirm(actor, { configuration: '6', transaction_key: key, page: 1 });
    ctx.clock.advance(60_000);
    expect((await status(shop.headers, key)).status).toBe('successful');
    expect(await ledgerKinds(key)).toEqual(['provider_reservation', 'provider_success']);
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('18.27');
    await checkInvariants(ctx);
  });

  it('a DT One failure on confirm (1007004: the offer ended there) releases the money, per the outcome table', async () => {
    const shop = await shopWith('Offer Refused Confirm Shop');
    const key = await transactionKey(ctx, shop.headers);
    expect((await offerOther(shop.headers, key)).status).toBe(200);
    // DT One expired the offer before ours did: its confirm is refused, its GET says CANCELLED.
    sim.inject('confirm', { answer: 'refuse', code: 1007004, afterwards: () => ctx.clock.advance(2 * 3_600_000) });
    const res = await decide(shop.headers, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sale).toMatchObject({ status: 'failed', provider_status: 'CANCELLED' });
    expect(await ledgerKinds(key)).toEqual(['provider_reservation', 'provider_release']);
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('23.17');
    await checkInvariants(ctx);
  });

  it('is refused while the balance is short, the offer kept open; confirmed once the shop has the money', async () => {
    const shop = await shopWith('Offer Short Shop', '3.07');
    const key = await transactionKey(ctx, shop.headers);
    expect((await offer3(shop.headers, key)).status).toBe(200);
    const short = await decide(shop.headers, key);
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('insufficient_balance');
    expect((await status(shop.headers, key)).offer_state).toBe('offered');
    expect(await ledgerKinds(key)).toEqual([]);
    await topUp(ctx, shop.customerId, '1.91');
    const ok = await decide(shop.headers, key);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('0.08');
    await checkInvariants(ctx);
  });
});

describe('rejected and expired offers', () => {
  it('cancel: 1 cancels at DT One (202) and ends failed with no money entry; confirm afterwards is refused', async () => {
    const shop = await shopWith('Offer Reject Shop');
    const key = await transactionKey(ctx, shop.headers);
    expect((await offer3(shop.headers, key)).status).toBe(200);
    const res = await decide(shop.headers, key, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sale).toMatchObject({
      status: 'failed',
      offer_state: 'rejected',
      provider_status: 'CANCELLED',
    });
    expect(sim.sent().at(-1)).toMatchObject({ status: 202, statusClass: 'CANCELLED' });
    expect((await atDtOne(key))?.statusName).toBe('CANCELLED');
    expect(await ledgerKinds(key)).toEqual([]);
    const late = await decide(shop.headers, key);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('topup_offer_closed');
    // Rejected again: the same answer, nothing more.
    expect((await decide(shop.headers, key, true)).body.data.sale.status).toBe('failed');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('23.17');
    await checkInvariants(ctx);
  });

  it('a confirmed top-up cannot be rejected', async () => {
    const shop = await shopWith('Offer Late Reject Shop');
    const key = await transactionKey(ctx, shop.headers);
    await offer3(shop.headers, key);
    expect((await decide(shop.headers, key)).status).toBe(200);
    const res = await decide(shop.headers, key, true);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('topup_offer_closed');
    expect(await ledgerKinds(key)).toEqual(['provider_reservation']);
  });

  it('the expiry sweep cancels an offer past its confirmation_expiration_date (DT One: 1007005) with no entry', async () => {
    const shop = await shopWith('Offer Expiry Shop');
    const key = await transactionKey(ctx, shop.headers);
    expect((await offer3(shop.headers, key)).status).toBe(200);
    const sales = ctx.app.services.topup.sales;
    if (!sales) throw new Error('no DT One');
    // Not yet expired: the sweep leaves it open.
    await sales.expireOffers();
    expect((await status(shop.headers, key)).offer_state).toBe('offered');
    ctx.clock.advance(3_600_000 + 1_000);
    await sales.expireOffers();
    const sale = await status(shop.headers, key);
    expect(sale).toMatchObject({ status: 'failed', offer_state: 'expired', provider_status: 'CANCELLED' });
    expect(sim.sent().at(-1)).toMatchObject({ status: 400, code: 1007005 });
    expect(await ledgerKinds(key)).toEqual([]);
    const late = await decide(shop.headers, key);
    expect(late.body.code).toBe('topup_offer_closed');
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('23.17');
    await checkInvariants(ctx);
  });

  it('a cancel refused 1007007 (DT One confirmed it, not us): followed, held for the superadmin, never charged', async () => {
    const shop = await shopWith('Offer Confirmed Elsewhere Shop');
    const key = await transactionKey(ctx, shop.headers);
    await offer3(shop.headers, key);
    // Someone confirmed it at DT One (not the portal, which reserves first).
    const t = await atDtOne(key);
    await dtOne.confirmTransaction(t?.id as number);
    const res = await decide(shop.headers, key, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(sim.sent().some((a) => a.code === 1007007)).toBe(true);
    const [row] = (
      await ctx.db.execute<{ status: string; hold_reason: string | null }>(
        sql`select status, hold_reason from provider_sales where external_id = ${externalIdOf(key)}`,
      )
    ).rows;
    expect(row).toEqual({ status: 'pending', hold_reason: 'confirmed_without_reservation' });
    expect(await ledgerKinds(key)).toEqual([]);
    // The superadmin cannot make the shop pay for it; settled as failed, it ends with no entry. (Signed in now: the
    // earlier tests moved the clock past any session made in beforeAll.)
    const superadmin = (await signIn(ctx, 'superadmin')) as Headers;
    const saleId = res.body.data.sale.sale_id;
    const follow = await post(
      ctx.app,
      '/api/resolve_held_top_up/',
      { sale_id: saleId, resolution: 'follow' },
      superadmin,
    );
    expect(follow.body.code).toBe('topup_offer_closed');
    const failed = await post(
      ctx.app,
      '/api/resolve_held_top_up/',
      { sale_id: saleId, resolution: 'failed' },
      superadmin,
    );
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body.data.status).toBe('failed');
    expect(await ledgerKinds(key)).toEqual([]);
    expect((await balanceOf(ctx, shop.customerId)).toFixed(2)).toBe('23.17');
    await checkInvariants(ctx);
  });
});
