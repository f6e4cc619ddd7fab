import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { balanceOf, buy, checkInvariants, newShop, stockFor, topUp, transactionKey } from './selling.fixtures.ts';

/**
 * DOMAIN.md invariants under real concurrency: simultaneous HTTP requests (app.inject, each its own
 * transaction on its own pooled connection) against one PostgreSQL database.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
}, 60_000);
afterAll(async () => ctx.close());

const soldPins = async (configurationId: number) =>
  (
    await ctx.db.execute<{ pin_id: number }>(sql`
      select sp.pin_id from sale_pins sp join sales s on s.id = sp.sale_id where s.configuration_id = ${configurationId}`)
  ).rows.map((r) => r.pin_id);

describe('purchases under concurrency', () => {
  it('sells the last 10 PINs to exactly 10 of 50 simultaneous purchases, none twice, money to the cent', async () => {
    const shops = await Promise.all([1, 2, 3, 4, 5].map((i) => newShop(ctx, `Race Shop ${i}`)));
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 10, shops: shops.map((s) => s.customerId) });
    for (const s of shops) await topUp(ctx, s.customerId, '500');
    const keys = await Promise.all(
      Array.from({ length: 50 }, (_, i) => transactionKey(ctx, shops[i % 5]!.headers).then((k) => [i, k] as const)),
    );
    const answers = await Promise.all(
      keys.map(([i, key]) => buy(ctx, shops[i % 5]!.headers, stock.configurationId, 1, key)),
    );
    const passed = answers.filter((a) => a.status === 200);
    expect(passed).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(40).fill('out_of_stock'));
    const pins = passed.map((a) => a.body.data.pins[0].pin as string);
    expect(new Set(pins).size).toBe(10);
    expect(new Set(pins)).toEqual(new Set(stock.pins));
    expect(new Set(await soldPins(stock.configurationId)).size).toBe(10);
    const spent = await Promise.all(shops.map(async (s) => new Decimal(500).minus(await balanceOf(ctx, s.customerId))));
    expect(spent.reduce((a, b) => a.plus(b), new Decimal(0)).toFixed(2)).toBe('97.00');
    await checkInvariants(ctx);
  }, 120_000);

  it('lets exactly 7 of 20 shops buy platform stock when their reseller’s balance covers 7', async () => {
    const shops = await Promise.all(Array.from({ length: 20 }, (_, i) => newShop(ctx, `Platform Buyer ${i}`)));
    const stock = await stockFor(ctx, { owner: 'platform', pins: 40, shops: shops.map((s) => s.customerId) });
    for (const s of shops) await topUp(ctx, s.customerId, '50');
    // R is 9.40: the balance covers 7 sales and not an 8th.
    const reseller0 = await balanceOf(ctx, ids.reseller);
    await topUp(ctx, ids.reseller, new Decimal('70.80').minus(reseller0).toFixed(2));
    const keys = await Promise.all(shops.map((s) => transactionKey(ctx, s.headers)));
    const answers = await Promise.all(shops.map((s, i) => buy(ctx, s.headers, stock.configurationId, 1, keys[i])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(7);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(
      Array(13).fill('reseller_insufficient_balance'),
    );
    expect((await balanceOf(ctx, ids.reseller)).toFixed(2)).toBe('5.00');
    const charged = await Promise.all(shops.map((s) => balanceOf(ctx, s.customerId)));
    expect(charged.filter((b) => b.toFixed(2) === '40.30')).toHaveLength(7);
    expect(charged.filter((b) => b.toFixed(2) === '50.00')).toHaveLength(13);
    // The refused sales' PINs went back to stock.
    expect((await soldPins(stock.configurationId)).length).toBe(7);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from available_stock where configuration_id = ${stock.configurationId}`,
    );
    expect(rows[0]!.n).toBe(33);
    await checkInvariants(ctx);
  }, 180_000);

  it('buys once for the same key sent 20 times at once; every answer is that sale or 409 in_progress', async () => {
    const { customerId, headers } = await newShop(ctx, 'Impatient Shop');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 10, shops: [customerId] });
    await topUp(ctx, customerId, '100');
    const key = await transactionKey(ctx, headers);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buy(ctx, headers, stock.configurationId, 2, key)),
    );
    const saleIds = new Set<number>();
    for (const a of answers) {
      if (a.status === 200) saleIds.add(a.body.data.sale_id);
      else expect([a.status, a.body.code]).toEqual([409, 'in_progress']);
    }
    expect(saleIds.size).toBe(1);
    expect((await balanceOf(ctx, customerId)).toFixed(2)).toBe('80.60');
    expect((await soldPins(stock.configurationId)).length).toBe(2);
    await checkInvariants(ctx);
  }, 60_000);

  it('lets exactly one of two purchases through when together they exceed the balance', async () => {
    const { customerId, headers } = await newShop(ctx, 'Tight Shop');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 10, shops: [customerId] });
    await topUp(ctx, customerId, '15');
    for (let round = 0; round < 3; round++) {
      const keys = await Promise.all([transactionKey(ctx, headers), transactionKey(ctx, headers)]);
      const answers = await Promise.all(keys.map((k) => buy(ctx, headers, stock.configurationId, 1, k)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.code).toBe('insufficient_balance');
      expect((await balanceOf(ctx, customerId)).toFixed(2)).toBe('5.30');
      await topUp(ctx, customerId, '9.70');
    }
    await checkInvariants(ctx);
  }, 60_000);
});

describe('closing the day under concurrency', () => {
  const close = (headers: Record<string, string>) => post(ctx.app, '/api/z_report/', { action: 'close' }, headers);

  it('answers two simultaneous closes with one report and one refusal, never a gap or a duplicate', async () => {
    const { customerId, headers } = await newShop(ctx, 'Closing Shop');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 20, shops: [customerId] });
    await topUp(ctx, customerId, '200');
    for (let round = 1; round <= 3; round++) {
      await buy(ctx, headers, stock.configurationId, 1);
      const answers = await Promise.all([close(headers), close(headers)]);
      const issued = answers.filter((a) => a.status === 200).map((a) => a.body.data.z_number);
      const refused = answers.filter((a) => a.status !== 200).map((a) => a.body.code);
      expect(issued).toEqual([round]);
      expect(refused).toEqual(['nothing_to_close']);
    }
  }, 60_000);

  it('puts every sale in exactly one Z report while purchases and closes run at the same time', async () => {
    const { customerId, headers } = await newShop(ctx, 'Busy Closing Shop');
    const stock = await stockFor(ctx, { owner: 'reseller', pins: 60, shops: [customerId] });
    await topUp(ctx, customerId, '1000');
    const keys = await Promise.all(Array.from({ length: 30 }, () => transactionKey(ctx, headers)));
    const work = [
      ...keys.map((k) => buy(ctx, headers, stock.configurationId, 2, k)),
      ...Array.from({ length: 6 }, (_, i) => new Promise((r) => setTimeout(r, i * 15)).then(() => close(headers))),
    ];
    const answers = await Promise.all(work);
    expect(answers.slice(0, 30).every((a) => a.status === 200)).toBe(true);
    await close(headers);
    const { rows } = await ctx.db.execute<{ number: number; quantity: number; first: number; last: number }>(sql`
      select number, (totals->>'quantity')::int as quantity, first_sale_id as first, last_sale_id as last
      from z_reports where customer_id = ${customerId} order by number`);
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.reduce((s, r) => s + r.quantity, 0)).toBe(60);
    for (let i = 1; i < rows.length; i++) expect(Number(rows[i]!.first)).toBeGreaterThan(Number(rows[i - 1]!.last));
  }, 60_000);
});
