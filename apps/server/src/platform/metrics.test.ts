import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoIds } from '../modules/customers/customers.fixtures.ts';
import { buy, signInOnce, stockFor, topUp } from '../modules/selling/selling.fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN: 'scrape-token-0123456789' } });
});
afterAll(async () => ctx.close());

const scrape = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/metrics', headers });

describe('GET /metrics', () => {
  it('counts purchases by outcome and API requests by route, with the pool and the job queues', async () => {
    const ids = await demoIds(ctx.db);
    const seller = await signInOnce(ctx, 'seller');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 1, shops: [ids.seller] });
    await topUp(ctx, ids.seller, '50');
    expect((await buy(ctx, seller, stock.configurationId)).status).toBe(200);
    expect((await buy(ctx, seller, stock.configurationId)).status).toBe(409);

    const res = await scrape({ authorization: 'Bearer scrape-token-0123456789' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('portal_purchases_total{kind="single",outcome="sold"} 1');
    expect(res.body).toContain('portal_purchases_total{kind="single",outcome="out_of_stock"} 1');
    // Both singles went through the batcher, one call each (nothing else was queued).
    expect(res.body).toContain('portal_purchase_batching{figure="batches"} 2');
    expect(res.body).toContain('portal_purchase_batching{figure="purchases"} 2');
    expect(res.body).toMatch(
      /portal_http_request_duration_seconds_count\{method="POST",route="\/api\/add_transaction_v3\/",status="200"\} 1/,
    );
    expect(res.body).toMatch(/portal_db_pool_connections\{state="total"\} \d+/);
    expect(res.body).toContain('# TYPE portal_jobs gauge');
  });

  it('answers only a scraper with the token', async () => {
    expect((await scrape({})).statusCode).toBe(403);
    expect((await scrape({ authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(403);
  });
});
