import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import {
  createProduct,
  createSupplier,
  importPins,
  makePins,
  postMultipart,
  uploadAndMap,
  waitForImport,
} from './inventory.fixtures.ts';

let ctx: TestContext;
let reseller: Record<string, string>;
let admin: Record<string, string>;
let seller: Record<string, string>;
let product: Awaited<ReturnType<typeof createProduct>>;
let supplier: { supplier_id: number };
beforeAll(async () => {
  ctx = await createTestApp();
  [reseller, admin, seller] = await Promise.all([
    signIn(ctx, 'reseller'),
    signIn(ctx, 'superadmin'),
    signIn(ctx, 'seller'),
  ]);
  product = await createProduct(ctx.app, reseller, { pin_length: 12 });
  supplier = await createSupplier(ctx.app, reseller);
});
afterAll(async () => ctx.close());

const upload = (content: string | Buffer, headers = reseller, filename = 'pins.csv', delimiter = ',') =>
  postMultipart(ctx.app, '/api/upload_file/', { delimiter }, { field: 'csv_file', filename, content }, headers);

async function pinCount(productId: number) {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pins where product_id = ${productId}`,
  );
  return r.rows[0]!.n;
}

describe('step 1: upload', () => {
  it('stores the file encrypted through the storage interface and detects a header', async () => {
    const res = await upload('PIN;Serial\n111122223333;S1\n444455556666;S2\n', reseller, 'pins.csv', ';');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'uploaded', line_count: 3, column_count: 2, detected_header: 1 });
    // The preview keeps the header and masks every other cell to its last 4 characters.
    expect(res.body.data.preview).toEqual([
      ['PIN', 'Serial'],
      ['********3333', 'S1'],
      ['********6666', 'S2'],
    ]);
    const stored = await ctx.db.execute<{ encrypted: boolean; data: Buffer; expires_at: Date | null }>(
      sql`select f.encrypted, f.data, f.expires_at from stored_files f join inventory_imports i on i.file_id = f.id
          where i.id = ${res.body.data.import_id}`,
    );
    expect(stored.rows[0]!.encrypted).toBe(true);
    expect(stored.rows[0]!.expires_at).not.toBeNull();
    expect(stored.rows[0]!.data.includes(Buffer.from('111122223333'))).toBe(false);
  });

  it('does not take a header when the first row holds digits', async () => {
    const res = await upload('111122223333\n444455556666\n');
    expect(res.body.data.detected_header).toBe(0);
  });

  it.each([
    [
      'a binary file named .csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      'pins.csv',
      'type',
      'import_not_text',
    ],
    ['a text file not named .csv', '111122223333\n', 'pins.txt', 'type', 'import_not_csv'],
    ['an empty file', '', 'pins.csv', 'empty', 'import_file_empty'],
    ['a file of blank lines', '\n  \n\n', 'pins.csv', 'empty', 'import_file_empty'],
    ['latin-1 bytes that are not UTF-8', Buffer.from([0x41, 0xe4, 0x0a]), 'pins.csv', 'type', 'import_not_text'],
  ])('refuses %s', async (_name, content, filename, rule, code) => {
    const res = await upload(content, reseller, filename);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(res.body.errors[0]).toMatchObject({ field: 'csv_file', rule });
  });

  it('refuses more than 1501 non-empty lines, and takes exactly 1501', async () => {
    const lines = makePins(1502, 12);
    const over = await upload(`${lines.join('\n')}\n`);
    expect(over.status).toBe(422);
    expect(over.body.errors[0].rule).toBe('too_many_rows');
    expect(over.body).toMatchObject({ code: 'import_too_many_lines', params: { max: 1501, lines: 1502 } });
    const exact = await upload(`PIN\n${lines.slice(0, 1500).join('\n')}\n\n\n`);
    expect(exact.status).toBe(200);
    expect(exact.body.data.line_count).toBe(1501);
  });

  it('refuses a delimiter that is not the file’s', async () => {
    const res = await upload('111122223333;LOT1\n444455556666;LOT1\n', reseller, 'pins.csv', ',');
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'delimiter', rule: 'mismatch' });
    expect(res.body).toMatchObject({ code: 'import_delimiter_mismatch', params: { found: ';', chosen: ',' } });
    const bad = await upload('111122223333\n', reseller, 'pins.csv', '#');
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe('delimiter');
  });

  it('refuses a call without a file', async () => {
    const res = await postMultipart(ctx.app, '/api/upload_file/', { delimiter: ',' }, undefined, reseller);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('csv_file');
  });
});

describe('step 2: mapping and row checks', () => {
  it('checks every row: missing, characters, length, duplicates in file and in stock, formula prefixes', async () => {
    const [inStock] = makePins(1, 12);
    await importPins(ctx.app, reseller, [inStock!], {
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplier.supplier_id,
    });
    const good = makePins(3, 12);
    const csv = [
      'PIN,Lot,Serial',
      `${good[0]},L-7,SER1`,
      `${good[1]},L-7,SER2`,
      `${good[1]},L-7,SER3`, // duplicate in file
      `${inStock},L-7,SER4`, // duplicate of stored stock
      ',L-7,SER5', // missing
      '1234-5678-9X,L-7,SER6', // letters, digits and dashes: fine, length 12
      '12345678901,L-7,SER7', // 11 characters
      '1234 567890A,L-7,SER8', // a space
      '=1+2345678901,L-7,SER9', // formula
      '+12345678901,L-7,SER10',
      '-12345678901,L-7,SER11',
      '@12345678901,L-7,SER12',
      `${good[2]},,SER13`, // empty lot cell: the import's lot number
    ].join('\n');
    const { importId, review } = await uploadAndMap(ctx.app, reseller, csv, {
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplier.supplier_id,
      has_header: 1,
      batch_sequence: 2,
      serial_sequence: 3,
      import_batch: 'DEFAULT-LOT',
    });
    expect(review.import).toMatchObject({ status: 'validated', total_rows: 13, valid_rows: 4, failed_rows: 9 });
    const reasons = review.failed_pins.map((f: { row_no: number; reason: string }) => [f.row_no, f.reason]);
    expect(reasons).toEqual([
      [4, 'duplicate_in_file'],
      [5, 'duplicate_in_stock'],
      [6, 'missing'],
      [8, 'wrong_length'],
      [9, 'invalid_characters'],
      [10, 'formula_prefix'],
      [11, 'formula_prefix'],
      [12, 'formula_prefix'],
      [13, 'formula_prefix'],
    ]);
    expect(review.filters).toMatchObject({ limit: 10, total_count: 9 });
    const page2 = await post(ctx.app, '/api/failed_pins_list/', { import_id: importId, page: 2, limit: 6 }, reseller);
    expect(page2.body.data.failed_pins.map((f: { row_no: number }) => f.row_no)).toEqual([11, 12, 13]);
    // Failed rows show the value masked to its last 4 characters, never a formula a spreadsheet would run.
    for (const f of review.failed_pins) {
      expect(f.pin).not.toMatch(/^[=+\-@]/);
      expect(f.pin.replace(/^\*+/, '').length).toBeLessThanOrEqual(4);
    }
    expect(review.failed_pins.find((f: { row_no: number }) => f.row_no === 4).pin).toBe(
      `********${good[1]!.slice(-4)}`,
    );

    const approve = await post(ctx.app, '/api/upload_step_three/', { import_id: importId }, reseller);
    expect(approve.status).toBe(200);
    expect(approve.body.data).toMatchObject({ status: 'approved', imported_pins: 4, published: 1 });
    const lots = await ctx.db.execute<{ lot: string; serial: string }>(
      sql`select lot, serial from pins where import_id = ${importId} order by id`,
    );
    expect(lots.rows).toEqual([
      { lot: 'L-7', serial: 'SER1' },
      { lot: 'L-7', serial: 'SER2' },
      { lot: 'L-7', serial: 'SER6' },
      { lot: 'DEFAULT-LOT', serial: 'SER13' },
    ]);
  });

  it('refuses more than 1500 data rows at step 2 (1501 lines without a header)', async () => {
    const up = await upload(`${makePins(1501, 12).join('\n')}\n`);
    expect(up.status).toBe(200);
    const res = await post(
      ctx.app,
      '/api/background_task_step_two/',
      {
        import_id: up.body.data.import_id,
        configuration_id: product.configurations[0]!.id,
        supplier_id: supplier.supplier_id,
        pin_sequence: 1,
        has_header: 0,
        buying_discount: '3',
      },
      reseller,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: 'csv_file', rule: 'too_many_rows' });
    expect(res.body).toMatchObject({ code: 'import_too_many_pins', params: { max: 1500 } });
  });

  it('refuses a missing configuration, a foreign product, a column outside the file and bad numbers', async () => {
    const up = await upload('111122223333\n');
    const base = {
      import_id: up.body.data.import_id,
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplier.supplier_id,
      pin_sequence: 1,
      has_header: 0,
      buying_discount: '3',
    };
    const foreign = await createProduct(ctx.app, admin, { pin_length: 12 });
    const cases: [Record<string, unknown>, number, string?, string?][] = [
      [{ configuration_id: 999_999 }, 404],
      [{ configuration_id: foreign.configurations[0]!.id }, 404],
      [{ supplier_id: 999_999 }, 404],
      [{ pin_sequence: 2 }, 422, 'pin_sequence'],
      [{ pin_sequence: 0 }, 422, 'pin_sequence'],
      [{ buying_discount: '101' }, 422, 'buying_discount', 'buying_discount: at most 100 percent'],
      [{ buying_discount: '-1' }, 422, 'buying_discount', 'buying_discount: at least 0 percent'],
      [{ buying_discount: 'abc' }, 422, 'buying_discount', 'buying_discount: a number with up to 4 decimals'],
      [{ import_id: 999_999 }, 404],
    ];
    for (const [over, status, field, message] of cases) {
      const res = await post(ctx.app, '/api/background_task_step_two/', { ...base, ...over }, reseller);
      expect(res.status, JSON.stringify(over)).toBe(status);
      if (field) expect(res.body.errors[0].field).toBe(field);
      if (message) expect(res.body.errors[0].message).toBe(message);
    }
  });

  it('prefills the buying discount from the supplier’s previous import', async () => {
    const s = await createSupplier(ctx.app, reseller, 'Discount Supplier');
    const none = await post(ctx.app, '/api/previous_supplier_discount/', { supplier_id: s.supplier_id }, reseller);
    expect(none.body.data.buying_discount).toBeNull();
    await importPins(ctx.app, reseller, makePins(2, 12), {
      configuration_id: product.configurations[1]!.id,
      supplier_id: s.supplier_id,
      buying_discount: '7.5',
    });
    const prev = await post(
      ctx.app,
      '/api/previous_supplier_discount/',
      { supplier_id: s.supplier_id, configuration_id: product.configurations[0]!.id },
      reseller,
    );
    expect(prev.body.data.buying_discount).toBe('7.5000');
    const foreign = await createSupplier(ctx.app, admin, 'Other');
    expect(
      (await post(ctx.app, '/api/previous_supplier_discount/', { supplier_id: foreign.supplier_id }, reseller)).status,
    ).toBe(404);
  });
});

describe('step 3: approve or cancel', () => {
  it('approves into stock in one go, costs at F × (1 − discount), and refuses a second approval', async () => {
    const pins = makePins(5, 12);
    const { importId } = await uploadAndMap(ctx.app, reseller, pins.join('\n'), {
      configuration_id: product.configurations[1]!.id, // 25 EUR
      supplier_id: supplier.supplier_id,
      buying_discount: '3.333',
    });
    const before = await pinCount(product.product_id);
    const [a, b] = await Promise.all([
      post(ctx.app, '/api/upload_step_three/', { import_id: importId }, reseller),
      post(ctx.app, '/api/upload_step_three/', { import_id: importId }, reseller),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const again = await post(ctx.app, '/api/upload_step_three/', { import_id: importId }, reseller);
    expect(again.status).toBe(409);
    expect(await pinCount(product.product_id)).toBe(before + 5);
    const cost = await ctx.db.execute<{ cost: string }>(
      sql`select distinct cost from pins where import_id = ${importId}`,
    );
    expect(cost.rows).toEqual([{ cost: '24.1700' }]); // 25 × 0.96667 = 24.16675 → 24.17
    const stock = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from available_stock a join pins p on p.id = a.pin_id where p.import_id = ${importId}`,
    );
    expect(stock.rows[0]!.n).toBe(5);
    // The uploaded file is gone once decided.
    const file = await ctx.db.execute(sql`select file_id from inventory_imports where id = ${importId}`);
    expect(file.rows[0]!.file_id).toBeNull();
  });

  it('approves as unpublished: pins stored, nothing for sale', async () => {
    const importId = await importPins(
      ctx.app,
      reseller,
      makePins(3, 12),
      { configuration_id: product.configurations[0]!.id, supplier_id: supplier.supplier_id, import_batch: 'UNPUB' },
      0,
    );
    const r = await ctx.db.execute<{ pins: number; stock: number }>(sql`
      select (select count(*)::int from pins where import_id = ${importId} and not published) as pins,
             (select count(*)::int from available_stock a join pins p on p.id = a.pin_id where p.import_id = ${importId}) as stock`);
    expect(r.rows[0]).toEqual({ pins: 3, stock: 0 });
  });

  it('never takes the same PIN twice when two imports of one product are approved', async () => {
    const shared = makePins(4, 12);
    const map = { configuration_id: product.configurations[0]!.id, supplier_id: supplier.supplier_id };
    const first = await uploadAndMap(ctx.app, reseller, shared.join('\n'), map);
    const second = await uploadAndMap(ctx.app, reseller, shared.join('\n'), map);
    expect(second.review.import.valid_rows).toBe(4); // both checked before either was approved
    const [a, b] = await Promise.all([
      post(ctx.app, '/api/upload_step_three/', { import_id: first.importId }, reseller),
      post(ctx.app, '/api/upload_step_three/', { import_id: second.importId }, reseller),
    ]);
    expect(a.body.data.imported_pins + b.body.data.imported_pins).toBe(4);
    const late = a.body.data.imported_pins === 0 ? first.importId : second.importId;
    const failed = await post(ctx.app, '/api/failed_pins_list/', { import_id: late }, reseller);
    expect(failed.body.data.failed_pins.map((f: { reason: string }) => f.reason)).toEqual(
      Array(4).fill('duplicate_in_stock'),
    );
  });

  it('cancels: nothing reaches stock, the file and rows are gone, and it cannot be approved later', async () => {
    const { importId } = await uploadAndMap(ctx.app, reseller, makePins(2, 12).join('\n'), {
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplier.supplier_id,
    });
    const cancel = await post(ctx.app, '/api/upload_step_three/', { import_id: importId, cancel: 1 }, reseller);
    expect(cancel.body.data.status).toBe('cancelled');
    expect((await post(ctx.app, '/api/upload_step_three/', { import_id: importId }, reseller)).status).toBe(409);
    const left = await ctx.db.execute<{ n: number }>(sql`
      select (select count(*)::int from inventory_import_rows where import_id = ${importId})
           + (select count(*)::int from pins where import_id = ${importId}) as n`);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('refuses to approve before step 2 has finished', async () => {
    const up = await upload(makePins(1, 12)[0]!);
    const res = await post(ctx.app, '/api/upload_step_three/', { import_id: up.body.data.import_id }, reseller);
    expect(res.status).toBe(409);
  });

  it('lists the imports waiting for approval', async () => {
    const { importId } = await uploadAndMap(ctx.app, reseller, makePins(1, 12).join('\n'), {
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplier.supplier_id,
    });
    const res = await post(ctx.app, '/api/inventory_imports/', {}, reseller);
    expect(res.body.data.imports.map((i: { import_id: number }) => i.import_id)).toContain(importId);
    expect(res.body.data.filters.limit).toBe(10);
    const adminList = await post(ctx.app, '/api/inventory_imports/', { status: 'all' }, admin);
    expect(adminList.body.data.imports.map((i: { import_id: number }) => i.import_id)).not.toContain(importId);
  });
});

describe('permissions', () => {
  it("answers 404 for another tenant's import on every step", async () => {
    const { importId } = await uploadAndMap(ctx.app, reseller, makePins(1, 12).join('\n'), {
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplier.supplier_id,
    });
    const adminProduct = await createProduct(ctx.app, admin, { pin_length: 12 });
    const adminSupplier = await createSupplier(ctx.app, admin);
    for (const [url, body] of [
      ['/api/failed_pins_list/', { import_id: importId }],
      ['/api/upload_step_three/', { import_id: importId }],
      ['/api/upload_step_three/', { import_id: importId, cancel: 1 }],
      [
        '/api/background_task_step_two/',
        {
          import_id: importId,
          configuration_id: adminProduct.configurations[0]!.id,
          supplier_id: adminSupplier.supplier_id,
          pin_sequence: 1,
          has_header: 0,
          buying_discount: '1',
        },
      ],
    ] as const) {
      const res = await post(ctx.app, url, body, admin);
      expect(res.status, url).toBe(404);
    }
    const still = await waitForImport(ctx.app, reseller, importId);
    expect(still.import.status).toBe('validated');
  });

  it('refuses sellers and operators without the inventory flag (403)', async () => {
    const calls: [string, unknown][] = [
      [
        '/api/background_task_step_two/',
        { import_id: 1, configuration_id: 1, supplier_id: 1, pin_sequence: 1, has_header: 0, buying_discount: '1' },
      ],
      ['/api/failed_pins_list/', { import_id: 1 }],
      ['/api/upload_step_three/', { import_id: 1 }],
      ['/api/previous_supplier_discount/', { supplier_id: 1 }],
      ['/api/inventory_imports/', {}],
    ];
    for (const [url, body] of calls) expect((await post(ctx.app, url, body, seller)).status, url).toBe(403);
    expect((await upload('111122223333\n', seller)).status).toBe(403);
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_inventory') where username = 'reseller-staff'`,
    );
    const staff = await signIn(ctx, 'reseller-staff');
    for (const [url, body] of calls) expect((await post(ctx.app, url, body, staff)).status, url).toBe(403);
    expect((await upload('111122223333\n', staff)).status).toBe(403);
  });
});
