import type { SalesCounters, SalesExport } from '@portal/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshDatabase, get, post, type TestContext } from '../../../test/harness.ts';
import { connect } from '../../db/connect.ts';
import { productConfigurations, products } from '../../db/schema/products.ts';
import { seedDemo } from '../../seed.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { ok, signInOnce } from '../selling/selling.fixtures.ts';
import { insertSales, type SaleSeed } from './reports.fixtures.ts';

/**
 * With `DATABASE_READ_URL` the report and export queries read the replica, while the export records stay on
 * the primary. Here the "replica" is a second database that is not replicated at all, so every figure shows
 * which database it came from.
 */
let replica: Awaited<ReturnType<typeof freshDatabase>>;
let ctx: TestContext;

const sale = (ids: Awaited<ReturnType<typeof demoIds>>, quantity: number): SaleSeed => ({
  customerId: ids.seller,
  userId: ids.user('seller'),
  resellerId: ids.reseller,
  ownerCustomerId: ids.platform,
  productId: 1,
  configurationId: 1,
  kind: 'single',
  quantity,
  faceValue: '10.0000',
  sellerPrice: '9.7000',
  resellerPrice: '9.4000',
  totalCost: (9 * quantity).toFixed(4),
  createdAt: new Date('2026-11-20T10:00:00Z'),
});

beforeAll(async () => {
  replica = await freshDatabase();
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error', DATABASE_READ_URL: replica.url } });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await replica?.drop();
});

describe('DATABASE_READ_URL', () => {
  it('reads counters, lists and exports from the replica and keeps the export record on the primary', async () => {
    const ids = await demoIds(ctx.db);
    await insertSales(ctx.db, [sale(ids, 1)]);
    // The replica holds what a real one would: the same customers and catalogue, and here two other sales.
    const replicaDb = connect(replica.url, 2);
    try {
      await seedDemo(replicaDb);
      const r = await demoIds(replicaDb);
      const [product] = await replicaDb
        .insert(products)
        .values({ ownerCustomerId: r.platform, productType: 'cash_card', productName: 'Replica Card', pinLength: 16 })
        .returning();
      const [configuration] = await replicaDb
        .insert(productConfigurations)
        .values({ productId: product!.id, value: '10' }) // returning() of one row
        .returning();
      await insertSales(
        replicaDb,
        [2, 3].map((q) => ({ ...sale(r, q), productId: product!.id, configurationId: configuration!.id })),
      );
    } finally {
      await replicaDb.$client.end();
    }
    const superadmin = await signInOnce(ctx, 'superadmin');
    const c = await ok<{ counters: SalesCounters[] }>(post(ctx.app, '/api/get_sales_report_counters/', {}, superadmin));
    expect(c.counters[0]).toMatchObject({ sales: 2, pins: 5 });
    const list = await ok<{ sales: { product_name: string }[] }>(
      post(ctx.app, '/api/get_sales_report_list/', { page: 1 }, superadmin),
    );
    expect(list.sales.map((r) => r.product_name)).toEqual(['Replica Card', 'Replica Card']);

    const started = await ok<SalesExport>(post(ctx.app, '/api/get_sales_report_download_url/', {}, superadmin));
    let e = started;
    for (let i = 0; i < 100 && e.status !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      e = await ok<SalesExport>(get(ctx.app, `/api/report_exports/${started.export_id}/`, superadmin));
    }
    expect(e).toMatchObject({ status: 'ready', rows_total: 2, rows_done: 2 });
  });
});
