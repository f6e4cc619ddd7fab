import type { SalesCounters } from '@portal/contract/reports';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { insertSales, type SaleSeed, twoTenants } from '../reports/reports.fixtures.ts';
import { type Headers, ok, signInOnce } from './selling.fixtures.ts';

/**
 * `/seller/sales` narrowed to one of the shop's users (issue 39): the list's `user_id` and the counters' `staff` read
 * within the shop only, so a user of another shop reads nothing, and a staff member's own-sales limit holds whatever
 * user it names.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof twoTenants>>['ids'];
let otherShopUser: number;
const as: Record<string, Headers> = {};

type Row = { sale_id: number; sold_by: string; quantity: number };
const list = async (who: string, body: object) =>
  ok<{ sales: Row[]; filters: { total_count: number } }>(
    post(ctx.app, '/api/get_sales_report_2_with_customer_id/', { limit: 100, ...body }, as[who]),
  );
const counters = async (who: string, body: object) =>
  (await ok<{ counters: SalesCounters[] }>(post(ctx.app, '/api/get_sales_report_counters/', body, as[who])))
    .counters[0]!; // every sale is in euro: one row of counters

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const tenants = await twoTenants(ctx.db);
  ids = tenants.ids;
  otherShopUser = tenants.otherShop.userId;
  const { rows } = await ctx.db.execute<{ product_id: number; configuration_id: number }>(sql`
    with p as (
      insert into products (owner_customer_id, product_type, product_name, pin_length)
      values (${ids.platform}, 'cash_card', 'Filterkarte', 12) returning id
    )
    insert into product_configurations (product_id, value) select id, 10 from p
    returning product_id, id as configuration_id`);
  const card = { productId: Number(rows[0]!.product_id), configurationId: Number(rows[0]!.configuration_id) };
  // The demo shop: its owner sells 2 and 3 PINs, its staff member 1, web support 4; the other shop 5.
  const sale = (customerId: number, resellerId: number, userId: number, quantity: number): SaleSeed => ({
    customerId,
    userId,
    resellerId,
    ownerCustomerId: ids.platform,
    ...card,
    kind: quantity > 1 ? 'bulk' : 'single',
    quantity,
    faceValue: '10.0000',
    sellerPrice: '9.6300',
    resellerPrice: '9.4100',
    totalCost: new Decimal('9.07').times(quantity).toFixed(4),
    createdAt: ctx.clock.now(),
  });
  await insertSales(ctx.db, [
    sale(ids.seller, ids.reseller, ids.user('seller'), 2),
    sale(ids.seller, ids.reseller, ids.user('seller'), 3),
    sale(ids.seller, ids.reseller, ids.user('seller-staff'), 1),
    sale(ids.seller, ids.reseller, ids.user('support'), 4),
    sale(tenants.otherShop.customerId, tenants.otherReseller.customerId, otherShopUser, 5),
  ]);
  for (const u of ['seller', 'seller-staff', 'support', 'other-shop']) as[u] = await signInOnce(ctx, u);
}, 120_000);
afterAll(async () => ctx?.close());

describe('the shop’s sales narrowed to one of its users', () => {
  it('the shop’s manager reads one user’s sales in the list and the counters', async () => {
    const all = await list('seller', {});
    expect(all.sales.map((s) => s.quantity).sort()).toEqual([1, 2, 3, 4]);
    const staff = await list('seller', { user_id: ids.user('seller-staff') });
    expect(staff.sales.map((s) => [s.sold_by, s.quantity])).toEqual([['seller-staff', 1]]);
    expect(staff.filters.total_count).toBe(1);
    const owner = await list('seller', { user_id: ids.user('seller') });
    expect(owner.sales.map((s) => s.quantity).sort()).toEqual([2, 3]);
    expect(await counters('seller', { staff: ids.user('support') })).toMatchObject({
      sales: 1,
      pins: 4,
      face_value: '40.00',
    });
  });

  it('a user of another shop reads nothing: no row, no count, no amount', async () => {
    const foreign = await list('seller', { user_id: otherShopUser });
    expect(foreign.sales).toEqual([]);
    expect(foreign.filters.total_count).toBe(0);
    expect(await counters('seller', { staff: otherShopUser })).toMatchObject({
      sales: 0,
      pins: 0,
      face_value: '0.00',
      selling_amount: '0.00',
    });
    // And the other shop cannot read the demo shop's users either.
    expect((await list('other-shop', { user_id: ids.user('seller') })).sales).toEqual([]);
    expect((await list('other-shop', {})).sales.map((s) => s.quantity)).toEqual([5]);
  });

  it('a staff member reads its own sales; naming another user reads nothing (web support: its counters)', async () => {
    for (const user_id of [undefined, ids.user('seller-staff')])
      expect(
        (await list('seller-staff', { user_id })).sales.map((s) => s.quantity),
        `${user_id}`,
      ).toEqual([1]);
    for (const user_id of [ids.user('seller'), otherShopUser]) {
      const rows = await list('seller-staff', { user_id });
      expect(rows.sales, `${user_id}`).toEqual([]);
      expect(rows.filters.total_count).toBe(0);
    }
    // The list is the shop's screen (`RULES.seller`); web support reads its own figures through the counters only.
    expect((await post(ctx.app, '/api/get_sales_report_2_with_customer_id/', {}, as.support)).status).toBe(403);
    for (const [who, own] of [
      ['seller-staff', 1],
      ['support', 4],
    ] as const) {
      for (const staff of [ids.user('seller'), otherShopUser])
        expect((await counters(who, { staff })).pins, `${who} ${staff}`).toBe(0);
      expect((await counters(who, { staff: ids.user(who) })).pins, who).toBe(own);
      expect((await counters(who, {})).pins, who).toBe(own);
    }
  });
});
