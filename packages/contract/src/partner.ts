import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { dynamicBalance, freeText, ledgerRow, moneyListBody } from './credit.ts';
import { bitFlag, type EndpointSchemas, pageOf, pageQuery, refusalEnvelope, secret } from './envelope.ts';
import { LIMITS } from './limits.ts';
import { PARTNER_EXAMPLES as EX } from './partner-examples.ts';
import { PRODUCT_TYPES } from './products.ts';
import { RULES } from './rules.ts';
import { bulkPurchaseResult, reprintReceipt, saleReceipt, sellerProductRow } from './selling.ts';
import { dtOneCatalogue, e164, TOPUP_STATUSES, topupSale } from './topup.ts';

/**
 * The partner API (decision 0097): a shop's till or web shop buys machine to machine under
 * `/api/partner/v1/` with an API key, and the screens that make and revoke those keys.
 */

export const PARTNER_API_PREFIX = '/api/partner/v1';
/** How the key is sent: `Authorization: Bearer <key>`. Keys start with this, so a leaked one is recognisable. */
export const API_KEY_PREFIX = 'ppk_';
/** Requests per minute and key, over all partner calls together. */
export const PARTNER_RATE_LIMIT_PER_MINUTE = 120;

const apiKeyId = z.uuid('api_key_id: unknown key');
const userId = z.number({ error: 'user_id: required' }).int().positive();
const customerId = z.number({ error: 'customer_id: required' }).int().positive();

/** A key's name as its owner tells keys apart ("Till 1", "Web shop"). */
export const apiKeyName = freeText(80).pipe(z.string().min(1, 'name: required'));

/** `/seller/api_key/add/`: a new key for one user of the shop. */
export const createApiKeyBody = z.object({
  name: apiKeyName,
  user_id: userId,
  /** The last (Berlin) day the key works, today or later; without it the key works until revoked. */
  expires_at: calendarDay.nullable().optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;
export const revokeApiKeyBody = z.object({ api_key_id: apiKeyId });
export type RevokeApiKeyBody = z.infer<typeof revokeApiKeyBody>;

/** The operators' calls name the shop (`/customer/details/{id}`). */
export const customerApiKeysBody = z.object({ customer_id: customerId });
export const customerCreateApiKeyBody = createApiKeyBody.extend({ customer_id: customerId });
export type CustomerCreateApiKeyBody = z.infer<typeof customerCreateApiKeyBody>;
export const customerRevokeApiKeyBody = revokeApiKeyBody.extend({ customer_id: customerId });
export type CustomerRevokeApiKeyBody = z.infer<typeof customerRevokeApiKeyBody>;

export const apiKeyRow = z.object({
  api_key_id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; never enough to use it. */
  key_prefix: z.string(),
  user_id: z.number(),
  username: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  last_used_at: z.string().nullable(),
  /** The last (Berlin) day the key works; null: until revoked. */
  expires_at: calendarDay.nullable(),
  /** 1 once that day is over: the key answers 401 `api_key_expired`. */
  expired: bitFlag,
  revoked_at: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

/** The shop's webhooks: where they go and whether deliveries can be signed yet. */
export const webhookSettings = z.object({
  callback_url: z.string().nullable(),
  has_secret: bitFlag,
  rotated_at: z.string().nullable(),
});

/** A shop's keys, the users a key may be bound to, and the API details the keys work under. */
export const apiKeysAnswer = z.object({
  customer_id: z.number(),
  api_enabled: bitFlag,
  api_allowed_ips: z.array(z.string()),
  webhook: webhookSettings,
  api_keys: z.array(apiKeyRow),
  users: z.array(z.object({ user_id: z.number(), username: z.string() })),
});
export type ApiKeysAnswer = z.infer<typeof apiKeysAnswer>;

/** The answer that shows a new key, the only time it is ever shown. */
export const createdApiKey = apiKeyRow.extend({ api_key: secret(z.string()) });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** A new webhook signing secret, shown this once. */
export const rotatedSecret = z.object({ secret: secret(z.string()), rotated_at: z.string() });
export type RotatedSecret = z.infer<typeof rotatedSecret>;

/**
 * The events sent to a shop's callback URL (decision 0097), each `{ id, type, created_at, data }`, never with PINs:
 * - `sale.completed` (`sale:<id>`): a sale of PINs; data `sale_id`, `kind`, `configuration_id`, `product_id`,
 *   `quantity`, `face_value`, `unit_price`, `total_price`, `sold_by`, `sold_at`.
 * - `topup.completed`, `topup.failed`, `topup.refunded` (`topup:<id>:successful|failed|refunded`): a top-up reached
 *   a final status or was reversed; data `topup_id`, `status`, `product_id`, `product_name`, `operator_name`,
 *   `country_iso_code`, `mobile_number`, `face_value`, `face_currency`, `price`, `operator_reference`, `at`.
 * - `balance.low` (`balance_low:<notice id>`): the balance crossed below its trigger with no auto-credit top-up
 *   coming; data `notice_id`, `balance`, `trigger`, `at`.
 * - `credit.booked` (`credit:<entry id>`): a credit top-up (`credit_topup`) or an auto-credit (`auto_credit`) was
 *   booked to the balance; data `entry_id`, `kind`, `amount`, `balance_after`, `booked_at`.
 */
export const WEBHOOK_EVENT_TYPES = [
  'sale.completed',
  'topup.completed',
  'topup.failed',
  'topup.refunded',
  'balance.low',
  'credit.booked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryRow = z.object({
  delivery_id: z.number(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES).meta({ description: `The event: ${WEBHOOK_EVENT_TYPES.join(', ')}` }),
  event_key: z.string().meta({ description: "The event's id, e.g. sale:123, topup:7:successful, credit:4711" }),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  last_attempt_at: z.string().nullable(),
  /** The receiver's HTTP status of the last attempt; null when it was not reached. */
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const deliveriesBody = pageQuery;
export const customerDeliveriesBody = pageQuery.extend({ customer_id: customerId });
export const resendDeliveryBody = z.object({ delivery_id: z.number().int().positive() });
export const customerResendDeliveryBody = resendDeliveryBody.extend({ customer_id: customerId });

export const partnerKeysEndpoints = {
  '/seller/api_keys/': { method: 'GET', data: apiKeysAnswer, rule: RULES.apiKeysShop },
  '/seller/api_key/add/': { body: createApiKeyBody, data: createdApiKey, rule: RULES.apiKeysShop },
  '/seller/api_key/revoke/': { body: revokeApiKeyBody, data: apiKeyRow, rule: RULES.apiKeysShop },
  '/customer/api_keys/': { body: customerApiKeysBody, data: apiKeysAnswer, rule: RULES.customersChange },
  '/customer/api_key/add/': { body: customerCreateApiKeyBody, data: createdApiKey, rule: RULES.customersChange },
  '/customer/api_key/revoke/': { body: customerRevokeApiKeyBody, data: apiKeyRow, rule: RULES.customersChange },
  '/seller/webhook_secret/rotate/': { data: rotatedSecret, rule: RULES.apiKeysShop },
  '/customer/webhook_secret/rotate/': { body: customerApiKeysBody, data: rotatedSecret, rule: RULES.customersChange },
  '/seller/webhook_deliveries/': {
    body: deliveriesBody.optional(),
    data: pageOf('deliveries', deliveryRow),
    rule: RULES.apiKeysShop,
  },
  '/customer/webhook_deliveries/': {
    body: customerDeliveriesBody,
    data: pageOf('deliveries', deliveryRow),
    rule: RULES.customersChange,
  },
  '/seller/webhook_delivery/resend/': { body: resendDeliveryBody, data: deliveryRow, rule: RULES.apiKeysShop },
  '/customer/webhook_delivery/resend/': {
    body: customerResendDeliveryBody,
    data: deliveryRow,
    rule: RULES.customersChange,
  },
} satisfies Record<string, EndpointSchemas>;

// ---- The partner API itself ----

/** Chosen by the client per purchase; the same key with the same body answers the first outcome again. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'idempotency-key: required' })
    .min(8, 'idempotency-key: at least 8 characters')
    .max(100, 'idempotency-key: at most 100 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'idempotency-key: letters, digits and . _ : - only')
    .meta({
      description: 'Your id of this purchase (a UUID is a good choice), kept 24 hours',
      example: '5b0e8c1e-2f4a-4c1b-9d7e-3f6a2b1c0d9e',
    }),
});

export const partnerProductsQuery = pageQuery.extend({ product_type: z.enum(PRODUCT_TYPES).optional() });
export type PartnerProductsQuery = z.infer<typeof partnerProductsQuery>;

const configurationId = z.number({ error: 'configuration_id: required' }).int().positive();
const quantity = z.number({ error: 'quantity: required' }).int().min(1, 'quantity: at least 1');

/** `POST /purchases`: up to 20 PINs, answered with the PINs (the portal's one-step purchase). */
export const partnerPurchaseBody = z
  .object({
    configuration_id: configurationId,
    quantity: quantity.max(LIMITS.maxSingleStepPurchase, `quantity: at most ${LIMITS.maxSingleStepPurchase}`),
  })
  .meta({ example: { configuration_id: 12, quantity: 2 } });
export type PartnerPurchaseBody = z.infer<typeof partnerPurchaseBody>;

/** `POST /bulk_purchases`: up to the portal's maximum quantity; the PINs are fetched with `GET /sales/{id}`. */
export const partnerBulkPurchaseBody = z
  .object({
    configuration_id: configurationId,
    quantity: quantity.max(LIMITS.maxPurchaseQuantity, `quantity: at most ${LIMITS.maxPurchaseQuantity}`),
  })
  .meta({ example: { configuration_id: 12, quantity: 250 } });

export const partnerSaleParams = z.object({ sale_id: z.coerce.number().int().positive() });
export const partnerLedgerQuery = moneyListBody.pick({ page: true, limit: true, from: true, to: true });

/** `GET /topups/lookup`: the operators DT One finds for a number. */
export const partnerTopupLookupQuery = z
  .object({ mobile_number: e164.meta({ description: 'E.164, e.g. +905321234100' }) })
  .meta({ example: { mobile_number: '+905321234100' } });
export type PartnerTopupLookupQuery = z.infer<typeof partnerTopupLookupQuery>;

/** `GET /topups/products`: an operator's (or a country's) top-ups with the shop's price, 100 a page. */
export const partnerTopupProductsQuery = z
  .object({
    operator_id: z.coerce.number().int().positive().optional(),
    country_iso_code: z
      .string()
      .regex(/^[A-Z]{3}$/, 'country_iso_code: ISO 3166-1 alpha-3 such as TUR')
      .optional(),
    page: z.coerce.number().int().min(1).default(1),
  })
  .refine((q) => q.operator_id !== undefined || q.country_iso_code !== undefined, {
    path: ['operator_id'],
    message: 'operator_id: required',
  });
export type PartnerTopupProductsQuery = z.infer<typeof partnerTopupProductsQuery>;

/** `POST /topups`: sends one top-up; the answer is pending until DT One's final status. */
export const partnerTopupBody = z
  .object({
    product_id: z.number({ error: 'product_id: required' }).int().positive(),
    mobile_number: e164,
  })
  .meta({ example: { product_id: 5000, mobile_number: '+905321234100' } });
export type PartnerTopupBody = z.infer<typeof partnerTopupBody>;

export const partnerTopupsQuery = pageQuery.extend({ status: z.enum(TOPUP_STATUSES).optional() });
/** A top-up as the partner API answers it: sent in one call, never an offer (decision 0080, "Offers"). */
export const partnerTopup = topupSale.omit({ offer_state: true, offer_expires_at: true });
export const partnerTopupParams = z.object({ topup_id: z.coerce.number().int().positive() });

/**
 * A partner call's row: besides the portal's, the summary and the example answer the partner document shows, and the
 * headers it takes. Its refusals are always listed (`refusals`), with the example of `partnerRefusal`.
 */
export interface PartnerEndpointSchemas extends EndpointSchemas {
  summary: string;
  headers?: z.ZodType;
  example: unknown;
  refusals: true;
}

/** The `4xx` answer of every partner call as its document shows it. */
export const partnerRefusal = refusalEnvelope.meta({
  example: {
    message_type: 0,
    message: 'Requests from 198.51.100.9 are not allowed',
    code: 'ip_not_allowed',
    params: { ip: '198.51.100.9' },
  },
});

/**
 * Every partner call, keyed "METHOD path" (one path serves a list and a send); the server registers each from its row.
 * The top-ups have the rule of the portal's `/international_top_up_transaction/`; purchases the portal's own.
 */
export const partnerEndpoints = {
  'GET /products': {
    method: 'GET',
    summary: 'Sellable products with prices and availability',
    query: partnerProductsQuery,
    data: pageOf('products', sellerProductRow),
    example: EX.products,
    refusals: true,
    rule: RULES.partnerApi,
  },
  'POST /purchases': {
    summary: 'Buy up to 20 PINs; the answer carries them',
    headers: idempotencyHeaders.loose(),
    body: partnerPurchaseBody,
    data: saleReceipt,
    example: EX.purchase,
    refusals: true,
    rule: RULES.purchase,
  },
  'POST /bulk_purchases': {
    summary: 'Buy up to 1500 PINs; fetch them with GET /sales/{sale_id}',
    headers: idempotencyHeaders.loose(),
    body: partnerBulkPurchaseBody,
    data: bulkPurchaseResult,
    example: EX.bulkPurchase,
    refusals: true,
    rule: RULES.purchase,
  },
  'GET /sales/{sale_id}': {
    method: 'GET',
    summary: "One of the shop's sales with its PINs in clear (recorded as shown)",
    params: partnerSaleParams,
    data: reprintReceipt,
    example: EX.sale,
    refusals: true,
    rule: RULES.partnerApi,
  },
  'GET /balance': {
    method: 'GET',
    summary: "The shop's balance, outstanding credit and credit limit",
    data: dynamicBalance,
    example: EX.balance,
    refusals: true,
    rule: RULES.partnerApi,
  },
  'GET /ledger': {
    method: 'GET',
    summary: "The shop's ledger lines, newest first",
    query: partnerLedgerQuery,
    data: pageOf('ledger', ledgerRow),
    example: EX.ledger,
    refusals: true,
    rule: RULES.partnerApi,
  },
  'GET /topups/lookup': {
    method: 'GET',
    summary: 'The operators of a mobile number',
    query: partnerTopupLookupQuery,
    data: dtOneCatalogue,
    example: EX.topupLookup,
    refusals: true,
    rule: RULES.internationalTopup,
  },
  'GET /topups/products': {
    method: 'GET',
    summary: "An operator's (or a country's) top-ups with the shop's price, 100 a page",
    query: partnerTopupProductsQuery,
    data: dtOneCatalogue,
    example: EX.topupProducts,
    refusals: true,
    rule: RULES.internationalTopup,
  },
  'POST /topups': {
    summary: 'Send a top-up; it is pending until the provider’s final status (follow it with GET /topups/{id})',
    headers: idempotencyHeaders.loose(),
    body: partnerTopupBody,
    data: partnerTopup,
    example: EX.topupSent,
    refusals: true,
    rule: RULES.internationalTopup,
  },
  'GET /topups': {
    method: 'GET',
    summary: "The shop's top-ups, newest first",
    query: partnerTopupsQuery,
    data: pageOf('top_ups', partnerTopup),
    example: EX.topups,
    refusals: true,
    rule: RULES.internationalTopup,
  },
  'GET /topups/{topup_id}': {
    method: 'GET',
    summary: 'One top-up and its status, asked of the provider while pending',
    params: partnerTopupParams,
    data: partnerTopup,
    example: EX.topupFinal,
    refusals: true,
    rule: RULES.internationalTopup,
  },
} satisfies Record<string, PartnerEndpointSchemas>;
