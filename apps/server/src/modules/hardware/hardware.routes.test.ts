import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { postMultipart } from '../inventory/inventory.fixtures.ts';
import { assignCustomer } from '../reports/reports.fixtures.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
const USERS = ['superadmin', 'reseller', 'seller', 'seller-staff', 'support', 'other-reseller'] as const;
let h: Record<(typeof USERS)[number], Record<string, string>>;
let categoryId: number;
let productId: number;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2273c6e0000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  await insertOtherTenant(ctx.db, ids.platform);
  h = {} as typeof h; // every user is signed in just below
  for (const u of USERS) {
    h[u] = await signIn(ctx, u);
  }
  await post(ctx.app, '/api/add_customer_credit/', { customer_id: ids.seller, amount: '100' }, h.reseller);
});
afterAll(async () => ctx.close());

const call = async (method: 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) => {
  const res = await ctx.app.inject({ method, url, payload, headers: { host: 'localhost', ...headers } });
  return { status: res.statusCode, body: res.json() };
};

const wallet = async (customerId: number) =>
  (
    await ctx.db.execute<{ balance: string; outstanding_credit: string }>(
      sql`select balance::text, outstanding_credit::text from wallets where customer_id = ${customerId}`,
    )
  ).rows[0];

const salesIncome = async (customerId: number) =>
  (
    await ctx.db.execute<{ total: string | null }>(
      sql`select sum(amount)::text as total from ledger_lines where customer_id = ${customerId} and account = 'sales_income'`,
    )
  ).rows[0]!.total; // sum() answers one row

const stock = async () =>
  (await ctx.db.execute<{ stock: number }>(sql`select stock from hardware_products where id = ${productId}`)).rows[0]!
    .stock; // the product the catalogue tests made

describe('catalogue', () => {
  it('lets the reseller add a category with an image and a product; name and a valid price are required', async () => {
    const missing = await post(ctx.app, '/api/hardware_category/', { category_name: ' ' }, h.reseller);
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: 'category_name' });
    const created = await postMultipart(
      ctx.app,
      '/api/hardware_category/',
      { category_name: 'Kartenterminals', description: 'EC und Kreditkarte' },
      { field: 'image', filename: 'terminal.png', content: PNG, type: 'image/png' },
      h.reseller,
    );
    expect(created.status).toBe(200);
    categoryId = created.body.data.category_id;
    expect(created.body.data).toMatchObject({ category_name: 'Kartenterminals', product_count: 0 });
    const image = await ctx.app.inject({ method: 'GET', url: created.body.data.image, headers: { host: 'localhost' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const badPrice = await post(
      ctx.app,
      '/api/hardware_product/',
      { category_id: categoryId, product_name: 'Terminal X1', price: '12,5', stock: 3 },
      h.reseller,
    );
    expect(badPrice.status).toBe(422);
    expect(badPrice.body.errors[0]).toMatchObject({ field: 'price' });
    const product = await post(
      ctx.app,
      '/api/hardware_product/',
      { category_id: categoryId, product_name: 'Terminal X1', price: '30.00', stock: 5 },
      h.reseller,
    );
    expect(product.status).toBe(200);
    productId = product.body.data.product_id;
    expect(product.body.data).toMatchObject({ price: '30.00', stock: 5, image: null });
    const renamed = await call('PATCH', `/api/hardware_category/update/${categoryId}/`, h.reseller, {
      category_name: 'Terminals',
    });
    expect(renamed.body.data).toMatchObject({ category_name: 'Terminals', product_count: 1 });
  });

  it("shows a shop its reseller's catalogue and another reseller nothing of it", async () => {
    const categories = await get(ctx.app, '/api/hardware_category/', h.seller);
    expect(categories.body.data.categories.map((c: { category_id: number }) => c.category_id)).toEqual([categoryId]);
    const products = await get(ctx.app, `/api/hardware_product/?category_id=${categoryId}`, h.seller);
    expect(products.body.data.products).toHaveLength(1);
    expect((await get(ctx.app, '/api/hardware_category/', h['other-reseller'])).body.data.categories).toEqual([]);
    const foreign = await call('PATCH', `/api/hardware_product/update/${productId}/`, h['other-reseller'], {
      price: '1',
    });
    expect(foreign.status).toBe(404);
  });
});

describe('orders paid from the wallet', () => {
  let orderId: number;

  it('posts shop balance −P and reseller sales income +P, and takes the pieces from stock', async () => {
    const before = await salesIncome(ids.reseller);
    const res = await post(ctx.app, '/api/hardware_orders/add/', { product_id: productId, quantity: 2 }, h.seller);
    expect(res.status).toBe(200);
    orderId = res.body.data.order_id;
    expect(res.body.data).toMatchObject({ status: 'ordered', quantity: 2, unit_price: '30.00', total: '60.00' });
    // The top-up advanced 100 on credit; the order spends balance and leaves the outstanding credit alone.
    expect(await wallet(ids.seller)).toEqual({ balance: '40.0000', outstanding_credit: '100.0000' });
    expect(Number(await salesIncome(ids.reseller)) - Number(before ?? 0)).toBe(60);
    expect(await stock()).toBe(3);
  });

  it('refuses an order the balance does not cover with insufficient_balance and changes nothing', async () => {
    const res = await post(ctx.app, '/api/hardware_orders/add/', { product_id: productId, quantity: 2 }, h.seller);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('insufficient_balance');
    expect(await wallet(ids.seller)).toEqual({ balance: '40.0000', outstanding_credit: '100.0000' });
    expect(await stock()).toBe(3);
  });

  it('lets one of five racing orders through when the balance covers one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(ctx.app, '/api/hardware_orders/add/', { product_id: productId, quantity: 1 }, h['seller-staff']),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'insufficient_balance')).toBe(true);
    expect(await wallet(ids.seller)).toEqual({ balance: '10.0000', outstanding_credit: '100.0000' });
    expect(await stock()).toBe(2);
  });

  it('moves an order ordered → shipped → delivered, and refuses going back', async () => {
    const third = (await get(ctx.app, '/api/hardware_orders/?status=ordered', h.reseller)).body.data.orders.find(
      (o: { order_id: number }) => o.order_id !== orderId,
    );
    expect(
      (await call('PATCH', `/api/hardware_orders/status/${third.order_id}/`, h.reseller, { status: 'shipped' })).body
        .data.status,
    ).toBe('shipped');
    expect(
      (await call('PATCH', `/api/hardware_orders/status/${third.order_id}/`, h.reseller, { status: 'delivered' })).body
        .data.status,
    ).toBe('delivered');
    const back = await call('PATCH', `/api/hardware_orders/status/${third.order_id}/`, h.reseller, {
      status: 'cancelled',
    });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'order_status_invalid', params: { from: 'delivered', to: 'cancelled' } });
  });

  it('refunds a cancelled order once, even when two cancellations race', async () => {
    const answers = await Promise.all([
      call('PATCH', `/api/hardware_orders/status/${orderId}/`, h.reseller, { status: 'cancelled' }),
      call('PATCH', `/api/hardware_orders/status/${orderId}/`, h.reseller, { status: 'cancelled' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await wallet(ids.seller)).toEqual({ balance: '70.0000', outstanding_credit: '100.0000' });
    expect(await stock()).toBe(4);
    const refunds = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journal_entries where kind = 'refund' and reference = ${`hardware_order:${orderId}`}`,
    );
    expect(refunds.rows[0]!.n).toBe(1);
  });

  it('lists a shop its own orders and the reseller those of its shops', async () => {
    const shop = await get(ctx.app, '/api/hardware_orders/', h.seller);
    expect(shop.body.data.filters.total_count).toBe(2);
    const reseller = await get(ctx.app, '/api/hardware_orders/?status=cancelled', h.reseller);
    expect(reseller.body.data.orders).toHaveLength(1);
    expect(reseller.body.data.orders[0]).toMatchObject({ customer_name: 'Demo Shop Berlin', ordered_by: 'Shop Owner' });
    expect((await get(ctx.app, '/api/hardware_orders/', h['other-reseller'])).body.data.orders).toEqual([]);
    const foreign = await call('PATCH', `/api/hardware_orders/status/${orderId}/`, h['other-reseller'], {
      status: 'shipped',
    });
    expect(foreign.status).toBe(404);
  });

  it('shows reseller staff only the orders of shops assigned to them, and lets them move only those', async () => {
    const staff = await signIn(ctx, 'reseller-staff');
    expect((await get(ctx.app, '/api/hardware_orders/', staff)).body.data.orders).toEqual([]);
    const hidden = await call('PATCH', `/api/hardware_orders/status/${orderId}/`, staff, { status: 'shipped' });
    expect(hidden.status).toBe(404);
    await assignCustomer(ctx.db, ids.user('reseller-staff'), ids.seller, ids.user('reseller'));
    expect((await get(ctx.app, '/api/hardware_orders/', staff)).body.data.filters.total_count).toBe(2);
    // Now visible, the cancelled order is refused for what it is, not as unknown.
    const seen = await call('PATCH', `/api/hardware_orders/status/${orderId}/`, staff, { status: 'shipped' });
    expect(seen.body).toMatchObject({ code: 'order_status_invalid' });
  });

  it('deletes a product and a category from the shop; orders keep their product', async () => {
    expect((await call('DELETE', `/api/hardware_product/delete/${productId}/`, h.reseller)).status).toBe(200);
    expect((await get(ctx.app, '/api/hardware_product/', h.seller)).body.data.products).toEqual([]);
    const order = await post(ctx.app, '/api/hardware_orders/add/', { product_id: productId, quantity: 1 }, h.seller);
    expect(order.status).toBe(404);
    expect((await call('DELETE', `/api/hardware_category/delete/${categoryId}`, h.reseller)).status).toBe(200);
    expect((await get(ctx.app, '/api/hardware_category/', h.seller)).body.data.categories).toEqual([]);
    expect((await get(ctx.app, '/api/hardware_orders/', h.seller)).body.data.orders[0].product_name).toBe(
      'Terminal X1',
    );
  });
});

describe('role × endpoint × tenant', () => {
  const resellerCalls: [string, string, object | undefined][] = [
    ['POST', '/api/hardware_category/', { category_name: 'X' }],
    ['PATCH', '/api/hardware_category/update/1/', { category_name: 'X' }],
    ['DELETE', '/api/hardware_category/delete/1', undefined],
    ['POST', '/api/hardware_product/', { category_id: 1, product_name: 'X', price: '1', stock: 1 }],
    ['PATCH', '/api/hardware_product/update/1/', { price: '1' }],
    ['DELETE', '/api/hardware_product/delete/1/', undefined],
    ['PATCH', '/api/hardware_orders/status/1/', { status: 'shipped' }],
  ];
  const readCalls = ['/api/hardware_category/', '/api/hardware_product/', '/api/hardware_orders/'];
  const inject = async (method: string, url: string, headers: Record<string, string>, payload?: object) =>
    (await ctx.app.inject({ method: method as 'GET', url, payload, headers: { host: 'localhost', ...headers } }))
      .statusCode;

  it.each(['superadmin', 'seller', 'support'] as const)(
    '%s may not change the catalogue or move orders',
    async (user) => {
      for (const [method, url, body] of resellerCalls) expect(await inject(method, url, h[user], body), url).toBe(403);
    },
  );

  it.each(['superadmin', 'support'] as const)('%s may neither browse the shop nor order', async (user) => {
    for (const url of readCalls) expect(await inject('GET', url, h[user])).toBe(403);
    expect(await inject('POST', '/api/hardware_orders/add/', h[user], { product_id: 1, quantity: 1 })).toBe(403);
  });

  it('a reseller does not order; nobody signed out does anything', async () => {
    expect(await inject('POST', '/api/hardware_orders/add/', h.reseller, { product_id: 1, quantity: 1 })).toBe(403);
    for (const url of readCalls) expect(await inject('GET', url, {})).toBe(401);
    for (const [method, url, body] of resellerCalls) expect(await inject(method, url, {}, body)).toBe(401);
  });
});
