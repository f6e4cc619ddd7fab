import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { externalIdIn, heldAnswers, readJsonBody, sendJson, sendRefusal, serveSimulator } from '../simulator-http.ts';
import { createSimulatorStore } from '../simulator-store.ts';
import type { SoftPinOrderStatus } from './client.ts';

/**
 * A local soft-pin provider serving the generic API of `docs/providers/softpin.md`, so the portal runs and is
 * tested without a provider. The product id's last digit chooses what an order of it does:
 *
 *   0–3, 5  DELIVERED at once, with a PIN and a serial
 *   4     DELIVERED at once, then REFUNDED (the PIN voided) 3 s (times `delayScale`) after the delivery was first
 *         reported
 *   6     DELIVERED, but the POST /orders answer is held past any client timeout
 *   7     FAILED at once: out of stock
 *   8     PENDING, DELIVERED after 3 s (times `delayScale`)
 *   9     PENDING, FAILED (declined) after 3 s (times `delayScale`)
 *
 * The same external id always answers the same order and PIN. With `file` its orders survive a restart (a kill -9
 * of the portal that runs it).
 */

interface SimProduct {
  id: number;
  name: string;
  brand: string;
  category: 'cash_card' | 'gift_card';
  face: string;
  price: string;
}

const product = (id: number, brand: string, category: SimProduct['category'], face: number): SimProduct => ({
  id,
  name: `${brand} ${face} €`,
  brand,
  category,
  face: face.toFixed(2),
  // The simulated provider charges 95 % of the face value.
  price: (face * 0.95).toFixed(2),
});

export const SIM_SOFTPIN_PRODUCTS: SimProduct[] = [
  product(5100, 'SimCash', 'cash_card', 10),
  product(5101, 'SimCash', 'cash_card', 25),
  product(5104, 'SimCash Voided', 'cash_card', 10),
  product(5106, 'SimCash Slow', 'cash_card', 5),
  product(5107, 'SimCash Out Of Stock', 'cash_card', 50),
  product(5108, 'SimCash Delayed', 'cash_card', 20),
  product(5109, 'SimCash Declined', 'cash_card', 30),
  product(5200, 'SimGift', 'gift_card', 15),
  product(5201, 'SimGift', 'gift_card', 50),
];

const DELAY_MS = 3_000;

export function outcomeOf(productId: number) {
  const d = productId % 10;
  if (d === 7)
    return { final: 'FAILED' as const, message: 'Out of stock', delayed: false, hangs: false, refunds: false };
  if (d === 9) return { final: 'FAILED' as const, message: 'Declined', delayed: true, hangs: false, refunds: false };
  return { final: 'DELIVERED' as const, message: null, delayed: d === 8, hangs: d === 6, refunds: d === 4 };
}

interface SimOrder {
  externalId: string;
  reference: string;
  product: SimProduct;
  created: number;
  /** When a 4's delivery was first answered: the provider voids a PIN it has delivered and reported. */
  deliveredReportedAt?: number;
}

export interface SoftPinSimulatorOptions {
  apiKey: string;
  port?: number;
  host?: string;
  delayScale?: number;
  hangMs?: number;
  now?: () => number;
  /** Where the orders are kept between runs (JSON, `<DATA_DIR>/simulators/`); none: in memory only. */
  file?: string;
}

/** How long a restarted simulator still knows an order (the portal follows a sale for at most a day or so). */
const KEEP_MS = 3 * 24 * 3_600_000;

export interface SoftPinSimulator {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startSoftPinSimulator(opts: SoftPinSimulatorOptions): Promise<SoftPinSimulator> {
  const now = opts.now ?? Date.now;
  const delay = DELAY_MS * (opts.delayScale ?? 1);
  const store = createSimulatorStore<SimOrder>(opts.file, 800_000, (o) => o.created > now() - KEEP_MS);
  const orders = new Map<string, SimOrder>(store.items.map((o) => [o.externalId, o]));
  const held = heldAnswers();

  function statusOf(o: SimOrder): { status: SoftPinOrderStatus; message: string | null } {
    const out = outcomeOf(o.product.id);
    if (out.delayed && now() - o.created < delay) return { status: 'PENDING', message: null };
    if (out.refunds) {
      if (o.deliveredReportedAt === undefined) {
        o.deliveredReportedAt = now();
        store.save([...orders.values()]);
      }
      if (now() - o.deliveredReportedAt >= delay) return { status: 'REFUNDED', message: 'Voided and refunded' };
    }
    return { status: out.final, message: out.message };
  }

  /** The PIN and serial follow from the order's reference: the same order always shows the same PIN. */
  function pinOf(o: SimOrder) {
    const h = createHash('sha256').update(`${o.reference}:${o.externalId}`).digest();
    const digits = [...h.subarray(0, 16)].map((b) => String(b % 10)).join('');
    return { pin: digits, serial: `SN${o.reference}` };
  }

  function orderJson(o: SimOrder) {
    const s = statusOf(o);
    const p = s.status === 'DELIVERED' ? pinOf(o) : { pin: null, serial: null };
    return {
      external_id: o.externalId,
      reference: o.reference,
      product_id: o.product.id,
      status: s.status,
      status_message: s.message,
      pin: p.pin,
      serial: p.serial,
      created_at: new Date(o.created).toISOString(),
      updated_at: new Date(now()).toISOString(),
    };
  }

  function productJson(p: SimProduct) {
    return {
      id: p.id,
      name: p.name,
      brand: p.brand,
      category: p.category,
      face_value: p.face,
      currency: 'EUR',
      price: p.price,
      available: outcomeOf(p.id).message !== 'Out of stock',
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://sim').pathname;
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`)
      return sendRefusal(res, 401, 'unauthorized', 'Unauthorized');
    if (req.method === 'GET' && path === '/products') {
      return sendJson(res, 200, { products: SIM_SOFTPIN_PRODUCTS.map(productJson) });
    }
    if (req.method === 'POST' && path === '/orders') {
      const body = await readJsonBody(req);
      const externalId = externalIdIn(body);
      if (!externalId) return sendRefusal(res, 400, 'invalid_request', 'external_id is invalid');
      const existing = orders.get(externalId);
      if (existing) {
        if (existing.product.id !== body?.product_id) {
          return sendRefusal(res, 409, 'external_id_conflict', 'external_id already used for another product');
        }
        return sendJson(res, 200, { order: orderJson(existing) });
      }
      const p = SIM_SOFTPIN_PRODUCTS.find((x) => x.id === body?.product_id);
      if (!p) return sendRefusal(res, 404, 'product_not_found', 'Unknown product');
      const o: SimOrder = { externalId, reference: `SP${store.nextId()}`, product: p, created: now() };
      orders.set(externalId, o);
      // Kept before it is answered: an order the portal may have heard of is never forgotten by a restart.
      store.save([...orders.values()]);
      const answer = () => sendJson(res, 201, { order: orderJson(o) });
      if (outcomeOf(p.id).hangs) held.later(opts.hangMs ?? 60_000, answer);
      else answer();
      return;
    }
    const one = req.method === 'GET' ? /^\/orders\/([A-Za-z0-9_-]{1,64})$/.exec(path) : null;
    if (one) {
      const o = orders.get(one[1] as string);
      return o
        ? sendJson(res, 200, { order: orderJson(o) })
        : sendRefusal(res, 404, 'order_not_found', 'Unknown order');
    }
    return sendRefusal(res, 404, 'not_found', 'Not found');
  }

  return serveSimulator(opts, handle, {
    onError: (res) => sendRefusal(res, 500, 'internal_error', 'Internal error'),
    onClose: held.close,
  });
}
