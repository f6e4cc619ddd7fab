import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { berlinDayStart } from '../../platform/berlin-time.ts';
import { expectGermanCsv, xlsxSheet } from '../../platform/export-checks.fixtures.ts';
import { createProduct, createSupplier, importPins, makePins } from '../inventory/inventory.fixtures.ts';

let ctx: TestContext;
let reseller: Record<string, string>;
let admin: Record<string, string>;
let seller: Record<string, string>;
let product: Awaited<ReturnType<typeof createProduct>>;
let supplierA: { supplier_id: number };
let supplierB: { supplier_id: number };
let pins: string[];
/** The stock report's number columns in a German file: counts and amounts, never text. */
const STOCK_NUMBERS = [
  'Nennwert',
  'Gesamt',
  'Verkauft',
  'Unverkauft',
  'Veröffentlicht',
  'Unveröffentlicht',
  'Verfügbar',
  'Lagerwert (EK)',
  'Verkauft (EK)',
  'Nennwert unverkauft',
];

beforeAll(async () => {
  ctx = await createTestApp();
  [reseller, admin, seller] = await Promise.all([
    signIn(ctx, 'reseller'),
    signIn(ctx, 'superadmin'),
    signIn(ctx, 'seller'),
  ]);
  product = await createProduct(ctx.app, reseller, {
    product_name: '=Report Card',
    pin_length: 12,
    values: ['10', '20'],
  });
  supplierA = await createSupplier(ctx.app, reseller, 'Alpha');
  supplierB = await createSupplier(ctx.app, reseller, 'Beta');
  pins = makePins(6, 12);
  await importPins(ctx.app, reseller, pins.slice(0, 4), {
    configuration_id: product.configurations[0]!.id,
    supplier_id: supplierA.supplier_id,
    buying_discount: '10',
    import_batch: 'R-1',
  });
  await importPins(
    ctx.app,
    reseller,
    pins.slice(4),
    {
      configuration_id: product.configurations[0]!.id,
      supplier_id: supplierB.supplier_id,
      buying_discount: '20',
      import_batch: 'R-2',
    },
    0,
  );
  await ctx.db.transaction((tx) => ctx.app.services.inventory.claimPins(product.configurations[0]!.id, 3, tx));
});
afterAll(async () => ctx.close());

describe('stock report', () => {
  it('counts and values stock per denomination, filtered by supplier', async () => {
    const res = await post(
      ctx.app,
      '/api/get_stock_report/',
      { filters: { product_id: product.product_id } },
      reseller,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.filters).toMatchObject({ page: 1, limit: 20, total_count: 2, product_id: product.product_id });
    const [ten, twenty] = res.body.data.stock_report;
    expect(ten).toMatchObject({ value: '10.00', total: 6, sold: 3, unsold: 3, published: 1, unpublished: 2 });
    // Unsold: one of Alpha's at 9.00 and two of Beta's at 8.00.
    expect(ten).toMatchObject({ stock_cost: '25.00', sold_cost: '27.00', face_value_unsold: '30.00' });
    expect(twenty).toMatchObject({ total: 0 });
    const beta = await post(
      ctx.app,
      '/api/get_stock_report/',
      { filters: { configuration_id: product.configurations[0]!.id, supplier_id: supplierB.supplier_id } },
      reseller,
    );
    expect(beta.body.data.stock_report[0]).toMatchObject({ total: 2, unsold: 2, stock_cost: '16.00' });
  });

  it('pages per spec section 9 and exports CSV with formulas escaped', async () => {
    const p = await post(
      ctx.app,
      '/api/get_stock_report/',
      { limit: 1, page: 2, filters: { product_id: product.product_id } },
      reseller,
    );
    expect(p.body.data.stock_report).toHaveLength(1);
    expect(p.body.data.filters).toMatchObject({ page: 2, limit: 1, total_pages: 2 });
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/get_stock_report/',
      payload: { format: 'csv', filters: { product_id: product.product_id } },
      headers: { host: 'localhost', ...reseller },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('stock-report.csv');
    // A German reader's file (decision 0131): its words, `;`, decimal commas, the product's `=` made harmless.
    const { header, rows } = expectGermanCsv(csv.rawPayload, STOCK_NUMBERS);
    expect(header.slice(0, 3)).toEqual(['Produkt', 'Produkttyp', 'Nennwert']);
    expect(rows).toHaveLength(2);
    const cell = (row: string[], h: string) => row[header.indexOf(h)];
    expect(rows[0]![0]).toBe("'=Report Card");
    expect(rows[0]![1]).toBe('Cash-Karte');
    expect(['Nennwert', 'Gesamt', 'Verkauft', 'Lagerwert (EK)', 'Verkauft (EK)'].map((h) => cell(rows[0]!, h))).toEqual(
      ['10,00', '6', '3', '25,00', '27,00'],
    );
    const xlsx = await ctx.app.inject({
      method: 'POST',
      url: '/api/get_stock_report/',
      payload: { format: 'xlsx', filters: { product_id: product.product_id } },
      headers: { host: 'localhost', ...reseller },
    });
    expect(xlsx.headers['content-disposition']).toContain('stock-report.xlsx');
    const sheet = xlsxSheet(xlsx.rawPayload);
    // Text as typed in a string cell (no visible quote), the stock value the number 25.
    expect(sheet).toContain('>=Report Card<');
    expect(sheet).toMatch(/<c r="J2"[^>]*><v>25<\/v><\/c>/);
  });

  it('shows only the owner’s stock', async () => {
    const res = await post(ctx.app, '/api/get_stock_report/', { filters: { product_id: product.product_id } }, admin);
    expect(res.body.data.filters.total_count).toBe(0);
    expect(
      (await post(ctx.app, '/api/get_stock_report/', { filters: { supplier_id: supplierA.supplier_id } }, admin))
        .status,
    ).toBe(404);
  });
});

describe('inventory history report', () => {
  it('lists approved imports with supplier, discount and counts, filtered by day and supplier', async () => {
    const res = await post(ctx.app, '/api/get_inventory_history_report/', {}, reseller);
    expect(res.body.data.inventory_history).toHaveLength(2);
    expect(res.body.data.inventory_history[1]).toMatchObject({
      supplier_name: 'Alpha',
      buying_discount: '10.0000',
      imported_pins: 4,
      batch: 'R-1',
      decided_by: 'reseller',
      published: 1,
    });
    const beta = await post(
      ctx.app,
      '/api/get_inventory_history_report/',
      { filters: { supplier_id: supplierB.supplier_id } },
      reseller,
    );
    expect(beta.body.data.inventory_history).toHaveLength(1);
    const day = ctx.clock.now().toISOString().slice(0, 10);
    const today = await post(
      ctx.app,
      '/api/get_inventory_history_report/',
      { filters: { from: day, to: day } },
      reseller,
    );
    expect(today.body.data.filters.total_count).toBe(2);
    const before = await post(
      ctx.app,
      '/api/get_inventory_history_report/',
      { filters: { to: '2020-01-01' } },
      reseller,
    );
    expect(before.body.data.filters.total_count).toBe(0);
    const file = await ctx.app.inject({
      method: 'POST',
      url: '/api/get_inventory_history_report/',
      payload: { format: 'csv' },
      headers: { host: 'localhost', ...reseller },
    });
    const history = expectGermanCsv(file.rawPayload, [
      'Import-Nr.',
      'Nennwert',
      'Einkaufsrabatt (%)',
      'Importierte PINs',
      'Abgelehnt',
    ]);
    expect(history.rows).toHaveLength(2);
    const alpha = history.rows.find((r) => r[history.header.indexOf('Lieferant')] === 'Alpha');
    expect(alpha?.[history.header.indexOf('Einkaufsrabatt (%)')]).toBe('10');
    expect(alpha?.[history.header.indexOf('Status')]).toBe('Freigegeben');
    expect(alpha?.[history.header.indexOf('Entschieden am')]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(
      (await post(ctx.app, '/api/get_inventory_history_report/', { filters: { from: '21.11.2026' } }, reseller)).status,
    ).toBe(422);
    expect((await post(ctx.app, '/api/get_inventory_history_report/', {}, admin)).body.data.filters.total_count).toBe(
      0,
    );
  });

  it('takes Berlin calendar days', () => {
    expect(berlinDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(berlinDayStart('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });
});

describe('sold pins by batch and product filters', () => {
  it('lists the sold pins of a batch, masked', async () => {
    const res = await post(
      ctx.app,
      '/api/get_sold_pins_by_batch/',
      { configuration_id: product.configurations[0]!.id, batch: 'R-1' },
      reseller,
    );
    expect(res.body.data.sold_pins).toHaveLength(3);
    for (const p of res.body.data.sold_pins) expect(p.pin).toMatch(/^\*{8}\w{4}$/);
    expect(JSON.stringify(res.body)).not.toContain(pins[0]);
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/get_sold_pins_by_batch/',
      payload: { configuration_id: product.configurations[0]!.id, batch: 'R-1', format: 'csv' },
      headers: { host: 'localhost', ...reseller },
    });
    expect(csv.body.trim().split('\n')).toHaveLength(4);
    for (const p of pins) expect(csv.body).not.toContain(p);
    const sold = expectGermanCsv(csv.rawPayload, ['PIN-Nr.', 'Einkaufspreis']);
    expect(sold.header).toEqual(['PIN-Nr.', 'PIN', 'Seriennummer', 'Verkauft am', 'Einkaufspreis']);
    expect(sold.rows.map((r) => r[4])).toEqual(['9,00', '9,00', '9,00']);
    const foreign = await post(
      ctx.app,
      '/api/get_sold_pins_by_batch/',
      { configuration_id: product.configurations[0]!.id, batch: 'R-1' },
      admin,
    );
    expect(foreign.status).toBe(404);
  });

  it('answers the owner’s products, denominations and suppliers for the filter lists', async () => {
    const res = await get(ctx.app, '/api/get_product_filters/', reseller);
    expect(res.body.data.products).toEqual([
      {
        product_id: product.product_id,
        product_name: '=Report Card',
        product_type: 'cash_card',
        assigned: 0,
        configurations: product.configurations.map((c) => ({ id: c.id, value: c.value })),
      },
    ]);
    expect(res.body.data.suppliers.map((s: { full_name: string }) => s.full_name)).toEqual(['Alpha', 'Beta']);
  });

  it('refuses sellers and operators without the reports flag (403)', async () => {
    for (const [url, body] of [
      ['/api/get_stock_report/', {}],
      ['/api/get_inventory_history_report/', {}],
      ['/api/get_sold_pins_by_batch/', { configuration_id: 1, batch: 'x' }],
    ] as const) {
      expect((await post(ctx.app, url, body, seller)).status, url).toBe(403);
    }
    expect((await get(ctx.app, '/api/get_product_filters/', seller)).status).toBe(403);
    const { sql } = await import('drizzle-orm');
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_reports') where username = 'reseller-staff'`,
    );
    const staff = await signIn(ctx, 'reseller-staff');
    expect((await post(ctx.app, '/api/get_stock_report/', {}, staff)).status).toBe(403);
    expect((await get(ctx.app, '/api/get_product_filters/', staff)).status).toBe(403);
  });
});
