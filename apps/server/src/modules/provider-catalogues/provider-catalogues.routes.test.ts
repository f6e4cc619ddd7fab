import type { ProviderHealth, ProviderOffer } from '@portal/contract/provider-catalogues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { manualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type DirectRechargeClient,
  DirectRechargeRefusal,
  DirectRechargeUnreachable,
} from '../../providers/direct-recharge/client.ts';
import type { FlixbusClient } from '../../providers/flixbus/client.ts';
import type { SoftPinClient } from '../../providers/softpin/client.ts';
import { type Headers, signInOnce } from '../selling/selling.fixtures.ts';
import { createProviderCataloguesService } from './provider-catalogues.service.ts';

/**
 * The superadmin's provider catalogues (issue 40, decision 0144) against the simulators the test app starts, with
 * default reseller discounts that do not divide evenly (4.35 % for DT One, 3.7 % for direct recharge, 5.5 % for
 * bus tickets), so every price is the platform's rounding of F × (1 − d), half-up to the cent.
 */
let ctx: TestContext;
let superadmin: Headers;

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      LOG_LEVEL: 'error',
      DT_ONE_RESELLER_DISCOUNT: '4.35',
      DIRECT_RECHARGE_RESELLER_DISCOUNT: '3.7',
      FLIXBUS_RESELLER_DISCOUNT: '5.5',
    },
  });
  superadmin = await signInOnce(ctx, 'superadmin');
}, 60_000);
afterAll(async () => ctx?.close());

async function offers(query: string) {
  const res = await get(ctx.app, `/api/provider_offers/?${query}`, superadmin);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { offers: ProviderOffer[]; filters: Record<string, number>; pricing: string };
}

describe('who may read the provider catalogues', () => {
  it('answers the superadmin and refuses every other role, as the screen rule does', async () => {
    const calls = ['/api/provider_offers/?provider=direct_recharge', '/api/provider_health/'];
    for (const [who, status] of [
      ['superadmin', 200],
      ['reseller', 403],
      ['reseller-staff', 403],
      ['seller', 403],
      ['seller-staff', 403],
      ['support', 403],
    ] as const) {
      const headers = await signInOnce(ctx, who);
      for (const url of calls) expect((await get(ctx.app, url, headers)).status, `${who} ${url}`).toBe(status);
    }
    expect((await get(ctx.app, calls[1] as string)).status).toBe(401);
  });
});

describe('offers with cost and price', () => {
  it("prices DT One's catalogue in euro at the default reseller discount, filtered and paged by DT One", async () => {
    const page = await offers('provider=dtone&search=tur&limit=4');
    // Turkcell and Vodafone Turkey, three products each: DT One's own count, four on the first page.
    expect(page.filters).toMatchObject({ total_count: 6, total_pages: 2, page: 1, limit: 4 });
    expect(page.offers).toHaveLength(4);
    const five = page.offers.find((o) => o.name === 'Turkcell Turkey 5.00 EUR');
    // F 5.00, DT One's cost 4.75; R = 5.00 × 0.9565 = 4.7825 → 4.78.
    expect(five).toMatchObject({
      group: 'Turkcell Turkey',
      country: 'TUR',
      receives: '150 TRY',
      cost: '4.75',
      face_value: '5.00',
      reseller_discount: '4.35',
      reseller_price: '4.78',
      margin: '0.03',
      state: 'sold',
    });
    // R = 20.00 × 0.9565 = 19.13; cost 19.00.
    expect(page.offers.find((o) => o.name === 'Turkcell Turkey 20.00 EUR')).toMatchObject({
      reseller_price: '19.13',
      margin: '0.13',
    });
    const second = await offers('provider=dtone&search=TUR&limit=4&page=2');
    expect(second.offers.map((o) => o.group)).toEqual(['Vodafone Turkey', 'Vodafone Turkey']);
    const refused = await get(ctx.app, '/api/provider_offers/?provider=dtone&search=Turkey', superadmin);
    expect(refused.status).toBe(422);
  });

  it('searches and pages the direct recharge catalogue here, each product at cost and at R', async () => {
    const all = await offers('provider=direct_recharge&limit=4&page=3');
    expect(all.filters).toMatchObject({ total_count: 9, total_pages: 3, page: 3 });
    expect(all.offers).toHaveLength(1);
    const page = await offers('provider=direct_recharge&search=vodafone');
    expect(page.filters.total_count).toBe(3);
    // F 15.00, cost 14.25; R = 15.00 × 0.963 = 14.445 → 14.45 (half-up), margin 0.20.
    expect(page.offers.find((o) => o.face_value === '15.00')).toMatchObject({
      name: 'Vodafone Deutschland 15 €',
      country: 'DEU',
      cost: '14.25',
      reseller_discount: '3.70',
      reseller_price: '14.45',
      margin: '0.20',
      state: 'sold',
    });
    // F 25.00, cost 23.75; R = 24.075 → 24.08.
    expect(page.offers.find((o) => o.face_value === '25.00')).toMatchObject({
      reseller_price: '24.08',
      margin: '0.33',
    });
  });

  it("lists the soft-pin catalogue with the platform's configuration: sold, not set up, unavailable", async () => {
    const saved = await post(
      ctx.app,
      '/api/save_dynamic_product/',
      { provider_product_id: 5100, name: 'SimCash 10', product_type: 'cash_card', face_value: '10.49', enabled: true },
      superadmin,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await offers('provider=softpin&search=simcash&limit=100');
    expect(page.offers.find((o) => o.id === '5100')).toMatchObject({
      name: 'SimCash 10',
      group: 'SimCash',
      receives: '10.00 EUR',
      cost: '9.50',
      face_value: '10.49',
      reseller_discount: '0.00',
      reseller_price: '10.49',
      margin: '0.99',
      state: 'sold',
    });
    expect(page.offers.find((o) => o.id === '5101')).toMatchObject({
      cost: '23.75',
      face_value: null,
      reseller_price: null,
      state: 'not_configured',
    });
    expect(page.offers.find((o) => o.name === 'SimCash Out Of Stock 50 €')?.state).toBe('provider_unavailable');
  });

  it("lists FlixBus's cities, priced per booking at the default discount", async () => {
    const page = await offers('provider=flixbus&limit=100');
    expect(page.pricing).toBe('per_booking');
    expect(page).toMatchObject({ default_reseller_discount: '5.50' });
    expect(page.offers.length).toBeGreaterThan(1);
    expect(page.offers.every((o) => o.cost === null && o.reseller_price === null)).toBe(true);
    const one = page.offers[0] as ProviderOffer;
    const found = await offers(`provider=flixbus&search=${encodeURIComponent(one.name.slice(0, 4))}`);
    expect(found.offers.map((o) => o.id)).toContain(one.id);
    expect(found.filters.total_count).toBeLessThan(page.filters.total_count as number);
  });
});

describe('whether each provider answers', () => {
  it('checks every simulator live and remembers when each last answered', async () => {
    const res = await get(ctx.app, '/api/provider_health/', superadmin);
    expect(res.status).toBe(200);
    const rows: ProviderHealth[] = res.body.data.providers;
    expect(rows.map((r) => r.provider)).toEqual(['dtone', 'direct_recharge', 'softpin', 'flixbus']);
    for (const r of rows) {
      expect(r).toMatchObject({ state: 'ok', detail: null });
      expect(r.last_ok_at).toBe(r.checked_at);
    }
  });

  it('tells a provider that hangs, refuses, cannot be reached or is not set up, and keeps the last answer', async () => {
    let mode: 'ok' | 'hang' | 'refuse' | 'unreachable' = 'ok';
    const directRecharge = {
      listProducts: () => {
        if (mode === 'hang') return new Promise(() => undefined);
        if (mode === 'refuse') return Promise.reject(new DirectRechargeRefusal(401, 'invalid_api_key', 'bad key'));
        if (mode === 'unreachable') return Promise.reject(new DirectRechargeUnreachable(new Error('ECONNREFUSED')));
        return Promise.resolve([]);
      },
    } as unknown as DirectRechargeClient;
    const clock = manualClock(new Date('2026-11-27T09:15:00Z'));
    const service = createProviderCataloguesService({
      clock,
      dtOne: null,
      directRecharge,
      flixbus: null as FlixbusClient | null,
      softPin: null as SoftPinClient | null,
      softPinCatalogue: null,
      defaults: {
        dtone: { reseller: '4', seller: '2' },
        direct_recharge: { reseller: '4', seller: '2' },
        flixbus: { reseller: '6', seller: '3' },
      },
      healthTimeoutMs: 150,
    });
    const direct = async () => (await service.health()).providers.find((p) => p.provider === 'direct_recharge');

    const first = await service.health();
    expect(first.providers.find((p) => p.provider === 'dtone')).toMatchObject({ state: 'off', last_ok_at: null });
    expect(await direct()).toMatchObject({ state: 'ok', last_ok_at: '2026-11-27T09:15:00.000Z' });

    clock.set(new Date('2026-11-27T09:20:00Z'));
    mode = 'hang';
    const started = Date.now();
    expect(await direct()).toMatchObject({
      state: 'timeout',
      checked_at: '2026-11-27T09:20:00.000Z',
      last_ok_at: '2026-11-27T09:15:00.000Z',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    mode = 'refuse';
    expect(await direct()).toMatchObject({ state: 'refused', detail: 'invalid_api_key' });
    mode = 'unreachable';
    expect(await direct()).toMatchObject({ state: 'unreachable', detail: null });

    // Its catalogue is then the screen's error state, never an empty list.
    const refusal = await service.offers({ provider: 'direct_recharge', page: 1 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('provider_unavailable');
    const off = await service.offers({ provider: 'dtone', page: 1 }).catch((e: unknown) => e);
    expect((off as AppError).code).toBe('provider_unavailable');
  });
});
