import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { expectGermanCsv } from '../../platform/export-checks.fixtures.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { createProduct, createSupplier, importPins, makePins, postMultipart } from '../inventory/inventory.fixtures.ts';

/**
 * DOMAIN.md "What is sold, and who owns it": a reseller sees its own catalogue and stock and, read-only,
 * what the platform assigned to it through PAD; it never sees another reseller's. The platform's
 * product "Platform Assigned" has its 10 € denomination assigned to the demo reseller, its 20 € one
 * not; "Platform Hidden" is assigned to nobody.
 */
let ctx: TestContext;
let h: Record<'admin' | 'reseller' | 'staff' | 'other', Record<string, string>>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let assigned: Awaited<ReturnType<typeof createProduct>>;
let hidden: Awaited<ReturnType<typeof createProduct>>;
let own: Awaited<ReturnType<typeof createProduct>>;
let ten: number;
let twenty: number;

const pad = (action: string, configurationIds: number[]) =>
  post(
    ctx.app,
    '/api/add_update_delete_disable_pad/',
    { customer_id: ids.reseller, action, configuration_ids: configurationIds },
    h.admin,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  await insertOtherTenant(ctx.db, ids.platform);
  const [admin, reseller, staff, other] = await Promise.all([
    signIn(ctx, 'superadmin'),
    signIn(ctx, 'reseller'),
    signIn(ctx, 'reseller-staff'),
    signIn(ctx, 'other-reseller'),
  ]);
  h = { admin, reseller, staff, other };
  assigned = await createProduct(ctx.app, admin, { product_name: 'Platform Assigned', pin_length: 12 });
  // createProduct's two default values, in their order.
  ten = assigned.configurations[0]!.id;
  twenty = assigned.configurations[1]!.id;
  hidden = await createProduct(ctx.app, admin, { product_name: 'Platform Hidden', pin_length: 12 });
  own = await createProduct(ctx.app, reseller, { product_name: 'Reseller Own', pin_length: 12 });
  const supplier = await createSupplier(ctx.app, admin, 'Platform Supplier');
  await importPins(ctx.app, admin, makePins(3, 12), {
    configuration_id: ten,
    supplier_id: supplier.supplier_id,
    import_batch: 'P-LOT',
  });
  await importPins(
    ctx.app,
    admin,
    makePins(2, 12),
    { configuration_id: ten, supplier_id: supplier.supplier_id, import_batch: 'P-HELD' },
    0,
  );
  expect((await pad('assign', [ten])).status).toBe(200);
});
afterAll(async () => ctx.close());

describe('the platform’s products assigned to a reseller', () => {
  it('are in the reseller’s product list with only the assigned denominations, marked assigned', async () => {
    const res = await post(ctx.app, '/api/view_products/', {}, h.reseller);
    expect(res.status).toBe(200);
    const rows = res.body.data.products.map(
      (p: { product_name: string; assigned: number; configuration_count: number }) =>
        [p.product_name, p.assigned, p.configuration_count].join(' '),
    );
    expect(rows).toEqual(['Platform Assigned 1 1', 'Reseller Own 0 2']);
    expect(res.body.data.filters.total_count).toBe(2);
    // Staff act for their reseller.
    const staff = await post(ctx.app, '/api/view_products/', { search_text: 'Platform' }, h.staff);
    expect(staff.body.data.products.map((p: { product_id: number }) => p.product_id)).toEqual([assigned.product_id]);
    // The platform's own view is unchanged: its products, none marked assigned.
    const platform = await post(ctx.app, '/api/view_products/', {}, h.admin);
    expect(platform.body.data.products.map((p: { assigned: number }) => p.assigned)).toEqual([0, 0]);
  });

  it('open with their assigned denominations; an unassigned product answers 404', async () => {
    const one = await post(
      ctx.app,
      '/api/view_products/',
      { view_type: 1, product_id: assigned.product_id },
      h.reseller,
    );
    expect(one.status).toBe(200);
    expect(one.body.data.product).toMatchObject({ assigned: 1, configuration_count: 1 });
    expect(one.body.data.configurations.map((c: { id: number }) => c.id)).toEqual([ten]);
    const unassigned = await post(
      ctx.app,
      '/api/view_products/',
      { view_type: 1, product_id: hidden.product_id },
      h.reseller,
    );
    expect(unassigned.status).toBe(404);
    expect((await post(ctx.app, '/api/stock_details/', { configuration_id: twenty }, h.reseller)).status).toBe(404);
  });

  it('show their availability in the stock views, never the platform’s totals or lots', async () => {
    const list = await post(ctx.app, '/api/inventory_list/', {}, h.reseller);
    const byConfig = Object.fromEntries(
      list.body.data.inventory.map((r: { configuration_id: number }) => [r.configuration_id, r]),
    );
    expect(byConfig[ten]).toEqual(
      expect.objectContaining({
        assigned: 1,
        available: 3,
        total: null,
        sold: null,
        unsold: null,
        published: null,
        unpublished: null,
      }),
    );
    expect(byConfig[twenty]).toBeUndefined();
    expect(byConfig[own.configurations[0]!.id]).toMatchObject({ assigned: 0, total: 0, available: 0 });
    const onlyAssigned = await post(
      ctx.app,
      '/api/inventory_list/',
      { filters: { ownership: 'assigned' } },
      h.reseller,
    );
    expect(onlyAssigned.body.data.inventory.map((r: { configuration_id: number }) => r.configuration_id)).toEqual([
      ten,
    ]);
    const onlyOwn = await post(ctx.app, '/api/inventory_list/', { filters: { ownership: 'own' } }, h.reseller);
    expect(onlyOwn.body.data.inventory.map((r: { configuration_id: number }) => r.configuration_id)).not.toContain(ten);

    const details = await post(ctx.app, '/api/stock_details/', { configuration_id: ten }, h.reseller);
    expect(details.status).toBe(200);
    expect(details.body.data.configuration).toMatchObject({ assigned: 1, available: 3, total: null, sold: null });
    expect(details.body.data.batches).toEqual([]);
    // The platform itself still sees everything of its stock.
    const platform = await post(ctx.app, '/api/stock_details/', { configuration_id: ten }, h.admin);
    expect(platform.body.data.configuration).toMatchObject({ assigned: 0, total: 5, available: 3, unpublished: 2 });
    expect(platform.body.data.batches).toHaveLength(2);
  });

  it('are in the reseller’s stock report and filter lists with their availability only', async () => {
    const report = await post(ctx.app, '/api/get_stock_report/', {}, h.reseller);
    const row = report.body.data.stock_report.find((r: { configuration_id: number }) => r.configuration_id === ten);
    expect(row).toEqual(
      expect.objectContaining({
        assigned: 1,
        available: 3,
        total: null,
        sold: null,
        stock_cost: null,
        sold_cost: null,
        face_value_unsold: null,
      }),
    );
    expect(report.body.data.stock_report.map((r: { configuration_id: number }) => r.configuration_id)).not.toContain(
      twenty,
    );
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/get_stock_report/',
      payload: { format: 'csv', filters: { product_id: assigned.product_id } },
      headers: { host: 'localhost', ...h.reseller },
    });
    // The reseller's file (German, decision 0131) shows the assigned product's availability and leaves the
    // platform's own figures empty.
    const { header, rows } = expectGermanCsv(csv.rawPayload, ['Verfügbar', 'Gesamt', 'Lagerwert (EK)']);
    expect(rows).toHaveLength(1);
    const cells = Object.fromEntries(header.map((name, i) => [name, rows[0]![i]]));
    expect(cells).toMatchObject({ Produkt: 'Platform Assigned', Verfügbar: '3', Gesamt: '', 'Lagerwert (EK)': '' });
    const filters = await get(ctx.app, '/api/get_product_filters/', h.reseller);
    const platformProduct = filters.body.data.products.find(
      (p: { product_id: number }) => p.product_id === assigned.product_id,
    );
    expect(platformProduct).toMatchObject({ assigned: 1, configurations: [{ id: ten, value: '10.00' }] });
    expect(filters.body.data.products.map((p: { product_id: number }) => p.product_id)).not.toContain(
      hidden.product_id,
    );
    // Its import history is the platform's: choosing it gives an empty page, not the platform's imports.
    const history = await post(
      ctx.app,
      '/api/get_inventory_history_report/',
      { filters: { product_id: assigned.product_id } },
      h.reseller,
    );
    expect(history.status).toBe(200);
    expect(history.body.data.inventory_history).toEqual([]);
  });

  it('refuse every change and every look at the platform’s lots (403), leaving the platform’s rows untouched', async () => {
    const upload = await postMultipart(
      ctx.app,
      '/api/upload_file/',
      { delimiter: ',' },
      { field: 'csv_file', filename: 'pins.csv', content: `${makePins(1, 12)[0]}\n` },
      h.reseller,
    );
    const supplier = await createSupplier(ctx.app, h.reseller, 'Reseller Supplier');
    const image = await postMultipart(
      ctx.app,
      '/api/update_product_image/',
      { product_id: String(assigned.product_id) },
      {
        field: 'product_image',
        filename: 'x.png',
        content: Buffer.from('89504e470d0a1a0a0000', 'hex'),
        type: 'image/png',
      },
      h.reseller,
    );
    expect(image.status).toBe(403);
    for (const [url, body] of [
      ['/api/update_product_details/', { product_id: assigned.product_id, product_name: 'Mine now' }],
      [
        '/api/update_product_details/',
        { product_id: assigned.product_id, configurations: [{ id: ten, is_active: 0 }] },
      ],
      ['/api/update_batch_status/', { configuration_id: ten, batch: 'P-HELD', publish: 1 }],
      ['/api/update_batch_status/', { configuration_id: ten, batch: 'P-LOT', publish: 0 }],
      ['/api/stock_batch_details/', { configuration_id: ten, batch: 'P-LOT' }],
      ['/api/get_sold_pins_by_batch/', { configuration_id: ten, batch: 'P-LOT' }],
      ['/api/previous_supplier_discount/', { supplier_id: supplier.supplier_id, configuration_id: ten }],
      [
        '/api/background_task_step_two/',
        {
          import_id: upload.body.data.import_id,
          configuration_id: ten,
          supplier_id: supplier.supplier_id,
          pin_sequence: 1,
          has_header: 0,
          buying_discount: '5',
        },
      ],
    ] as const) {
      const res = await post(ctx.app, url, body, h.reseller);
      expect(res.status, url).toBe(403);
      expect(res.body.message, url).toMatch(/read-only/);
    }
    const { rows } = await ctx.db.execute<{
      name: string;
      active: boolean;
      published: number;
      unpublished: number;
    }>(sql`
      select p.product_name as name, c.is_active as active,
        (select count(*)::int from available_stock a where a.configuration_id = c.id) as published,
        (select count(*)::int from pins where configuration_id = c.id and not published) as unpublished
      from products p join product_configurations c on c.product_id = p.id where c.id = ${ten}`);
    expect(rows[0]).toEqual({ name: 'Platform Assigned', active: true, published: 3, unpublished: 2 });
    const imp = await post(ctx.app, '/api/failed_pins_list/', { import_id: upload.body.data.import_id }, h.reseller);
    expect(imp.body.data.import.status).toBe('uploaded');
  });

  it('stay invisible to another reseller: 404 on every call, never in its lists', async () => {
    const list = await post(ctx.app, '/api/view_products/', {}, h.other);
    expect(list.body.data.products).toEqual([]);
    const stock = await post(ctx.app, '/api/inventory_list/', {}, h.other);
    expect(stock.body.data.inventory).toEqual([]);
    const report = await post(ctx.app, '/api/get_stock_report/', {}, h.other);
    expect(report.body.data.stock_report).toEqual([]);
    const filters = await get(ctx.app, '/api/get_product_filters/', h.other);
    expect(filters.body.data.products).toEqual([]);
    for (const [url, body] of [
      ['/api/view_products/', { view_type: 1, product_id: assigned.product_id }],
      ['/api/stock_details/', { configuration_id: ten }],
      ['/api/update_product_details/', { product_id: assigned.product_id, product_name: 'Mine now' }],
      ['/api/update_batch_status/', { configuration_id: ten, batch: 'P-LOT', publish: 0 }],
      ['/api/stock_batch_details/', { configuration_id: ten, batch: 'P-LOT' }],
    ] as const) {
      expect((await post(ctx.app, url, body, h.other)).status, url).toBe(404);
    }
  });

  it('disappear again when the platform disables the assignment', async () => {
    expect((await pad('disable', [ten])).status).toBe(200);
    const one = await post(
      ctx.app,
      '/api/view_products/',
      { view_type: 1, product_id: assigned.product_id },
      h.reseller,
    );
    expect(one.status).toBe(404);
    const list = await post(ctx.app, '/api/view_products/', {}, h.reseller);
    expect(list.body.data.products.map((p: { product_name: string }) => p.product_name)).toEqual(['Reseller Own']);
    expect((await post(ctx.app, '/api/stock_details/', { configuration_id: ten }, h.reseller)).status).toBe(404);
    expect((await pad('enable', [ten])).status).toBe(200);
    expect((await post(ctx.app, '/api/stock_details/', { configuration_id: ten }, h.reseller)).status).toBe(200);
  });
});
