import type { IncomingMessage, ServerResponse } from 'node:http';
import { heldAnswers, readJsonBody, sendJson, serveSimulator } from '../simulator-http.ts';
import {
  CLASS_IDS,
  type ClassName,
  OPERATORS,
  outcomeOf,
  PRODUCTS,
  type SimOperator,
  type SimProduct,
  type SimTransaction,
} from './simulator-world.ts';

/**
 * A local DT One DVS: the same HTTP surface as `/v1` of the real API (Basic auth, lookup, products,
 * async transactions, confirm, cancel, status by id or external_id, callbacks), so the portal runs
 * and is tested without the provider. Outcomes follow DVS's documented sandbox convention on the
 * last three digits of the mobile number:
 *
 *   1xx / 2xx / 3xx   the final status comes after 3 s / 20 s / 5 min (times `delayScale`)
 *   x00, x01          COMPLETED
 *   x02 … x07         DECLINED (invalid party, barred, operator unavailable, duplicate, declined, exception)
 *
 * Two suffixes are this simulator's own, for cases the sandbox cannot produce:
 *   x08               COMPLETED, then REVERSED after the same delay again
 *   x09               COMPLETED, but the confirm request is never answered in time (a timeout)
 *
 * Any other number completes after the 1xx delay.
 */

export interface DtOneSimulatorOptions {
  apiKey: string;
  apiSecret: string;
  port?: number;
  host?: string;
  /** Multiplies the sandbox delays; tests use a small factor. */
  delayScale?: number;
  /** How long a `x09` confirm is held before answering. */
  hangMs?: number;
  now?: () => number;
}

export interface DtOneSimulator {
  /** Including `/v1`. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startDtOneSimulator(opts: DtOneSimulatorOptions): Promise<DtOneSimulator> {
  const now = opts.now ?? Date.now;
  const scale = opts.delayScale ?? 1;
  const expectedAuth = `Basic ${Buffer.from(`${opts.apiKey}:${opts.apiSecret}`).toString('base64')}`;
  const transactions = new Map<number, SimTransaction>();
  const byExternal = new Map<string, SimTransaction>();
  const held = heldAnswers();
  let nextId = 2_000_000;

  const later = (ms: number, fn: () => void) => held.later(ms, fn).unref();

  function statusOf(t: SimTransaction): { name: ClassName; message: string } {
    if (t.cancelled !== undefined) return { name: 'CANCELLED', message: 'CANCELLED' };
    if (t.confirmed === undefined) return { name: 'CREATED', message: 'CREATED' };
    const o = outcomeOf(t.mobileNumber, scale);
    const age = now() - t.confirmed;
    if (age < o.delay / 2) return { name: 'CONFIRMED', message: 'CONFIRMED' };
    if (age < o.delay) return { name: 'SUBMITTED', message: 'SUBMITTED' };
    if (o.final === 'COMPLETED' && o.reverses && age >= o.delay * 2) return { name: 'REVERSED', message: 'REVERSED' };
    return { name: o.final, message: o.message };
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
      confirmation_expiration_date: new Date(t.created + 3_600_000).toISOString(),
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

  function fail(res: ServerResponse, status: number, code: number, message: string) {
    sendJson(res, status, { errors: [{ code, message }] });
  }

  function sendPage(res: ServerResponse, all: unknown[], q: URLSearchParams) {
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
    const perPage = Math.min(100, Math.max(1, Number(q.get('per_page') ?? 50) || 50));
    const totalPages = Math.max(1, Math.ceil(all.length / perPage));
    sendJson(res, 200, all.slice((page - 1) * perPage, page * perPage), {
      'x-total': String(all.length),
      'x-total-pages': String(totalPages),
      'x-per-page': String(perPage),
      'x-page': String(page),
      ...(page < totalPages ? { 'x-next-page': String(page + 1) } : {}),
      ...(page > 1 ? { 'x-prev-page': String(page - 1) } : {}),
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = decodeURIComponent(url.pathname).replace(/^\/v1/, '');
    const q = url.searchParams;
    if (req.headers.authorization !== expectedAuth) return fail(res, 401, 1000401, 'Unauthorized');

    const route = (method: string, pattern: RegExp) => (req.method === method ? pattern.exec(path) : null);
    const lookup = route('GET', /^\/lookup\/mobile-number\/(\+?[0-9]{6,15})$/);
    if (lookup) {
      const digits = (lookup[1] as string).replace('+', '');
      const found = OPERATORS.filter((o) => digits.startsWith(o.prefix)).map((o) => ({
        ...operatorJson(o),
        identified: true,
      }));
      if (found.length === 0) return fail(res, 404, 1000404, 'Mobile number not found');
      return sendPage(res, found, q);
    }
    if (req.method === 'GET' && path === '/products') {
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
      return sendPage(res, list, q);
    }
    const oneProduct = route('GET', /^\/products\/([0-9]+)$/);
    if (oneProduct) {
      const p = PRODUCTS.find((x) => x.id === Number(oneProduct[1]));
      if (!p) return fail(res, 404, 1003404, 'Product not found');
      return sendJson(res, 200, productJson(p));
    }
    if (req.method === 'POST' && path === '/async/transactions') {
      const body = await readJsonBody(req, {});
      const externalId = body?.external_id;
      const productId = body?.product_id;
      const party = body?.credit_party_identifier as { mobile_number?: unknown } | undefined;
      if (typeof externalId !== 'string' || externalId.length === 0 || externalId.length > 40) {
        return fail(res, 400, 1000400, 'external_id is invalid');
      }
      if (byExternal.has(externalId)) return fail(res, 409, 1003001, 'external_id already used');
      const product = PRODUCTS.find((p) => p.id === productId);
      if (!product) return fail(res, 404, 1003404, 'Product not found');
      if (typeof party?.mobile_number !== 'string' || !/^\+?[0-9]{6,15}$/.test(party.mobile_number)) {
        return fail(res, 400, 1000400, 'credit_party_identifier.mobile_number is invalid');
      }
      const t: SimTransaction = {
        id: nextId++,
        externalId,
        product,
        mobileNumber: party.mobile_number,
        callbackUrl: typeof body?.callback_url === 'string' ? body.callback_url : undefined,
        created: now(),
      };
      transactions.set(t.id, t);
      byExternal.set(externalId, t);
      return sendJson(res, 201, transactionJson(t));
    }
    const confirm = route('POST', /^\/async\/transactions\/([0-9]+)\/confirm$/);
    if (confirm) {
      const t = transactions.get(Number(confirm[1]));
      if (!t) return fail(res, 404, 1003404, 'Transaction not found');
      if (statusOf(t).name !== 'CREATED') return fail(res, 400, 1003400, 'Transaction cannot be confirmed');
      t.confirmed = now();
      const o = outcomeOf(t.mobileNumber, scale);
      later(o.delay, () => notify(t));
      if (o.final === 'COMPLETED' && o.reverses) later(o.delay * 2, () => notify(t));
      if (o.final === 'COMPLETED' && o.hangs) {
        later(opts.hangMs ?? 60_000, () => {
          if (!res.writableEnded) sendJson(res, 202, transactionJson(t));
        });
        return;
      }
      return sendJson(res, 202, transactionJson(t));
    }
    const cancel = route('POST', /^\/transactions\/([0-9]+)\/cancel$/);
    if (cancel) {
      const t = transactions.get(Number(cancel[1]));
      if (!t) return fail(res, 404, 1003404, 'Transaction not found');
      if (statusOf(t).name !== 'CREATED') return fail(res, 400, 1003400, 'Transaction cannot be cancelled');
      t.cancelled = now();
      return sendJson(res, 200, transactionJson(t));
    }
    const one = route('GET', /^\/transactions\/([0-9]+)$/);
    if (one) {
      const t = transactions.get(Number(one[1]));
      if (!t) return fail(res, 404, 1003404, 'Transaction not found');
      return sendJson(res, 200, transactionJson(t));
    }
    if (req.method === 'GET' && path === '/transactions') {
      const externalId = q.get('external_id');
      const list = [...transactions.values()].filter((t) => !externalId || t.externalId === externalId);
      return sendPage(res, list.map(transactionJson), q);
    }
    return fail(res, 404, 1000404, 'Not found');
  }

  return serveSimulator({ ...opts, path: '/v1' }, handle, {
    onError: (res) => fail(res, 500, 1000500, 'Internal error'),
    onClose: held.close,
  });
}
