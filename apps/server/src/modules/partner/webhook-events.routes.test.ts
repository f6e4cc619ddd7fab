import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { sendTopup } from '../../../test/provider-sales.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { type Headers, newShop, ok, topUp, transactionKey } from '../selling/selling.fixtures.ts';
import { type Received, startReceiver, waitFor } from './webhooks.fixtures.ts';

/**
 * The events other than `sale.completed` (decision 0097): top-up finals, credit top-ups (from the journal entries
 * after a cursor) and low balance (from the alerts' notices after a cursor), each delivered once to the shop's
 * callback URL with the documented signature, and none to another shop. Top-ups run against the DT One simulator.
 */
let ctx: TestContext;
let server: Server;
let base: string;
let received: Received[];
type Shop = { customerId: number; headers: Headers; secret: string };
let shop: Shop;
let other: Shop;

const until = <T>(what: string, read: () => Promise<T | undefined>, ms = 30_000) => waitFor(what, read, ms);

async function webhookShop(name: string, path: string): Promise<Shop> {
  const s = await newShop(ctx, name);
  // Plain http to this machine: only with WEBHOOK_ALLOW_PRIVATE_TARGETS, so it is set past the form's https rule.
  await ctx.db.execute(
    sql`update customers set api_enabled = true, api_callback_url = ${base + path} where id = ${s.customerId}`,
  );
  const { secret } = await ok<{ secret: string }>(post(ctx.app, '/api/seller/webhook_secret/rotate/', {}, s.headers));
  return { ...s, secret };
}

/** Derives the events, waits until the shop's event is delivered, and checks it arrived once, signed. */
async function deliveredOnce(eventKey: string) {
  await ctx.app.services.partner.webhooks.deriveEvents();
  const d = await until(eventKey, async () => {
    const { rows } = await ctx.db.execute<{ id: number; status: string; customer_id: number }>(
      sql`select id::int, status, customer_id from partner_deliveries where event_key = ${eventKey}`,
    );
    return rows[0]?.status === 'delivered' ? rows : undefined;
  });
  expect(d).toHaveLength(1);
  expect(d[0]!.customer_id).toBe(shop.customerId);
  await ctx.app.services.partner.webhooks.deriveEvents();
  const mine = received.filter((r) => r.headers['x-portal-delivery'] === String(d[0]!.id));
  expect(mine).toHaveLength(1);
  const { headers, body, path } = mine[0]!;
  expect(path).toBe('/shop');
  const [t = '', v1] = String(headers['x-portal-signature']).split(',');
  const expected = createHmac('sha256', shop.secret)
    .update(`${t.replace('t=', '')}.${body}`)
    .digest('hex');
  expect(v1).toBe(`v1=${expected}`);
  const event = JSON.parse(body);
  expect(event.id).toBe(eventKey);
  expect(headers['x-portal-event']).toBe(event.type);
  return event as { type: string; data: Record<string, unknown> };
}

/** `ms`: a reversal is seen only by the watch's second look (about 18 s here) when a loaded machine delays the first. */
async function topUpSale(mobile: string, status: string, ms?: number) {
  const transaction_key = await transactionKey(ctx, shop.headers);
  await ok(sendTopup(ctx.app, { transaction_key, product_id: 5000, mobile_number: mobile }, shop.headers));
  // Asks the status call as the seller's screen does: the top-up moves on with it.
  await until(
    `top-up ${mobile} ${status}`,
    async () => {
      const body = { configuration: 41, transaction_key };
      const sale = await ok<{ sale: { status: string } }>(post(ctx.app, '/api/dt_one/', body, shop.headers));
      return sale.sale.status === status ? true : undefined;
    },
    ms,
  );
  const { rows } = await ctx.db.execute<{ id: number }>(
    sql`select id from provider_sales where customer_id = ${shop.customerId} and mobile_number = ${mobile}`,
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  ({ server, base, received } = await startReceiver());
  ctx = await createTestApp({
    env: {
      LOG_LEVEL: 'error',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      DT_ONE_SIMULATOR_DELAY_SCALE: '0.01',
      DT_ONE_POLL_MS: '150',
      DT_ONE_TIMEOUT_MS: '1000',
    },
  });
  // The reseller pays the platform for its shops' top-ups.
  await topUp(ctx, (await demoIds(ctx.db)).reseller, '1000');
  shop = await webhookShop('Events Shop', '/shop');
  other = await webhookShop('Events Other Shop', '/other');
  // The first run starts every cursor at its newest row: what happened before is never sent.
  await ctx.app.services.partner.webhooks.deriveEvents();
}, 120_000);
afterAll(async () => {
  // Another shop with webhooks on got nothing of the shop's events.
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from partner_deliveries where customer_id = ${other.customerId}`,
  );
  expect(rows[0]!.n).toBe(0);
  expect(received.filter((r) => r.path !== '/shop')).toEqual([]);
  await ctx.close();
  server.close();
});

describe('partner webhook events', () => {
  it('sends credit.booked for a credit top-up of the shop', async () => {
    await topUp(ctx, shop.customerId, '100');
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`select max(id)::int as id from journal_entries where customer_id = ${shop.customerId} and kind = 'credit_topup'`,
    );
    const event = await deliveredOnce(`credit:${rows[0]!.id}`);
    expect(event).toMatchObject({
      type: 'credit.booked',
      data: { entry_id: rows[0]!.id, kind: 'credit_topup', amount: '100.00', balance_after: '100.00' },
    });
  });

  it('sends topup.completed for a successful top-up and topup.failed for a declined one', async () => {
    const done = await topUpSale('+905321234100', 'successful');
    const declined = await topUpSale('+905321234102', 'failed');
    const completed = await deliveredOnce(`topup:${done}:successful`);
    expect(completed).toMatchObject({
      type: 'topup.completed',
      data: { topup_id: done, status: 'successful', product_id: 5000, mobile_number: '+905321234100', price: '4.90' },
    });
    const failed = await deliveredOnce(`topup:${declined}:failed`);
    expect(failed).toMatchObject({ type: 'topup.failed', data: { topup_id: declined, status: 'failed' } });
  });

  it('sends topup.refunded for a top-up reversed after it completed, besides its topup.completed', async () => {
    const reversed = await topUpSale('+905321234208', 'refunded', 60_000);
    expect((await deliveredOnce(`topup:${reversed}:successful`)).type).toBe('topup.completed');
    const refunded = await deliveredOnce(`topup:${reversed}:refunded`);
    expect(refunded).toMatchObject({ type: 'topup.refunded', data: { topup_id: reversed, status: 'refunded' } });
  }, 120_000);

  it('sends balance.low for the low-balance notice of the shop, and nothing for its reseller', async () => {
    await ctx.db.execute(sql`update customers set balance_trigger = '100000' where id = ${shop.customerId}`);
    await ctx.app.services.alerts.scanLowBalance();
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`select max(id)::int as id from notices where customer_id = ${shop.customerId} and kind = 'low_balance'`,
    );
    const event = await deliveredOnce(`balance_low:${rows[0]!.id}`);
    expect(event).toMatchObject({ type: 'balance.low', data: { notice_id: rows[0]!.id, trigger: '100000.00' } });
    const { rows: resellers } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from partner_deliveries where event_type = 'balance.low' and customer_id <> ${shop.customerId}`,
    );
    expect(resellers[0]!.n).toBe(0);
  });

  it('waits for an entry whose id was drawn before a higher one that committed first, so it is not skipped', async () => {
    const early = new pg.Client({ connectionString: ctx.url });
    await early.connect();
    try {
      await early.query('begin');
      const { rows } = await early.query<{ id: string }>(
        `insert into journal_entries (kind, customer_id, memo, created_at) values ('credit_topup', $1, 'late', now())
         returning id`,
        [shop.customerId],
      );
      const lowId = Number(rows[0]!.id);
      await early.query(
        `insert into ledger_lines (entry_id, customer_id, account, amount, balance_after, created_at)
         values ($1, $2, 'balance', 7, 7, now()), ($1, $2, 'credit', -7, null, now())`,
        [lowId, shop.customerId],
      );
      await topUp(ctx, shop.customerId, '5');
      const derived = ctx.app.services.partner.webhooks.deriveEvents();
      await new Promise((r) => setTimeout(r, 300));
      await early.query('commit');
      await derived;
      const late = await deliveredOnce(`credit:${lowId}`);
      expect(late.data).toMatchObject({ entry_id: lowId, amount: '7.00' });
    } finally {
      await early.end();
    }
  });
});
