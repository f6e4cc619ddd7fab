import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { createProduct, postMultipart } from '../inventory/inventory.fixtures.ts';

let ctx: TestContext;
let reseller: Record<string, string>;
let admin: Record<string, string>;
let seller: Record<string, string>;
let resellerStaff: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  [reseller, admin, seller, resellerStaff] = await Promise.all([
    signIn(ctx, 'reseller'),
    signIn(ctx, 'superadmin'),
    signIn(ctx, 'seller'),
    signIn(ctx, 'reseller-staff'),
  ]);
});
afterAll(async () => ctx.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201c5a0b0a60000000049454e44ae426082',
    'hex',
  ),
]);

describe('products', () => {
  it('adds a product with its denominations and lists it for its owner only', async () => {
    const p = await createProduct(ctx.app, reseller, { product_name: 'Aral Card', values: ['15', '30.5'] });
    expect(p.configurations.map((c) => c.value)).toEqual(['15.00', '30.50']);
    const list = await post(ctx.app, '/api/view_products/', { view_type: 0, search_text: 'aral' }, reseller);
    expect(list.status).toBe(200);
    expect(list.body.data.products.map((x: { product_name: string }) => x.product_name)).toEqual(['Aral Card']);
    expect(list.body.data.filters).toMatchObject({ page: 1, limit: 20, total_count: 1, total_pages: 1 });
    // Staff of the same reseller see the reseller's catalogue.
    const staff = await post(ctx.app, '/api/view_products/', { view_type: 0, search_text: 'aral' }, resellerStaff);
    expect(staff.body.data.filters.total_count).toBe(1);
    const platform = await post(ctx.app, '/api/view_products/', { view_type: 0, search_text: 'aral' }, admin);
    expect(platform.body.data.filters.total_count).toBe(0);
  });

  it('answers one product with a page of 10 configurations (view_type 1)', async () => {
    const values = Array.from({ length: 12 }, (_, i) => String(i + 1));
    const p = await createProduct(ctx.app, reseller, { values });
    const one = await post(ctx.app, '/api/view_products/', { view_type: 1, product_id: p.product_id }, reseller);
    expect(one.body.data.product.product_id).toBe(p.product_id);
    expect(one.body.data.configurations).toHaveLength(10);
    expect(one.body.data.filters).toMatchObject({ limit: 10, total_count: 12, total_pages: 2 });
    const page2 = await post(
      ctx.app,
      '/api/view_products/',
      { view_type: 1, product_id: p.product_id, page: 2 },
      reseller,
    );
    expect(page2.body.data.configurations).toHaveLength(2);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const bad = await post(
      ctx.app,
      '/api/add_product/',
      { product_name: 'X', product_type: 'cash_card', pin_length: 12, configurations: [{ value: '0' }] },
      reseller,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('greater than 0');
    const type = await post(
      ctx.app,
      '/api/add_product/',
      { product_name: 'X', product_type: 'voucher', pin_length: 12, configurations: [{ value: '5' }] },
      reseller,
    );
    expect(type.status).toBe(422);
    expect(type.body.errors[0].field).toBe('product_type');
    const none = await post(
      ctx.app,
      '/api/add_product/',
      { product_name: 'X', product_type: 'cash_card', pin_length: 12, configurations: [] },
      reseller,
    );
    expect(none.status).toBe(422);
  });

  it('deactivates and reactivates a product and a configuration, and adds a denomination', async () => {
    const p = await createProduct(ctx.app, reseller);
    const off = await post(
      ctx.app,
      '/api/update_product_details/',
      {
        product_id: p.product_id,
        is_active: 0,
        configurations: [
          { id: p.configurations[0]!.id, is_active: 0 },
          { value: '50', info: 'new' },
        ],
      },
      reseller,
    );
    expect(off.status).toBe(200);
    expect(off.body.data.is_active).toBe(0);
    expect(
      off.body.data.configurations.map((c: { value: string; is_active: number }) => [c.value, c.is_active]),
    ).toEqual([
      ['10.00', 0],
      ['25.00', 1],
      ['50.00', 1],
    ]);
    const on = await post(
      ctx.app,
      '/api/update_product_details/',
      { product_id: p.product_id, is_active: 1, configurations: [{ id: p.configurations[0]!.id, is_active: 1 }] },
      reseller,
    );
    expect(on.body.data.is_active).toBe(1);
    expect(on.body.data.configurations[0].is_active).toBe(1);
  });

  it("answers 404 for another tenant's product and configuration", async () => {
    const own = await createProduct(ctx.app, admin);
    const other = await createProduct(ctx.app, reseller);
    for (const [url, body] of [
      ['/api/view_products/', { view_type: 1, product_id: own.product_id }],
      ['/api/update_product_details/', { product_id: own.product_id, product_name: 'Taken' }],
      [
        '/api/update_product_details/',
        { product_id: other.product_id, configurations: [{ id: own.configurations[0]!.id, info: 'x' }] },
      ],
    ] as const) {
      const res = await post(ctx.app, url, body, reseller);
      expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(404);
    }
    const img = await postMultipart(
      ctx.app,
      '/api/update_product_image/',
      { product_id: String(own.product_id) },
      { field: 'product_image', filename: 'a.png', content: PNG, type: 'image/png' },
      reseller,
    );
    expect(img.status).toBe(404);
  });

  it('refuses sellers and operators without the product flag (403)', async () => {
    const valid = {
      '/api/view_products/': { view_type: 0 },
      '/api/add_product/': {
        product_name: 'X',
        product_type: 'cash_card',
        pin_length: 12,
        configurations: [{ value: '5' }],
      },
      '/api/update_product_details/': { product_id: 1, product_name: 'Y' },
    };
    for (const [url, body] of Object.entries(valid)) {
      const res = await post(ctx.app, url, body, seller);
      expect(res.status, url).toBe(403);
    }
    const img = await postMultipart(
      ctx.app,
      '/api/update_product_image/',
      { product_id: '1' },
      { field: 'product_image', filename: 'a.png', content: PNG, type: 'image/png' },
      seller,
    );
    expect(img.status).toBe(403);
    const { sql } = await import('drizzle-orm');
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_product') where username = 'reseller-staff'`,
    );
    const staff = await signIn(ctx, 'reseller-staff');
    expect((await post(ctx.app, '/api/view_products/', { view_type: 0 }, staff)).status).toBe(403);
    await ctx.db.execute(
      sql`update users set features = features || '{has_product}' where username = 'reseller-staff'`,
    );
  });
});

describe('product image', () => {
  it('stores a real image through the storage interface and serves it', async () => {
    const p = await createProduct(ctx.app, reseller);
    const res = await postMultipart(
      ctx.app,
      '/api/update_product_image/',
      { product_id: String(p.product_id) },
      { field: 'product_image', filename: 'logo.png', content: PNG, type: 'image/png' },
      reseller,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = res.body.data.product_image as string;
    expect(url).toMatch(/^\/api\/product_image\/[0-9a-f-]{36}$/);
    const img = await ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('checks the content, not the name or the declared type, and the size', async () => {
    const p = await createProduct(ctx.app, reseller);
    const fake = await postMultipart(
      ctx.app,
      '/api/update_product_image/',
      { product_id: String(p.product_id) },
      { field: 'product_image', filename: 'logo.png', content: '<svg onload=alert(1)>', type: 'image/png' },
      reseller,
    );
    expect(fake.status).toBe(422);
    expect(fake.body.errors[0]).toMatchObject({ field: 'product_image', rule: 'type' });
    const big = await postMultipart(
      ctx.app,
      '/api/update_product_image/',
      { product_id: String(p.product_id) },
      {
        field: 'product_image',
        filename: 'big.png',
        content: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]),
        type: 'image/png',
      },
      reseller,
    );
    expect(big.status).toBe(422);
    expect(big.body.errors[0].rule).toBe('too_big');
    const none = await postMultipart(
      ctx.app,
      '/api/update_product_image/',
      { product_id: String(p.product_id) },
      undefined,
      reseller,
    );
    expect(none.status).toBe(422);
    expect((await get(ctx.app, '/api/product_image/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});
