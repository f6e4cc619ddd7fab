import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { createProduct, createSupplier, importPins, makePins } from '../inventory/inventory.fixtures.ts';

/**
 * DOMAIN.md: "a plan that makes anyone's margin negative is refused, judged against the highest cost
 * among the configuration's stock for sale". The reseller's 10 € card has a lot bought at 5 % (cost
 * 9.50) and one at 8 % (cost 9.20); the platform's 20 € card a lot at 10 % (cost 18.00).
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: Record<string, string>;
let reseller: Record<string, string>;
let own: number;
let platform: number;

const slab = async (headers: Record<string, string>, name: string, configurationId: number, discount: string) => {
  const res = await post(
    ctx.app,
    '/api/add_discount_plan/',
    { name, items: [{ configuration_id: configurationId, discount }] },
    headers,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.discount_slab_id as number;
};
const pad = (headers: Record<string, string>, body: object) =>
  post(ctx.app, '/api/add_update_delete_disable_pad/', body, headers);
const assignments = async (customerId: number, configurationId: number) => {
  const { rows } = await ctx.db.execute<{ active: boolean }>(
    sql`select is_active as active from product_assignments where customer_id = ${customerId} and configuration_id = ${configurationId}`,
  );
  return rows;
};

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  [admin, reseller] = await Promise.all([signIn(ctx, 'superadmin'), signIn(ctx, 'reseller')]);
  const card = await createProduct(ctx.app, reseller, { product_name: 'Own Card', pin_length: 12, values: ['10'] });
  own = card.configurations[0]!.id; // the one value asked
  const supplier = await createSupplier(ctx.app, reseller);
  await importPins(ctx.app, reseller, makePins(2, 12), {
    configuration_id: own,
    supplier_id: supplier.supplier_id,
    buying_discount: '5',
    import_batch: 'HIGH',
  });
  await importPins(ctx.app, reseller, makePins(2, 12), {
    configuration_id: own,
    supplier_id: supplier.supplier_id,
    buying_discount: '8',
    import_batch: 'LOW',
  });
  const platformCard = await createProduct(ctx.app, admin, {
    product_name: 'Platform Card',
    pin_length: 12,
    values: ['20'],
  });
  platform = platformCard.configurations[0]!.id;
  const platformSupplier = await createSupplier(ctx.app, admin);
  await importPins(ctx.app, admin, makePins(2, 12), {
    configuration_id: platform,
    supplier_id: platformSupplier.supplier_id,
    buying_discount: '10',
  });
});
afterAll(async () => ctx.close());

describe('a plan below the cost of the stock for sale', () => {
  let fair: number;

  it('is refused for a shop whose price falls below the highest cost (422, field and rule named)', async () => {
    const tight = await slab(reseller, 'Shop Tight', own, '6');
    const res = await pad(reseller, {
      customer_id: ids.seller,
      action: 'assign',
      configuration_ids: [own],
      discount_plan_id: tight,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'discount', rule: 'negative_margin' })]);
    // 10 € − 6 % = 9.40 is below 9.50, the cost of the dearer lot, although above the cheaper lot's 9.20.
    expect(res.body.code).toBe('price_below_cost');
    expect(res.body.params).toEqual({
      customer: 'Demo Shop Berlin',
      product: 'Own Card',
      value: '10.00',
      price: '9.40',
      cost: '9.50',
      more: 0,
    });
    expect(res.body.message).toMatch(
      /discount: makes the reseller's margin negative: Demo Shop Berlin would pay 9\.40 .*costs up to 9\.50/,
    );
    expect(await assignments(ids.seller, own)).toEqual([]);
  });

  it('accepts a shop price equal to the highest cost, and refuses a slab change below it', async () => {
    fair = await slab(reseller, 'Shop Fair', own, '5');
    const res = await pad(reseller, {
      customer_id: ids.seller,
      action: 'assign',
      configuration_ids: [own],
      discount_plan_id: fair,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const change = await post(
      ctx.app,
      '/api/update_configuration_slab/',
      { discount_slab_id: fair, items: [{ configuration_id: own, discount: '5.5' }] },
      reseller,
    );
    expect(change.status).toBe(422);
    expect(change.body.errors[0]).toMatchObject({ field: 'discount', rule: 'negative_margin' });
    expect(change.body).toMatchObject({ code: 'price_below_cost', params: { price: '9.45', cost: '9.50' } });
    const kept = await post(ctx.app, '/api/view_discount_plan/', { discount_slab_id: fair }, reseller);
    // Its own price for its own stock is the dearer lot's cost, so a 5 % shop price leaves it nothing.
    expect(
      kept.body.data.configurations.find((c: { configuration_id: number }) => c.configuration_id === own),
    ).toMatchObject({ discount: '5.00', price: '9.50', own_price: '9.50', margin: '0.00' });
    const padRow = (
      await post(ctx.app, '/api/view_pad/', { customer_id: ids.seller }, reseller)
    ).body.data.pad_list.find((r: { configuration_id: number }) => r.configuration_id === own);
    expect(padRow).toMatchObject({ price: '9.50', own_price: '9.50', margin: '0.00' });
  });

  it('is judged against the stock for sale only: unpublishing the dear lot lets the change through', async () => {
    const unpublish = await post(
      ctx.app,
      '/api/update_batch_status/',
      { configuration_id: own, batch: 'HIGH', publish: 0 },
      reseller,
    );
    expect(unpublish.body.data.changed_pins).toBe(2);
    const change = await post(
      ctx.app,
      '/api/update_configuration_slab/',
      { discount_slab_id: fair, items: [{ configuration_id: own, discount: '5.5' }] },
      reseller,
    );
    expect(change.status, JSON.stringify(change.body)).toBe(200);
  });

  it('never refuses disabling a broken assignment, and refuses enabling it again', async () => {
    // Publishing the dear lot again breaks the 9.45 price; taking the assignment away stays possible.
    await post(ctx.app, '/api/update_batch_status/', { configuration_id: own, batch: 'HIGH', publish: 1 }, reseller);
    const disable = await pad(reseller, { customer_id: ids.seller, action: 'disable', configuration_ids: [own] });
    expect(disable.status).toBe(200);
    const enable = await pad(reseller, { customer_id: ids.seller, action: 'enable', configuration_ids: [own] });
    expect(enable.status).toBe(422);
    expect(enable.body.errors[0].rule).toBe('negative_margin');
    expect(await assignments(ids.seller, own)).toEqual([{ active: false }]);
  });

  it("is refused for a reseller whose price for platform stock falls below the platform's cost", async () => {
    const thin = await slab(admin, 'Reseller Thin', platform, '12');
    const res = await pad(admin, {
      customer_id: ids.reseller,
      action: 'assign',
      configuration_ids: [platform],
      discount_plan_id: thin,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'discount', rule: 'negative_margin' });
    expect(res.body.message).toMatch(
      /the stock owner's margin negative: Demo Reseller GmbH would pay 17\.60 .*costs up to 18\.00/,
    );
    expect(res.body).toMatchObject({
      code: 'price_below_cost',
      params: {
        customer: 'Demo Reseller GmbH',
        product: 'Platform Card',
        value: '20.00',
        price: '17.60',
        cost: '18.00',
      },
    });
    const even = await slab(admin, 'Reseller Even', platform, '10');
    expect(
      (
        await pad(admin, {
          customer_id: ids.reseller,
          action: 'assign',
          configuration_ids: [platform],
          discount_plan_id: even,
        })
      ).status,
    ).toBe(200);
  });

  it("checks a default slab change too: the reseller's assignment without a plan follows it", async () => {
    expect(
      (
        await pad(admin, {
          customer_id: ids.reseller,
          action: 'update',
          configuration_ids: [platform],
          discount_plan_id: null,
        })
      ).status,
    ).toBe(200);
    const thin = await slab(admin, 'Reseller Default Thin', platform, '11');
    const res = await post(
      ctx.app,
      '/api/edit_customer/',
      { customer_id: ids.reseller, discount_slab_id: thin },
      admin,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors[0].rule).toBe('negative_margin');
  });
});
