import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE } from '@portal/contract/roles';
import type { PendingTopup, RechargeSummary, TopupSale } from '@portal/contract/topup';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { sendTopup } from '../../../test/provider-sales.ts';
import { expectGermanCsv, xlsxSheet } from '../../platform/export-checks.fixtures.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { insertUser } from '../reports/reports.fixtures.ts';
import { type Headers, ok, signInOnce, topUp, transactionKey } from '../selling/selling.fixtures.ts';

/**
 * The lists around top-ups: the shop's recharge summary, the platform's sales pending for more than a day and
 * DT One's callbacks. The simulator runs at 1/20 of its sandbox delays: `1xx` numbers finish after 150 ms, `2xx`
 * after 1 s, `3xx` after 15 s. DT One's callbacks go to a small server of the test's own, which hands them on.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
const USERS = ['seller', 'seller-staff', 'reseller', 'superadmin', 'platform-staff'] as const;
const h = {} as Record<(typeof USERS)[number], Headers>;
const SECRET = 'callback-secret-of-this-test-0123456789';
const callbacks: { url: string; body: { id?: number; external_id?: string } }[] = [];
const receiver = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    callbacks.push({ url: req.url ?? '', body: JSON.parse(body) });
    res.end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  ctx = await createTestApp({
    env: {
      LOG_LEVEL: 'error',
      DT_ONE_SIMULATOR_DELAY_SCALE: '0.05',
      DT_ONE_POLL_MS: '150',
      DT_ONE_TIMEOUT_MS: '2000',
      DT_ONE_CALLBACK_BASE_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      DT_ONE_CALLBACK_SECRET: SECRET,
    },
  });
  ids = await demoIds(ctx.db);
  await insertUser(ctx.db, {
    customerId: ids.platform,
    username: 'platform-staff',
    role: ROLE.superadmin,
    internalRole: 1,
  });
  for (const u of USERS) h[u] = await signInOnce(ctx, u);
  await topUp(ctx, ids.reseller, '1000');
  await topUp(ctx, ids.seller, '200');
}, 120_000);
afterAll(async () => {
  await ctx.close();
  receiver.close();
});

const number = (suffix: string) => `+90532123${suffix}`;

async function send(headers: Headers, mobile: string): Promise<TopupSale> {
  const transaction_key = await transactionKey(ctx, headers);
  return ok(sendTopup(ctx.app, { transaction_key, product_id: 5000, mobile_number: mobile }, headers));
}

async function statusOf(saleId: number) {
  const { rows } = await ctx.db.execute<{ status: string; provider_transaction_id: number | null }>(
    sql`select status, provider_transaction_id from provider_sales where id = ${saleId}`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function until(saleId: number, wanted: (s: string) => boolean) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const s = await statusOf(saleId);
    if (wanted(s.status)) return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`sale ${saleId} did not move`);
}

const summary = (headers: Headers, body: object) => post(ctx.app, '/api/get_recharge_summary/', body, headers);

describe('the shop’s recharge summary (/seller/recharge-summary)', () => {
  beforeAll(async () => {
    // The main account sends two that complete and one that is declined, its staff one that completes.
    const sent = [
      await send(h.seller, number('4100')),
      await send(h.seller, number('4101')),
      await send(h.seller, number('4102')),
      await send(h['seller-staff'], number('4100')),
    ];
    for (const s of sent) await until(s.sale_id, (st) => st !== 'pending');
  }, 60_000);

  it('groups by day, kind, operator and status, with totals per status and over all', async () => {
    const r = await ok<RechargeSummary>(summary(h.seller, { from: '2026-11-21', to: '2026-11-21' }));
    expect(r.rows).toEqual([
      {
        day: '2026-11-21',
        kind: 'international_topup',
        operator_name: 'Turkcell Turkey',
        status: 'failed',
        count: 1,
        retail_total: '5.00',
        seller_total: '4.90',
      },
      {
        day: '2026-11-21',
        kind: 'international_topup',
        operator_name: 'Turkcell Turkey',
        status: 'successful',
        count: 3,
        retail_total: '15.00',
        seller_total: '14.70',
      },
    ]);
    expect(r.totals).toEqual({
      failed: { count: 1, retail_total: '5.00', seller_total: '4.90' },
      successful: { count: 3, retail_total: '15.00', seller_total: '14.70' },
      all: { count: 4, retail_total: '20.00', seller_total: '19.60' },
    });
    const onlyFailed = await ok<RechargeSummary>(
      summary(h.seller, { from: '2026-11-01', to: '2026-11-30', status: 'failed' }),
    );
    expect(onlyFailed.totals.all?.count).toBe(1);
    const before = await ok<RechargeSummary>(summary(h.seller, { from: '2026-11-01', to: '2026-11-20' }));
    expect(before).toEqual({ rows: [], totals: {} });
  });

  it('shows staff their own sales, without the shop’s price when the shop masks its discount', async () => {
    const own = await ok<RechargeSummary>(summary(h['seller-staff'], { from: '2026-11-21', to: '2026-11-21' }));
    expect(own.totals.all).toEqual({ count: 1, retail_total: '5.00', seller_total: '4.90' });
    await ctx.db.execute(sql`update customers set mask_seller_discount = true where id = ${ids.seller}`);
    const masked = await ok<RechargeSummary>(summary(h['seller-staff'], { from: '2026-11-21', to: '2026-11-21' }));
    await ctx.db.execute(sql`update customers set mask_seller_discount = false where id = ${ids.seller}`);
    expect(masked.rows[0]?.seller_total).toBeNull();
    expect(masked.totals.all).toEqual({ count: 1, retail_total: '5.00', seller_total: null });
  });

  it('refuses a period backwards or longer than a year, and everyone but a shop', async () => {
    const backwards = await summary(h.seller, { from: '2026-11-21', to: '2026-11-20' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].field).toBe('to');
    expect((await summary(h.seller, { from: '2025-01-01', to: '2026-11-21' })).status).toBe(422);
    for (const u of ['reseller', 'superadmin'] as const) {
      expect((await summary(h[u], { from: '2026-11-21', to: '2026-11-21' })).status, u).toBe(403);
    }
  });

  it("downloads the rows as a German CSV and an XLSX: the user's words, numbers as numbers (decision 0131)", async () => {
    const file = (format: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/get_recharge_summary/',
        headers: { host: 'localhost', 'content-type': 'application/json', ...h.seller },
        payload: { from: '2026-11-21', to: '2026-11-21', format },
      });
    const res = await file('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('recharge-summary-2026-11-21-2026-11-21.csv');
    const { header, rows } = expectGermanCsv(res.rawPayload, ['Anzahl', 'Verkaufswert', 'Ihr Einkauf']);
    expect([header, ...rows]).toEqual([
      ['Tag', 'Art', 'Betreiber', 'Status', 'Anzahl', 'Verkaufswert', 'Ihr Einkauf'],
      ['21.11.2026', 'Internationale Aufladung', 'Turkcell Turkey', 'Fehlgeschlagen', '1', '5,00', '4,90'],
      ['21.11.2026', 'Internationale Aufladung', 'Turkcell Turkey', 'Erfolgreich', '3', '15,00', '14,70'],
    ]);
    const xlsx = await file('xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    const sheet = xlsxSheet(xlsx.rawPayload);
    expect(sheet).toContain('Internationale Aufladung');
    // The day is a date cell and the totals number cells (14.70 as the number 14.7), not text.
    expect(sheet).toMatch(/<c r="G3"[^>]*><v>14\.7<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="A2"[^>]*><v>\d+<\/v><\/c>/);
  });
});

describe('top-ups pending for more than a day (/top-ups-pending)', () => {
  it('lists the platform’s sale still pending after 24 hours, asks DT One again and never refunds it', async () => {
    // 3xx: DT One keeps it SUBMITTED for 15 s.
    const sale = await send(h.seller, number('4300'));
    const pending = async (headers: Headers) =>
      ok<{ top_ups: PendingTopup[] }>(post(ctx.app, '/api/view_pending_top_ups/', { page: 1 }, headers));
    expect((await pending(h.superadmin)).top_ups.map((t) => t.sale_id)).not.toContain(sale.sale_id);

    ctx.clock.set(new Date('2026-11-22T09:30:00Z'));
    try {
      // A day later the morning's sessions have ended.
      const admin = await signIn(ctx, 'superadmin');
      const stuck = (await pending(admin)).top_ups.find((t) => t.sale_id === sale.sale_id);
      expect(stuck).toMatchObject({ customer_id: ids.seller, status: 'pending', provider: 'dtone' });
      const checked = await ok<PendingTopup>(
        post(ctx.app, '/api/check_top_up_status/', { sale_id: sale.sale_id }, admin),
      );
      // DT One was asked at the moved clock and still has it in progress: it stays pending, its money reserved.
      expect(checked).toMatchObject({
        sale_id: sale.sale_id,
        status: 'pending',
        provider_status: expect.stringMatching(/^(CONFIRMED|SUBMITTED)$/),
        updated_at: '2026-11-22T09:30:00.000Z',
      });
      const entries = await ctx.db.execute<{ kind: string }>(sql`
        select e.kind from journal_entries e join provider_sales s on s.reservation_entry_id = e.id
        or e.reference = 'dtone:' || s.external_id where s.id = ${sale.sale_id}`);
      expect(entries.rows.map((r) => r.kind)).toEqual(['provider_reservation']);
    } finally {
      ctx.clock.set(new Date('2026-11-21T09:00:00Z'));
    }
  });

  it('is the platform main account’s alone', async () => {
    for (const u of ['platform-staff', 'reseller', 'seller'] as const) {
      expect((await post(ctx.app, '/api/view_pending_top_ups/', { page: 1 }, h[u])).status, u).toBe(403);
      expect((await post(ctx.app, '/api/check_top_up_status/', { sale_id: 1 }, h[u])).status, u).toBe(403);
    }
    expect((await post(ctx.app, '/api/check_top_up_status/', { sale_id: 999_999 }, h.superadmin)).status).toBe(404);
  });
});

describe('DT One’s callbacks', () => {
  const callback = (token: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/dt_one_callback/?token=${encodeURIComponent(token)}`,
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: body,
    });

  it('are asked for at the secret address, and only make the portal ask DT One itself', async () => {
    // 2xx: DT One completes it after 1 s and then calls back.
    const sale = await send(h.seller, number('4200'));
    const { provider_transaction_id: id } = await until(sale.sale_id, () => true);
    const early = await statusOf(sale.sale_id);
    // A callback claiming completion before DT One completed it changes nothing: its body is not read.
    const forged = await callback(SECRET, {
      id: early.provider_transaction_id,
      status: { class: { message: 'COMPLETED' } },
    });
    expect(forged.statusCode).toBe(200);
    expect((await statusOf(sale.sale_id)).status).toBe('pending');

    for (let waited = 0; waited < 10_000 && !callbacks.some((c) => c.body.id === id); waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const received = callbacks.find((c) => c.body.id === id);
    expect(received?.url).toBe(`/api/dt_one_callback/?token=${encodeURIComponent(SECRET)}`);
    const handed = await ctx.app.inject({
      method: 'POST',
      url: received?.url as string,
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: received?.body,
    });
    expect(handed.statusCode).toBe(200);
    expect((await statusOf(sale.sale_id)).status).toBe('successful');
  }, 30_000);

  it('answer a wrong secret like an unknown address', async () => {
    expect((await callback('wrong', { id: 1 })).statusCode).toBe(404);
    expect((await callback(SECRET, { id: 123_456_789 })).statusCode).toBe(200);
  });
});
