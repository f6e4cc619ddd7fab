import { z } from 'zod';
import { type EndpointSchemas, pageOf, pageQuery, secret } from './envelope.ts';
import { RULES } from './rules.ts';
import { topupSale, transactionKey } from './topup.ts';

/**
 * Soft pins and dynamic products (spec sections 2 and 7, decision 0104): cash and gift cards whose PIN a provider
 * delivers at sale time. The platform chooses which provider products it sells (`/dynamic-products/`), each
 * customer's parent sets its discount per product, and sellers buy them on `/cashcards/` and `/giftcards/`.
 */

export const SOFT_PIN_TYPES = ['cash_card', 'gift_card'] as const;
export type SoftPinType = (typeof SOFT_PIN_TYPES)[number];

const money2 = z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'an amount such as 10 or 9.99');
const percent = z.coerce
  .number({ error: 'discount: a number from 0 to 100' })
  .min(0, 'discount: a number from 0 to 100')
  .max(100, 'discount: a number from 0 to 100');

/** One of the provider's products with the platform's configuration of it (superadmin). */
export const softApiProduct = z.object({
  provider_product_id: z.number().int(),
  provider_name: z.string(),
  brand: z.string(),
  category: z.enum(SOFT_PIN_TYPES),
  provider_face_value: z.string(),
  currency: z.string(),
  /** What the provider charges the platform: the provider-level buying amount, superadmin only. */
  provider_cost: z.string(),
  available: z.boolean(),
  /** The platform's configuration; null while it is not sold. */
  dynamic_product: z
    .object({
      id: z.number().int(),
      name: z.string(),
      product_type: z.enum(SOFT_PIN_TYPES),
      face_value: z.string(),
      enabled: z.boolean(),
    })
    .nullable(),
});
export type SoftApiProduct = z.infer<typeof softApiProduct>;

/** `/api/save_dynamic_product/`: sells (or stops selling) one provider product. */
export const saveDynamicProductBody = z.object({
  provider_product_id: z.coerce.number().int().positive(),
  name: z.string().trim().min(1, 'name: required').max(120),
  product_type: z.enum(SOFT_PIN_TYPES),
  face_value: money2,
  enabled: z.boolean(),
});
export type SaveDynamicProductBody = z.infer<typeof saveDynamicProductBody>;

/** A soft pin as a shop sees it: F, and what the shop pays (null for staff of a shop that masks its discount). */
export const dynamicProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  product_type: z.enum(SOFT_PIN_TYPES),
  face_value: z.string(),
  price: z.string().nullable(),
});
export type DynamicProduct = z.infer<typeof dynamicProduct>;

/** A soft-pin sale: the provider sale, its PIN and serial once delivered (to the shop that bought it only). */
export const softPinSale = topupSale.extend({
  dynamic_product_id: z.number().int(),
  product_type: z.enum(SOFT_PIN_TYPES),
  pin: secret(z.string().nullable()),
  serial: z.string().nullable(),
});
export type SoftPinSale = z.infer<typeof softPinSale>;

/**
 * `/api/dynamic_products/` for sellers, like DT One's configuration selector: `list` the shop's soft pins of a
 * type, `buy` one under a transaction key (a retry buys once), or ask a sale's `status` (and PIN).
 */
export const dynamicProductsBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list'), product_type: z.enum(SOFT_PIN_TYPES) }),
  z.object({
    action: z.literal('buy'),
    transaction_key: transactionKey,
    dynamic_product_id: z.coerce.number().int().positive(),
  }),
  z.object({ action: z.literal('status'), sale_id: z.coerce.number().int().positive() }),
]);
export type DynamicProductsBody = z.infer<typeof dynamicProductsBody>;
export const dynamicProductsAnswer = z.union([
  z.object({ products: z.array(dynamicProduct) }),
  z.object({ sale: softPinSale }),
]);
export type DynamicProductsAnswer = z.infer<typeof dynamicProductsAnswer>;

/** One product's discount for one customer, as its parent sees it. */
export const dynamicDiscountRow = z.object({
  dynamic_product_id: z.number().int(),
  name: z.string(),
  product_type: z.enum(SOFT_PIN_TYPES),
  face_value: z.string(),
  discount: z.string(),
  /** What the customer pays: F less its discount. */
  price: z.string(),
  /** What the parent itself pays (a reseller's R); null for the platform. */
  own_price: z.string().nullable(),
});
export type DynamicDiscountRow = z.infer<typeof dynamicDiscountRow>;

export const discountUpdate = z.object({
  dynamic_product_id: z.coerce.number().int().positive(),
  discount: percent,
});

/** `/api/api_discounts/`: the caller's discounts for one of its customers; with `discounts`, sets them first. */
export const apiDiscountsBody = z.object({
  customer_id: z.coerce.number().int().positive(),
  discounts: z.array(discountUpdate).max(500).optional(),
});
export type ApiDiscountsBody = z.infer<typeof apiDiscountsBody>;
/** As a form sends it: each discount the decimal string the user typed, read by the API as a number. */
export type ApiDiscountsInput = Omit<ApiDiscountsBody, 'discounts'> & {
  discounts?: { dynamic_product_id: number; discount: string | number }[];
};
export const apiDiscountsAnswer = z.object({
  customer: z.object({ id: z.number().int(), name: z.string() }),
  discounts: z.array(dynamicDiscountRow),
});
export type ApiDiscountsAnswer = z.infer<typeof apiDiscountsAnswer>;

/**
 * `/api/view_update_super_admin_discounts/`: the platform's discounts for one of its customers (resellers and its
 * own shops) with the provider-level buying amount and the platform's margin; superadmin only.
 */
export const superAdminDiscountRow = dynamicDiscountRow.extend({ provider_cost: z.string(), margin: z.string() });
export const superAdminDiscountsAnswer = z.object({
  customer: z.object({ id: z.number().int(), name: z.string() }),
  discounts: z.array(superAdminDiscountRow),
});
export type SuperAdminDiscountsAnswer = z.infer<typeof superAdminDiscountsAnswer>;

/**
 * A dynamic product as a reseller sees it on `/dynamic-products/` (decision 0110): F, its own discount and buying
 * price R, and whether its shops are offered it. Never the provider's price.
 */
export const resellerDynamicProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  product_type: z.enum(SOFT_PIN_TYPES),
  face_value: z.string(),
  discount: z.string(),
  price: z.string(),
  offered: z.boolean(),
});
export type ResellerDynamicProduct = z.infer<typeof resellerDynamicProduct>;

/** `/api/offer_dynamic_product/`: a reseller offers one dynamic product to its shops, or withholds it. */
export const offerDynamicProductBody = z.object({
  dynamic_product_id: z.coerce.number().int().positive(),
  offered: z.boolean(),
});
export type OfferDynamicProductBody = z.infer<typeof offerDynamicProductBody>;

export const DYNAMIC_LOG_ACTIONS = ['catalogue', 'order', 'status'] as const;
export const DYNAMIC_LOG_OUTCOMES = ['ok', 'refused', 'unreachable'] as const;

/** One call to the provider, without the key, PINs or serials. */
export const dynamicProductLog = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.enum(DYNAMIC_LOG_ACTIONS),
  outcome: z.enum(DYNAMIC_LOG_OUTCOMES),
  sale_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  external_id: z.string().nullable(),
  provider_product_id: z.number().int().nullable(),
  provider_status: z.string().nullable(),
  message: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type DynamicProductLog = z.infer<typeof dynamicProductLog>;

export const dynamicProductLogsQuery = pageQuery.extend({
  action: z.enum(DYNAMIC_LOG_ACTIONS).optional(),
  outcome: z.enum(DYNAMIC_LOG_OUTCOMES).optional(),
  sale_id: z.coerce.number().int().positive().optional(),
});
export type DynamicProductLogsQuery = z.infer<typeof dynamicProductLogsQuery>;

export const dynamicProductsEndpoints = {
  '/get_softapi_products/': {
    method: 'GET',
    alsoPost: true,
    data: z.object({ products: z.array(softApiProduct) }),
    rule: RULES.dynamicProductsPlatform,
  },
  '/save_dynamic_product/': { body: saveDynamicProductBody, data: softApiProduct, rule: RULES.dynamicProductsPlatform },
  '/my_dynamic_products/': {
    method: 'GET',
    data: z.object({ products: z.array(resellerDynamicProduct) }),
    rule: RULES.dynamicProductsReseller,
  },
  '/offer_dynamic_product/': {
    body: offerDynamicProductBody,
    data: resellerDynamicProduct,
    rule: RULES.dynamicProductsReseller,
  },
  '/dynamic_products/': {
    body: dynamicProductsBody,
    data: dynamicProductsAnswer,
    rule: RULES.softPins,
    refusals: true,
  },
  '/api_discounts/': { body: apiDiscountsBody, data: apiDiscountsAnswer, rule: RULES.dynamicProducts },
  '/view_update_super_admin_discounts/': {
    body: apiDiscountsBody,
    data: superAdminDiscountsAnswer,
    rule: RULES.dynamicProductsPlatform,
  },
  '/view_dynamic_product_logs/': {
    body: dynamicProductLogsQuery,
    data: pageOf('logs', dynamicProductLog),
    rule: RULES.dynamicProductsLog,
  },
} satisfies Record<string, EndpointSchemas>;
