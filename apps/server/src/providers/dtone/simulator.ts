import type { IncomingMessage, ServerResponse } from 'node:http';
import { heldAnswers, readJsonBody, sendJson, serveSimulator } from '../simulator-http.ts';
import { createSimulatorStore } from '../simulator-store.ts';
import {
  CLASS_IDS,
  type ClassName,
  OPERATORS,
  outcomeOf,
  PRODUCTS,
  SIM_ERRORS,
  type SimErrorCode,
  type SimOperator,
  type SimProduct,
  type SimTransaction,
} from './simulator-world.ts';

/**
 * A local DT One DVS: the same HTTP surface as `/v1` of the real API (Basic auth, lookup, products,
 * async transactions, confirm, cancel, status by id or external_id, balances, callbacks), so the portal runs
 * and is tested without the provider. It answers only with the HTTP statuses, error codes and transaction
 * statuses of DT One's description (version 1.14.0; `simulator-world.ts` lists the ones it uses and a test holds
 * them against the description's tables). Outcomes follow DVS's documented sandbox convention on the last three
 * digits of the mobile number:
 *
 *   1xx / 2xx / 3xx   the final status comes after 3 s / 20 s / 5 min (times `delayScale`)
 *   x00, x01          COMPLETED
 *   x02 … x07         DECLINED (invalid party, barred, operator unavailable, duplicate, declined; x07 plain DECLINED)
 *
 * Two suffixes are this simulator's own, for cases the sandbox cannot produce:
 *   x08               COMPLETED, then REVERSED after the same delay again
 *   x09               COMPLETED, but the confirm request is never answered in time (a timeout)
 *
 * Any other number completes after the 1xx delay. Every other row of the portal's outcome table (decision 0080)
 * is produced on request with `inject`: the next call of an operation is answered with a documented refusal, a
 * 429 or 5xx with or without DT One's error document, a 4xx without it, a timeout or a reset, before or after the
 * call took effect. With `file` its transactions survive a restart (a kill -9 of the portal that runs it).
 */

export interface DtOneSimulatorOptions {
  apiKey: string;
  apiSecret: string;
  port?: number;
  host?: string;
  /** Multiplies the sandbox delays; tests use a small factor. */
  delayScale?: number;
  /** How long a `x09` confirm or an injected timeout is held before answering. */
  hangMs?: number;
  now?: () => number;
  /** The account's balance in EUR before any transaction (default 10000). */
  balance?: string;
  /** How long a created transaction may be confirmed (default 1 h). */
  confirmWithinMs?: number;
  /** Where the transactions are kept between runs (JSON); none: in memory only. */
  file?: string;
}

export type SimOperation = 'create' | 'confirm' | 'cancel' | 'get' | 'find' | 'list' | 'product' | 'balances';

/** The HTTP statuses of DT One's description an injected answer may carry. */
export type SimHttpStatus = 400 | 401 | 404 | 429 | 500 | 503;

export type SimFault = (
  | { answer: 'refuse'; code: SimErrorCode }
  /** `errors`: DT One's document (429 → 1000429, 500 → 1009001, 503 → 1009503); `none`, `html`: none. */
  | { answer: 'http'; status: SimHttpStatus; body: 'errors' | 'none' | 'html' }
  | { answer: 'timeout' }
  | { answer: 'reset' }
  /** `find` only: an empty list though the transaction exists (not yet searchable). */
  | { answer: 'empty' }
) & {
  /** The call takes effect before the answer is replaced (a create that is made, then its answer lost). */
  effect?: boolean;
  /** Runs once the fault answered (a test moves its clock: the offer expired, hence the refusal). */
  afterwards?: () => void;
};

/** One answer the simulator sent, for the test that holds them against the description. */
export interface SentAnswer {
  status: number;
  code?: number;
  statusClass?: string;
  statusMessage?: string;
}

export interface DtOneSimulator {
  /** Including `/v1`. */
  baseUrl: string;
  /** The next call of `op` (or the next `times`) is answered with `fault`. */
  inject(op: SimOperation, fault: SimFault, times?: number): void;
  /** Every answer sent so far. */
  sent(): readonly SentAnswer[];
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | { hang: Answer };

/** How long a restarted simulator still knows a transaction (the portal follows a sale for at most a day or so). */
const KEEP_MS = 3 * 24 * 3_600_000;

const FAULT_CODES: Partial<Record<SimHttpStatus, SimErrorCode>> = { 429: 1000429, 500: 1009001, 503: 1009503 };

export async function startDtOneSimulator(opts: DtOneSimulatorOptions): Promise<DtOneSimulator> {
  const now = opts.now ?? Date.now;
  const scale = opts.delayScale ?? 1;
  const confirmWithin = opts.confirmWithinMs ?? 3_600_000;
  const hangMs = opts.hangMs ?? 60_000;
  const expectedAuth = `Basic ${Buffer.from(`${opts.apiKey}:${opts.apiSecret}`).toString('base64')}`;
  const store = createSimulatorStore<SimTransaction>(opts.file, 2_000_000, (t) => t.created > now() - KEEP_MS);
  const transactions = new Map<number, SimTransaction>(store.items.map((t) => [t.id, t]));
  const byExternal = new Map<string, SimTransaction>(store.items.map((t) => [t.externalId, t]));
  const held = heldAnswers();
  const faults = new Map<SimOperation, SimFault[]>();
  const sentLog: SentAnswer[] = [];

  const later = (ms: number, fn: () => void) => held.later(ms, fn).unref();
  const save = () => store.save([...transactions.values()]);

  function statusOf(t: SimTransaction): { name: ClassName; message: string } {
    if (t.cancelled !== undefined) return { name: 'CANCELLED', message: 'CANCELLED' };
    if (t.confirmed === undefined) {
      // An offer not confirmed in time is cancelled by DT One, its hold given back.
      if (now() >= t.created + confirmWithin) return { name: 'CANCELLED', message: 'CANCELLED' };
      return { name: 'CREATED', message: 'CREATED' };
    }
    const o = outcomeOf(t.mobileNumber, scale);
    const age = now() - t.confirmed;
    if (age < o.delay / 2) return { name: 'CONFIRMED', message: 'CONFIRMED' };
    if (age < o.delay) return { name: 'SUBMITTED', message: 'SUBMITTED' };
    if (o.final === 'COMPLETED' && o.reverses && age >= o.delay * 2) return { name: 'REVERSED', message: 'REVERSED' };
    return { name: o.final, message: o.message };
  }

  /** DT One's balance table: CREATED to SUBMITTED hold, COMPLETED is captured, the rest is given back. */
  function balance() {
    let holding = 0;
    let captured = 0;
    for (const t of transactions.values()) {
      const cents = Math.round(Number(t.product.wholesale) * 100);
      const s = statusOf(t).name;
      if (s === 'CREATED' || s === 'CONFIRMED' || s === 'SUBMITTED') holding += cents;
      if (s === 'COMPLETED') captured += cents;
    }
    const start = Math.round(Number(opts.balance ?? '10000') * 100);
    return { available: (start - holding - captured) / 100, holding: holding / 100 };
  }

  function operatorJson(o: SimOperator) {
    return {
      id: o.id,
      name: o.name,
      country: { name: o.country.name, iso_code: o.country.iso, regions: null },
      regions: null,
    };
  }

  function productJson(p: SimProduct) {
    const o = OPERATORS.find((x) => x.id === p.operatorId) as SimOperator;
    return {
      id: p.id,
      name: p.name,
      description: `${p.destination.amount} ${p.destination.unit} airtime`,
      tags: null,
      service: { id: 1, name: 'Mobile', subservice: { id: 11, name: 'Airtime' } },
      operator: operatorJson(o),
      regions: null,
      type: 'FIXED_VALUE_RECHARGE',
      validity: null,
      required_debit_party_identifier_fields: null,
      required_credit_party_identifier_fields: [['mobile_number']],
      required_sender_fields: null,
      required_beneficiary_fields: null,
      required_statement_identifier_fields: null,
      required_additional_identifier_fields: null,
      availability_zones: ['INTERNATIONAL'],
      source: { unit_type: 'CURRENCY', unit: 'EUR', amount: Number(p.wholesale) },
      destination: { unit_type: 'CURRENCY', unit: p.destination.unit, amount: Number(p.destination.amount) },
      prices: {
        wholesale: { unit_type: 'CURRENCY', unit: 'EUR', amount: Number(p.wholesale), fee: 0 },
        retail: { unit_type: 'CURRENCY', unit: 'EUR', amount: Number(p.retail), fee: 0 },
      },
      rates: { base: 1, wholesale: 1, retail: 1 },
      benefits: null,
      promotions: null,
    };
  }

  function transactionJson(t: SimTransaction) {
    const s = statusOf(t);
    const classId = CLASS_IDS[s.name];
    return {
      id: t.id,
      external_id: t.externalId,
      creation_date: new Date(t.created).toISOString(),
      confirmation_expiration_date: new Date(t.created + confirmWithin).toISOString(),
      confirmation_date: t.confirmed === undefined ? null : new Date(t.confirmed).toISOString(),
      status: { id: classId * 10000, message: s.message, class: { id: classId, message: s.name } },
      operator_reference: s.name === 'COMPLETED' || s.name === 'REVERSED' ? `SIM-${t.id}` : null,
      pin: null,
      product: (({ id, name, description, tags, service, operator, regions, type }) => ({
        id,
        name,
        description,
        tags,
        service,
        operator,
        regions,
        type,
        pin: null,
      }))(productJson(t.product)),
      source: { unit_type: 'CURRENCY', unit: 'EUR', amount: Number(t.product.wholesale) },
      destination: {
        unit_type: 'CURRENCY',
        unit: t.product.destination.unit,
        amount: Number(t.product.destination.amount),
      },
      prices: {
        wholesale: { unit_type: 'CURRENCY', unit: 'EUR', amount: Number(t.product.wholesale), fee: 0 },
        retail: null,
      },
      credit_party_identifier: { mobile_number: t.mobileNumber },
      ...(t.callbackUrl ? { callback_url: t.callbackUrl } : {}),
    };
  }

  function notify(t: SimTransaction) {
    if (!t.callbackUrl) return;
    fetch(t.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(transactionJson(t)),
      signal: AbortSignal.timeout(5_000),
    }).catch(() => undefined);
  }

  /** A DVS error document with the HTTP status the description gives its code. */
  const fail = (code: SimErrorCode, message: string = SIM_ERRORS[code].message): Answer => ({
    status: SIM_ERRORS[code].status,
    body: { errors: [{ code, message }] },
  });

  function page(all: unknown[], q: URLSearchParams): Answer {
    const p = Math.max(1, Number(q.get('page') ?? 1) || 1);
    const perPage = Math.min(100, Math.max(1, Number(q.get('per_page') ?? 50) || 50));
    const totalPages = Math.max(1, Math.ceil(all.length / perPage));
    return {
      status: 200,
      body: all.slice((p - 1) * perPage, p * perPage),
      headers: {
        'x-total': String(all.length),
        'x-total-pages': String(totalPages),
        'x-per-page': String(perPage),
        'x-page': String(p),
        ...(p < totalPages ? { 'x-next-page': String(p + 1) } : {}),
        ...(p > 1 ? { 'x-prev-page': String(p - 1) } : {}),
      },
    };
  }

  /** The operation a request is, and the function that carries it out. */
  function routeOf(
    req: IncomingMessage,
    path: string,
    q: URLSearchParams,
  ): [SimOperation | null, () => Promise<Answer>] {
    const route = (method: string, pattern: RegExp) => (req.method === method ? pattern.exec(path) : null);
    const lookup = route('GET', /^\/lookup\/mobile-number\/(\+?[0-9]{6,15})$/);
    if (lookup) {
      return [
        null,
        async () => {
          const digits = (lookup[1] as string).replace('+', '');
          const found = OPERATORS.filter((o) => digits.startsWith(o.prefix)).map((o) => ({
            ...operatorJson(o),
            identified: true,
          }));
          if (found.length === 0) return fail(1000404, 'Mobile number not found');
          return page(found, q);
        },
      ];
    }
    if (req.method === 'GET' && path === '/products') {
      return [
        null,
        async () => {
          const country = q.get('country_iso_code');
          const operator = q.get('operator_id');
          const type = q.get('type');
          const list = PRODUCTS.filter((p) => {
            const o = OPERATORS.find((x) => x.id === p.operatorId) as SimOperator;
            return (
              (!country || o.country.iso === country) &&
              (!operator || String(o.id) === operator) &&
              (!type || type === 'FIXED_VALUE_RECHARGE')
            );
          }).map(productJson);
          return page(list, q);
        },
      ];
    }
    const oneProduct = route('GET', /^\/products\/([0-9]+)$/);
    if (oneProduct) {
      return [
        'product',
        async () => {
          const p = PRODUCTS.find((x) => x.id === Number(oneProduct[1]));
          return p ? { status: 200, body: productJson(p) } : fail(1003001);
        },
      ];
    }
    if (req.method === 'POST' && path === '/async/transactions') return ['create', () => create(req)];
    const confirm = route('POST', /^\/async\/transactions\/([0-9]+)\/confirm$/);
    if (confirm) return ['confirm', async () => confirmOne(Number(confirm[1]))];
    const cancel = route('POST', /^\/transactions\/([0-9]+)\/cancel$/);
    if (cancel) {
      return [
        'cancel',
        async () => {
          const t = transactions.get(Number(cancel[1]));
          if (!t) return fail(1008004);
          const s = statusOf(t).name;
          if (s === 'CANCELLED') return fail(1007005);
          if (s !== 'CREATED') return fail(1007007);
          t.cancelled = now();
          save();
          return { status: 202, body: transactionJson(t) };
        },
      ];
    }
    const one = route('GET', /^\/transactions\/([0-9]+)$/);
    if (one) {
      return [
        'get',
        async () => {
          const t = transactions.get(Number(one[1]));
          return t ? { status: 200, body: transactionJson(t) } : fail(1008004);
        },
      ];
    }
    if (req.method === 'GET' && path === '/transactions') {
      const externalId = q.get('external_id');
      return [
        externalId ? 'find' : 'list',
        async () => {
          const from = q.get('from_date') ? Date.parse(q.get('from_date') as string) : -Infinity;
          const to = q.get('to_date') ? Date.parse(q.get('to_date') as string) : Infinity;
          // The description: from_date and to_date filter by creation date, both inclusive, at most 24 hours apart.
          if (Number.isNaN(from) || Number.isNaN(to)) return fail(1000400, 'from_date and to_date are date-times');
          if (q.get('from_date') && q.get('to_date') && to - from > 24 * 3_600_000)
            return fail(1000400, 'from_date and to_date may be at most 24 hours apart');
          const list = [...transactions.values()].filter(
            (t) => (!externalId || t.externalId === externalId) && t.created >= from && t.created <= to,
          );
          return page(list.map(transactionJson), q);
        },
      ];
    }
    if (req.method === 'GET' && path === '/balances') {
      return [
        'balances',
        async () => {
          const b = balance();
          return page([{ id: 1, unit_type: 'CURRENCY', unit: 'EUR', ...b, credit_limit: 0 }], q);
        },
      ];
    }
    return [null, async () => fail(1000404)];
  }

  async function create(req: IncomingMessage): Promise<Answer> {
    const body = await readJsonBody(req, {});
    const externalId = body?.external_id;
    const productId = body?.product_id;
    const party = body?.credit_party_identifier as { mobile_number?: unknown } | undefined;
    if (typeof externalId !== 'string' || externalId.length === 0 || externalId.length > 40) {
      return fail(1000400, 'external_id is invalid');
    }
    if (byExternal.has(externalId)) return fail(1007001);
    const product = PRODUCTS.find((p) => p.id === productId);
    if (!product) return fail(1003001);
    if (typeof party?.mobile_number !== 'string' || !/^\+?[0-9]{6,15}$/.test(party.mobile_number)) {
      return fail(1005003);
    }
    if (balance().available < Number(product.wholesale)) return fail(1006001);
    const t: SimTransaction = {
      id: store.nextId(),
      externalId,
      product,
      mobileNumber: party.mobile_number,
      callbackUrl: typeof body?.callback_url === 'string' ? body.callback_url : undefined,
      created: now(),
    };
    transactions.set(t.id, t);
    byExternal.set(externalId, t);
    save();
    return { status: 201, body: transactionJson(t) };
  }

  function confirmOne(id: number): Answer {
    const t = transactions.get(id);
    if (!t) return fail(1008004);
    const s = statusOf(t).name;
    if (s === 'CANCELLED' || s === 'REJECTED') return fail(1007004);
    if (s !== 'CREATED') return fail(1007002);
    t.confirmed = now();
    save();
    const o = outcomeOf(t.mobileNumber, scale);
    later(o.delay, () => notify(t));
    if (o.final === 'COMPLETED' && o.reverses) later(o.delay * 2, () => notify(t));
    const answer = { status: 202, body: transactionJson(t) };
    return o.final === 'COMPLETED' && o.hangs ? { hang: answer } : answer;
  }

  function record(a: { status: number; body: unknown }) {
    const body = a.body as {
      errors?: { code: number }[];
      status?: { message: string; class: { message: string } };
    } | null;
    const items = Array.isArray(body) ? body : [body];
    for (const item of items as (typeof body)[]) {
      sentLog.push({
        status: a.status,
        ...(item?.errors?.[0] ? { code: item.errors[0].code } : {}),
        ...(item?.status?.class ? { statusClass: item.status.class.message, statusMessage: item.status.message } : {}),
      });
    }
  }

  function send(res: ServerResponse, a: Answer) {
    if ('hang' in a) {
      later(hangMs, () => send(res, a.hang));
      return;
    }
    if (res.writableEnded) return;
    record(a);
    sendJson(res, a.status, a.body, a.headers);
  }

  function sendFault(req: IncomingMessage, res: ServerResponse, f: SimFault) {
    switch (f.answer) {
      case 'refuse':
        return send(res, fail(f.code));
      case 'http': {
        const code = FAULT_CODES[f.status];
        if (f.body === 'errors' && code) return send(res, fail(code));
        sentLog.push({ status: f.status });
        if (f.body === 'html') {
          res.writeHead(f.status, { 'content-type': 'text/html' });
          res.end(`<html><body>${f.status}</body></html>`);
        } else {
          res.writeHead(f.status);
          res.end();
        }
        return;
      }
      case 'timeout':
        later(hangMs, () => req.socket.destroy());
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'empty':
        return send(res, page([], new URLSearchParams()));
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = decodeURIComponent(url.pathname).replace(/^\/v1/, '');
    if (req.headers.authorization !== expectedAuth) return send(res, fail(1000401));
    const [op, run] = routeOf(req, path, url.searchParams);
    const fault = op ? faults.get(op)?.shift() : undefined;
    if (!fault) return send(res, await run());
    if (fault.effect) await run();
    else if (req.method === 'POST') await readJsonBody(req);
    sendFault(req, res, fault);
    fault.afterwards?.();
  }

  const served = await serveSimulator({ ...opts, path: '/v1' }, handle, {
    onError: (res) => send(res, fail(1009001)),
    onClose: held.close,
  });
  return {
    ...served,
    inject(op, fault, times = 1) {
      const list = faults.get(op) ?? [];
      for (let i = 0; i < times; i++) list.push(fault);
      faults.set(op, list);
    },
    sent: () => sentLog,
  };
}
