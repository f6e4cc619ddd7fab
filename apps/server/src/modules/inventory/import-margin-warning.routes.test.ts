import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import {
  createProduct,
  createSupplier,
  makePins,
  postMultipart,
  uploadAndMap,
  waitForImport,
} from './inventory.fixtures.ts';

/**
 * DOMAIN.md: "approving an import whose cost breaks an existing plan warns the operator". The approval
 * itself happens; its answer lists the plans whose price the new cost per PIN is above.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: Record<string, string>;
let reseller: Record<string, string>;
let card: number;
let supplierId: number;

const approve = (url: string, importId: number, headers: Record<string, string>) =>
  post(ctx.app, url, { import_id: importId, cancel: 0, publish: 1 }, headers);

async function slab(headers: Record<string, string>, name: string, configurationId: number, discount: string) {
  const res = await post(
    ctx.app,
    '/api/add_discount_plan/',
    { name, items: [{ configuration_id: configurationId, discount }] },
    headers,
  );
  return res.body.data.discount_slab_id as number;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  [admin, reseller] = await Promise.all([signIn(ctx, 'superadmin'), signIn(ctx, 'reseller')]);
  card = (await createProduct(ctx.app, reseller, { product_name: 'Shop Card', pin_length: 12, values: ['10'] }))
    .configurations[0]!.id;
  supplierId = (await createSupplier(ctx.app, reseller)).supplier_id;
  // No stock yet, so nothing to judge the plan against: the shop pays 10 € − 6 % = 9.40.
  const plan = await slab(reseller, 'Shop Six', card, '6');
  const assigned = await post(
    ctx.app,
    '/api/add_update_delete_disable_pad/',
    { customer_id: ids.seller, action: 'assign', configuration_ids: [card], discount_plan_id: plan },
    reseller,
  );
  expect(assigned.status).toBe(200);
});
afterAll(async () => ctx.close());

describe('approving an import whose cost breaks a plan', () => {
  it('approves, and warns with the customer, plan, price and cost', async () => {
    const { importId } = await uploadAndMap(ctx.app, reseller, `${makePins(3, 12).join('\n')}\n`, {
      configuration_id: card,
      supplier_id: supplierId,
      buying_discount: '5',
    });
    const res = await approve('/api/upload_step_three/', importId, reseller);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'approved', imported_pins: 3 });
    expect(res.body.message).toBe('Import approved; its cost is above the price of 1 assignment(s)');
    expect(res.body.data.margin_warnings).toEqual([
      {
        customer_id: ids.seller,
        customer_name: 'Demo Shop Berlin',
        configuration_id: card,
        product_name: 'Shop Card',
        value: '10.00',
        discount_plan_id: expect.any(Number),
        discount_plan: 'Shop Six',
        from_default_slab: 0,
        discount: '6.00',
        price: '9.40',
        cost: '9.50',
      },
    ]);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from available_stock where configuration_id = ${card}`,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('does not warn when the cost stays below every price, nor on cancel', async () => {
    const cheap = await uploadAndMap(ctx.app, reseller, `${makePins(2, 12).join('\n')}\n`, {
      configuration_id: card,
      supplier_id: supplierId,
      buying_discount: '7',
    });
    const approved = await approve('/api/upload_step_three/', cheap.importId, reseller);
    expect(approved.body.data.margin_warnings).toEqual([]);
    expect(approved.body.message).toBe('Import approved');
    const dear = await uploadAndMap(ctx.app, reseller, `${makePins(2, 12).join('\n')}\n`, {
      configuration_id: card,
      supplier_id: supplierId,
      buying_discount: '0',
    });
    const cancelled = await post(ctx.app, '/api/upload_step_three/', { import_id: dear.importId, cancel: 1 }, reseller);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', margin_warnings: [] });
  });

  it('warns on a pool import about the resellers it is assigned to, not about a disabled assignment', async () => {
    const pool = await post(
      ctx.app,
      '/api/add_pool/',
      { pool_name: 'Warning Pool', pin_length: 12, configurations: [{ value: '20' }] },
      admin,
    );
    const poolConfig = pool.body.data.configurations[0].id as number;
    // The reseller pays 20 € − 8 % = 18.40 for the pool's PINs.
    const plan = await slab(admin, 'Reseller Eight', poolConfig, '8');
    await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      { customer_id: ids.reseller, action: 'assign', configuration_ids: [poolConfig], discount_plan_id: plan },
      admin,
    );
    const platformSupplier = (await createSupplier(ctx.app, admin, 'Pool Supplier')).supplier_id;
    const importPool = async () => {
      const up = await postMultipart(
        ctx.app,
        '/api/pool_upload_file/',
        { delimiter: ',' },
        { field: 'csv_file', filename: 'pool.csv', content: `${makePins(2, 12).join('\n')}\n` },
        admin,
      );
      const importId = up.body.data.import_id as number;
      const mapped = await post(
        ctx.app,
        '/api/pool_upload_file_step_two/',
        {
          pool_id: pool.body.data.pool_id,
          import_id: importId,
          configuration_id: poolConfig,
          supplier_id: platformSupplier,
          pin_sequence: 1,
          has_header: 0,
          buying_discount: '5',
        },
        admin,
      );
      expect(mapped.status).toBe(202);
      await waitForImport(ctx.app, admin, importId, '/api/pool_upload_file_step_three/');
      return importId;
    };
    const first = await approve('/api/pool_upload_file_step_three/', await importPool(), admin);
    expect(first.status).toBe(200);
    expect(
      first.body.data.margin_warnings.map(
        (w: { customer_name: string; price: string; cost: string }) => `${w.customer_name} ${w.price} < ${w.cost}`,
      ),
    ).toEqual(['Demo Reseller GmbH 18.40 < 19.00']);
    await post(
      ctx.app,
      '/api/add_update_delete_disable_pad/',
      { customer_id: ids.reseller, action: 'disable', configuration_ids: [poolConfig] },
      admin,
    );
    const second = await approve('/api/pool_upload_file_step_three/', await importPool(), admin);
    expect(second.body.data).toMatchObject({ status: 'approved', margin_warnings: [] });
  });
});
