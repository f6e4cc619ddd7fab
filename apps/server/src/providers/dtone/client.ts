import { z } from 'zod';
import { callJson, parseAnswer } from '../json-call.ts';

/**
 * DT One DVS (Digital Value Services) API, version 1.14: the calls the international top-up uses,
 * read from the provider's own description (`docs/providers/dtone-dvs-openapi-1.14.0.json`).
 * Authentication is HTTP Basic with the API key as user name and the secret as password; neither
 * is ever logged or put into an error. Amounts stay strings (decimal) from the moment they are read.
 */

export const DT_ONE_STATUSES = [
  'CREATED',
  'CONFIRMED',
  'REJECTED',
  'CANCELLED',
  'SUBMITTED',
  'COMPLETED',
  'REVERSED',
  'DECLINED',
] as const;
export type DtOneStatus = (typeof DT_ONE_STATUSES)[number];

/** The status class names DVS reports; the class is what decides the outcome, never the message. */
const statusClass = z.object({ id: z.number().int(), message: z.string() });

const decimal = z.union([z.number(), z.string()]).transform((v) => String(v));

const countrySchema = z.object({ name: z.string(), iso_code: z.string() });

const operatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: countrySchema,
});

const operatorLookupSchema = operatorSchema.extend({ identified: z.boolean() });

const unitAmount = z.object({ unit_type: z.string(), unit: z.string().nullable(), amount: decimal });

const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.string(),
  service: z.object({ id: z.number().int(), name: z.string() }),
  operator: operatorSchema,
  source: unitAmount.optional(),
  destination: unitAmount.optional(),
  prices: z
    .object({
      wholesale: unitAmount.extend({ fee: decimal }),
      retail: unitAmount.extend({ amount: decimal.nullable(), fee: decimal.nullable() }).nullable(),
    })
    .optional(),
});

const transactionSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  creation_date: z.string().optional(),
  confirmation_expiration_date: z.string().nullable().optional(),
  status: z.object({ id: z.number().int(), message: z.string(), class: statusClass }),
  operator_reference: z.string().nullable().optional(),
  product: z.object({ id: z.number().int(), name: z.string() }).passthrough().optional(),
  prices: z
    .object({ wholesale: unitAmount.extend({ fee: decimal }) })
    .passthrough()
    .optional(),
  credit_party_identifier: z.object({ mobile_number: z.string().optional() }).passthrough().optional(),
});

const balanceSchema = z.object({
  id: z.number().int(),
  unit_type: z.string(),
  unit: z.string(),
  available: decimal,
  holding: decimal,
  credit_limit: decimal,
});
export type DtOneBalance = z.infer<typeof balanceSchema>;

const errorsSchema = z.object({ errors: z.array(z.object({ code: z.number().int(), message: z.string() })) });

export type DtOneOperator = z.infer<typeof operatorLookupSchema>;
export type DtOneProduct = z.infer<typeof productSchema>;
export type DtOneTransaction = z.infer<typeof transactionSchema> & { statusName: DtOneStatus };

export interface DtOnePage<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

/**
 * DVS refused the request: a 4xx other than 429 that carries DVS's own error document (`{"errors":[{code,
 * message}]}`). Only this is a refusal; what it means for a sale depends on the call and the code (decision 0080).
 */
export class DtOneRefusal extends Error {
  readonly httpStatus: number;
  readonly errors: { code: number; message: string }[];
  constructor(httpStatus: number, errors: { code: number; message: string }[]) {
    super(`DT One refused (${httpStatus}): ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
    this.name = 'DtOneRefusal';
    this.httpStatus = httpStatus;
    this.errors = errors;
  }
  /** The first error's code (DVS sends one). */
  get code(): number | undefined {
    return this.errors[0]?.code;
  }
}

/**
 * No answer that says the request was refused: network, timeout, reset, a malformed body, a 429, any 5xx (with
 * or without DVS's error document: the request may have been carried out before the server failed), a 4xx
 * without DVS's error document (a proxy's page). The outcome is unknown, never a failure.
 */
export class DtOneUnreachable extends Error {
  /** The HTTP status when there was an answer. */
  readonly httpStatus?: number;
  constructor(cause: unknown, httpStatus?: number) {
    super(`DT One did not answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DtOneUnreachable';
    this.httpStatus = httpStatus;
  }
}

/** What a non-2xx answer of DVS means: a refusal only as `DtOneRefusal` says, else the outcome is unknown. */
export function dtOneErrorOf(httpStatus: number, json: unknown): DtOneRefusal | DtOneUnreachable {
  const errors = errorsSchema.safeParse(json);
  if (httpStatus >= 400 && httpStatus < 500 && httpStatus !== 429 && errors.success && errors.data.errors.length) {
    return new DtOneRefusal(httpStatus, errors.data.errors);
  }
  const codes = errors.success ? ` ${errors.data.errors.map((e) => e.code).join(',')}` : '';
  return new DtOneUnreachable(new Error(`HTTP ${httpStatus}${codes}`), httpStatus);
}

/**
 * DT One's error codes with the HTTP status each comes with, as its description (1.14.0, "API Error Codes") lists
 * them; `dtone.contract.test.ts` holds this against the description.
 */
export const DT_ONE_ERROR_CODES: Readonly<Record<number, number>> = {
  1000400: 400,
  1000401: 401,
  1000404: 404,
  1000429: 429,
  1003001: 404,
  1003002: 400,
  1003003: 400,
  1003101: 404,
  1003201: 404,
  1003301: 404,
  1005003: 400,
  1005004: 404,
  1005005: 404,
  1005006: 404,
  1005503: 400,
  1006001: 400,
  1006003: 400,
  1006009: 404,
  1006503: 400,
  1007001: 400,
  1007002: 400,
  1007004: 400,
  1007005: 400,
  1007007: 400,
  1007500: 400,
  1008004: 404,
  1009001: 500,
  1009503: 503,
};

/** A refusal whose code DT One documents, with the HTTP status it documents for it: DT One refused for sure. */
export const isDocumentedRefusal = (err: DtOneRefusal): boolean =>
  err.code !== undefined && DT_ONE_ERROR_CODES[err.code] === err.httpStatus;

/** A refusal with this DVS error code. */
export const isRefusal = (err: unknown, code: number): boolean =>
  err instanceof DtOneRefusal && err.errors.some((e) => e.code === code);

export interface ProductFilters {
  countryIsoCode?: string;
  operatorId?: number;
  type?: string;
  page?: number;
  perPage?: number;
}

export interface CreateTransaction {
  externalId: string;
  productId: number;
  mobileNumber: string;
  callbackUrl?: string;
}

export interface DtOneClient {
  lookupMobileNumber(
    mobileNumber: string,
    page?: { page?: number; perPage?: number },
  ): Promise<DtOnePage<DtOneOperator>>;
  listProducts(filters: ProductFilters): Promise<DtOnePage<DtOneProduct>>;
  /** null when DT One does not know the product (any more). */
  getProduct(id: number): Promise<DtOneProduct | null>;
  createTransaction(t: CreateTransaction): Promise<DtOneTransaction>;
  confirmTransaction(id: number): Promise<DtOneTransaction>;
  cancelTransaction(id: number): Promise<DtOneTransaction>;
  getTransaction(id: number): Promise<DtOneTransaction | null>;
  findByExternalId(externalId: string): Promise<DtOneTransaction | null>;
  /** The transactions created in [fromDate, toDate] (ISO date-times), one page. */
  listTransactions(f: {
    fromDate: string;
    toDate: string;
    page?: number;
    perPage?: number;
  }): Promise<DtOnePage<DtOneTransaction>>;
  /** The account's balances (one per currency). */
  balances(): Promise<DtOneBalance[]>;
}

export interface DtOneClientOptions {
  /** Including the version prefix, e.g. `https://preprod-dvs-api.dtone.com/v1`. */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

function statusName(classMessage: string): DtOneStatus {
  const name = classMessage.toUpperCase();
  const known = DT_ONE_STATUSES.find((s) => s === name);
  if (!known) throw new DtOneUnreachable(new Error(`unknown status class ${classMessage}`));
  return known;
}

function withStatus(t: z.infer<typeof transactionSchema>): DtOneTransaction {
  return { ...t, statusName: statusName(t.status.class.message) };
}

export function createDtOneClient(opts: DtOneClientOptions): DtOneClient {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${opts.apiKey}:${opts.apiSecret}`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? 15_000;

  const unreachable = (cause: unknown) => new DtOneUnreachable(cause);

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const { res, json } = await callJson(
      { fetch: doFetch, url: `${base}${path}`, method, authorization: auth, body, timeoutMs },
      unreachable,
    );
    if (!res.ok) throw dtOneErrorOf(res.status, json);
    return { json, headers: res.headers, status: res.status };
  }

  const parse = <T>(schema: z.ZodType<T>, json: unknown): T => parseAnswer(schema, json, unreachable);

  function paged<T>(schema: z.ZodType<T>, r: { json: unknown; headers: Headers }): DtOnePage<T> {
    const items = parse(z.array(schema), r.json);
    const num = (h: string, fallback: number) => {
      const v = Number(r.headers.get(h));
      return Number.isInteger(v) && v > 0 ? v : fallback;
    };
    return {
      items,
      page: num('x-page', 1),
      perPage: num('x-per-page', items.length),
      total: r.headers.get('x-total') === '0' ? 0 : num('x-total', items.length),
      totalPages: num('x-total-pages', 1),
    };
  }

  function pageQuery(q: URLSearchParams, page?: number, perPage?: number) {
    q.set('page', String(page ?? 1));
    q.set('per_page', String(perPage ?? 100));
    return q;
  }

  return {
    async lookupMobileNumber(mobileNumber, p = {}) {
      const q = pageQuery(new URLSearchParams(), p.page, p.perPage);
      const r = await call('GET', `/lookup/mobile-number/${encodeURIComponent(mobileNumber)}?${q}`);
      return paged(operatorLookupSchema, r);
    },
    async listProducts(f) {
      const q = new URLSearchParams();
      if (f.countryIsoCode) q.set('country_iso_code', f.countryIsoCode);
      if (f.operatorId !== undefined) q.set('operator_id', String(f.operatorId));
      if (f.type) q.set('type', f.type);
      const r = await call('GET', `/products?${pageQuery(q, f.page, f.perPage)}`);
      return paged(productSchema, r);
    },
    async getProduct(id) {
      try {
        return parse(productSchema, (await call('GET', `/products/${id}`)).json);
      } catch (err) {
        if (err instanceof DtOneRefusal && err.httpStatus === 404) return null;
        throw err;
      }
    },
    async createTransaction(t) {
      const r = await call('POST', '/async/transactions', {
        external_id: t.externalId,
        product_id: t.productId,
        auto_confirm: false,
        credit_party_identifier: { mobile_number: t.mobileNumber },
        ...(t.callbackUrl ? { callback_url: t.callbackUrl } : {}),
      });
      return withStatus(parse(transactionSchema, r.json));
    },
    async confirmTransaction(id) {
      const r = await call('POST', `/async/transactions/${id}/confirm`);
      return withStatus(parse(transactionSchema, r.json));
    },
    async cancelTransaction(id) {
      const r = await call('POST', `/transactions/${id}/cancel`);
      return withStatus(parse(transactionSchema, r.json));
    },
    async getTransaction(id) {
      try {
        const r = await call('GET', `/transactions/${id}`);
        return withStatus(parse(transactionSchema, r.json));
      } catch (err) {
        if (err instanceof DtOneRefusal && err.httpStatus === 404) return null;
        throw err;
      }
    },
    async findByExternalId(externalId) {
      const q = new URLSearchParams({ external_id: externalId, page: '1', per_page: '1' });
      try {
        const r = await call('GET', `/transactions?${q}`);
        const [first] = parse(z.array(transactionSchema), r.json);
        return first ? withStatus(first) : null;
      } catch (err) {
        // DVS answers an external_id it has no transaction for with an empty list or 404 (1008004).
        if (err instanceof DtOneRefusal && err.httpStatus === 404) return null;
        throw err;
      }
    },
    async listTransactions(f) {
      const q = new URLSearchParams({ from_date: f.fromDate, to_date: f.toDate });
      try {
        const r = await call('GET', `/transactions?${pageQuery(q, f.page, f.perPage)}`);
        const page = paged(transactionSchema, r);
        return { ...page, items: page.items.map(withStatus) };
      } catch (err) {
        if (err instanceof DtOneRefusal && err.httpStatus === 404) {
          return { items: [], page: f.page ?? 1, perPage: f.perPage ?? 100, total: 0, totalPages: 1 };
        }
        throw err;
      }
    },
    async balances() {
      const r = await call('GET', '/balances');
      return parse(z.array(balanceSchema), r.json);
    },
  };
}
