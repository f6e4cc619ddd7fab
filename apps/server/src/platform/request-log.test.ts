import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../test/harness.ts';
import { demoIds } from '../modules/customers/customers.fixtures.ts';
import { newShop, topUp, transactionKey } from '../modules/selling/selling.fixtures.ts';

/**
 * Every line a request writes carries its request id: Fastify's own, the error handler's and the services'
 * (here the top-up flow's warning when DT One does not answer: the simulator's number ending 4109).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    captureLog: true,
    env: { DT_ONE_SIMULATOR_DELAY_SCALE: '0.01', DT_ONE_POLL_MS: '60000', DT_ONE_TIMEOUT_MS: '1000' },
  });
  await topUp(ctx, (await demoIds(ctx.db)).reseller, '1000');
}, 120_000);
afterAll(async () => ctx.close());

/** The log lines written while `send` ran; no other request or job runs meanwhile. */
async function linesOf(send: () => Promise<unknown>) {
  const from = ctx.logLines.length;
  await send();
  return ctx.logLines
    .slice(from)
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { reqId?: string; msg: string });
}

/** Over a real socket, not `inject`: the body then arrives in the socket's events, as in production. */
async function topUpTimingOut(headers: Record<string, string>) {
  const shop = await newShop(ctx, `Request Log Shop ${Object.keys(headers).length}`);
  await topUp(ctx, shop.customerId, '50');
  const transaction_key = await transactionKey(ctx, shop.headers);
  if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as AddressInfo;
  // The offer first; its confirm (configuration 6) is the call DT One leaves unanswered (…109).
  const offer = await post(
    ctx.app,
    '/api/international_top_up_transaction/',
    { transaction_key, product_id: 5000, mobile_number: '+905321234109' },
    shop.headers,
  );
  expect(offer.status, JSON.stringify(offer.body)).toBe(200);
  return linesOf(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/dt_one/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...shop.headers, ...headers },
      body: JSON.stringify({ configuration: 6, transaction_key }),
    });
    const body = (await res.json()) as { data: { sale: { status: string } } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.sale.status).toBe('pending');
  });
}

describe('the request log', () => {
  it('marks every line of a request, a service’s included, with the id the client sent', async () => {
    const lines = await topUpTimingOut({ 'x-request-id': 'counter-7-0042' });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'The provider did not answer; the sale stays pending']),
    );
    for (const line of lines) expect(line, JSON.stringify(line)).toMatchObject({ reqId: 'counter-7-0042' });
  }, 60_000);

  it('gives a request without an id its own, on every line', async () => {
    const lines = await topUpTimingOut({});
    expect(lines.map((l) => l.msg)).toContain('The provider did not answer; the sale stays pending');
    const ids = new Set(lines.map((l) => l.reqId));
    expect(ids.size, JSON.stringify(lines)).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);

  it('refuses an unusable id and uses its own instead', async () => {
    const lines = await linesOf(() =>
      ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\u0007' } }),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
