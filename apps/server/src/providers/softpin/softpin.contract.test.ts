import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoftPinClient, type SoftPinClient, SoftPinRefusal, SoftPinUnreachable } from './client.ts';
import { SIM_SOFTPIN_PRODUCTS, type SoftPinSimulator, startSoftPinSimulator } from './simulator.ts';

/**
 * The client against the simulator (each outcome of the product table, on a clock the test moves) and against the
 * documented example answers in `recorded/` (docs/providers/softpin.md): the same client must read both.
 */

describe('client against the simulator', () => {
  let sim: SoftPinSimulator;
  let client: SoftPinClient;
  let clock = 1_000_000;
  const apiKey = 'test-key-of-this-run';

  beforeAll(async () => {
    sim = await startSoftPinSimulator({ apiKey, now: () => clock, hangMs: 1_500 });
    client = createSoftPinClient({ baseUrl: sim.baseUrl, apiKey, timeoutMs: 1_000 });
  });
  afterAll(async () => sim.close());

  let n = 0;
  const order = (productId: number, externalId = `contract-${++n}`) => client.createOrder({ externalId, productId });

  it('lists cash and gift cards with the provider’s price below the face value', async () => {
    const products = await client.listProducts();
    expect(products).toHaveLength(SIM_SOFTPIN_PRODUCTS.length);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(['cash_card', 'gift_card']));
    for (const p of products) expect(Number(p.price)).toBeLessThan(Number(p.face_value));
    expect(products.find((p) => p.id === 5100)).toMatchObject({ face_value: '10.00', price: '9.50', available: true });
    expect(products.find((p) => p.id === 5107)?.available).toBe(false);
  });

  it('refuses a wrong key', async () => {
    const wrong = createSoftPinClient({ baseUrl: sim.baseUrl, apiKey: 'wrong' });
    await expect(wrong.listProducts()).rejects.toMatchObject({ httpStatus: 401, code: 'unauthorized' });
  });

  it('0–5: DELIVERED at once with a PIN and serial; the same external id answers the same PIN', async () => {
    const o = await order(5100, 'same-id');
    expect(o).toMatchObject({ status: 'DELIVERED', product_id: 5100, serial: `SN${o.reference}` });
    expect(o.pin).toMatch(/^\d{16}$/);
    const again = await order(5100, 'same-id');
    expect(again).toEqual({ ...o, updated_at: again.updated_at });
    expect((await client.getOrder('same-id'))?.pin).toBe(o.pin);
    // Another order has another PIN.
    expect((await order(5100)).pin).not.toBe(o.pin);
  });

  it('refuses the same external id for another product with 409', async () => {
    await order(5100, 'taken-id');
    await expect(order(5200, 'taken-id')).rejects.toMatchObject({ httpStatus: 409, code: 'external_id_conflict' });
  });

  it('7: FAILED at once, out of stock, no PIN', async () => {
    expect(await order(5107)).toMatchObject({ status: 'FAILED', status_message: 'Out of stock', pin: null });
  });

  it('8: PENDING, DELIVERED after 3 s; 9: PENDING, then FAILED (declined)', async () => {
    const delayed = await order(5108);
    const declined = await order(5109);
    expect(delayed).toMatchObject({ status: 'PENDING', pin: null });
    expect(declined).toMatchObject({ status: 'PENDING', pin: null });
    clock += 3_000;
    expect((await client.getOrder(delayed.external_id))?.status).toBe('DELIVERED');
    expect(await client.getOrder(declined.external_id)).toMatchObject({ status: 'FAILED', status_message: 'Declined' });
  });

  it('6: an answer held past the timeout is “did not answer”, and the order exists', async () => {
    await expect(order(5106, 'held-id')).rejects.toBeInstanceOf(SoftPinUnreachable);
    expect((await client.getOrder('held-id'))?.status).toBe('DELIVERED');
  });

  it('answers null for an unknown order and refuses an unknown product', async () => {
    expect(await client.getOrder('never-sent')).toBeNull();
    await expect(order(9999)).rejects.toMatchObject({ httpStatus: 404, code: 'product_not_found' });
  });
});

describe('client against the recorded answers', () => {
  const recorded = (name: string) => readFileSync(new URL(`./recorded/${name}`, import.meta.url), 'utf8');
  const answering = (status: number, name: string) =>
    createSoftPinClient({
      baseUrl: 'http://provider.invalid',
      apiKey: 'k',
      fetch: (async () => new Response(recorded(name), { status })) as typeof fetch,
    });

  it('reads the catalogue, a delivered, a pending and a failed order', async () => {
    expect(await answering(200, 'products.json').listProducts()).toHaveLength(2);
    const delivered = await answering(201, 'order-delivered.json').createOrder({ externalId: 'x', productId: 5100 });
    expect(delivered).toMatchObject({ status: 'DELIVERED', pin: '1234567890123456', serial: 'SNSP800000' });
    expect((await answering(200, 'order-pending.json').getOrder('x'))?.status).toBe('PENDING');
    expect((await answering(200, 'order-failed.json').getOrder('x'))?.status_message).toBe('Out of stock');
  });

  it('reads the error documents as refusals, a 404 order as none, and a 5xx without one as no answer', async () => {
    await expect(
      answering(409, 'order-conflict.json').createOrder({ externalId: 'x', productId: 1 }),
    ).rejects.toBeInstanceOf(SoftPinRefusal);
    expect(await answering(404, 'order-not-found.json').getOrder('x')).toBeNull();
    const crash = createSoftPinClient({
      baseUrl: 'http://provider.invalid',
      apiKey: 'secret-key',
      fetch: (async () => new Response('<html>bad gateway</html>', { status: 502 })) as typeof fetch,
    });
    const err = await crash.listProducts().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SoftPinUnreachable);
    expect(String(err)).not.toContain('secret-key');
  });
});

describe('soft-pin simulator restarted on its file', () => {
  it('knows every order after a restart, with the same PIN, and brings the pending one to its final status', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'softpin-sim-'));
    const file = join(dir, 'simulators', 'softpin.json');
    let clock = 1_900_000_000_000;
    const opts = { apiKey: 'k', now: () => clock, file };
    const c = (sim: SoftPinSimulator) => createSoftPinClient({ baseUrl: sim.baseUrl, apiKey: 'k' });
    try {
      const first = await startSoftPinSimulator(opts);
      const delivered = await c(first).createOrder({ externalId: 'keep-1', productId: 5100 });
      const pending = await c(first).createOrder({ externalId: 'keep-2', productId: 5108 });
      expect(pending.status).toBe('PENDING');
      await first.close();
      const second = await startSoftPinSimulator(opts);
      try {
        expect(await c(second).getOrder('keep-1')).toMatchObject({ status: 'DELIVERED', pin: delivered.pin });
        expect((await c(second).getOrder('keep-2'))?.status).toBe('PENDING');
        clock += 3_000;
        expect((await c(second).getOrder('keep-2'))?.status).toBe('DELIVERED');
        // The external id stays taken, and new orders get new references.
        await expect(c(second).createOrder({ externalId: 'keep-1', productId: 5200 })).rejects.toMatchObject({
          httpStatus: 409,
          code: 'external_id_conflict',
        });
        const next = await c(second).createOrder({ externalId: 'keep-3', productId: 5100 });
        expect(Number(next.reference.slice(2))).toBeGreaterThan(Number(pending.reference.slice(2)));
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
