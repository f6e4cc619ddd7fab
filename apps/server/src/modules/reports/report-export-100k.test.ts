import type { SalesCounters, SalesReportRow } from '@portal/contract/reports';
import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { EXPORT_WORDS } from '../../platform/export-words.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { type Headers, ok, type Stock, signInOnce, stockFor } from '../selling/selling.fixtures.ts';

/** An export of 100 000 rows matches the report row for row. */
const ROWS = 100_000;

let ctx: TestContext;
let admin: Headers;
let stock: Stock;
let shopId: number;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const ids = await demoIds(ctx.db);
  shopId = ids.seller;
  admin = await signInOnce(ctx, 'superadmin');
  stock = await stockFor(ctx, { owner: 'reseller', pins: 1, shops: [shopId] });
  // The sales as the purchase writes them, over the last 30 Berlin days, with quantities and prices that vary.
  await ctx.db.execute(sql`
    insert into sales (customer_id, user_id, reseller_id, owner_customer_id, product_id, configuration_id, kind,
      quantity, face_value, seller_price, reseller_price, total_cost, created_at)
    select ${shopId}, ${ids.user('seller')}, ${ids.reseller}, ${ids.reseller}, ${stock.productId},
      ${stock.configurationId}, 'single', 1 + g % 5, 10, 9.70 - (g % 3) * 0.05, null, (1 + g % 5) * 9, 
      now() - (g % (30 * 24 * 60)) * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
}, 120_000);
afterAll(async () => ctx.close());

async function exportCsv(filters: object): Promise<string> {
  const started = await ok<{ export_id: string }>(post(ctx.app, '/api/get_sales_report_download_url/', filters, admin));
  for (let i = 0; i < 1200; i++) {
    const e = await ok<{ status: string; download_url: string | null; rows_done: number; rows_total: number }>(
      get(ctx.app, `/api/report_exports/${started.export_id}/`, admin),
    );
    if (e.status === 'ready') {
      const file = await ctx.app.inject({ method: 'GET', url: e.download_url!, headers: admin });
      expect(file.statusCode).toBe(200);
      return file.rawPayload.toString('utf8');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export not ready');
}

describe('an export of 100 000 rows', () => {
  it('holds every sale of the report once, each line as the report lists it, summing to its counters', async () => {
    const filters = { product: stock.productId };
    const csv = await exportCsv(filters);
    // A German reader's file (the demo users have no language of their own): `;`, decimal commas, German headers.
    const keyOf = new Map(Object.entries(EXPORT_WORDS.de.sales).map(([key, header]) => [header, key]));
    const lines = (
      parse(csv.replace(/^\uFEFF/, ''), {
        delimiter: ';',
        columns: (header: string[]) => header.map((h) => keyOf.get(h) ?? h),
      }) as Record<string, string>[]
    ).map(
      (l): Record<string, string> => ({
        ...l,
        // Every line has every column of the header (csv-parse refuses a short line).
        id: l.reference!.replace(/^PIN-/, ''),
        ...Object.fromEntries(
          ['quantity', 'face_value', 'selling_amount', 'buying_amount', 'margin'].map((k) => [
            k,
            l[k]!.replace(',', '.'),
          ]),
        ),
      }),
    );
    expect(lines).toHaveLength(ROWS);
    const byId = new Map(lines.map((l) => [Number(l.id), l]));
    expect(byId.size).toBe(ROWS);

    // The same order and the same values as the report's pages, at its start, middle and end.
    const pageSize = 100;
    const lastPage = ROWS / pageSize;
    for (const page of [1, 2, lastPage / 2, lastPage]) {
      const listed = await ok<{ sales: SalesReportRow[] }>(
        post(ctx.app, '/api/get_sales_report_list/', { ...filters, page, limit: pageSize }, admin),
      );
      expect(listed.sales).toHaveLength(pageSize);
      const offset = (page - 1) * pageSize;
      listed.sales.forEach((row, i) => {
        const line = lines[offset + i]!; // all ROWS lines, checked above
        expect(Number(line.id)).toBe(row.id);
        for (const key of ['quantity', 'face_value', 'selling_amount', 'buying_amount', 'margin'] as const) {
          expect(new Decimal(line[key]!).eq(String(row[key])), `${key} of sale ${row.id}`).toBe(true);
        }
        expect(line.shop_name).toBe(row.shop_name);
        expect(line.product_name).toBe(row.product_name);
      });
    }

    // Every line counted: the file's sums are the report's counters.
    const counters = await ok<{ counters: SalesCounters[] }>(
      post(ctx.app, '/api/get_sales_report_counters/', filters, admin),
    );
    const sum = (key: string) => lines.reduce((total, l) => total.plus(l[key]!), new Decimal(0));
    const c = counters.counters[0]!; // all in euro: one row
    expect(c.sales).toBe(ROWS);
    expect(sum('quantity').toNumber()).toBe(c.pins);
    for (const key of ['face_value', 'selling_amount', 'buying_amount', 'margin'] as const) {
      expect(sum(key).toFixed(2), key).toBe(new Decimal(c[key] as string).toFixed(2));
    }
  }, 300_000);
});
