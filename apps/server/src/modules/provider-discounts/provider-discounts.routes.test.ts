import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { type Headers, newShop, signInOnce } from '../selling/selling.fixtures.ts';

/**
 * Each customer's discount per provider (decision 0107): who may read and set whose, the refusals, and what the
 * sales of a shop are priced with. The platform's defaults are the test environment's: DT One and direct recharge
 * 4 % / 2 %, bus tickets 6 % / 3 %.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof insertOtherTenant>>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  other = await insertOtherTenant(ctx.db, ids.platform);
}, 120_000);
afterAll(async () => ctx.close());

const URL = '/api/provider_discounts/';
const call = (h: Headers, customer_id: number, discounts?: object[]) =>
  post(ctx.app, URL, discounts ? { customer_id, discounts } : { customer_id }, h);
const row = (body: { data: { discounts: { provider: string }[] } }, provider: string) =>
  body.data.discounts.find((d) => d.provider === provider);

describe('who may read and set whose provider discounts', () => {
  it.each([
    // [user, the platform's reseller, the reseller's shop, the other reseller, the other reseller's shop]
    ['superadmin', 200, 404, 200, 404],
    ['reseller', 404, 200, 404, 404],
    // Operator staff see only the customers assigned to them, like PAD.
    ['reseller-staff', 404, 404, 404, 404],
    ['other-reseller', 404, 404, 404, 200],
    ['seller', 403, 403, 403, 403],
    ['seller-staff', 403, 403, 403, 403],
    ['support', 403, 403, 403, 403],
  ] as const)('%s', async (user, reseller, shop, otherReseller, otherShop) => {
    const h = await signInOnce(ctx, user);
    expect((await call(h, ids.reseller)).status).toBe(reseller);
    expect((await call(h, ids.seller)).status).toBe(shop);
    expect((await call(h, other.reseller.customerId)).status).toBe(otherReseller);
    expect((await call(h, other.shop.customerId)).status).toBe(otherShop);
    // Setting is refused exactly where reading is, and changes nothing there.
    const set = await call(h, ids.seller, [{ provider: 'flixbus', discount: '1' }]);
    expect(set.status).toBe(shop);
  });

  it('refuses without a session, and an operator without has_assign_product', async () => {
    expect((await post(ctx.app, URL, { customer_id: ids.seller })).status).toBe(401);
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_assign_product') where username = 'other-reseller'`,
    );
    const h = await signInOnce(ctx, 'other-reseller');
    expect((await call(h, other.shop.customerId)).status).toBe(403);
    await ctx.db.execute(
      sql`update users set features = array_append(features, 'has_assign_product') where username = 'other-reseller'`,
    );
  });
});

describe('setting discounts', () => {
  it('shows the platform default until one is assigned, and null brings the default back', async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const shop = await newShop(ctx, 'Discount Defaults Shop');
    const reseller = await signInOnce(ctx, 'reseller');
    const before = await call(reseller, shop.customerId);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(row(before.body, 'dtone')).toEqual({
      provider: 'dtone',
      assigned: null,
      default_discount: '2.00',
      effective: '2.00',
      own_discount: '4.00',
    });
    const set = await call(reseller, shop.customerId, [{ provider: 'dtone', discount: '3.25' }]);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(row(set.body, 'dtone')).toMatchObject({ assigned: '3.25', effective: '3.25' });
    const back = await call(reseller, shop.customerId, [{ provider: 'dtone', discount: null }]);
    expect(row(back.body, 'dtone')).toMatchObject({ assigned: null, effective: '2.00' });
    // The platform's view of its reseller: the reseller default, no ceiling of its own.
    expect(row((await call(admin, ids.reseller)).body, 'flixbus')).toEqual({
      provider: 'flixbus',
      assigned: null,
      default_discount: '6.00',
      effective: '6.00',
      own_discount: null,
    });
  });

  it('refuses a reseller’s discount for its shop above its own, naming both, and sets nothing of the request', async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const reseller = await signInOnce(ctx, 'reseller');
    const shop = await newShop(ctx, 'Discount Ceiling Shop');
    expect((await call(admin, ids.reseller, [{ provider: 'direct_recharge', discount: '5.5' }])).status).toBe(200);
    const above = await call(reseller, shop.customerId, [
      { provider: 'dtone', discount: '1' },
      { provider: 'direct_recharge', discount: '5.51' },
    ]);
    expect(above.status).toBe(422);
    expect(above.body).toMatchObject({
      code: 'discount_above_own',
      params: { provider: 'direct_recharge', discount: '5.51', own_discount: '5.50' },
      errors: [{ field: 'discounts.1.discount', rule: 'discount_above_own' }],
    });
    expect(row((await call(reseller, shop.customerId)).body, 'dtone')).toMatchObject({ assigned: null });
    // Up to its own is fine; the platform lowering the reseller's later caps what the shop gets.
    expect((await call(reseller, shop.customerId, [{ provider: 'direct_recharge', discount: '5.5' }])).status).toBe(
      200,
    );
    expect((await call(admin, ids.reseller, [{ provider: 'direct_recharge', discount: '4.75' }])).status).toBe(200);
    expect(row((await call(reseller, shop.customerId)).body, 'direct_recharge')).toMatchObject({
      assigned: '5.50',
      effective: '4.75',
      own_discount: '4.75',
    });
  });

  it.each([
    ['above 100', '100.01', 'discount_cents'],
    ['negative', '-1', 'discount_negative'],
    ['three decimals', '2.125', 'discount_cents'],
    ['not a number', 'ten', 'discount_cents'],
  ])('refuses a discount %s', async (_what, discount, rule) => {
    const admin = await signInOnce(ctx, 'superadmin');
    const res = await call(admin, ids.reseller, [{ provider: 'dtone', discount }]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'validation_failed', errors: [{ field: 'discounts.0.discount', rule }] });
  });

  it('refuses an unknown provider', async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const res = await call(admin, ids.reseller, [{ provider: 'softpin', discount: '1' }]);
    expect(res.status).toBe(422);
  });
});
