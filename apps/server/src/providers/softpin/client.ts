import { z } from 'zod';
import { callJson, parseAnswer, refusalOf } from '../json-call.ts';

/**
 * The portal's generic soft-pin API (`docs/providers/softpin.md`): a provider that sells PINs at sale time (cash
 * cards, gift cards) is plugged in by pointing SOFTPIN_BASE_URL at a service (or an adapter) that speaks it. Bearer
 * authentication; the key and the PINs are never logged or put into an error. Amounts stay decimal strings.
 */

/** `REFUNDED`: a delivered PIN the provider voided and refunded (decision 0104); it no longer works. */
export const SOFTPIN_ORDER_STATUSES = ['PENDING', 'DELIVERED', 'FAILED', 'REFUNDED'] as const;
export type SoftPinOrderStatus = (typeof SOFTPIN_ORDER_STATUSES)[number];
export const SOFTPIN_CATEGORIES = ['cash_card', 'gift_card'] as const;

const decimal = z.string().regex(/^\d+(\.\d{1,4})?$/);

const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  brand: z.string(),
  category: z.enum(SOFTPIN_CATEGORIES),
  face_value: decimal,
  currency: z.string(),
  /** What the provider charges the platform for one PIN. */
  price: decimal,
  available: z.boolean(),
});

const orderSchema = z.object({
  external_id: z.string(),
  reference: z.string(),
  product_id: z.number().int(),
  status: z.enum(SOFTPIN_ORDER_STATUSES),
  status_message: z.string().nullable(),
  /** Present once DELIVERED. */
  pin: z.string().nullable(),
  serial: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type SoftPinProduct = z.infer<typeof productSchema>;
export type SoftPinOrder = z.infer<typeof orderSchema>;

/** The provider answered with an error document: the request was received and refused. */
export class SoftPinRefusal extends Error {
  readonly httpStatus: number;
  readonly code: string;
  constructor(httpStatus: number, code: string, message: string) {
    super(`Soft-pin provider refused (${httpStatus}): ${code} ${message}`);
    this.name = 'SoftPinRefusal';
    this.httpStatus = httpStatus;
    this.code = code;
  }
}

/** No usable answer (network, timeout, malformed body): the outcome is unknown, never a failure. */
export class SoftPinUnreachable extends Error {
  constructor(cause: unknown) {
    super(`Soft-pin provider did not answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'SoftPinUnreachable';
  }
}

export interface SoftPinClient {
  listProducts(): Promise<SoftPinProduct[]>;
  /**
   * Orders one PIN under `externalId`. Idempotent: the same external id (with the same product) answers the same
   * order and the same PIN; with another product it is refused with 409 `external_id_conflict`.
   */
  createOrder(o: { externalId: string; productId: number }): Promise<SoftPinOrder>;
  /** null when no order exists under this external id. */
  getOrder(externalId: string): Promise<SoftPinOrder | null>;
}

export interface SoftPinClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createSoftPinClient(opts: SoftPinClientOptions): SoftPinClient {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const unreachable = (cause: unknown) => new SoftPinUnreachable(cause);

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const { res, json } = await callJson(
      { fetch: doFetch, url: `${base}${path}`, method, authorization: `Bearer ${opts.apiKey}`, body, timeoutMs },
      unreachable,
    );
    if (!res.ok)
      throw refusalOf(res, json, (status, code, message) => new SoftPinRefusal(status, code, message), unreachable);
    return json;
  }

  const parse = <T>(schema: z.ZodType<T>, json: unknown): T => parseAnswer(schema, json, unreachable);

  return {
    async listProducts() {
      return parse(z.object({ products: z.array(productSchema) }), await call('GET', '/products')).products;
    },
    async createOrder(o) {
      const json = await call('POST', '/orders', { external_id: o.externalId, product_id: o.productId });
      return parse(z.object({ order: orderSchema }), json).order;
    },
    async getOrder(externalId) {
      try {
        const json = await call('GET', `/orders/${encodeURIComponent(externalId)}`);
        return parse(z.object({ order: orderSchema }), json).order;
      } catch (err) {
        if (err instanceof SoftPinRefusal && err.httpStatus === 404) return null;
        throw err;
      }
    },
  };
}
