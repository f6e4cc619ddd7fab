import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { createSupplier, importPins, makePins, postMultipart, waitForImport } from './inventory.fixtures.ts';

let ctx: TestContext;
let admin: Record<string, string>;
let reseller: Record<string, string>;
let seller: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  [admin, reseller, seller] = await Promise.all([
    signIn(ctx, 'superadmin'),
    signIn(ctx, 'reseller'),
    signIn(ctx, 'seller'),
  ]);
});
afterAll(async () => ctx.close());

describe('calling-card pools (superadmin)', () => {
  it('adds a pool and fills it through the same three-step import', async () => {
    const add = await post(
      ctx.app,
      '/api/add_pool/',
      { pool_name: 'EU Minutes', pin_length: 10, configurations: [{ value: '5' }, { value: '10' }] },
      admin,
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const poolId = add.body.data.pool_id;
    expect(add.body.data.product_type).toBe('calling_card');
    const configurationId = add.body.data.configurations[1].id;
    const supplier = await createSupplier(ctx.app, admin, 'Pool Supplier');

    const pins = makePins(8, 10);
    const up = await postMultipart(
      ctx.app,
      '/api/pool_upload_file/',
      { delimiter: ';' },
      {
        field: 'csv_file',
        filename: 'pool.csv',
        content: `pin;lot\n${pins.map((p) => `${p};P-1`).join('\n')}\n${pins[0]};P-1\n`,
      },
      admin,
    );
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ kind: 'pool', detected_header: 1 });
    const importId = up.body.data.import_id;
    // A pool import is not reachable through the product screens' calls, nor the other way round.
    expect((await post(ctx.app, '/api/failed_pins_list/', { import_id: importId }, admin)).status).toBe(404);

    await post(ctx.app, '/api/previous_supplier_discount/', { supplier_id: supplier.supplier_id }, admin);
    const step2 = await post(
      ctx.app,
      '/api/pool_upload_file_step_two/',
      {
        pool_id: poolId,
        import_id: importId,
        configuration_id: configurationId,
        supplier_id: supplier.supplier_id,
        pin_sequence: 1,
        batch_sequence: 2,
        has_header: 1,
        buying_discount: '12',
      },
      admin,
    );
    expect(step2.status, JSON.stringify(step2.body)).toBe(202);
    const review = await waitForImport(ctx.app, admin, importId, '/api/pool_upload_file_step_three/');
    expect(review.import).toMatchObject({ status: 'validated', valid_rows: 8, failed_rows: 1 });
    expect(review.failed_pins[0]).toMatchObject({ row_no: 10, reason: 'duplicate_in_file' });
    const approve = await post(ctx.app, '/api/pool_upload_file_step_three/', { import_id: importId }, admin);
    expect(approve.body.data).toMatchObject({ status: 'approved', imported_pins: 8 });
    const again = await post(ctx.app, '/api/pool_upload_file_step_three/', { import_id: importId }, admin);
    expect(again.status).toBe(409);

    const prev = await post(
      ctx.app,
      '/api/get_previous_supplier_pool_discount/',
      { supplier_id: supplier.supplier_id, configuration_id: configurationId },
      admin,
    );
    expect(prev.body.data.buying_discount).toBe('12.0000');

    const list = await post(ctx.app, '/api/view_update_pool/', {}, admin);
    expect(list.body.data.pools.find((p: { pool_id: number }) => p.pool_id === poolId)).toMatchObject({
      pool_name: 'EU Minutes',
      total: 8,
      available: 8,
    });
    const renamed = await post(
      ctx.app,
      '/api/view_update_pool/',
      { pool_id: poolId, pool_name: 'EU Minutes 2', is_active: 0 },
      admin,
    );
    expect(renamed.body.data.pool).toMatchObject({ pool_name: 'EU Minutes 2', is_active: 0 });
  });

  it('refuses a configuration of another product in a pool import', async () => {
    const pool = (
      await post(
        ctx.app,
        '/api/add_pool/',
        { pool_name: 'P2', pin_length: 10, configurations: [{ value: '5' }] },
        admin,
      )
    ).body.data;
    const other = (
      await post(
        ctx.app,
        '/api/add_pool/',
        { pool_name: 'P3', pin_length: 10, configurations: [{ value: '5' }] },
        admin,
      )
    ).body.data;
    const supplier = await createSupplier(ctx.app, admin);
    const up = await postMultipart(
      ctx.app,
      '/api/pool_upload_file/',
      {},
      { field: 'csv_file', filename: 'p.csv', content: makePins(1, 10).join('\n') },
      admin,
    );
    const res = await post(
      ctx.app,
      '/api/pool_upload_file_step_two/',
      {
        pool_id: pool.pool_id,
        import_id: up.body.data.import_id,
        configuration_id: other.configurations[0].id,
        supplier_id: supplier.supplier_id,
        pin_sequence: 1,
        has_header: 0,
        buying_discount: '1',
      },
      admin,
    );
    expect(res.status).toBe(404);
  });

  it('is for the superadmin only (403 for resellers and sellers)', async () => {
    for (const headers of [reseller, seller]) {
      expect((await post(ctx.app, '/api/view_update_pool/', {}, headers)).status).toBe(403);
      expect(
        (
          await post(
            ctx.app,
            '/api/add_pool/',
            { pool_name: 'X', pin_length: 10, configurations: [{ value: '5' }] },
            headers,
          )
        ).status,
      ).toBe(403);
      expect(
        (await post(ctx.app, '/api/get_previous_supplier_pool_discount/', { supplier_id: 1 }, headers)).status,
      ).toBe(403);
      expect((await post(ctx.app, '/api/pool_upload_file_step_three/', { import_id: 1 }, headers)).status).toBe(403);
      expect(
        (
          await post(
            ctx.app,
            '/api/pool_upload_file_step_two/',
            {
              pool_id: 1,
              import_id: 1,
              configuration_id: 1,
              supplier_id: 1,
              pin_sequence: 1,
              has_header: 0,
              buying_discount: '1',
            },
            headers,
          )
        ).status,
      ).toBe(403);
      const up = await postMultipart(
        ctx.app,
        '/api/pool_upload_file/',
        {},
        { field: 'csv_file', filename: 'p.csv', content: '1234567890' },
        headers,
      );
      expect(up.status).toBe(403);
    }
  });
});

describe('gift cards', () => {
  it('adds, lists, shows with batches, searches batches and updates gift cards', async () => {
    const add = await post(
      ctx.app,
      '/api/add_gift_cards/',
      { product_name: 'Book Voucher', pin_length: 12, configurations: [{ value: '20' }, { value: '50' }] },
      reseller,
    );
    expect(add.status).toBe(200);
    expect(add.body.data.product_type).toBe('gift_card');
    const card = add.body.data.product_id;
    const supplier = await createSupplier(ctx.app, reseller, 'Gift Supplier');
    await importPins(ctx.app, reseller, makePins(3, 12), {
      configuration_id: add.body.data.configurations[0].id,
      supplier_id: supplier.supplier_id,
      import_batch: 'GC-2026-01',
    });
    const list = await post(ctx.app, '/api/view_gift_cards/', {}, reseller);
    expect(list.body.data.gift_cards.map((g: { product_id: number }) => g.product_id)).toEqual([card]);
    expect(list.body.data.filters.limit).toBe(20);
    const details = await post(ctx.app, '/api/gift_card_details/', { card }, reseller);
    expect(details.body.data.configurations[0]).toMatchObject({ value: '20.00', total: 3, available: 3 });
    expect(details.body.data.configurations[0].batches[0]).toMatchObject({ batch: 'GC-2026-01', total: 3 });
    const search = await post(ctx.app, '/api/gift_card_batch_search/', { batch_no: '2026' }, reseller);
    expect(search.body.data.batches).toHaveLength(1);
    expect(search.body.data.batches[0]).toMatchObject({ batch_no: 'GC-2026-01', product_id: card });
    const upd = await post(
      ctx.app,
      '/api/update_gift_cards/',
      { product_id: card, product_name: 'Book Voucher DE' },
      reseller,
    );
    expect(upd.body.data.product_name).toBe('Book Voucher DE');
  });

  it('treats other product types and other tenants as not found', async () => {
    const cash = (
      await post(
        ctx.app,
        '/api/add_product/',
        { product_name: 'Cash', product_type: 'cash_card', pin_length: 12, configurations: [{ value: '5' }] },
        reseller,
      )
    ).body.data;
    expect((await post(ctx.app, '/api/gift_card_details/', { card: cash.product_id }, reseller)).status).toBe(404);
    expect(
      (await post(ctx.app, '/api/update_gift_cards/', { product_id: cash.product_id, product_name: 'X' }, reseller))
        .status,
    ).toBe(404);
    const mine = (
      await post(
        ctx.app,
        '/api/add_gift_cards/',
        { product_name: 'Mine', pin_length: 12, configurations: [{ value: '5' }] },
        reseller,
      )
    ).body.data;
    expect((await post(ctx.app, '/api/gift_card_details/', { card: mine.product_id }, admin)).status).toBe(404);
    expect(
      (await post(ctx.app, '/api/update_gift_cards/', { product_id: mine.product_id, is_active: 0 }, admin)).status,
    ).toBe(404);
    const none = await post(ctx.app, '/api/gift_card_batch_search/', { batch_no: 'GC-2026' }, admin);
    expect(none.body.data.batches).toHaveLength(0);
  });

  it('refuses sellers (403) and bad input (422)', async () => {
    for (const [url, body] of [
      ['/api/view_gift_cards/', {}],
      ['/api/gift_card_details/', { card: 1 }],
      ['/api/gift_card_batch_search/', { batch_no: 'x' }],
      ['/api/add_gift_cards/', { product_name: 'X', pin_length: 12, configurations: [{ value: '5' }] }],
      ['/api/update_gift_cards/', { product_id: 1, product_name: 'X' }],
    ] as const) {
      expect((await post(ctx.app, url, body, seller)).status, url).toBe(403);
    }
    expect((await post(ctx.app, '/api/gift_card_batch_search/', { batch_no: '' }, reseller)).status).toBe(422);
    expect(
      (
        await post(
          ctx.app,
          '/api/add_gift_cards/',
          { product_name: 'X', pin_length: 12, configurations: [{ value: '-5' }] },
          reseller,
        )
      ).status,
    ).toBe(422);
  });
});
