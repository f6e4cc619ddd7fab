import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDirectRechargeClient,
  type DirectRechargeClient,
  DirectRechargeRefusal,
  DirectRechargeUnreachable,
} from './client.ts';
import { type DirectRechargeSimulator, SIM_PRODUCTS, startDirectRechargeSimulator } from './simulator.ts';

/**
 * The client against the simulator (every outcome of the number table, on a clock the test moves) and against the
 * documented example answers in `recorded/` (docs/providers/direct-recharge.md): the same client must read both.
 */

describe('client against the simulator', () => {
  let sim: DirectRechargeSimulator;
  let client: DirectRechargeClient;
  let clock = 1_000_000;
  const apiKey = 'test-key-of-this-run';

  beforeAll(async () => {
    sim = await startDirectRechargeSimulator({ apiKey, now: () => clock, hangMs: 1_500 });
    client = createDirectRechargeClient({ baseUrl: sim.baseUrl, apiKey, timeoutMs: 1_000 });
  });
  afterAll(async () => sim.close());

  let n = 0;
  const externalId = () => `contract-${++n}`;
  const send = (mobileNumber: string, id = externalId()) =>
    client.createRecharge({ externalId: id, productId: 3100, mobileNumber });

  it('lists the products with euro prices, the cost below the retail price', async () => {
    const products = await client.listProducts();
    expect(products).toHaveLength(SIM_PRODUCTS.length);
    for (const p of products) {
      expect(p.currency).toBe('EUR');
      expect(Number(p.wholesale_price)).toBeLessThan(Number(p.retail_price));
    }
    expect(await client.getProduct(3100)).toMatchObject({ face_value: '15.00', wholesale_price: '14.25' });
    expect(await client.getProduct(9999)).toBeNull();
  });

  it('refuses a wrong key', async () => {
    const wrong = createDirectRechargeClient({ baseUrl: sim.baseUrl, apiKey: 'wrong' });
    await expect(wrong.listProducts()).rejects.toMatchObject({ httpStatus: 401, code: 'unauthorized' });
  });

  it('x00: ACCEPTED, PROCESSING after half the delay, SUCCESS with an operator reference after 3 s', async () => {
    const r = await send('+4917612345100');
    expect(r).toMatchObject({ status: 'ACCEPTED', operator_reference: null, product_id: 3100 });
    clock += 1_600;
    expect((await client.getRecharge(r.external_id))?.status).toBe('PROCESSING');
    clock += 1_500;
    expect(await client.getRecharge(r.external_id)).toMatchObject({
      status: 'SUCCESS',
      operator_reference: `OPR-${r.reference}`,
    });
  });

  it('x02, x03, x04: FAILED with the reason, 2xx after 20 s', async () => {
    const ids = await Promise.all(['+4917612345202', '+4917612345203', '+4917612345204'].map((m) => send(m)));
    clock += 19_000;
    for (const r of ids) expect((await client.getRecharge(r.external_id))?.status).toBe('PROCESSING');
    clock += 1_000;
    const messages = [];
    for (const r of ids) {
      const now = await client.getRecharge(r.external_id);
      expect(now?.status).toBe('FAILED');
      messages.push(now?.status_message);
    }
    expect(messages).toEqual(['Number is not rechargeable', 'Operator unavailable', 'Number is barred']);
  });

  it('x08: SUCCESS, then REVERSED after the delay again', async () => {
    const r = await send('+4917612345108');
    clock += 3_000;
    expect((await client.getRecharge(r.external_id))?.status).toBe('SUCCESS');
    clock += 3_000;
    expect((await client.getRecharge(r.external_id))?.status).toBe('REVERSED');
  });

  it('x09: the send is not answered in time, yet the recharge exists and succeeds', async () => {
    const id = externalId();
    await expect(send('+4917612345109', id)).rejects.toBeInstanceOf(DirectRechargeUnreachable);
    clock += 3_000;
    expect(await client.getRecharge(id)).toMatchObject({ status: 'SUCCESS', external_id: id });
  });

  it('refuses a second recharge under the same external id, and an unknown product', async () => {
    const r = await send('+4917612345100');
    await expect(send('+4917612345100', r.external_id)).rejects.toMatchObject({
      httpStatus: 409,
      code: 'duplicate_external_id',
    });
    await expect(
      client.createRecharge({ externalId: externalId(), productId: 1, mobileNumber: '+4917612345100' }),
    ).rejects.toMatchObject({ httpStatus: 404, code: 'product_not_found' });
    expect(await client.getRecharge('never-sent')).toBeNull();
  });
});

interface Recorded {
  operation: string;
  status: number;
  body: unknown;
}
const recordedDir = new URL('./recorded/', import.meta.url);
const recorded = Object.fromEntries(
  readdirSync(recordedDir).map((f) => [f, JSON.parse(readFileSync(new URL(f, recordedDir), 'utf8')) as Recorded]),
);

/** A fetch answering one recorded exchange (or a raw body), remembering what was asked. */
function replay(name: string | { status: number; text: string }) {
  const r = typeof name === 'string' ? (recorded[name] as Recorded) : null;
  const seen: { url: string; init: RequestInit }[] = [];
  const doFetch = (async (url: string | URL, init: RequestInit) => {
    seen.push({ url: String(url), init });
    if (typeof name !== 'string') return new Response(name.text, { status: name.status });
    return new Response(JSON.stringify(r?.body), {
      status: r?.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const client = createDirectRechargeClient({
    baseUrl: 'https://recharge.example/api/',
    apiKey: 'k3y',
    fetch: doFetch,
  });
  return { client, seen };
}

describe('client against the recorded answers', () => {
  it('reads the product list, a decimal cost with one digit included', async () => {
    const { client, seen } = replay('products.json');
    const products = await client.listProducts();
    expect(products.map((p) => [p.id, p.operator.name, p.wholesale_price])).toEqual([
      [3100, 'Telekom Deutschland', '14.25'],
      [3210, 'Congstar', '9.6'],
    ]);
    expect(seen[0]?.url).toBe('https://recharge.example/api/products');
    expect(new Headers(seen[0]?.init.headers).get('authorization')).toBe('Bearer k3y');
  });

  it('sends a recharge as the API describes it and reads the accepted answer', async () => {
    const { client, seen } = replay('recharge-accepted.json');
    const r = await client.createRecharge({ externalId: 'ppabc', productId: 3100, mobileNumber: '+4917612345100' });
    expect(r).toMatchObject({ status: 'ACCEPTED', reference: 'DR700001' });
    expect(seen[0]?.init.method).toBe('POST');
    expect(seen[0]?.url).toBe('https://recharge.example/api/recharges');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({
      external_id: 'ppabc',
      product_id: 3100,
      mobile_number: '+4917612345100',
    });
  });

  it('reads final statuses, a missing recharge and a duplicate', async () => {
    expect(await replay('recharge-success.json').client.getRecharge('pp0f')).toMatchObject({
      status: 'SUCCESS',
      operator_reference: 'TDG-88213374',
    });
    expect((await replay('recharge-failed.json').client.getRecharge('pp9a'))?.status).toBe('FAILED');
    expect(await replay('recharge-not-found.json').client.getRecharge('nope')).toBeNull();
    const dup = replay('recharge-duplicate.json').client.createRecharge({
      externalId: 'x',
      productId: 3100,
      mobileNumber: '+4917612345100',
    });
    await expect(dup).rejects.toBeInstanceOf(DirectRechargeRefusal);
    await expect(dup).rejects.toMatchObject({ httpStatus: 409, code: 'duplicate_external_id' });
  });

  it('takes a gateway error or an unknown status for an unknown outcome, never a refusal', async () => {
    await expect(
      replay({ status: 502, text: '<html>Bad gateway</html>' }).client.getRecharge('x'),
    ).rejects.toBeInstanceOf(DirectRechargeUnreachable);
    const odd = JSON.stringify({
      recharge: {
        ...(recorded['recharge-success.json'] as { body: { recharge: object } }).body.recharge,
        status: 'DONE',
      },
    });
    await expect(replay({ status: 200, text: odd }).client.getRecharge('x')).rejects.toBeInstanceOf(
      DirectRechargeUnreachable,
    );
  });
});

describe('direct-recharge simulator restarted on its file', () => {
  it('knows every recharge after a restart and brings each pending one to its final status, a reversal too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recharge-sim-'));
    const file = join(dir, 'simulators', 'direct-recharge.json');
    let clock = 1_900_000_000_000;
    const opts = { apiKey: 'k', now: () => clock, file };
    const c = (sim: DirectRechargeSimulator) => createDirectRechargeClient({ baseUrl: sim.baseUrl, apiKey: 'k' });
    const send = (sim: DirectRechargeSimulator, externalId: string, mobileNumber: string) =>
      c(sim).createRecharge({ externalId, productId: 3100, mobileNumber });
    try {
      let sim = await startDirectRechargeSimulator(opts);
      const ok = await send(sim, 'keep-1', '+4917612345100');
      await send(sim, 'keep-2', '+4917612345108');
      expect(ok.status).toBe('ACCEPTED');
      await sim.close();
      sim = await startDirectRechargeSimulator(opts);
      expect((await c(sim).getRecharge('keep-1'))?.status).toBe('ACCEPTED');
      clock += 3_000;
      expect((await c(sim).getRecharge('keep-1'))?.status).toBe('SUCCESS');
      // The x08's success was reported: a restart in between still reverses it a delay after that report.
      expect((await c(sim).getRecharge('keep-2'))?.status).toBe('SUCCESS');
      await sim.close();
      sim = await startDirectRechargeSimulator(opts);
      try {
        expect((await c(sim).getRecharge('keep-2'))?.status).toBe('SUCCESS');
        clock += 3_000;
        expect((await c(sim).getRecharge('keep-2'))?.status).toBe('REVERSED');
        await expect(send(sim, 'keep-1', '+4917612345100')).rejects.toMatchObject({ httpStatus: 409 });
        const next = await send(sim, 'keep-3', '+4917612345100');
        expect(Number(next.reference.slice(2))).toBeGreaterThan(Number(ok.reference.slice(2)));
      } finally {
        await sim.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
