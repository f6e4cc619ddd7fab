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

/** DVS answered with an error document (4xx/5xx): the request was received and refused. */
export class DtOneRefusal extends Error {
  readonly httpStatus: number;
  readonly errors: { code: number; message: string }[];
  constructor(httpStatus: number, errors: { code: number; message: string }[]) {
    super(`DT One refused (${httpStatus}): ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
    this.name = 'DtOneRefusal';
    this.httpStatus = httpStatus;
    this.errors = errors;
  }
}

/** No usable answer (network, timeout, malformed body): the outcome is unknown, never a failure. */
export class DtOneUnreachable extends Error {
  constructor(cause: unknown) {
    super(`DT One did not answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DtOneUnreachable';
  }
}

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
    if (!res.ok) {
      const errors = errorsSchema.safeParse(json);
      if (res.status >= 500 && !errors.success) throw unreachable(new Error(`HTTP ${res.status}`));
      throw new DtOneRefusal(res.status, errors.success ? errors.data.errors : []);
    }
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
      const r = await call('GET', `/transactions?${q}`);
      const [first] = parse(z.array(transactionSchema), r.json);
      return first ? withStatus(first) : null;
    },
  };
}
