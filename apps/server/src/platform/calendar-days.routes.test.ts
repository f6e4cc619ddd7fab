import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../test/harness.ts';
import { demoIds } from '../modules/customers/customers.fixtures.ts';
import { allowIps, callPartner, newApiKey } from '../modules/partner/partner.fixtures.ts';
import { signInOnce } from '../modules/selling/selling.fixtures.ts';

/**
 * A day that matches `YYYY-MM-DD` but does not exist reached PostgreSQL and failed there (500). Each call is asked
 * once with an impossible day (a 422 naming the field and the rule `calendar_day`) and once with a real one (200), so
 * the refusal is the day's and nothing else's.
 */
let ctx: TestContext;
let partnerKey: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const ids = await demoIds(ctx.db);
  partnerKey = (await newApiKey(ctx)).api_key;
  await allowIps(ctx, ids.seller, ['203.0.113.0/24']);
});
afterAll(() => ctx.close());

type Answer = { status: number; body: { code?: string; errors?: { field: string; rule: string; message: string }[] } };

function expectRefusedDay(res: Answer, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.code).toBe('validation_failed');
  const error = res.body.errors?.find((e) => e.field === field);
  expect(error, JSON.stringify(res.body)).toMatchObject({ field, rule: 'calendar_day' });
  expect(error?.message.startsWith(`${field}:`)).toBe(true);
}

describe('impossible calendar days', () => {
  const reportCalls = [
    '/api/get_sales_report_list/',
    '/api/get_sales_report_counters/',
    '/api/get_sales_summary_report_with_customer_and_products_list/',
  ];
  it.each(reportCalls)('%s: 2026-02-30 is a 422 naming the field, 2026-02-28 an answer', async (url) => {
    const admin = await signInOnce(ctx, 'superadmin');
    const summary = url.includes('summary') ? { group_by: 'day' } : {};
    expectRefusedDay(await post(ctx.app, url, { ...summary, from_date: '2026-02-30' }, admin), 'from_date');
    expectRefusedDay(await post(ctx.app, url, { ...summary, to_date: '2025-02-29' }, admin), 'to_date');
    const res = await post(ctx.app, url, { ...summary, from_date: '2026-02-01', to_date: '2026-02-28' }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("the summary's drill-down refuses a figure key that is not a day", async () => {
    const admin = await signInOnce(ctx, 'superadmin');
    const url = '/api/get_sales_summary_report_details/';
    const res = await post(ctx.app, url, { group_by: 'day', key: '2026-04-31' }, admin);
    expectRefusedDay(res, 'key');
    expect((await post(ctx.app, url, { group_by: 'day', key: '2026-04-30' }, admin)).status).toBe(200);
  });

  it('GET hardware_orders', async () => {
    const reseller = await signInOnce(ctx, 'reseller');
    expectRefusedDay(await get(ctx.app, '/api/hardware_orders/?from=2026-02-30', reseller), 'from');
    expectRefusedDay(await get(ctx.app, '/api/hardware_orders/?to=2026-13-01', reseller), 'to');
    expect((await get(ctx.app, '/api/hardware_orders/?from=2024-02-29&to=2026-03-31', reseller)).status).toBe(200);
  });

  it('GET /api/partner/v1/ledger', async () => {
    expectRefusedDay(await callPartner(ctx, 'GET', '/ledger?from=2026-02-30', partnerKey), 'from');
    expectRefusedDay(await callPartner(ctx, 'GET', '/ledger?to=2026-06-31', partnerKey), 'to');
    const res = await callPartner(ctx, 'GET', '/ledger?from=2026-02-01&to=2026-02-28', partnerKey);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
