import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { createProduct, createSupplier, importPins, makePins } from './inventory.fixtures.ts';

let ctx: TestContext;
let reseller: Record<string, string>;
let admin: Record<string, string>;
let seller: Record<string, string>;
let product: Awaited<ReturnType<typeof createProduct>>;
let supplier: { supplier_id: number };
let pinsA: string[];
let pinsB: string[];
let configId: number;

/** DOMAIN.md: available_stock holds exactly the published unsold pins; both directions must be empty. */
async function disagreements() {
  const r = await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      (select configuration_id, id from pins where published and sold_at is null
       except select configuration_id, pin_id from available_stock)
      union all
      (select configuration_id, pin_id from available_stock
       except select configuration_id, id from pins where published and sold_at is null)) d`);
  return r.rows[0]!.n;
}

beforeAll(async () => {
  ctx = await createTestApp();
  [reseller, admin, seller] = await Promise.all([
    signIn(ctx, 'reseller'),
    signIn(ctx, 'superadmin'),
    signIn(ctx, 'seller'),
  ]);
  product = await createProduct(ctx.app, reseller, { product_name: 'Stock Card', pin_length: 14 });
  supplier = await createSupplier(ctx.app, reseller, 'Stock Supplier');
  configId = product.configurations[0]!.id;
  pinsA = makePins(6, 14);
  pinsB = makePins(4, 14);
  await importPins(ctx.app, reseller, pinsA, {
    configuration_id: configId,
    supplier_id: supplier.supplier_id,
    import_batch: 'LOT-A',
  });
  await importPins(
    ctx.app,
    reseller,
    pinsB,
    { configuration_id: configId, supplier_id: supplier.supplier_id, import_batch: 'LOT-B' },
    0,
  );
});
afterAll(async () => ctx.close());

describe('stock views', () => {
  it('lists configurations with sold/unsold/published/unpublished counts (page size 10)', async () => {
    const res = await post(ctx.app, '/api/inventory_list/', { search_text: 'Stock Card' }, reseller);
    expect(res.status).toBe(200);
    expect(res.body.data.filters.limit).toBe(10);
    const row = res.body.data.inventory.find((r: { configuration_id: number }) => r.configuration_id === configId);
    expect(row).toMatchObject({
      total: 10,
      sold: 0,
      unsold: 10,
      published: 6,
      unpublished: 4,
      available: 6,
      value: '10.00',
    });
    const foreign = await post(ctx.app, '/api/inventory_list/', { search_text: 'Stock Card' }, admin);
    expect(foreign.body.data.filters.total_count).toBe(0);
  });

  it('shows the lots of a configuration and the masked pins of a lot', async () => {
    const details = await post(ctx.app, '/api/stock_details/', { configuration_id: configId }, reseller);
    expect(details.body.data.configuration).toMatchObject({ total: 10, available: 6 });
    const lots = Object.fromEntries(details.body.data.batches.map((b: { batch: string }) => [b.batch, b]));
    expect(lots['LOT-A']).toMatchObject({ total: 6, published: 6, unpublished: 0, supplier_name: 'Stock Supplier' });
    expect(lots['LOT-B']).toMatchObject({ total: 4, published: 0, unpublished: 4 });
    const batch = await post(
      ctx.app,
      '/api/stock_batch_details/',
      { configuration_id: configId, batch: 'LOT-A' },
      reseller,
    );
    expect(batch.body.data.pins).toHaveLength(6);
    const shown = batch.body.data.pins.map((p: { pin: string }) => p.pin);
    expect(shown).toEqual(pinsA.map((p) => `**********${p.slice(-4)}`));
    expect(JSON.stringify(batch.body)).not.toContain(pinsA[0]);
    const unknown = await post(
      ctx.app,
      '/api/stock_batch_details/',
      { configuration_id: configId, batch: 'NOPE' },
      reseller,
    );
    expect(unknown.status).toBe(404);
  });

  it('publishes and unpublishes a lot; available_stock follows and never disagrees with pins', async () => {
    expect(await disagreements()).toBe(0);
    const pub = await post(
      ctx.app,
      '/api/update_batch_status/',
      { configuration_id: configId, batch: 'LOT-B', publish: 1 },
      reseller,
    );
    expect(pub.body.data.changed_pins).toBe(4);
    expect(await disagreements()).toBe(0);
    const unpub = await post(
      ctx.app,
      '/api/update_batch_status/',
      { configuration_id: configId, batch: 'LOT-A', publish: 0 },
      reseller,
    );
    expect(unpub.body.data.changed_pins).toBe(6);
    expect(await disagreements()).toBe(0);
    const counts = await post(ctx.app, '/api/stock_details/', { configuration_id: configId }, reseller);
    expect(counts.body.data.configuration).toMatchObject({ published: 4, unpublished: 6, available: 4 });
    await post(
      ctx.app,
      '/api/update_batch_status/',
      { configuration_id: configId, batch: 'LOT-A', publish: 1 },
      reseller,
    );
    expect(await disagreements()).toBe(0);
  });

  it('claims concurrently without handing a pin out twice, while a lot is unpublished and republished', async () => {
    const { services } = ctx.app;
    const claimed: number[] = [];
    const claim = () =>
      ctx.db.transaction(async (tx) => {
        const got = await services.inventory.claimPins(configId, 1, tx);
        claimed.push(...got.map((g) => g.pinId));
      });
    await Promise.all([
      ...Array.from({ length: 7 }, claim),
      post(ctx.app, '/api/update_batch_status/', { configuration_id: configId, batch: 'LOT-B', publish: 0 }, reseller),
      post(ctx.app, '/api/update_batch_status/', { configuration_id: configId, batch: 'LOT-B', publish: 1 }, reseller),
    ]);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.length).toBeGreaterThan(0);
    expect(claimed.length).toBeLessThanOrEqual(10);
    expect(await disagreements()).toBe(0);
    const sold = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pins where sold_at is not null`,
    );
    expect(sold.rows[0]!.n).toBe(claimed.length);
    // The two status calls ran in either order: publish the lot again so what follows is deterministic.
    await post(
      ctx.app,
      '/api/update_batch_status/',
      { configuration_id: configId, batch: 'LOT-B', publish: 1 },
      reseller,
    );
    expect(await disagreements()).toBe(0);
    // A claim past the stock returns what is left, and a rolled-back claim gives its pins back.
    const before = (await post(ctx.app, '/api/stock_details/', { configuration_id: configId }, reseller)).body.data
      .configuration;
    await expect(
      ctx.db.transaction(async (tx) => {
        const got = await services.inventory.claimPins(configId, 100, tx);
        expect(got.length).toBe(before.available);
        throw new Error('out of stock: roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await disagreements()).toBe(0);
    const after = (await post(ctx.app, '/api/stock_details/', { configuration_id: configId }, reseller)).body.data
      .configuration;
    expect(after.available).toBe(before.available);
    // A claimed pin decrypts to one of the imported PINs: stored encrypted, readable with the key.
    const one = await ctx.db.transaction((tx) => services.inventory.claimPins(configId, 1, tx));
    expect([...pinsA, ...pinsB]).toContain(services.pinCrypto.decrypt(one[0]!.pinCiphertext));
    expect(await disagreements()).toBe(0);
  });
});

describe('pin and batch search', () => {
  it('finds a PIN by exact match through the blind index and shows it masked', async () => {
    const res = await post(
      ctx.app,
      '/api/inventory_batch_and_pin_search/',
      { search_type: 'pin', search_text: pinsB[2] },
      reseller,
    );
    expect(res.body.data.results).toHaveLength(1);
    expect(res.body.data.results[0]).toMatchObject({
      pin: `**********${pinsB[2]!.slice(-4)}`,
      batch: 'LOT-B',
      product_name: 'Stock Card',
    });
    expect(JSON.stringify(res.body)).not.toContain(pinsB[2]);
    const partial = await post(
      ctx.app,
      '/api/inventory_batch_and_pin_search/',
      { search_type: 'pin', search_text: pinsB[2]!.slice(0, 10) },
      reseller,
    );
    expect(partial.body.data.results).toHaveLength(0);
  });

  it('finds lots by batch number', async () => {
    const res = await post(
      ctx.app,
      '/api/inventory_batch_and_pin_search/',
      { search_type: 'batch', search_text: 'lot-b' },
      reseller,
    );
    expect(res.body.data.filters.total_count).toBe(4);
  });

  it("lets the superadmin search every owner's stock, and no reseller another's", async () => {
    const sa = await post(
      ctx.app,
      '/api/inventory_batch_and_pin_search/',
      { search_type: 'pin', search_text: pinsA[0] },
      admin,
    );
    expect(sa.body.data.results).toHaveLength(1);
    expect(sa.body.data.results[0].owner_name).toBe('Demo Reseller GmbH');
    const adminProduct = await createProduct(ctx.app, admin, { pin_length: 14 });
    const adminSupplier = await createSupplier(ctx.app, admin);
    const [platformPin] = makePins(1, 14);
    await importPins(ctx.app, admin, [platformPin!], {
      configuration_id: adminProduct.configurations[0]!.id,
      supplier_id: adminSupplier.supplier_id,
    });
    const rs = await post(
      ctx.app,
      '/api/inventory_batch_and_pin_search/',
      { search_type: 'pin', search_text: platformPin },
      reseller,
    );
    expect(rs.body.data.results).toHaveLength(0);
  });
});

describe('permissions', () => {
  it("answers 404 for another tenant's configuration and batch", async () => {
    for (const [url, body] of [
      ['/api/stock_details/', { configuration_id: configId }],
      ['/api/stock_batch_details/', { configuration_id: configId, batch: 'LOT-A' }],
      ['/api/update_batch_status/', { configuration_id: configId, batch: 'LOT-A', publish: 0 }],
    ] as const) {
      expect((await post(ctx.app, url, body, admin)).status, url).toBe(404);
    }
    expect(await disagreements()).toBe(0);
  });

  it('refuses sellers (403) on every stock call', async () => {
    for (const [url, body] of [
      ['/api/inventory_list/', {}],
      ['/api/stock_details/', { configuration_id: configId }],
      ['/api/stock_batch_details/', { configuration_id: configId, batch: 'LOT-A' }],
      ['/api/update_batch_status/', { configuration_id: configId, batch: 'LOT-A', publish: 0 }],
      ['/api/inventory_batch_and_pin_search/', { search_type: 'pin', search_text: pinsA[0] }],
    ] as const) {
      expect((await post(ctx.app, url, body, seller)).status, url).toBe(403);
    }
  });
});
