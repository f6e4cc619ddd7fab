import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { asActor } from '../../db/audit.ts';
import type { Keys } from '../../platform/keys.ts';
import { createSupplier, importPins, makePins, uploadAndMap } from '../inventory/inventory.fixtures.ts';
import {
  buy,
  checkInvariants,
  type Headers,
  newShop,
  ok,
  type Stock,
  signInOnce,
  stockFor,
  topUp,
} from '../selling/selling.fixtures.ts';

/**
 * Issue 41's test of a key rotation (decision 0148, docs/operations.md "Key rotation"): two copies of the server on one
 * database sell without pause while the runbook is followed — step 1 (every copy learns the new keys), step 2 (copy
 * by copy, the new keys active), the re-encryption and re-index job run by both copies at once — and then both sell,
 * reveal, search and import (duplicate detection) with PINs imported under the old keys and under the new.
 */
const copies: { a: TestContext | null; b: TestContext | null } = { a: null, b: null };
let first: TestContext;
let seller: Headers;
let reseller: Headers;
let stock: Stock;
let newPins: string[];
let supplierId: number;

const withKey = (k: Keys, step: 1 | 2, extra: { e: Buffer; i: Buffer }): Keys => ({
  login: k.login,
  pinEncryption: { active: step === 2 ? 1 : 0, keys: new Map([...k.pinEncryption.keys, [1, extra.e]]) },
  pinIndex: { active: step === 2 ? 1 : 0, keys: new Map([...k.pinIndex.keys, [1, extra.i]]) },
});

/**
 * Purchases sent one after the other to the copies that are up, alternating, until stopped. A purchase that meets a
 * copy shutting down for its restart (the request never reached it) is sent again to the other copy, as a load
 * balancer would.
 */
function purchaseLoad() {
  const sold: { pin: string; saleId: number; via: 'a' | 'b' }[] = [];
  const refused: string[] = [];
  let stop = false;
  let n = 0;
  const loop = (async () => {
    while (!stop) {
      // Within the shop's 2 000 € (206 PINs at 9.70) and the stock: a refusal here would be the rotation's fault.
      if (sold.length >= 180) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const preferred = n++ % 2 === 0 ? 'a' : 'b';
      const attempt = async (via: 'a' | 'b') => {
        const ctx = copies[via];
        if (!ctx) return null;
        const res = await buy(ctx, seller, stock.configurationId).catch(() => null);
        // A copy taken down for its restart while the request ran answers from its ended pool ("Cannot use a pool
        // after calling end", 500): no answer of a running copy, so it is sent again to the other one. A sale it
        // did make still counts.
        return copies[via] === ctx || res?.status === 200 ? res : null;
      };
      let via: 'a' | 'b' = preferred;
      let res = await attempt(via);
      if (res === null) {
        via = preferred === 'a' ? 'b' : 'a';
        res = await attempt(via);
      }
      if (res === null) throw new Error('no copy answered');
      await new Promise((r) => setTimeout(r, 40));
      if (res.status === 200) {
        for (const p of res.body.data.pins) sold.push({ pin: p.pin, saleId: res.body.data.sale_id, via });
      } else refused.push(`${res.status} ${res.body.code ?? res.body.message}`);
    }
  })();
  return {
    sold,
    refused,
    async stop() {
      stop = true;
      await loop;
    },
  };
}

/** Restarts one copy with other keys while the other one serves. */
async function roll(which: 'a' | 'b', keys: Keys) {
  const ctx = copies[which] as TestContext;
  copies[which] = null;
  copies[which] = await ctx.restart(keys);
}

beforeAll(async () => {
  first = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  const shop = await newShop(first, 'Rotation Shop');
  seller = shop.headers;
  reseller = await signInOnce(first, 'reseller');
  stock = await stockFor(first, { owner: 'reseller', pins: 200, shops: [shop.customerId] });
  await topUp(first, shop.customerId, '2000');
  supplierId = (await createSupplier(first.app, reseller, 'Rotation Supplier')).supplier_id;
  copies.a = first;
  copies.b = await first.copy(first.keys);
}, 180_000);
afterAll(async () => {
  await copies.b?.close();
  await copies.a?.close();
});

describe('a key rotation under purchase load from two copies', () => {
  it('keeps selling through both steps and the job, then sells, reveals, searches and imports old and new PINs', async () => {
    const original = first.keys;
    const extra = { e: randomBytes(32), i: randomBytes(32) };
    const load = purchaseLoad();

    // Step 1: every copy learns the new keys, still writing with the old ones.
    await roll('b', withKey(original, 1, extra));
    await roll('a', withKey(original, 1, extra));
    // Step 2, copy by copy: A writes under the new keys while B, still on step 1, keeps selling and reading.
    await roll('a', withKey(original, 2, extra));
    newPins = makePins(40, 16, '5');
    await importPins(copies.a!.app, reseller, newPins, {
      configuration_id: stock.configurationId,
      supplier_id: supplierId,
      buying_discount: '10',
      import_batch: 'LOT-NEW',
    });
    await roll('b', withKey(original, 2, extra));

    // The job, started once and worked by both copies at the same time, under load.
    const a = copies.a!;
    const b = copies.b!;
    await a.app.services.keyRotation.start('test');
    const work = async (ctx: TestContext) => {
      let outcome = 'more';
      while (outcome === 'more') outcome = await asActor('job:keys.rotate', () => ctx.app.services.keyRotation.work());
      return outcome;
    };
    const outcomes = await Promise.all([work(a), work(b)]);
    expect(outcomes).toContain('done');
    await load.stop();

    // Nothing refused while keys changed under the purchases; every PIN sold once, each an imported PIN.
    expect(load.refused).toEqual([]);
    expect(load.sold.length).toBeGreaterThan(10);
    expect(load.sold.length).toBeLessThan(180);
    const soldPins = load.sold.map((s) => s.pin);
    expect(new Set(soldPins).size).toBe(soldPins.length);
    for (const p of soldPins) expect([...stock.pins, ...newPins]).toContain(p);
    expect(new Set(load.sold.map((s) => s.via))).toEqual(new Set(['a', 'b']));

    // Every PIN now under the new keys: version 2 with key id 1, the index under index key 1.
    const { rows: heads } = await a.db.execute<{ head: string; new_index: boolean; n: number }>(sql`
      select encode(substring(pin_ciphertext from 1 for 2), 'hex') as head, pin_index like '1:%' as new_index,
             count(*)::int as n
      from pins where configuration_id = ${stock.configurationId} group by 1, 2`);
    expect(heads).toEqual([{ head: '0201', new_index: true, n: 240 }]);
    const run = await a.app.services.keyRotation.status();
    expect(run).toMatchObject({ status: 'done', collisions: [] });
    expect(run?.progress.pins?.done).toBe(true);
    const { rows: left } = await a.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pins where get_byte(pin_ciphertext, 0) <> 2 or pin_index not like '1:%'`,
    );
    expect(left[0]!.n).toBe(0); // count(*) answers one row

    // Sell on both copies after the rotation: ok() answers a sale of the one PIN asked.
    const afterA = await ok<{ pins: { pin: string }[]; sale_id: number }>(buy(a, seller, stock.configurationId));
    const afterB = await ok<{ pins: { pin: string }[]; sale_id: number }>(buy(b, seller, stock.configurationId));
    for (const s of [afterA, afterB]) expect([...stock.pins, ...newPins]).toContain(s.pins[0]!.pin);

    // Reveal (reprint) an old PIN sold before the rotation and a PIN sold after, each on the other copy.
    const oldSale = load.sold.find((s) => stock.pins.includes(s.pin))!;
    const newSale = load.sold.find((s) => newPins.includes(s.pin));
    for (const [ctx, sale] of [
      [b, oldSale],
      [a, { pin: afterB.pins[0]!.pin, saleId: afterB.sale_id }],
      ...(newSale ? [[a, newSale] as const] : []),
    ] as const) {
      const details = await ok<{ pins: { pin_id: number }[] }>(
        get(ctx.app, `/api/get_sales_record_details/?sale_id=${sale.saleId}`, seller),
      );
      const again = await ok<{ pins: { pin: string }[] }>(
        post(
          ctx.app,
          '/api/reprint_sale/',
          { sale_id: sale.saleId, pin_ids: details.pins.map((p) => p.pin_id) },
          seller,
        ),
      );
      expect(again.pins.map((p) => p.pin)).toContain(sale.pin);
    }

    // Search an unsold old PIN and an unsold new PIN on both copies.
    const soldNow = new Set([...soldPins, afterA.pins[0]!.pin, afterB.pins[0]!.pin]);
    const unsoldOld = stock.pins.find((p) => !soldNow.has(p))!;
    const unsoldNew = newPins.find((p) => !soldNow.has(p))!;
    for (const ctx of [a, b]) {
      for (const pin of [unsoldOld, unsoldNew, oldSale.pin]) {
        const res = await ok<{ results: unknown[] }>(
          post(ctx.app, '/api/inventory_batch_and_pin_search/', { search_type: 'pin', search_text: pin }, reseller),
        );
        expect(res.results, pin.slice(-4)).toHaveLength(1);
      }
    }

    // Import an old PIN, a new PIN and a PIN never seen, on the copy that did not import the new ones.
    const fresh = makePins(1, 16, '3')[0];
    const { review } = await uploadAndMap(b.app, reseller, `${unsoldOld}\n${unsoldNew}\n${oldSale.pin}\n${fresh}\n`, {
      configuration_id: stock.configurationId,
      supplier_id: supplierId,
    });
    expect(review.import).toMatchObject({ total_rows: 4, valid_rows: 1, failed_rows: 3 });
    expect(review.failed_pins.map((f: { reason: string }) => f.reason)).toEqual(Array(3).fill('duplicate_in_stock'));

    await checkInvariants(a);
  });
});
