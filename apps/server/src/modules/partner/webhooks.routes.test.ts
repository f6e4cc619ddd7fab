import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, newShop, ok, type Stock, signInOnce, stockFor, topUp } from '../selling/selling.fixtures.ts';
import { sendDelivery } from './webhook-sender.ts';
import { type Received, startReceiver, waitFor } from './webhooks.fixtures.ts';
import { RETRY_AFTER_MINUTES } from './webhooks.service.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let stock: Stock;
let server: Server;
let url: string;
let received: Received[];
/** The receiver's answers, in order; 200 once they run out. */
let answers: number[];

const deliveryOf = (saleId: number) =>
  ctx.db
    .execute<{ id: number; status: string; attempts: number; last_status_code: number | null }>(
      sql`select id::int, status, attempts, last_status_code from partner_deliveries where event_key = ${`sale:${saleId}`}`,
    )
    .then((r) => r.rows[0]);

async function sellAndDerive(headers: Record<string, string>) {
  const sale = await buy(ctx, headers, stock.configurationId, 1);
  expect(sale.status).toBe(200);
  await ctx.app.services.partner.webhooks.deriveEvents();
  return sale.body.data as { sale_id: number; pins: { pin: string }[] };
}

beforeAll(async () => {
  let base: string;
  ({ server, base, received, answers } = await startReceiver());
  url = `${base}/hooks`;
  ctx = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  ids = await demoIds(ctx.db);
  stock = await stockFor(ctx, { owner: 'reseller', pins: 30, shops: [ids.seller] });
  await topUp(ctx, ids.seller, '200');
  // Plain http to this machine: only with WEBHOOK_ALLOW_PRIVATE_TARGETS, so it is set past the form's https rule.
  await ctx.db.execute(
    sql`update customers set api_enabled = true, api_callback_url = ${url} where id = ${ids.seller}`,
  );
}, 120_000);
afterAll(async () => {
  await ctx.close();
  server.close();
});

describe('partner webhooks', () => {
  it('derives nothing for a shop without a secret, and starts after the sales before it', async () => {
    const sale = await sellAndDerive(await signInOnce(ctx, 'seller'));
    expect(await deliveryOf(sale.sale_id)).toBeUndefined();
  });

  it('signs a sale event by the documented recipe, without PINs, and delivers it once after two failures', async () => {
    const { secret } = await ok<{ secret: string }>(
      post(ctx.app, '/api/seller/webhook_secret/rotate/', {}, await signInOnce(ctx, 'seller')),
    );
    expect(secret).toMatch(/^whsec_/);
    answers.push(500, 503);
    const before = received.length;
    const sale = await sellAndDerive(await signInOnce(ctx, 'seller'));
    const done = await waitFor('the delivery', async () => {
      const d = await deliveryOf(sale.sale_id);
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(done).toMatchObject({ attempts: 3, last_status_code: 200 });
    await new Promise((r) => setTimeout(r, 1500));
    const mine = received.slice(before);
    expect(mine).toHaveLength(3);
    const last = mine[2]!;
    const [t = '', v1] = String(last.headers['x-portal-signature']).split(',');
    const timestamp = t.replace('t=', '');
    const expected = createHmac('sha256', secret).update(`${timestamp}.${last.body}`).digest('hex');
    expect(v1).toBe(`v1=${expected}`);
    expect(last.headers['x-portal-event']).toBe('sale.completed');
    const event = JSON.parse(last.body);
    expect(event).toMatchObject({ type: 'sale.completed', data: { sale_id: sale.sale_id, quantity: 1 } });
    for (const p of sale.pins) expect(last.body).not.toContain(p.pin);
  });

  it('shows the log to the shop and its reseller, sends again on request, and keeps other shops out', async () => {
    const seller = await signInOnce(ctx, 'seller');
    const log = await ok<{ deliveries: { delivery_id: number; status: string }[] }>(
      post(ctx.app, '/api/seller/webhook_deliveries/', {}, seller),
    );
    expect(log.deliveries[0]!.status).toBe('delivered');
    const id = log.deliveries[0]!.delivery_id;
    const byReseller = await ok<{ deliveries: unknown[] }>(
      post(
        ctx.app,
        '/api/customer/webhook_deliveries/',
        { customer_id: ids.seller },
        await signInOnce(ctx, 'reseller'),
      ),
    );
    expect(byReseller.deliveries).toHaveLength(log.deliveries.length);
    const other = await newShop(ctx, 'Webhook Other Shop');
    expect(
      (await post(ctx.app, '/api/seller/webhook_delivery/resend/', { delivery_id: id }, other.headers)).status,
    ).toBe(404);
    const before = received.length;
    const again = await ok<{ status: string; attempts: number }>(
      post(ctx.app, '/api/seller/webhook_delivery/resend/', { delivery_id: id }, seller),
    );
    expect(again).toMatchObject({ status: 'pending', attempts: 0 });
    await waitFor('the second delivery', async () => (received.length > before ? true : undefined));
  });

  it('queues again a delivery whose job was lost, so a restart loses nothing', async () => {
    const sale = await sellAndDerive(await signInOnce(ctx, 'seller'));
    const d = await waitFor('the delivery', async () => {
      const row = await deliveryOf(sale.sale_id);
      return row?.status === 'delivered' ? row : undefined;
    });
    // As if the queue had lost the job of its next attempt: pending, overdue, and no job.
    const long = new Date(ctx.clock.now().getTime() - 3_600_000);
    await ctx.db.execute(
      sql`update partner_deliveries set status = 'pending', next_attempt_at = ${long}, attempts = 1 where id = ${d.id}`,
    );
    await ctx.app.services.partner.webhooks.deriveEvents();
    const redone = await waitFor('the redelivery', async () => {
      const row = await deliveryOf(sale.sale_id);
      return row?.status === 'delivered' ? row : undefined;
    });
    expect(redone.attempts).toBe(2);
  });

  it('tries at least 10 times over at least 24 hours, then marks the delivery failed', async () => {
    expect(RETRY_AFTER_MINUTES.length).toBeGreaterThanOrEqual(10);
    expect(RETRY_AFTER_MINUTES.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * 60);
    answers.push(...Array(RETRY_AFTER_MINUTES.length + 1).fill(500));
    const sale = await sellAndDerive(await signInOnce(ctx, 'seller'));
    const failed = await waitFor('the last attempt', async () => {
      const row = await deliveryOf(sale.sale_id);
      return row?.status === 'failed' ? row : undefined;
    });
    expect(failed).toMatchObject({ attempts: RETRY_AFTER_MINUTES.length + 1, last_status_code: 500 });
  }, 60_000);

  it('refuses a callback to a private address at send time', async () => {
    const before = received.length;
    const r = await sendDelivery(url, '{}', {}, false);
    expect(r).toEqual({ status: null, error: 'address_not_allowed: 127.0.0.1' });
    const byName = await sendDelivery(url.replace('127.0.0.1', 'localhost'), '{}', {}, false);
    expect(byName.status).toBeNull();
    expect(byName.error).toMatch(/^address_not_allowed/);
    expect(received.length).toBe(before);
  });

  // Last in the file: it restarts the app.
  it('loses nothing when the server restarts while a delivery waits for its next attempt', async () => {
    answers.push(500);
    const sale = await buy(ctx, await signInOnce(ctx, 'seller'), stock.configurationId, 1);
    // The clock at the real time, so the next attempt waits in the queue (1 minute) instead of running at once.
    ctx.clock.set(new Date());
    await ctx.app.services.partner.webhooks.deriveEvents();
    const saleId = sale.body.data.sale_id;
    const failed = await waitFor('the first attempt', async () => {
      const d = await deliveryOf(saleId);
      return d?.attempts === 1 ? d : undefined;
    });
    expect(failed).toMatchObject({ status: 'pending', last_status_code: 500 });
    ctx = await ctx.restart();
    // The minute passes while the new server runs: the waiting job is due.
    const due = await ctx.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'partner.deliver-webhook' and state = 'created'`,
    );
    expect(due.rowCount).toBe(1);
    const done = await waitFor('the delivery after the restart', async () => {
      const d = await deliveryOf(saleId);
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(done).toMatchObject({ attempts: 2, last_status_code: 200 });
    const got = received.filter((r) => JSON.parse(r.body).id === `sale:${saleId}`);
    expect(got).toHaveLength(2);
  });
});
