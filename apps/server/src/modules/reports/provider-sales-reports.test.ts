import { ROLE } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { sendTopup } from '../../../test/provider-sales.ts';
import { SALES_PERIOD_LOCK } from '../../db/sql.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { type Headers, newShop, ok, signInOnce, topUp, transactionKey } from '../selling/selling.fixtures.ts';
import { insertUser, twoTenants } from './reports.fixtures.ts';
import { createSalesRollupRepository } from './sales-rollup.repository.ts';
import { createSalesRollupService } from './sales-rollup.service.ts';

/**
 * Final provider sales in the shop's sales, the Z report and the sales reports (decision 0102), through real
 * top-ups against the simulator: Turkcell's 5 € product (F 5.00, R 4.80, S 4.90). A shop sends one that completes,
 * one that DT One declines and one that completes and is reversed; its staff member one that completes.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let shop: { customerId: number; headers: Headers };
let staff: Headers;

const PRODUCT = 5000;
const number = (suffix: string) => `+90532123${suffix}`;

async function send(headers: Headers, mobile: string, product = PRODUCT) {
  const transaction_key = await transactionKey(ctx, headers);
  await ok(sendTopup(ctx.app, { transaction_key, product_id: product, mobile_number: mobile }, headers));
  return transaction_key;
}

async function waitFor(headers: Headers, key: string, status: string) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const res = await post(ctx.app, '/api/dt_one/', { configuration: 41, transaction_key: key }, headers);
    if (res.body.data?.sale?.status === status) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`top-up ${key} never became ${status}`);
}

type Row = { sale_kind: string; refund: boolean; mobile_number: string | null; quantity: number; face_value: string };
const shopSales = (headers: Headers, body: Record<string, unknown> = {}) =>
  ok<{ sales: Row[] }>(post(ctx.app, '/api/get_sales_report_2_with_customer_id/', { page: 1, ...body }, headers));
const reportList = (headers: Headers, body: Record<string, unknown> = {}) =>
  ok<{ sales: (Row & { selling_amount: string; buying_amount: string | null })[] }>(
    post(ctx.app, '/api/get_sales_report_list/', { page: 1, limit: 100, ...body }, headers),
  );
const counters = async (headers: Headers, body: Record<string, unknown> = {}) =>
  (await ok<{ counters: Record<string, unknown>[] }>(post(ctx.app, '/api/get_sales_report_counters/', body, headers)))
    .counters[0];
const topupRows = (rows: Row[]) => rows.filter((r) => r.sale_kind !== 'pin');

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      LOG_LEVEL: 'error',
      DT_ONE_SIMULATOR_DELAY_SCALE: '0.01',
      DT_ONE_POLL_MS: '150',
      DT_ONE_TIMEOUT_MS: '1000',
      DIRECT_RECHARGE_SIMULATOR_DELAY_SCALE: '0.01',
      DIRECT_RECHARGE_POLL_MS: '150',
    },
  });
  await twoTenants(ctx.db);
  ids = await demoIds(ctx.db);
  await topUp(ctx, ids.reseller, '1000');
  shop = await newShop(ctx, 'Provider Sales Shop');
  await topUp(ctx, shop.customerId, '100');
  await insertUser(ctx.db, {
    customerId: shop.customerId,
    username: 'provider-sales-staff',
    role: ROLE.seller,
    internalRole: 1,
  });
  staff = await signInOnce(ctx, 'provider-sales-staff');
  // 2xx completes after 0.2 s and is reversed 0.2 s later. Only a successful top-up can become refunded, so
  // waiting for the refund alone is enough: on a loaded machine a poll can miss the short successful window.
  const reversed = await send(shop.headers, number('4208'));
  await waitFor(shop.headers, reversed, 'refunded');
  const done = await send(shop.headers, number('4100'));
  const declined = await send(shop.headers, number('4102'));
  const byStaff = await send(staff, number('4101'));
  await waitFor(shop.headers, done, 'successful');
  await waitFor(shop.headers, declined, 'failed');
  await waitFor(staff, byStaff, 'successful');
}, 120_000);
afterAll(async () => ctx.close());

describe('final provider sales in the shop’s sales', () => {
  it('lists each success and the refund of the reversed one, never the declined one', async () => {
    const { sales } = await shopSales(shop.headers);
    const rows = topupRows(sales);
    expect(rows.map((r) => [r.mobile_number, r.refund, r.quantity]).sort()).toEqual(
      [
        [number('4100'), false, 1],
        [number('4101'), false, 1],
        [number('4208'), false, 1],
        [number('4208'), true, -1],
      ].sort(),
    );
    expect(rows[0]).toMatchObject({ sale_kind: 'dtone', operator_name: 'Turkcell Turkey', product_type: null });
    const refund = sales.find((r) => r.refund) as Row & { total_value: string; total_price: string };
    expect(refund).toMatchObject({ total_value: '-5.00', total_price: '-4.90' });
  });

  it('shows staff their own top-ups only, and filters by sale kind', async () => {
    const own = topupRows((await shopSales(staff)).sales);
    expect(own.map((r) => r.mobile_number)).toEqual([number('4101')]);
    expect(topupRows((await shopSales(shop.headers, { sale_kind: 'pin' })).sales)).toEqual([]);
    expect((await shopSales(shop.headers, { sale_kind: 'dtone' })).sales).toHaveLength(4);
    expect((await shopSales(shop.headers, { product_type: 'cash_card' })).sales).toEqual([]);
  });
});

describe('final provider sales in the sales reports', () => {
  const rollup = () => createSalesRollupService({ repo: createSalesRollupRepository(ctx.db), clock: ctx.clock });

  it('count a success +1 and its refund −1, the same before and after the rollup job', async () => {
    const expected = {
      sales: 2,
      pins: 0,
      face_value: '10.00',
      selling_amount: '10.00',
      buying_amount: '9.80',
      margin: '0.20',
    };
    const before = await counters(shop.headers, { sale_kind: 'provider' });
    expect(before).toMatchObject(expected);
    await rollup().rollUpSales();
    expect(await counters(shop.headers, { sale_kind: 'provider' })).toEqual(before);
    expect(await counters(shop.headers, { sale_kind: 'pin' })).toMatchObject({ sales: 0, face_value: '0.00' });
    // The reseller's figures: it sells at S and buys at R (platform goods).
    expect(await counters(await signInOnce(ctx, 'reseller'), { shop: shop.customerId })).toMatchObject({
      sales: 2,
      selling_amount: '9.80',
      buying_amount: '9.60',
    });
    expect(await counters(staff)).toMatchObject({ sales: 1, face_value: '5.00' });
  });

  it('list them with kind, operator and number; a summary by product groups them by provider', async () => {
    const { sales } = await reportList(shop.headers, { sale_kind: 'provider' });
    expect(sales).toHaveLength(4);
    // The page count counts the refund's row too, though the counters count it −1.
    const page = await ok<{ filters: { total_count: number } }>(
      post(ctx.app, '/api/get_sales_report_list/', { page: 1, limit: 2, sale_kind: 'provider' }, shop.headers),
    );
    expect(page.filters.total_count).toBe(4);
    const refund = sales.find((r) => r.refund);
    expect(refund).toMatchObject({ quantity: -1, selling_amount: '-5.00', buying_amount: '-4.90' });
    const summary = await ok<{ summary: { key: string; name: string; sales: number }[] }>(
      post(
        ctx.app,
        '/api/get_sales_summary_report_with_customer_and_products_list/',
        { group_by: 'product', page: 1 },
        shop.headers,
      ),
    );
    expect(summary.summary).toContainEqual(expect.objectContaining({ key: 'dtone', name: 'dtone', sales: 2 }));
    const details = await ok<{ sales: Row[] }>(
      post(
        ctx.app,
        '/api/get_sales_summary_report_details/',
        { group_by: 'product', key: 'dtone', page: 1 },
        shop.headers,
      ),
    );
    expect(details.sales).toHaveLength(4);
  });

  it('keep another tenant’s and another shop’s provider sales out', async () => {
    for (const user of ['other-reseller', 'other-shop', 'seller', 'platform-staff']) {
      const headers = await signInOnce(ctx, user);
      expect(topupRows((await reportList(headers)).sales), user).toEqual([]);
      expect(await counters(headers, { sale_kind: 'provider' }), user).toMatchObject({ sales: 0 });
    }
    expect(topupRows((await shopSales(await signInOnce(ctx, 'seller'))).sales)).toEqual([]);
    const reseller = await signInOnce(ctx, 'reseller');
    expect(topupRows((await reportList(reseller)).sales)).toHaveLength(4);
  });
});

describe('final provider sales in the exports', () => {
  it('writes every row of the list, the refund marked, the number kept as text', async () => {
    const started = await ok<{ export_id: string }>(
      post(ctx.app, '/api/get_sales_report_download_url/', { sale_kind: 'provider' }, shop.headers),
    );
    let csv = '';
    for (let i = 0; i < 200 && !csv; i++) {
      const e = await ok<{ status: string; download_url: string | null; rows_done: number; rows_total: number }>(
        get(ctx.app, `/api/report_exports/${started.export_id}/`, shop.headers),
      );
      if (e.status === 'ready') {
        expect(e.rows_done).toBe(4);
        expect(e.rows_total).toBe(4);
        csv = (await ctx.app.inject({ method: 'GET', url: e.download_url as string, headers: shop.headers })).body;
      } else await new Promise((r) => setTimeout(r, 100));
    }
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Verkaufsart;Erstattung;Netzbetreiber;Rufnummer');
    expect(lines).toHaveLength(5);
    // The refund is a row of its own with a reference of its own, its kind and flag in words.
    expect(
      lines.filter((l) => l.includes(";Internationale Aufladung;Ja;Turkcell Turkey;'+905321234208;-1;")),
    ).toHaveLength(1);
    const references = lines.slice(1).map((l) => l.split(';')[0]!); // a split has a first part
    expect(new Set(references).size).toBe(4);
    expect(references.every((r) => /^DTONE-\d+(-R)?$/.test(r))).toBe(true);
  });
});

describe('final provider sales in the Z report', () => {
  type Z = {
    z_number: number | null;
    totals: { sales_count: number; total_value: string; total_price: string | null };
  };
  const z = (headers: Headers, body: Record<string, unknown> = {}) =>
    post(ctx.app, '/api/z_report/', body, headers) as Promise<{ status: number; body: { data: Z; code?: string } }>;

  it('closes a period of top-ups alone exactly once, and the next period holds only later ones', async () => {
    const open = (await z(shop.headers)).body.data;
    expect(open.totals).toMatchObject({ sales_count: 2, total_value: '10.00', total_price: '9.80' });
    expect((await z(staff)).body.data.totals).toMatchObject({ sales_count: 1, total_value: '5.00' });
    const closed = await z(shop.headers, { action: 'close' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ z_number: 1, totals: open.totals });
    const again = await z(shop.headers, { action: 'close' });
    expect(again.status).toBe(409);

    // Two products of the next period: each a line of its own, though neither has a configuration.
    const later = await send(shop.headers, number('4100'));
    const tenEuro = await send(shop.headers, number('4100'), 5001);
    await waitFor(shop.headers, later, 'successful');
    await waitFor(shop.headers, tenEuro, 'successful');
    const next = (await z(shop.headers)).body.data.totals as Z['totals'] & { products: { product_name: string }[] };
    expect(next).toMatchObject({ sales_count: 2, total_value: '15.00' });
    expect(next.products.map((p) => p.product_name).sort()).toEqual([
      'Turkcell Turkey 10.00 EUR',
      'Turkcell Turkey 5.00 EUR',
    ]);
    // The staff member's view of the issued report: their own top-up of that period only.
    expect((await z(staff, { z_number: 1 })).body.data.totals).toMatchObject({ sales_count: 1, total_value: '5.00' });
    expect((await z(shop.headers, { z_number: 1 })).body.data.totals).toMatchObject({ sales_count: 2 });
  });

  it('settles a top-up only once a close of its shop’s day has ended', async () => {
    const waiting = await newShop(ctx, 'Provider Z Wait Shop');
    await topUp(ctx, waiting.customerId, '100');
    const statuses = async () =>
      (
        await ctx.db.execute<{ status: string }>(
          sql`select status from provider_sales where customer_id = ${waiting.customerId}`,
        )
      ).rows.map((r) => r.status);
    const closing = new pg.Client({ connectionString: ctx.url });
    await closing.connect();
    try {
      // A close of the day holds the shop's sales-period lock exclusively.
      await closing.query('begin');
      await closing.query('select pg_advisory_xact_lock($1, $2)', [SALES_PERIOD_LOCK, waiting.customerId]);
      // The top-up is sent and asked about until it completes: its settlement waits for the close.
      const settling = send(waiting.headers, number('4100')).then((key) => waitFor(waiting.headers, key, 'successful'));
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await statuses()).toEqual(['pending']);
      await closing.query('commit');
      await settling;
      expect(await statuses()).toEqual(['successful']);
    } finally {
      await closing.end();
    }
  }, 60_000);

  it('puts every top-up that completes while the day is closed in exactly one report', async () => {
    const racing = await newShop(ctx, 'Provider Z Race Shop');
    await topUp(ctx, racing.customerId, '100');
    // Eight top-ups sent; each completes (the status call settles it) while the shop closes its day.
    const keys = await Promise.all(Array.from({ length: 8 }, () => send(racing.headers, number('4100'))));
    const answers: string[] = [];
    for (const key of keys) {
      const [, closed] = await Promise.all([
        waitFor(racing.headers, key, 'successful'),
        z(racing.headers, { action: 'close' }),
      ]);
      answers.push(`${closed.status}${closed.body.code ?? ''}`);
    }
    await z(racing.headers, { action: 'close' });
    expect((await z(racing.headers)).body.data.totals.sales_count).toBe(0);
    const counted: number[] = [];
    for (let n = 1; ; n++) {
      const issued = await z(racing.headers, { z_number: n });
      if (issued.status !== 200) break;
      counted.push(issued.body.data.totals.sales_count);
    }
    // Each sale is settled before the next close starts, so the closes cannot all have found nothing.
    expect(counted.length).toBeGreaterThan(1);
    expect(
      counted.reduce((a, b) => a + b, 0),
      `per report: ${counted.join(', ')}; the closes: ${answers.join(' ')}`,
    ).toBe(8);
  }, 60_000);
});

describe('another provider’s goods', () => {
  it('show up as a sale kind of their own with no code of their own: a direct recharge', async () => {
    const transaction_key = await transactionKey(ctx, shop.headers);
    const sent = await ok<{ sale_id: number }>(
      post(
        ctx.app,
        '/api/direct_recharge_with_mobile_with_dr_and_cc/',
        { transaction_key, product_id: 3100, mobile_number: '+4917612345100' },
        shop.headers,
      ),
    );
    for (let waited = 0; ; waited += 100) {
      const res = await post(
        ctx.app,
        '/api/check_direct_recharge_transaction/',
        { sale_id: sent.sale_id },
        shop.headers,
      );
      if (res.body.data?.status === 'successful') break;
      if (waited > 20_000) throw new Error('the direct recharge never completed');
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = (await shopSales(shop.headers, { sale_kind: 'direct_recharge' })).sales;
    expect(rows).toEqual([expect.objectContaining({ sale_kind: 'direct_recharge', mobile_number: '+4917612345100' })]);
    expect(await counters(shop.headers, { sale_kind: 'direct_recharge' })).toMatchObject({ sales: 1 });
    expect((await reportList(shop.headers, { sale_kind: 'dtone' })).sales.every((r) => r.sale_kind === 'dtone')).toBe(
      true,
    );
  });
});
