import type { IncomingMessage, ServerResponse } from 'node:http';
import { externalIdIn, heldAnswers, readJsonBody, sendJson, sendRefusal, serveSimulator } from '../simulator-http.ts';
import { createSimulatorStore } from '../simulator-store.ts';
import type { DirectRechargeStatus } from './client.ts';

/**
 * A local direct-recharge aggregator serving the generic API of `docs/providers/direct-recharge.md`, so the portal
 * runs and is tested without a provider. Like DT One's sandbox, the number's last three digits choose the outcome:
 *
 *   1xx / 2xx / 3xx   the final status comes after 3 s / 20 s / 5 min (times `delayScale`)
 *   x00, x01          SUCCESS
 *   x02, x03, x04     FAILED (number not rechargeable, operator unavailable, number barred)
 *   x08               SUCCESS, then REVERSED the same delay after the success was first reported
 *   x09               SUCCESS, but the POST /recharges answer is held past any client timeout
 *
 * Any other number succeeds after the 1xx delay. Before its final status a recharge is ACCEPTED for the first half
 * of the delay, then PROCESSING. With `file` its recharges survive a restart (a kill -9 of the portal that runs it).
 */

interface SimOperator {
  id: number;
  name: string;
}

interface SimProduct {
  id: number;
  name: string;
  operator: SimOperator;
  face: string;
  wholesale: string;
}

const OPERATORS: SimOperator[] = [
  { id: 31, name: 'Telekom Deutschland' },
  { id: 32, name: 'Vodafone Deutschland' },
  { id: 33, name: 'O2 Deutschland' },
];

/** 15, 25 and 50 euro per operator; the simulated aggregator charges 95 % of the face value. */
export const SIM_PRODUCTS: SimProduct[] = OPERATORS.flatMap((operator, i) =>
  ['15', '25', '50'].map((face, j) => ({
    id: 3100 + i * 10 + j,
    name: `${operator.name} ${face} €`,
    operator,
    face: `${face}.00`,
    wholesale: (Number(face) * 0.95).toFixed(2),
  })),
);

interface SimRecharge {
  externalId: string;
  reference: string;
  product: SimProduct;
  mobileNumber: string;
  created: number;
  /** When an x08's SUCCESS was first answered: an operator reverses a top-up it has delivered and reported. */
  successReportedAt?: number;
}

type Outcome = { final: 'SUCCESS' | 'FAILED'; message: string; delay: number; reverses?: boolean; hangs?: boolean };

const FAILURES: Record<string, string> = {
  '02': 'Number is not rechargeable',
  '03': 'Operator unavailable',
  '04': 'Number is barred',
};

export function outcomeOf(mobileNumber: string, scale: number): Outcome {
  const last3 = mobileNumber.slice(-3);
  const delayBase = { '1': 3_000, '2': 20_000, '3': 300_000 }[last3[0] as string] ?? 3_000;
  const delay = delayBase * scale;
  const tail = last3.slice(1);
  const failure = FAILURES[tail];
  if (failure) return { final: 'FAILED', message: failure, delay };
  return { final: 'SUCCESS', message: 'Recharged', delay, reverses: tail === '08', hangs: tail === '09' };
}

export interface DirectRechargeSimulatorOptions {
  apiKey: string;
  port?: number;
  host?: string;
  /** Multiplies the delays; tests use a small factor. */
  delayScale?: number;
  /** How long an `x09` POST is held before answering. */
  hangMs?: number;
  now?: () => number;
  /** Where the recharges are kept between runs (JSON, `<DATA_DIR>/simulators/`); none: in memory only. */
  file?: string;
}

/** How long a restarted simulator still knows a recharge (the portal follows a sale for at most a day or so). */
const KEEP_MS = 3 * 24 * 3_600_000;

export interface DirectRechargeSimulator {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startDirectRechargeSimulator(
  opts: DirectRechargeSimulatorOptions,
): Promise<DirectRechargeSimulator> {
  const now = opts.now ?? Date.now;
  const scale = opts.delayScale ?? 1;
  const store = createSimulatorStore<SimRecharge>(opts.file, 700_000, (r) => r.created > now() - KEEP_MS);
  const recharges = new Map<string, SimRecharge>(store.items.map((r) => [r.externalId, r]));
  const save = () => store.save([...recharges.values()]);
  const held = heldAnswers();

  function statusOf(r: SimRecharge): { status: DirectRechargeStatus; message: string | null } {
    const o = outcomeOf(r.mobileNumber, scale);
    const age = now() - r.created;
    if (age < o.delay / 2) return { status: 'ACCEPTED', message: null };
    if (age < o.delay) return { status: 'PROCESSING', message: null };
    if (o.reverses) {
      // Counted from the first report of the success, so a client that asks late still sees the success before
      // the reversal (a fixed clock let a slow first poll see REVERSED at once, and tests of the refund path flake).
      if (r.successReportedAt === undefined) {
        r.successReportedAt = now();
        save();
      }
      if (now() - r.successReportedAt >= o.delay) return { status: 'REVERSED', message: 'Reversed by the operator' };
    }
    return { status: o.final, message: o.message };
  }

  function productJson(p: SimProduct) {
    return {
      id: p.id,
      name: p.name,
      operator: { id: p.operator.id, name: p.operator.name, country_iso_code: 'DEU' },
      face_value: p.face,
      currency: 'EUR',
      retail_price: p.face,
      wholesale_price: p.wholesale,
    };
  }

  function rechargeJson(r: SimRecharge) {
    const s = statusOf(r);
    return {
      external_id: r.externalId,
      reference: r.reference,
      product_id: r.product.id,
      mobile_number: r.mobileNumber,
      status: s.status,
      status_message: s.message,
      operator_reference: s.status === 'SUCCESS' || s.status === 'REVERSED' ? `OPR-${r.reference}` : null,
      created_at: new Date(r.created).toISOString(),
      updated_at: new Date(now()).toISOString(),
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://sim').pathname;
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`)
      return sendRefusal(res, 401, 'unauthorized', 'Unauthorized');
    if (req.method === 'GET' && path === '/products')
      return sendJson(res, 200, { products: SIM_PRODUCTS.map(productJson) });
    const product = req.method === 'GET' ? /^\/products\/([0-9]+)$/.exec(path) : null;
    if (product) {
      const p = SIM_PRODUCTS.find((x) => x.id === Number(product[1]));
      return p
        ? sendJson(res, 200, { product: productJson(p) })
        : sendRefusal(res, 404, 'product_not_found', 'Unknown product');
    }
    if (req.method === 'POST' && path === '/recharges') {
      const body = await readJsonBody(req);
      const externalId = externalIdIn(body);
      if (!externalId) return sendRefusal(res, 400, 'invalid_request', 'external_id is invalid');
      if (recharges.has(externalId)) return sendRefusal(res, 409, 'duplicate_external_id', 'external_id already used');
      const p = SIM_PRODUCTS.find((x) => x.id === body?.product_id);
      if (!p) return sendRefusal(res, 404, 'product_not_found', 'Unknown product');
      const mobileNumber = body?.mobile_number;
      if (typeof mobileNumber !== 'string' || !/^\+[1-9][0-9]{5,14}$/.test(mobileNumber)) {
        return sendRefusal(res, 400, 'invalid_request', 'mobile_number is invalid');
      }
      const r: SimRecharge = {
        externalId,
        reference: `DR${store.nextId()}`,
        product: p,
        mobileNumber,
        created: now(),
      };
      recharges.set(externalId, r);
      // Kept before it is answered: a recharge the portal may have heard of is never forgotten by a restart.
      save();
      const answer = () => sendJson(res, 201, { recharge: rechargeJson(r) });
      if (outcomeOf(mobileNumber, scale).hangs) held.later(opts.hangMs ?? 60_000, answer);
      else answer();
      return;
    }
    const one = req.method === 'GET' ? /^\/recharges\/([A-Za-z0-9_-]{1,64})$/.exec(path) : null;
    if (one) {
      const r = recharges.get(one[1] as string);
      return r
        ? sendJson(res, 200, { recharge: rechargeJson(r) })
        : sendRefusal(res, 404, 'recharge_not_found', 'Unknown recharge');
    }
    return sendRefusal(res, 404, 'not_found', 'Not found');
  }

  return serveSimulator(opts, handle, {
    onError: (res) => sendRefusal(res, 500, 'internal_error', 'Internal error'),
    onClose: held.close,
  });
}
