import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { productConfigurations, products } from '../../db/schema/products.ts';
import { DEMO_SLABS } from '../../seed.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let h: Record<string, Record<string, string>>;
let otherShop: number;
const cfg: Record<string, number> = {};

/** Products come from the catalogue issue; here they are inserted directly. */
async function product(owner: number, name: string, values: string[]) {
  const [p] = await ctx.db
    .insert(products)
    .values({ ownerCustomerId: owner, productType: 'cash_card', productName: name, pinLength: 12 })
    .returning({ id: products.id });
  for (const value of values) {
    const [c] = await ctx.db
      .insert(productConfigurations)
      .values({ productId: p!.id, value }) // insert … returning of one row
      .returning({ id: productConfigurations.id });
    cfg[`${name} ${value}`] = c!.id;
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  const other = await insertOtherTenant(ctx.db, ids.platform);
  otherShop = other.shop.customerId;
  await product(ids.platform, 'Platform Card', ['10', '20']);
  await product(ids.reseller, 'Reseller Card', ['15']);
  await product(other.reseller.customerId, 'Other Card', ['5']);
  h = {};
  for (const u of ['superadmin', 'reseller', 'reseller-staff', 'seller', 'seller-staff', 'other-reseller']) {
    h[u] = await signIn(ctx, u);
  }
});
afterAll(async () => ctx.close());

const slabIds: Record<string, number> = {};

describe('discount slabs', () => {
  it('lets the platform price its stock for resellers', async () => {
    const res = await post(
      ctx.app,
      '/api/add_discount_plan/',
      {
        name: 'Reseller Gold',
        items: [
          { configuration_id: cfg['Platform Card 10'], discount: '6' },
          { configuration_id: cfg['Platform Card 20'], discount: 5 },
        ],
      },
      h.superadmin,
    );
    expect(res.status).toBe(200);
    slabIds.gold = res.body.data.discount_slab_id;
    expect(res.body.data.configurations).toEqual([
      expect.objectContaining({ configuration_id: cfg['Platform Card 10'], discount: '6.00', price: '9.40' }),
      expect.objectContaining({ configuration_id: cfg['Platform Card 20'], discount: '5.00', price: '19.00' }),
    ]);
  });

  it('refuses a negative discount, a foreign configuration and a missing slab', async () => {
    const negative = await post(
      ctx.app,
      '/api/add_discount_plan/',
      { name: 'Bad', items: [{ configuration_id: cfg['Reseller Card 15'], discount: '-1' }] },
      h.reseller,
    );
    expect(negative.status).toBe(422);
    expect(negative.body.errors[0]).toMatchObject({ field: 'items.0.discount' });
    expect(negative.body.message).toMatch(/Discount value must not be negative/);
    const foreign = await post(
      ctx.app,
      '/api/add_discount_plan/',
      { name: 'Bad', items: [{ configuration_id: cfg['Other Card 5'], discount: '1' }] },
      h.reseller,
    );
    expect(foreign.body.errors).toEqual([
      { field: 'items.0', rule: 'not_found', message: 'items.0: no such configuration' },
    ]);
    // Platform stock not (yet) assigned to the reseller is not its to price.
    const unassigned = await post(
      ctx.app,
      '/api/add_discount_plan/',
      { name: 'Bad', items: [{ configuration_id: cfg['Platform Card 10'], discount: '1' }] },
      h.reseller,
    );
    expect(unassigned.status).toBe(422);
    const noSlab = await post(ctx.app, '/api/update_configuration_slab/', { items: [] }, h.reseller);
    expect(noSlab.status).toBe(422);
    expect(noSlab.body.message).toMatch(/a discount slab must be chosen/);
  });
});

describe('product assignment', () => {
  it('assigns platform configurations to a reseller with a plan', async () => {
    const res = await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      {
        customer_id: ids.reseller,
        action: 'assign',
        configuration_ids: [cfg['Platform Card 10'], cfg['Platform Card 20']],
        discount_plan_id: slabIds.gold,
      },
      h.superadmin,
    );
    expect(res.status).toBe(200);
    expect(
      res.body.data.pad_list.map((r: { assigned: number; discount: string }) => `${r.assigned} ${r.discount}`),
    ).toEqual(['1 6.00', '1 5.00']);
    // The platform's plans: the demo's two and its own.
    expect(res.body.data.discount_plans.map((p: { name: string }) => p.name).sort()).toEqual(
      [...DEMO_SLABS, 'Reseller Gold'].sort(),
    );
  });

  it('lets the reseller price its own and its assigned stock, and assign both to its shop', async () => {
    const slab = await post(
      ctx.app,
      '/api/add_discount_plan/',
      {
        name: 'Shop Standard',
        items: [
          { configuration_id: cfg['Platform Card 10'], discount: '4' },
          { configuration_id: cfg['Reseller Card 15'], discount: '3' },
        ],
      },
      h.reseller,
    );
    expect(slab.status).toBe(200);
    slabIds.standard = slab.body.data.discount_slab_id;
    expect(slab.body.data.configurations.map((c: { configuration_id: number }) => c.configuration_id).sort()).toEqual(
      [cfg['Platform Card 10'], cfg['Platform Card 20'], cfg['Reseller Card 15']].sort(),
    );
    const res = await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      {
        customer_id: ids.seller,
        action: 'assign',
        configuration_ids: [cfg['Platform Card 10'], cfg['Reseller Card 15']],
        discount_plan_id: slabIds.standard,
      },
      h.reseller,
    );
    expect(res.status).toBe(200);
    const view = await post(ctx.app, '/api/view_pad/', { customer_id: ids.seller }, h.reseller);
    const rows = Object.fromEntries(
      view.body.data.pad_list.map((r: { configuration_id: number }) => [r.configuration_id, r]),
    );
    // Beside the shop's price, what the reseller pays itself (6 % off platform stock) and keeps; its own card has
    // no stock for sale, so its cost is unknown. cfg holds every configuration beforeAll made.
    expect(rows[cfg['Platform Card 10']!]).toMatchObject({
      assigned: 1,
      is_active: 1,
      discount: '4.00',
      price: '9.60',
      own_price: '9.40',
      margin: '0.20',
    });
    expect(rows[cfg['Reseller Card 15']!]).toMatchObject({
      assigned: 1,
      discount: '3.00',
      price: '14.55',
      own_price: null,
      margin: null,
    });
    expect(rows[cfg['Platform Card 20']!]).toMatchObject({ assigned: 0, discount: '0.00' });
    expect(rows[cfg['Other Card 5']!]).toBeUndefined();
  });

  it("refuses a plan that makes the reseller's margin negative, from either side", async () => {
    const shopSide = await post(
      ctx.app,
      '/api/update_configuration_slab/',
      { discount_slab_id: slabIds.standard, items: [{ configuration_id: cfg['Platform Card 10'], discount: '6.5' }] },
      h.reseller,
    );
    expect(shopSide.status).toBe(422);
    expect(shopSide.body.errors[0]).toMatchObject({ field: 'discount', rule: 'negative_margin' });
    // 10 € − 6.5 % = 9.35, less than the 9.40 its reseller pays.
    expect(shopSide.body.code).toBe('price_below_reseller');
    expect(shopSide.body.params).toEqual({
      customer: 'Demo Shop Berlin',
      product: 'Platform Card',
      value: '10.00',
      price: '9.35',
      discount: '6.50',
      reseller_discount: '6.00',
      more: 0,
    });
    expect(shopSide.body.message).toMatch(/less than its reseller pays \(6\.00 %\)$/);
    const platformSide = await post(
      ctx.app,
      '/api/update_configuration_slab/',
      { discount_slab_id: slabIds.gold, items: [{ configuration_id: cfg['Platform Card 10'], discount: '3' }] },
      h.superadmin,
    );
    expect(platformSide.status).toBe(422);
    expect(platformSide.body.errors[0].rule).toBe('negative_margin');
    expect(platformSide.body).toMatchObject({ code: 'price_below_reseller', params: { reseller_discount: '3.00' } });
    // Equal discounts leave a zero margin, which is allowed.
    const equal = await post(
      ctx.app,
      '/api/update_configuration_slab/',
      { discount_slab_id: slabIds.standard, items: [{ configuration_id: cfg['Platform Card 10'], discount: '6' }] },
      h.reseller,
    );
    expect(equal.status).toBe(200);
    // The refused changes left nothing behind.
    const gold = await post(ctx.app, '/api/view_discount_plan/', { discount_slab_id: slabIds.gold }, h.superadmin);
    expect(gold.body.data.configurations[0].discount).toBe('6.00');
    await post(
      ctx.app,
      '/api/update_configuration_slab/',
      { discount_slab_id: slabIds.standard, items: [{ configuration_id: cfg['Platform Card 10'], discount: '4' }] },
      h.reseller,
    );
  });

  it('checks a default slab too: an assignment without a plan follows it', async () => {
    const greedy = await post(
      ctx.app,
      '/api/add_discount_plan/',
      { name: 'Greedy', items: [{ configuration_id: cfg['Platform Card 20'], discount: '8' }] },
      h.reseller,
    );
    await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      {
        customer_id: ids.seller,
        action: 'assign',
        configuration_ids: [cfg['Platform Card 20']],
        discount_plan_id: null,
      },
      h.reseller,
    );
    const res = await post(
      ctx.app,
      '/api/edit_customer/',
      { customer_id: ids.seller, discount_slab_id: greedy.body.data.discount_slab_id },
      h.reseller,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors[0].rule).toBe('negative_margin');
  });

  it('shows what a shop may sell, hiding a masked discount from its staff', async () => {
    const own = await post(ctx.app, '/api/view_assigned_products/', {}, h.seller);
    const platform = own.body.data.products.find((p: { product_name: string }) => p.product_name === 'Platform Card');
    expect(platform.configurations.map((c: { value: string; price: string }) => `${c.value} ${c.price}`)).toEqual([
      '10.00 9.60',
      '20.00 20.00',
    ]);
    await ctx.db.execute(sql`update customers set mask_seller_discount = true where id = ${ids.seller}`);
    const staff = await post(ctx.app, '/api/view_assigned_products/', {}, h['seller-staff']);
    expect(staff.body.data.products[0].configurations[0]).toMatchObject({ discount: null, price: null });
    const manager = await post(ctx.app, '/api/view_assigned_products/', {}, h.seller);
    expect(manager.body.data.products[0].configurations[0].discount).not.toBeNull();
    const byOperator = await post(ctx.app, '/api/view_assigned_products/', { customer_id: ids.seller }, h.reseller);
    expect(byOperator.body.data.products).toHaveLength(2);
  });

  it('disables, enables and unassigns; unassigning from a reseller unassigns it from its shops', async () => {
    const disable = await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      { customer_id: ids.seller, action: 'disable', configuration_ids: [cfg['Reseller Card 15']] },
      h.reseller,
    );
    expect(
      disable.body.data.pad_list.find(
        (r: { configuration_id: number }) => r.configuration_id === cfg['Reseller Card 15'],
      ),
    ).toMatchObject({ assigned: 1, is_active: 0 });
    const own = await post(ctx.app, '/api/view_assigned_products/', {}, h.seller);
    expect(own.body.data.products.map((p: { product_name: string }) => p.product_name)).toEqual(['Platform Card']);
    const notAssigned = await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      { customer_id: ids.seller, action: 'enable', configuration_ids: [cfg['Platform Card 20'], cfg['Other Card 5']] },
      h.reseller,
    );
    expect(notAssigned.status).toBe(409);
    await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      { customer_id: ids.reseller, action: 'unassign', configuration_ids: [cfg['Platform Card 10']] },
      h.superadmin,
    );
    const after = await post(ctx.app, '/api/view_pad/', { customer_id: ids.seller }, h.reseller);
    expect(after.body.data.pad_list.map((r: { configuration_id: number }) => r.configuration_id)).not.toContain(
      cfg['Platform Card 10'],
    );
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from product_assignments where configuration_id = ${cfg['Platform Card 10']}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('product discounts report', () => {
  it("lists every customer's effective discount per product", async () => {
    const res = await post(ctx.app, '/api/product_discounts_list/', {}, h.reseller);
    expect(res.status).toBe(200);
    const rows = res.body.data.product_discounts;
    expect(
      rows.map((r: { customer_name: string; value: string; discount: string; discount_plan: string | null }) =>
        [r.customer_name, r.value, r.discount, r.discount_plan].join(' | '),
      ),
    ).toEqual(['Demo Shop Berlin | 20.00 | 0.00 | ', 'Demo Shop Berlin | 15.00 | 3.00 | Shop Standard']);
    expect(res.body.data.filters.total_count).toBe(2);
    const platform = await post(ctx.app, '/api/product_discounts_list/', {}, h.superadmin);
    expect(platform.body.data.product_discounts.map((r: { customer_name: string }) => r.customer_name)).toEqual([
      'Demo Reseller GmbH',
    ]);
  });
});

describe('who may assign and price', () => {
  it('answers 403 to shops and to operators without the flag', async () => {
    for (const [url, body] of [
      ['/api/view_pad/', { customer_id: ids.seller }],
      ['/api/add_update_delete_disable_pad/', { customer_id: ids.seller, action: 'disable', configuration_ids: [1] }],
      ['/api/view_discount_plan/', {}],
      ['/api/add_discount_plan/', { name: 'x' }],
      ['/api/update_configuration_slab/', { discount_slab_id: 1 }],
      ['/api/product_discounts_list/', {}],
    ] as const) {
      expect((await post(ctx.app, url, body, h.seller)).status, url).toBe(403);
    }
    expect((await post(ctx.app, '/api/view_assigned_products/', { customer_id: otherShop }, h.seller)).status).toBe(
      403,
    );
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_assign_product') where username = 'reseller'`,
    );
    expect((await post(ctx.app, '/api/view_pad/', { customer_id: ids.seller }, h.reseller)).status).toBe(403);
    expect((await post(ctx.app, '/api/view_assigned_products/', { customer_id: ids.seller }, h.reseller)).status).toBe(
      403,
    );
    await ctx.db.execute(
      sql`update users set features = features || '{has_assign_product}' where username = 'reseller'`,
    );
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_discount_slab') where username = 'reseller'`,
    );
    expect((await post(ctx.app, '/api/view_discount_plan/', {}, h.reseller)).status).toBe(403);
    await ctx.db.execute(
      sql`update users set features = features || '{has_discount_slab}' where username = 'reseller'`,
    );
  });

  it("answers 404 for another reseller's customers and slabs", async () => {
    const other = h['other-reseller'];
    expect((await post(ctx.app, '/api/view_pad/', { customer_id: ids.seller }, other)).status).toBe(404);
    expect(
      (
        await post(
          ctx.app,
          '/api/add_update_delete_disable_pad/',
          { customer_id: ids.seller, action: 'disable', configuration_ids: [cfg['Reseller Card 15']] },
          other,
        )
      ).status,
    ).toBe(404);
    expect((await post(ctx.app, '/api/view_assigned_products/', { customer_id: ids.seller }, other)).status).toBe(404);
    expect(
      (await post(ctx.app, '/api/view_discount_plan/', { discount_slab_id: slabIds.standard }, other)).status,
    ).toBe(404);
    expect(
      (await post(ctx.app, '/api/update_configuration_slab/', { discount_slab_id: slabIds.standard, items: [] }, other))
        .status,
    ).toBe(404);
    const mine = await post(ctx.app, '/api/view_pad/', { customer_id: otherShop }, other);
    expect(mine.body.data.pad_list.map((r: { product_name: string }) => r.product_name)).toEqual(['Other Card']);
    // Its own slab cannot be used by someone else's assignment.
    expect(
      (
        await post(
          ctx.app,
          '/api/add_update_delete_disable_pad/',
          {
            customer_id: otherShop,
            action: 'assign',
            configuration_ids: [cfg['Other Card 5']],
            discount_plan_id: slabIds.standard,
          },
          other,
        )
      ).body.errors[0].field,
    ).toBe('discount_plan_id');
    // Staff of a reseller see only their assigned customers.
    expect((await post(ctx.app, '/api/view_pad/', { customer_id: ids.seller }, h['reseller-staff'])).status).toBe(404);
  });
});
