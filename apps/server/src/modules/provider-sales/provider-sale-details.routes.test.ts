import type { LedgerRow } from '@portal/contract/credit';
import type { ProviderSaleDetails } from '@portal/contract/provider-sales';
import { ROLE, ROLE_FLAGS } from '@portal/contract/roles';
import type { TopupSale } from '@portal/contract/topup';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { sendTopup } from '../../../test/provider-sales.ts';
import { insertUser, twoTenants } from '../reports/reports.fixtures.ts';
import { type Headers, ok, signInOnce, topUp, transactionKey } from '../selling/selling.fixtures.ts';
import { untilStatus } from './provider-sales.fixtures.ts';

/**
 * One provider sale's details, as a ledger line of it opens it (decision 0123): who may open which sale, and the
 * ledger lines that name it. Two real DT One top-ups of the demo shop (one by its main account, one by its staff)
 * through the simulator at 1/20 of its delays, and one sale of another reseller's shop written beside them.
 */
let ctx: TestContext;
let t: Awaited<ReturnType<typeof twoTenants>>;
const USERS = [
  'seller',
  'seller-staff',
  'reseller',
  'reseller-staff',
  'reseller-no-reports',
  'superadmin',
  'platform-staff',
  'other-reseller',
  'other-shop',
] as const;
const h = {} as Record<(typeof USERS)[number], Headers>;
let bySeller: TopupSale;
let byStaff: TopupSale;
let foreignSaleId: number;

const details = (headers: Headers, saleId: number) =>
  get(ctx.app, `/api/get_provider_sale_details/?sale_id=${saleId}`, headers);

async function send(headers: Headers, mobile: string): Promise<TopupSale> {
  const transaction_key = await transactionKey(ctx, headers);
  const sale = await ok<TopupSale>(
    sendTopup(ctx.app, { transaction_key, product_id: 5000, mobile_number: mobile }, headers),
  );
  return untilStatus(`top-up ${sale.sale_id}`, 'successful', async () => {
    const r = await details(headers, sale.sale_id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as TopupSale;
  });
}

beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'error', DT_ONE_SIMULATOR_DELAY_SCALE: '0.05', DT_ONE_POLL_MS: '150' },
  });
  t = await twoTenants(ctx.db);
  await insertUser(ctx.db, {
    customerId: t.ids.reseller,
    username: 'reseller-no-reports',
    role: ROLE.reseller,
    internalRole: 0,
    features: ROLE_FLAGS[ROLE.reseller].filter((f) => f !== 'has_reports'),
  });
  for (const u of USERS) h[u] = await signInOnce(ctx, u);
  await topUp(ctx, t.ids.reseller, '1000');
  await topUp(ctx, t.ids.seller, '200');
  bySeller = await send(h.seller, '+905321234100');
  byStaff = await send(h['seller-staff'], '+905321234101');
  // The other reseller's shop sold one too: the same facts under its own shop, reseller and key.
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into provider_sales (provider, external_id, customer_id, reseller_id, platform_id, sold_by, product_id,
      product_name, operator_id, operator_name, country_iso_code, mobile_number, face_value, face_currency,
      retail_price, seller_price, reseller_price, provider_cost, status, reservation_entry_id, created_at, updated_at)
    select provider, 'pp-other-tenant', ${t.otherShop.customerId}, ${t.otherReseller.customerId}, platform_id,
      ${t.otherShop.userId}, product_id, product_name, operator_id, operator_name, country_iso_code, mobile_number,
      face_value, face_currency, retail_price, seller_price, reseller_price, provider_cost, status,
      reservation_entry_id, created_at, updated_at
    from provider_sales where id = ${bySeller.sale_id}
    returning id`);
  expect(rows).toHaveLength(1);
  foreignSaleId = rows[0]!.id;
}, 120_000);
afterAll(async () => ctx.close());

describe('one provider sale’s details (/get_provider_sale_details/)', () => {
  it('answers the sale with its shop, kind and ledger reference, never the provider’s cost', async () => {
    const d = await ok<ProviderSaleDetails>(details(h.seller, bySeller.sale_id));
    const { rows } = await ctx.db.execute<{ external_id: string }>(
      sql`select external_id from provider_sales where id = ${bySeller.sale_id}`,
    );
    expect(d).toMatchObject({
      ...bySeller,
      kind: 'international_topup',
      customer_id: t.ids.seller,
      customer_name: 'Demo Shop Berlin',
      reference: `dtone:${rows[0]?.external_id}`,
      booking: null,
      soft_pin: null,
    });
    expect(d.seller_price).toBe('4.90');
    expect(JSON.stringify(d)).not.toMatch(/provider_cost|reseller_price/);
  });

  // Each viewer: the demo shop's two sales and the other tenant's, 200 where its rule and scope let it see one.
  const matrix: [(typeof USERS)[number], { seller: number; staff: number; foreign: number }][] = [
    ['seller', { seller: 200, staff: 200, foreign: 404 }],
    ['seller-staff', { seller: 404, staff: 200, foreign: 404 }],
    ['reseller', { seller: 200, staff: 200, foreign: 404 }],
    ['reseller-staff', { seller: 200, staff: 200, foreign: 404 }],
    ['reseller-no-reports', { seller: 403, staff: 403, foreign: 403 }],
    ['superadmin', { seller: 200, staff: 200, foreign: 200 }],
    ['platform-staff', { seller: 404, staff: 404, foreign: 200 }],
    ['other-reseller', { seller: 404, staff: 404, foreign: 200 }],
    ['other-shop', { seller: 404, staff: 404, foreign: 200 }],
  ];
  it.each(matrix)('%s sees the sales of its scope only', async (user, expected) => {
    const seen = {
      seller: (await details(h[user], bySeller.sale_id)).status,
      staff: (await details(h[user], byStaff.sale_id)).status,
      foreign: (await details(h[user], foreignSaleId)).status,
    };
    expect(seen).toEqual(expected);
    const refused = await details(h[user], foreignSaleId + 1000);
    expect(refused.status).toBe(expected.seller === 403 ? 403 : 404);
    if (refused.status === 404) expect(refused.body.code).toBe('not_found');
  });

  it('hides what the shop paid from its staff where the shop masks its discount, not from its reseller', async () => {
    await ctx.db.execute(sql`update customers set mask_seller_discount = true where id = ${t.ids.seller}`);
    try {
      expect((await ok<ProviderSaleDetails>(details(h['seller-staff'], byStaff.sale_id))).seller_price).toBeNull();
      expect((await ok<ProviderSaleDetails>(details(h.reseller, byStaff.sale_id))).seller_price).toBe('4.90');
    } finally {
      await ctx.db.execute(sql`update customers set mask_seller_discount = false where id = ${t.ids.seller}`);
    }
  });
});

describe('the ledger lines of a provider sale', () => {
  const linesOf = (rows: LedgerRow[], saleId: number) => rows.filter((r) => r.provider_sale?.id === saleId);

  it('name the sale and its kind in the shop’s own ledger and in its reseller’s view of the shop', async () => {
    const own = await ok<{ ledger: LedgerRow[] }>(post(ctx.app, '/api/view_ledger/', { limit: 100 }, h.seller));
    const ownLines = linesOf(own.ledger, bySeller.sale_id);
    // The reservation took the shop's money; the success moves only the reseller's and the platform's.
    expect(ownLines).toEqual([
      expect.objectContaining({
        kind: 'provider_reservation',
        sale: null,
        provider_sale: { id: bySeller.sale_id, kind: 'international_topup' },
      }),
    ]);
    expect(own.ledger.filter((r) => r.kind === 'credit_topup').every((r) => r.provider_sale === null)).toBe(true);

    const shop = await ok<{ customer_ledger: LedgerRow[] }>(
      post(ctx.app, '/api/view_customer_ledger/', { customer_id: t.ids.seller, limit: 100 }, h.reseller),
    );
    expect(linesOf(shop.customer_ledger, byStaff.sale_id).length).toBeGreaterThan(0);
  });
});
