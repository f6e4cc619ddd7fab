import { z } from 'zod';
import { callJson, parseAnswer, refusalOf } from '../json-call.ts';

/**
 * The portal's generic direct-recharge API (`docs/providers/direct-recharge.md`): a domestic recharge aggregator
 * is plugged in by pointing DIRECT_RECHARGE_BASE_URL at a service (or an adapter) that speaks it. Bearer
 * authentication; the key is never logged or put into an error. Amounts stay decimal strings.
 */

export const DIRECT_RECHARGE_STATUSES = ['ACCEPTED', 'PROCESSING', 'SUCCESS', 'FAILED', 'REVERSED'] as const;
export type DirectRechargeStatus = (typeof DIRECT_RECHARGE_STATUSES)[number];

const decimal = z.string().regex(/^\d+(\.\d{1,4})?$/);

const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  operator: z.object({ id: z.number().int().positive(), name: z.string(), country_iso_code: z.string() }),
  face_value: decimal,
  currency: z.string(),
  retail_price: decimal,
  wholesale_price: decimal,
});

const rechargeSchema = z.object({
  external_id: z.string(),
  reference: z.string(),
  product_id: z.number().int(),
  mobile_number: z.string(),
  status: z.enum(DIRECT_RECHARGE_STATUSES),
  status_message: z.string().nullable(),
  operator_reference: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type DirectRechargeProduct = z.infer<typeof productSchema>;
export type DirectRecharge = z.infer<typeof rechargeSchema>;

/** The provider answered with an error document: the request was received and refused. */
export class DirectRechargeRefusal extends Error {
  readonly httpStatus: number;
  readonly code: string;
  constructor(httpStatus: number, code: string, message: string) {
    super(`Direct recharge provider refused (${httpStatus}): ${code} ${message}`);
    this.name = 'DirectRechargeRefusal';
    this.httpStatus = httpStatus;
    this.code = code;
  }
}

/** No usable answer (network, timeout, malformed body): the outcome is unknown, never a failure. */
export class DirectRechargeUnreachable extends Error {
  constructor(cause: unknown) {
    super(`Direct recharge provider did not answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'DirectRechargeUnreachable';
  }
}

export interface DirectRechargeClient {
  listProducts(): Promise<DirectRechargeProduct[]>;
  /** null when the provider does not know the product (any more). */
  getProduct(id: number): Promise<DirectRechargeProduct | null>;
  /** Refused with 409 `duplicate_external_id` when a recharge under this external id exists. */
  createRecharge(r: { externalId: string; productId: number; mobileNumber: string }): Promise<DirectRecharge>;
  /** null when no recharge exists under this external id. */
  getRecharge(externalId: string): Promise<DirectRecharge | null>;
}

export interface DirectRechargeClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createDirectRechargeClient(opts: DirectRechargeClientOptions): DirectRechargeClient {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;

  const unreachable = (cause: unknown) => new DirectRechargeUnreachable(cause);

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const { res, json } = await callJson(
      { fetch: doFetch, url: `${base}${path}`, method, authorization: `Bearer ${opts.apiKey}`, body, timeoutMs },
      unreachable,
    );
    if (!res.ok)
      throw refusalOf(
        res,
        json,
        (status, code, message) => new DirectRechargeRefusal(status, code, message),
        unreachable,
      );
    return json;
  }

  const parse = <T>(schema: z.ZodType<T>, json: unknown): T => parseAnswer(schema, json, unreachable);

  async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof DirectRechargeRefusal && err.httpStatus === 404) return null;
      throw err;
    }
  }

  return {
    async listProducts() {
      return parse(z.object({ products: z.array(productSchema) }), await call('GET', '/products')).products;
    },
    getProduct(id) {
      return orNull(
        async () => parse(z.object({ product: productSchema }), await call('GET', `/products/${id}`)).product,
      );
    },
    async createRecharge(r) {
      const json = await call('POST', '/recharges', {
        external_id: r.externalId,
        product_id: r.productId,
        mobile_number: r.mobileNumber,
      });
      return parse(z.object({ recharge: rechargeSchema }), json).recharge;
    },
    getRecharge(externalId) {
      return orNull(
        async () =>
          parse(
            z.object({ recharge: rechargeSchema }),
            await call('GET', `/recharges/${encodeURIComponent(externalId)}`),
          ).recharge,
      );
    },
  };
}
