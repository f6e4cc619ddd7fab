import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import type { Actor } from '../../platform/actor.ts';
import { createDtOneClient } from '../../providers/dtone/client.ts';
import { createTopupCatalogueService } from './catalogue.service.ts';

let ctx: TestContext;
let headers: Record<string, Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const users = ['seller', 'seller-staff', 'support', 'reseller', 'superadmin'];
  const signed = await Promise.all(users.map((u) => signIn(ctx, u)));
  headers = Object.fromEntries(users.map((u, i) => [u, signed[i] as Record<string, string>]));
}, 120_000);
afterAll(async () => ctx.close());

describe('/api/dt_one/ against the simulator the portal started', () => {
  it('looks a number up (page 1, 100 per page) and lists its operator’s products without the provider cost', async () => {
    const lookup = await post(
      ctx.app,
      '/api/dt_one/',
      { configuration: 1, mobile_number: '+905321234100' },
      headers.seller,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({ page: 1, per_page: 100, products: [] });
    expect(lookup.body.data.operators[0]).toMatchObject({ id: 1001, country_iso_code: 'TUR', identified: true });

    const products = await post(ctx.app, '/api/dt_one/', { configuration: '2', operator_id: 1001 }, headers.seller);
    expect(products.status).toBe(200);
    expect(products.body.data.products.length).toBe(3);
    expect(products.body.data.products[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      description: expect.any(String),
      operator_id: 1001,
      operator_name: 'Turkcell Turkey',
      destination_amount: '150',
      destination_unit: 'TRY',
      retail_price: '5.00',
      price: '4.90',
    });
  });

  it('answers an unknown number with no operators', async () => {
    const res = await post(
      ctx.app,
      '/api/dt_one/',
      { configuration: '1', mobile_number: '+4930123456' },
      headers.seller,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.operators).toEqual([]);
  });

  it('refuses a call without configuration with “configuration is required”', async () => {
    const res = await post(ctx.app, '/api/dt_one/', { mobile_number: '+905321234100' }, headers.seller);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(JSON.stringify(res.body)).toContain('configuration is required');
  });

  it.each([
    ['seller', 200],
    ['seller-staff', 200],
    ['support', 200],
    ['reseller', 403],
    ['superadmin', 403],
  ])('%s gets %i', async (user, status) => {
    const res = await post(ctx.app, '/api/dt_one/', { configuration: '2', country_iso_code: 'MAR' }, headers[user]);
    expect(res.status).toBe(status);
  });

  it('refuses without a session', async () => {
    expect((await post(ctx.app, '/api/dt_one/', { configuration: '2', country_iso_code: 'MAR' })).status).toBe(401);
  });
});

describe('DT One not answering', () => {
  it('is a provider_unavailable refusal, not a failure', async () => {
    const dtOne = createDtOneClient({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      apiSecret: 's',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    const service = createTopupCatalogueService({
      dtOne,
      providerSales: {
        findShopChain: async () => ({ shopId: 3, resellerId: 2, platformId: 1, maskSellerDiscount: false }),
        findWithdrawnProducts: async () => new Set<number>(),
      },
      discounts: async () => ({ reseller: '4', seller: '2' }),
      clock: { now: () => new Date() },
    });
    const actor = { customerId: 1, internal_role: 0 } as Actor;
    await expect(service.query(actor, { configuration: '2', country_iso_code: 'TUR', page: 1 })).rejects.toMatchObject({
      code: 'provider_unavailable',
      status: 503,
    });
  });
});
