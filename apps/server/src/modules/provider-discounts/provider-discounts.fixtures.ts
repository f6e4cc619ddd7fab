import type { DiscountProvider } from '@portal/contract/provider-discounts';
import { sql } from 'drizzle-orm';
import { post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { ok, signInOnce } from '../selling/selling.fixtures.ts';

const URL = '/api/provider_discounts/';

/**
 * Assigns a provider discount to the demo reseller (by the superadmin) and to one of its shops (by the reseller)
 * through the screen's call; answers how to return both to the platform's default, so the file's other tests keep
 * theirs.
 */
export async function assignProviderDiscounts(
  ctx: TestContext,
  provider: DiscountProvider,
  d: { reseller: string; shopId: number; shop: string },
) {
  const ids = await demoIds(ctx.db);
  const set = async (by: string, customerId: number, discount: string | null) =>
    ok(post(ctx.app, URL, { customer_id: customerId, discounts: [{ provider, discount }] }, await signInOnce(ctx, by)));
  await set('superadmin', ids.reseller, d.reseller);
  await set('reseller', d.shopId, d.shop);
  return async () => {
    await set('superadmin', ids.reseller, null);
    await set('reseller', d.shopId, null);
  };
}

/** A sale's recorded prices, as the provider_sales row keeps them. */
export async function recordedPrices(ctx: TestContext, saleId: number) {
  const r = await ctx.db.execute<{ seller_price: string; reseller_price: string | null }>(
    sql`select seller_price::numeric(12,2)::text, reseller_price::numeric(12,2)::text from provider_sales where id = ${saleId}`,
  );
  return r.rows[0];
}
