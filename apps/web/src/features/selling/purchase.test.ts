import type { SaleReceipt } from '@portal/contract/selling';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { memoryStorage } from '../../lib/storage.ts';
import { asOnePurchase, PENDING_PURCHASE_KEY, type PurchaseRequest, purchase, resumePurchase } from './purchase.ts';

const noSleep = async () => {};

/** A server stand-in: answers from a script per call, numbers its keys, records what was sent. */
function transport(script: ((r: PurchaseRequest) => unknown)[] = []) {
  let keys = 0;
  const sent: PurchaseRequest[] = [];
  return {
    sent,
    transactionKey: async () => `key-${++keys}`,
    send: async (r: PurchaseRequest) => {
      sent.push(structuredClone(r));
      const step = script.shift();
      const answer = step ? step(r) : undefined;
      if (answer instanceof Error) throw answer;
      if (answer) return answer as SaleReceipt;
      if (r.path === '/add_bulk_transaction_v3/') {
        return { sale_id: sent.length, quantity: r.body.quantity, download_id: `d-${sent.length}` } as never;
      }
      return { sale_id: sent.length, quantity: r.body.quantity, pins: [] } as unknown as SaleReceipt;
    },
  };
}
const network = () => new ApiError('network', 'Failed to fetch', 0);

describe('purchase', () => {
  it('buys up to 20 in one call, 21–30 in calls of at most 20 each with its own key, with progress', async () => {
    const t = transport();
    const progress: number[] = [];
    const out = await purchase({
      configuration: 7,
      quantity: 25,
      downloadCsv: false,
      transport: t,
      store: memoryStorage(),
      onProgress: (done) => progress.push(done),
    });
    expect(t.sent.map((r) => [r.path, r.body.quantity, r.body.transaction_key])).toEqual([
      ['/add_transaction_v3/', 20, 'key-1'],
      ['/add_transaction_v3/', 5, 'key-2'],
    ]);
    expect(progress).toEqual([0, 20, 25]);
    expect([out.bought, out.receipts.length, out.error]).toEqual([25, 2, null]);
  });

  it('gives the steps of one purchase one purchase_group, and a purchase of one step none', async () => {
    const split = transport();
    await purchase({ configuration: 7, quantity: 25, downloadCsv: false, transport: split, store: memoryStorage() });
    const [g1, g2] = split.sent.map((r) => r.body.purchase_group);
    expect(g1).toMatch(/^[0-9a-f-]{36}$/);
    expect(g2).toBe(g1);
    const other = transport();
    await purchase({ configuration: 7, quantity: 22, downloadCsv: false, transport: other, store: memoryStorage() });
    expect(other.sent[0]!.body.purchase_group).not.toBe(g1);
    const one = transport();
    await purchase({ configuration: 7, quantity: 20, downloadCsv: false, transport: one, store: memoryStorage() });
    expect(one.sent[0]!.body).not.toHaveProperty('purchase_group');
  });

  it('uses the bulk call above 30 and whenever the user downloads PINs as CSV', async () => {
    for (const [quantity, csv] of [
      [31, false],
      [5, true],
    ] as const) {
      const t = transport();
      const out = await purchase({
        configuration: 7,
        quantity,
        downloadCsv: csv,
        transport: t,
        store: memoryStorage(),
      });
      expect(t.sent.map((r) => [r.path, r.body.quantity])).toEqual([['/add_bulk_transaction_v3/', quantity]]);
      expect(out.download?.download_id).toBe('d-1');
    }
  });

  it('retries a lost connection and a request still running with the same key, then drops the key', async () => {
    const store = memoryStorage();
    const t = transport([network, () => new ApiError('in_progress', 'running', 409)]);
    const out = await purchase({
      configuration: 7,
      quantity: 1,
      downloadCsv: false,
      transport: t,
      store,
      sleep: noSleep,
    });
    expect(t.sent.map((r) => r.body.transaction_key)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(out.error).toBeNull();
    expect(store.getItem(PENDING_PURCHASE_KEY)).toBeNull();
  });

  it('takes a refusal as definitive: no retry, the key is dropped, the steps already bought are reported', async () => {
    const store = memoryStorage();
    const t = transport([() => undefined, () => new ApiError('out_of_stock', 'Out of stock', 409)]);
    const out = await purchase({
      configuration: 7,
      quantity: 30,
      downloadCsv: false,
      transport: t,
      store,
      sleep: noSleep,
    });
    expect(t.sent).toHaveLength(2);
    expect([out.bought, out.error?.code, out.unresolved]).toEqual([20, 'out_of_stock', null]);
    expect(store.getItem(PENDING_PURCHASE_KEY)).toBeNull();
  });

  it('keeps the key of a request that never got an answer and sends it again with that key', async () => {
    const store = memoryStorage();
    const t = transport([network, network, network, network, network]);
    const out = await purchase({
      configuration: 7,
      quantity: 2,
      downloadCsv: false,
      transport: t,
      store,
      sleep: noSleep,
    });
    expect(out.error?.code).toBe('network');
    expect(out.unresolved?.body.transaction_key).toBe('key-1');
    expect(store.getItem(PENDING_PURCHASE_KEY)).toContain('key-1');
    const resumed = await resumePurchase({ transport: t, store, sleep: noSleep });
    expect(t.sent.at(-1)?.body).toEqual({ transaction_key: 'key-1', configuration: 7, quantity: 2 });
    expect([resumed?.bought, resumed?.error]).toEqual([2, null]);
    expect(store.getItem(PENDING_PURCHASE_KEY)).toBeNull();
    expect(await resumePurchase({ transport: t, store })).toBeNull();
  });
});

describe('asOnePurchase', () => {
  const receipt = (saleId: number, quantity: number, price: string | null) =>
    ({
      sale_id: saleId,
      quantity,
      total_value: (10 * quantity).toFixed(2),
      total_price: price,
      pins: Array.from({ length: quantity }, (_, i) => ({
        pin_id: saleId * 100 + i,
        pin: `P${i}`,
        serial: null,
        lot: 'L',
      })),
    }) as unknown as SaleReceipt;

  it('prints the steps as one receipt: PINs in order, one quantity, summed totals, every sale', () => {
    const one = asOnePurchase([receipt(1, 20, '194.00'), receipt(2, 5, '48.50')]);
    expect(one).toMatchObject({
      sale_id: 1,
      sale_ids: [1, 2],
      quantity: 25,
      total_value: '250.00',
      total_price: '242.50',
    });
    expect(one?.pins.map((p) => p.pin_id)).toEqual([...range(100, 20), ...range(200, 5)]);
  });

  it('keeps masked prices masked and has nothing to print without receipts', () => {
    expect(asOnePurchase([receipt(1, 20, null), receipt(2, 1, null)])?.total_price).toBeNull();
    expect(asOnePurchase([])).toBeNull();
  });
});

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
