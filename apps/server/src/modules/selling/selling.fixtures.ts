import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { authHeaders, get, login, post, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertCustomer } from '../customers/customers.fixtures.ts';
import { createProduct, createSupplier, importPins, makePins } from '../inventory/inventory.fixtures.ts';

/** Test helpers of the selling domain: stock, assignments and credit set up over the API. */

export type Headers = Record<string, string>;

const sessions = new WeakMap<TestContext, Map<string, Headers>>();
let ipCounter = 0;

/**
 * Signs a user in once per test app and keeps the session; each sign-in comes from its own address,
 * so a test that signs in many shops stays below the sign-in call's per-address rate limit.
 */
export async function signInOnce(ctx: TestContext, username: string): Promise<Headers> {
  const known = sessions.get(ctx) ?? new Map<string, Headers>();
  sessions.set(ctx, known);
  const cached = known.get(username);
  if (cached) return cached;
  ipCounter++;
  const res = await login(ctx, { username }, { ip: `10.5.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  const headers = authHeaders(res.body.data);
  known.set(username, headers);
  return headers;
}

export async function ok<T = unknown>(p: Promise<{ status: number; body: { data: T } }>, status = 200): Promise<T> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data;
}

export interface Stock {
  productId: number;
  configurationId: number;
  pins: string[];
}

/**
 * A product of the given owner with `pins` PINs for sale in a 10 € configuration (cost 9.00 at the
 * import's 10 % buying discount), assigned down to `shops` with the given discounts: the platform
 * gives the reseller `resellerDiscount` %, the reseller gives its shops `sellerDiscount` %.
 */
export async function stockFor(
  ctx: TestContext,
  o: {
    owner: 'platform' | 'reseller';
    pins: number;
    shops: number[];
    productType?: 'cash_card' | 'gift_card' | 'calling_card';
    resellerDiscount?: string;
    sellerDiscount?: string;
    /** Another reseller than the demo one (its main user's username), whose shops `shops` are. */
    reseller?: { customerId: number; username: string };
  },
): Promise<Stock> {
  const ids = await demoIds(ctx.db);
  const reseller = await signInOnce(ctx, o.reseller?.username ?? 'reseller');
  const owner = o.owner === 'platform' ? await signInOnce(ctx, 'superadmin') : reseller;
  const product = await createProduct(ctx.app, owner, { values: ['10'], product_type: o.productType ?? 'cash_card' });
  const configurationId = product.configurations[0]!.id; // made with one value
  const supplier = await createSupplier(ctx.app, owner);
  const pins = makePins(o.pins, 16);
  for (let i = 0; i < pins.length; i += 1500) {
    await importPins(ctx.app, owner, pins.slice(i, i + 1500), {
      configuration_id: configurationId,
      supplier_id: supplier.supplier_id,
      buying_discount: '10',
      import_batch: `LOT-${i}`,
    });
  }
  if (o.owner === 'platform') {
    const plan = await ok<{ discount_slab_id: number }>(
      post(
        ctx.app,
        '/api/add_discount_plan/',
        {
          name: `Reseller plan ${configurationId}`,
          items: [{ configuration_id: configurationId, discount: o.resellerDiscount ?? '6' }],
        },
        owner,
      ),
    );
    await ok(
      post(
        ctx.app,
        '/api/add_update_delete_disable_pad/',
        {
          customer_id: o.reseller?.customerId ?? ids.reseller,
          action: 'assign',
          configuration_ids: [configurationId],
          discount_plan_id: plan.discount_slab_id,
        },
        owner,
      ),
    );
  }
  const plan = await ok<{ discount_slab_id: number }>(
    post(
      ctx.app,
      '/api/add_discount_plan/',
      {
        name: `Shop plan ${configurationId}`,
        items: [{ configuration_id: configurationId, discount: o.sellerDiscount ?? '3' }],
      },
      reseller,
    ),
  );
  for (const shop of o.shops) {
    await ok(
      post(
        ctx.app,
        '/api/add_update_delete_disable_pad/',
        {
          customer_id: shop,
          action: 'assign',
          configuration_ids: [configurationId],
          discount_plan_id: plan.discount_slab_id,
        },
        reseller,
      ),
    );
  }
  return { productId: product.product_id, configurationId, pins };
}

/**
 * Credit from the party above: the platform tops up the reseller, the reseller its shops; `by` names another
 * party above (its main user's username).
 */
export async function topUp(ctx: TestContext, customerId: number, amount: string, byUsername?: string) {
  const ids = await demoIds(ctx.db);
  const by = byUsername ?? (customerId === ids.reseller ? 'superadmin' : 'reseller');
  await ok(post(ctx.app, '/api/add_customer_credit/', { customer_id: customerId, amount }, await signInOnce(ctx, by)));
}

/** A new shop of the demo reseller with a signed-in main user. */
export async function newShop(ctx: TestContext, name: string, creditLimit = '100000') {
  const ids = await demoIds(ctx.db);
  const username = `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-')}`;
  const { customerId } = await insertCustomer(ctx.db, {
    name,
    accountRole: 2,
    parentId: ids.reseller,
    username,
    creditLimit,
    password: 'Demo#2026',
  });
  return { customerId, headers: await signInOnce(ctx, username) };
}

export async function transactionKey(ctx: TestContext, headers: Headers): Promise<string> {
  const res = await get(ctx.app, '/api/get_transaction_session_key/', headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transaction_key;
}

export async function buy(ctx: TestContext, headers: Headers, configuration: number, quantity = 1, key?: string) {
  const transaction_key = key ?? (await transactionKey(ctx, headers));
  return post(ctx.app, '/api/add_transaction_v3/', { transaction_key, configuration, quantity }, headers);
}

export async function balanceOf(ctx: TestContext, customerId: number): Promise<Decimal> {
  const { rows } = await ctx.db.execute<{ balance: string }>(
    sql`select balance from wallets where customer_id = ${customerId}`,
  );
  const [row] = rows;
  if (!row) throw new Error(`customer ${customerId} has no wallet`);
  return new Decimal(row.balance);
}

/** DOMAIN.md invariants 1–3, read from the database itself. */
export async function checkInvariants(ctx: TestContext) {
  const { rows } = await ctx.db.execute<{
    unbalanced: number;
    total: string;
    cache_mismatch: number;
    negative: number;
    sold_twice: number;
    stock_and_sold: number;
    sold_not_marked: number;
    sale_sum_mismatch: number;
  }>(sql`
    select
      (select count(*)::int from (select entry_id from ledger_lines group by entry_id having sum(amount) <> 0) e)
        as unbalanced,
      (select coalesce(sum(amount), 0)::text from ledger_lines) as total,
      (select count(*)::int from wallets w
        where w.balance <> coalesce((select sum(amount) from ledger_lines l
                where l.customer_id = w.customer_id and l.account = 'balance'), 0)) as cache_mismatch,
      (select count(*)::int from wallets where balance < 0 or outstanding_credit < 0) as negative,
      (select count(*)::int from (select pin_id from sale_pins group by pin_id having count(*) > 1) x) as sold_twice,
      (select count(*)::int from sale_pins sp join available_stock a on a.pin_id = sp.pin_id) as stock_and_sold,
      (select count(*)::int from sale_pins sp join pins p on p.id = sp.pin_id where p.sold_at is null
         or not p.published) as sold_not_marked,
      (select count(*)::int from sales s join journal_entries e on e.reference = 'sale:' || s.id
         join ledger_lines l on l.entry_id = e.id and l.customer_id = s.customer_id and l.account = 'balance'
        where -l.amount <> s.seller_price * s.quantity) as sale_sum_mismatch`);
  expect(rows[0]).toEqual({
    unbalanced: 0,
    total: '0.0000',
    cache_mismatch: 0,
    negative: 0,
    sold_twice: 0,
    stock_and_sold: 0,
    sold_not_marked: 0,
    sale_sum_mismatch: 0,
  });
}
