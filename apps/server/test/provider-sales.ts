import type { DiscountProvider } from '@portal/contract/provider-discounts';
import { flagsFrom, ROLE, ROLE_FLAGS } from '@portal/contract/roles';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { demoIds } from '../src/modules/customers/customers.fixtures.ts';
import { createProviderSalesModule } from '../src/modules/provider-sales/provider-sales.module.ts';
import { type Headers, topUp } from '../src/modules/selling/selling.fixtures.ts';
import type { Actor } from '../src/platform/actor.ts';
import { createTestApp, post, type TestContext } from './harness.ts';

/**
 * The set-up every provider's sales test shares (DT One, direct recharge, soft pins, bus tickets): a test app
 * against the provider's simulator, a copy of the portal's sales service built in the test, the callers of a shop's
 * calls and the answers to keys sent at once.
 */

export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/** The prefix of a provider's settings: `<prefix>_POLL_MS`, `<prefix>_TIMEOUT_MS`, `<prefix>_SIMULATOR_DELAY_SCALE`. */
type ProviderSettings = 'DT_ONE' | 'DIRECT_RECHARGE' | 'SOFTPIN' | 'FLIXBUS';

/**
 * A test app whose poll job asks the provider every 150 ms and gives up on an unanswered call after 1 s, with the
 * demo reseller credited `resellerCredit` so its shops' sales can reserve R; `env` adds the provider's own settings.
 */
export async function providerSalesApp(
  provider: ProviderSettings,
  env: NodeJS.ProcessEnv,
  resellerCredit: string,
): Promise<{ ctx: TestContext; ids: DemoIds }> {
  const ctx = await createTestApp({
    env: { LOG_LEVEL: 'error', [`${provider}_POLL_MS`]: '150', [`${provider}_TIMEOUT_MS`]: '1000', ...env },
  });
  const ids = await demoIds(ctx.db);
  await topUp(ctx, ids.reseller, resellerCredit);
  return { ctx, ids };
}

/** The shop's manager as a service sees it, for a copy of the portal built in a test. */
export async function shopActor(ctx: TestContext, shop: { customerId: number; headers: Headers }): Promise<Actor> {
  const [user] = (
    await ctx.db.execute<{ id: number }>(sql`select id from users where customer_id = ${shop.customerId}`)
  ).rows;
  return {
    userId: user?.id,
    customerId: shop.customerId,
    sessionId: shop.headers['x-session-id'],
    internal_role: 0,
    account_role: 2,
  } as Actor;
}

/** The shop's manager with a shop's flags (soft pins check the product type's flag in the service). */
export async function sellerActor(ctx: TestContext, shop: { customerId: number; headers: Headers }): Promise<Actor> {
  return { ...(await shopActor(ctx, shop)), flags: flagsFrom(ROLE_FLAGS[ROLE.seller]) } as Actor;
}

/**
 * What a copy of the portal's sales service for `provider` is made with besides its provider client: a copy of the
 * provider-sale engine over the test app's database, ledger and clock, with a job queue that drops what it is sent,
 * as a server that stopped would.
 */
export function portalCopyDeps(ctx: TestContext, provider: DiscountProvider) {
  const engine = createProviderSalesModule({
    db: ctx.db,
    keys: ctx.app.services.transactionKeys,
    ledger: ctx.app.services.credit.ledger,
    credit: ctx.app.services.credit.autoCredit,
    jobs: { send: async () => undefined },
    clock: ctx.clock,
    pinCrypto: ctx.app.services.pinCrypto,
  });
  return {
    db: ctx.db,
    providerSales: engine.services.sales,
    clock: ctx.clock,
    discounts: ctx.app.services.providerDiscounts.of(provider),
    pollMs: 150,
  };
}

/** Who may call a shop's provider calls: the shop's users and web support, never the reseller's or the platform's. */
export const SHOP_CALLERS: [string, number][] = [
  ['seller', 200],
  ['seller-staff', 200],
  ['support', 200],
  ['reseller', 403],
  ['reseller-staff', 403],
  ['superadmin', 403],
];

type Answer = { status: number; body: { code?: string } };

/** One key sent several times at once: every answer names the same one sale, or is refused as `in_progress`. */
export function expectOneSale<A extends Answer>(answers: A[], saleIdOf: (answer: A) => number) {
  const saleIds = new Set(answers.filter((a) => a.status === 200).map(saleIdOf));
  expect(saleIds.size).toBe(1);
  for (const a of answers.filter((x) => x.status !== 200)) expect(a.body.code).toBe('in_progress');
  return [...saleIds][0] as number;
}

/** Ten keys sent at once against a balance that covers four: four go through, six are refused for the balance. */
export function expectFourOfTen(answers: Answer[]) {
  expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
  expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(
    Array(6).fill('insufficient_balance'),
  );
}

/** How many provider sales the customer has, whatever their status. */
export async function providerSalesOf(ctx: TestContext, customerId: number) {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from provider_sales where customer_id = ${customerId}`,
  );
  return rows[0]?.n;
}

/**
 * A top-up as the shop's screen sends it (decision 0080, "Offers"): the offer (`/international_top_up_transaction/`),
 * then configuration 6 on its key confirms it. Answers the first refusal, else configuration 6's sale as `data`, the
 * shape the one-call send answered.
 */
export async function sendTopup(
  app: TestContext['app'],
  body: { transaction_key: string; product_id: number; mobile_number: string },
  headers: Record<string, string>,
) {
  const offered = await post(app, '/api/international_top_up_transaction/', body, headers);
  if (offered.status !== 200) return offered;
  const confirmed = await post(
    app,
    '/api/dt_one/',
    { configuration: 6, transaction_key: body.transaction_key },
    headers,
  );
  if (confirmed.status !== 200) return confirmed;
  return { ...confirmed, body: { ...confirmed.body, data: confirmed.body.data.sale } };
}
