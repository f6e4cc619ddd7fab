import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { DEMO_SLABS } from '../../seed.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';

/**
 * The pool PAD screen (`/inventory/pool/pad/{poolId}`) reads `/api/view_pad/` by product: every
 * customer of the operator with its assignments of the pool's denominations, and assigns through
 * `/api/add_update_delete_disable_pad/` like any other PAD.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let h: Record<'admin' | 'reseller' | 'other', Record<string, string>>;
let pool: { pool_id: number; product_id: number; configurations: { id: number; value: string }[] };
let gold: number;

type Cell = { configuration_id: number; assigned: number; discount_plan: string | null; price: string };
type Row = { name: string; assignments: Cell[] };
const rowOf = (rows: Row[], name: string) => rows.find((r) => r.name === name)!;

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  await insertOtherTenant(ctx.db, ids.platform);
  const [admin, reseller, other] = await Promise.all(
    ['superadmin', 'reseller', 'other-reseller'].map((u) => signIn(ctx, u)),
  );
  h = { admin: admin!, reseller: reseller!, other: other! }; // three names, three sessions
  const created = await post(
    ctx.app,
    '/api/add_pool/',
    { pool_name: 'PAD Pool', pin_length: 12, configurations: [{ value: '10' }, { value: '20' }] },
    admin,
  );
  pool = created.body.data;
  const slab = await post(
    ctx.app,
    '/api/add_discount_plan/',
    { name: 'Pool Gold', items: [{ configuration_id: pool.configurations[0]!.id, discount: '5' }] },
    admin,
  );
  gold = slab.body.data.discount_slab_id;
});
afterAll(async () => ctx.close());

describe('PAD by product (the pool PAD screen)', () => {
  it("lists every reseller with the pool's denominations, assigned or not, and the plans to choose", async () => {
    const res = await post(ctx.app, '/api/view_pad/', { product_id: pool.product_id }, h.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.product).toMatchObject({
      product_id: pool.product_id,
      product_name: 'PAD Pool',
      is_active: 1,
    });
    expect(res.body.data.product.configurations.map((c: { value: string }) => c.value)).toEqual(['10.00', '20.00']);
    expect(res.body.data.discount_plans.map((p: { name: string }) => p.name).sort()).toEqual(
      [...DEMO_SLABS, 'Pool Gold'].sort(),
    );
    expect(res.body.data.filters).toMatchObject({ page: 1, total_count: 2, product_id: pool.product_id });
    const rows: Row[] = res.body.data.pad_customers;
    expect(rows.map((r) => r.name)).toEqual(['Demo Reseller GmbH', 'Other Reseller AG']);
    expect(rows[0]!.assignments.map((c) => c.assigned)).toEqual([0, 0]);
  });

  it('shows an assignment with its plan, discount and price once made', async () => {
    const assign = await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      {
        customer_id: ids.reseller,
        action: 'assign',
        configuration_ids: [pool.configurations[0]!.id],
        discount_plan_id: gold,
      },
      h.admin,
    );
    expect(assign.status).toBe(200);
    const res = await post(ctx.app, '/api/view_pad/', { product_id: pool.product_id }, h.admin);
    const demo = rowOf(res.body.data.pad_customers, 'Demo Reseller GmbH');
    expect(demo.assignments[0]).toEqual({
      configuration_id: pool.configurations[0]!.id,
      assigned: 1,
      is_active: 1,
      discount_plan_id: gold,
      discount_plan: 'Pool Gold',
      discount: '5.00',
      price: '9.50',
    });
    expect(demo.assignments[1]).toMatchObject({ assigned: 0, price: '20.00' });
    expect(rowOf(res.body.data.pad_customers, 'Other Reseller AG').assignments.map((c) => c.assigned)).toEqual([0, 0]);
    const searched = await post(
      ctx.app,
      '/api/view_pad/',
      { product_id: pool.product_id, search_text: 'other' },
      h.admin,
    );
    expect(searched.body.data.pad_customers.map((r: Row) => r.name)).toEqual(['Other Reseller AG']);
    expect(searched.body.data.filters).toMatchObject({ total_count: 1, search_text: 'other' });
    // The reseller now sells the pool's 10 € denomination.
    const products = await post(ctx.app, '/api/view_products/', { search_text: 'PAD Pool' }, h.reseller);
    expect(products.body.data.products).toEqual([
      expect.objectContaining({ product_id: pool.product_id, assigned: 1, configuration_count: 1 }),
    ]);
  });

  it("limits one customer's PAD to the product with product_id", async () => {
    const res = await post(
      ctx.app,
      '/api/view_pad/',
      { customer_id: ids.reseller, product_id: pool.product_id },
      h.admin,
    );
    expect(res.body.data.pad_list.map((r: { configuration_id: number }) => r.configuration_id)).toEqual(
      pool.configurations.map((c) => c.id),
    );
  });

  it('answers 404 for a product the operator neither owns nor was assigned, and 422 without either id', async () => {
    expect((await post(ctx.app, '/api/view_pad/', { product_id: pool.product_id }, h.other)).status).toBe(404);
    // The demo reseller may hand on the denomination assigned to it, to its own shops.
    const mine = await post(ctx.app, '/api/view_pad/', { product_id: pool.product_id }, h.reseller);
    expect(mine.body.data.product.configurations.map((c: { value: string }) => c.value)).toEqual(['10.00']);
    expect(mine.body.data.pad_customers.map((r: Row) => r.name)).toEqual(['Demo Shop Berlin']);
    const none = await post(ctx.app, '/api/view_pad/', {}, h.admin);
    expect(none.status).toBe(422);
    expect(none.body.errors[0].field).toBe('customer_id');
  });
});
