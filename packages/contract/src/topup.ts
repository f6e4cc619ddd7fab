import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { type EndpointSchemas, pageFilters, pageOf, pageQuery } from './envelope.ts';
import { EXPORT_FILE_TYPES } from './reports.ts';
import { RULES } from './rules.ts';

/**
 * `/api/dt_one/` configuration selectors (spec section 4): 1 looks a mobile number up, 2 lists the
 * operator's products, 3 makes the offer (as `/international_top_up_transaction/` does: spec section 7's "3 via
 * other path", decision 0080), 6 confirms the offer by its transaction key (or rejects it with `cancel: 1`), 41
 * tells its status.
 */
export const DT_ONE_CONFIGURATIONS = ['1', '2', '3', '6', '41'] as const;

export const transactionKey = z
  .string({ error: 'transaction_key: required' })
  .min(16, 'transaction_key: fetch one from get_transaction_session_key first')
  .max(128);

/** E.164 with the leading +. */
export const e164 = z.string().regex(/^\+[1-9][0-9]{5,14}$/, 'mobile_number: an international number such as +90…');

export const dtOneBody = z.object({
  configuration: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.enum(DT_ONE_CONFIGURATIONS, { error: 'configuration is required' }),
  ),
  /** For configuration 1. */
  mobile_number: e164.optional(),
  /** ISO 3166-1 alpha-3, for configuration 2. */
  country_iso_code: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  operator_id: z.coerce.number().int().positive().optional(),
  /** For configurations 3, 6 and 41: the key the offer was made under. */
  transaction_key: transactionKey.optional(),
  /** For configuration 3: the product offered (configuration 2's id). */
  product_id: z.coerce.number().int().positive().optional(),
  /** For configuration 6: 1 rejects the offer instead of confirming it. */
  cancel: z
    .preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.union([z.literal(0), z.literal(1)]))
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type DtOneBody = z.infer<typeof dtOneBody>;

export const topupOperator = z.object({
  id: z.number().int(),
  name: z.string(),
  country_iso_code: z.string(),
  country_name: z.string(),
  identified: z.boolean(),
});
export type TopupOperator = z.infer<typeof topupOperator>;

/**
 * What the number receives and what it costs the shop (the discount chain from the retail price in EUR),
 * never the provider's cost.
 */
export const topupProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  destination_amount: z.string().nullable(),
  destination_unit: z.string().nullable(),
  /** F: the retail price in EUR the end customer pays. */
  retail_price: z.string(),
  /** S: what the shop pays; null for staff of a shop that masks its discount. */
  price: z.string().nullable(),
});
export type TopupProduct = z.infer<typeof topupProduct>;

export const dtOneCatalogue = z.object({
  operators: z.array(topupOperator),
  products: z.array(topupProduct),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type DtOneCatalogue = z.infer<typeof dtOneCatalogue>;

/** The spec's results of a provider sale. */
export const TOPUP_STATUSES = ['pending', 'successful', 'failed', 'refunded'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

export const topupSale = z.object({
  sale_id: z.number().int(),
  created_at: z.string(),
  status: z.enum(TOPUP_STATUSES),
  /** DT One's own status class (CREATED … DECLINED), null before DT One answered. */
  provider_status: z.string().nullable(),
  product_id: z.number().int(),
  product_name: z.string(),
  operator_name: z.string(),
  country_iso_code: z.string(),
  mobile_number: z.string(),
  face_value: z.string(),
  face_currency: z.string(),
  retail_price: z.string(),
  /** S; null for staff of a shop that masks its discount. */
  seller_price: z.string().nullable(),
  user_id: z.number().int(),
  username: z.string(),
  operator_reference: z.string().nullable(),
  final_at: z.string().nullable(),
  /**
   * An offer's state (decision 0080, "Offers"): `offered` (nothing reserved yet; confirm or reject it), `confirmed`,
   * `rejected`, `expired`; null for a top-up sent in one call (the partner API).
   */
  offer_state: z.enum(['offered', 'confirmed', 'rejected', 'expired']).nullable(),
  /** Until when the offer may be confirmed (DT One's confirmation_expiration_date). */
  offer_expires_at: z.string().nullable(),
});
export type TopupSale = z.infer<typeof topupSale>;

/** Configurations 1 and 2 answer the catalogue, 3, 6 and 41 the top-up. */
export const dtOneAnswer = z.union([dtOneCatalogue, z.object({ sale: topupSale })]);
export type DtOneAnswer = z.infer<typeof dtOneAnswer>;

/**
 * `/api/international_top_up_transaction/` (and `/api/dt_one/` configuration 3): makes the offer for one top-up
 * under a transaction key (a retry makes it once); configuration 6 confirms it.
 */
export const internationalTopupBody = z.object({
  transaction_key: transactionKey,
  product_id: z.coerce.number({ error: 'product_id: required' }).int().positive(),
  mobile_number: e164,
});
export type InternationalTopupBody = z.infer<typeof internationalTopupBody>;

export const internationalTopupsQuery = pageQuery.extend({ status: z.enum(TOPUP_STATUSES).optional() });
export type InternationalTopupsQuery = z.infer<typeof internationalTopupsQuery>;

/**
 * `/api/get_recharge_summary/` (`/seller/recharge-summary`): the shop's provider sales of a period of Berlin days
 * (at most 366), grouped by day, kind, operator and status. Staff see their own sales.
 */
export const rechargeSummaryQuery = z
  .object({
    from: calendarDay,
    to: calendarDay,
    status: z.enum(TOPUP_STATUSES).optional(),
    /** `csv` or `xlsx`: the rows as a file in the user's language and dialect instead of the answer (decision 0131). */
    format: z.enum(['csv', 'xlsx']).optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to: not before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 365 * 86_400_000, {
    path: ['to'],
    message: 'to: at most 366 days after from',
  });
export type RechargeSummaryQuery = z.infer<typeof rechargeSummaryQuery>;

/** The kinds of provider sale (spec: recharges, top-ups and tickets). */
export const RECHARGE_KINDS = ['international_topup', 'direct_recharge', 'bus_ticket'] as const;

/** Every kind of provider sale: the recharges, top-ups and tickets, and soft pins (decision 0104). */
export const PROVIDER_SALE_KINDS = [...RECHARGE_KINDS, 'soft_pin'] as const;
export type ProviderSaleKind = (typeof PROVIDER_SALE_KINDS)[number];

/** Which kind of provider sale each provider sells. */
export const KIND_OF_PROVIDER: Readonly<Record<string, ProviderSaleKind>> = {
  dtone: 'international_topup',
  direct_recharge: 'direct_recharge',
  flixbus: 'bus_ticket',
  softpin: 'soft_pin',
};

const rechargeTotals = z.object({
  count: z.number().int(),
  /** What the numbers' owners paid at the counter: the retail price F. */
  retail_total: z.string(),
  /** What the shop paid (S); null for staff of a shop that masks its discount. */
  seller_total: z.string().nullable(),
});
export const rechargeSummaryRow = rechargeTotals.extend({
  day: calendarDay,
  kind: z.enum(RECHARGE_KINDS),
  operator_name: z.string(),
  status: z.enum(TOPUP_STATUSES),
});
export type RechargeSummaryRow = z.infer<typeof rechargeSummaryRow>;
export const rechargeSummary = z.object({
  rows: z.array(rechargeSummaryRow),
  /** Per status, and `all`: the refunded and failed ones are counted, never added to the money of the successful. */
  totals: z.partialRecord(z.enum([...TOPUP_STATUSES, 'all']), rechargeTotals),
});
export type RechargeSummary = z.infer<typeof rechargeSummary>;

/** `/api/view_pending_top_ups/`: the platform's provider sales still pending after 24 hours (superadmin). */
/** Why a pending sale waits for the superadmin rather than the poll job (decision 0080). */
export const HOLD_REASONS = ['external_id_mismatch', 'confirmed_without_reservation'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const pendingTopup = topupSale.extend({
  customer_id: z.number().int(),
  customer_name: z.string(),
  provider: z.string(),
  updated_at: z.string(),
  /** Set when the sale is held for the superadmin; such a sale is listed at once. */
  hold_reason: z.enum(HOLD_REASONS).nullable(),
});
export type PendingTopup = z.infer<typeof pendingTopup>;
export const checkTopupBody = z.object({ sale_id: z.number().int().positive() });

/**
 * `/api/resolve_held_top_up/` (superadmin): a held sale settled as failed (its reservation released) or its
 * provider transaction followed as the sale's (decision 0080, "Held sales").
 */
export const HELD_RESOLUTIONS = ['failed', 'follow'] as const;
export type HeldResolution = (typeof HELD_RESOLUTIONS)[number];
export const resolveHeldTopupBody = checkTopupBody.extend({ resolution: z.enum(HELD_RESOLUTIONS) });
export type ResolveHeldTopupBody = z.infer<typeof resolveHeldTopupBody>;

/** What the daily reconciliation found (decision 0080, "Reconciliation"). */
export const RECONCILIATION_DIFFERENCES = ['unknown_transaction', 'status_differs', 'offer_not_cancelled'] as const;

/**
 * `/api/view_provider_reconciliation/` (superadmin, `/top-ups-pending`): DT One's balance now (null when DT One does
 * not answer) against the alert threshold, the last daily run, and every difference found, newest day first.
 */
export const providerReconciliation = z.object({
  balance: z.object({ available: z.string(), unit: z.string(), threshold: z.string(), below: z.boolean() }).nullable(),
  last_run: z
    .object({
      day: calendarDay,
      status: z.enum(['running', 'done']),
      compared: z.number().int(),
      finished_at: z.string().nullable(),
    })
    .nullable(),
  differences: z.array(
    z.object({
      id: z.number().int(),
      day: calendarDay,
      kind: z.enum(RECONCILIATION_DIFFERENCES),
      provider_transaction_id: z.number().int(),
      external_id: z.string(),
      /** Our sale under the external_id; null for a transaction we do not know. */
      sale_id: z.number().int().nullable(),
      provider_status: z.string(),
      portal_status: z.enum(TOPUP_STATUSES).nullable(),
      found_at: z.string(),
    }),
  ),
  filters: pageFilters,
});
export type ProviderReconciliation = z.infer<typeof providerReconciliation>;

export const topupEndpoints = {
  '/dt_one/': { body: dtOneBody, data: dtOneAnswer, rule: RULES.internationalTopup, refusals: true },
  '/international_top_up_transaction/': {
    body: internationalTopupBody,
    data: topupSale,
    rule: RULES.internationalTopup,
    refusals: true,
  },
  '/get_international_top_up/': {
    body: internationalTopupsQuery,
    data: pageOf('top_ups', topupSale),
    rule: RULES.internationalTopup,
  },
  '/get_recharge_summary/': {
    body: rechargeSummaryQuery,
    data: rechargeSummary,
    file: EXPORT_FILE_TYPES,
    rule: RULES.seller,
  },
  '/view_pending_top_ups/': { body: pageQuery, data: pageOf('top_ups', pendingTopup), rule: RULES.topupsPending },
  '/check_top_up_status/': { body: checkTopupBody, data: pendingTopup, rule: RULES.topupsPending },
  '/resolve_held_top_up/': { body: resolveHeldTopupBody, data: pendingTopup, rule: RULES.topupsPending },
  '/view_provider_reconciliation/': { body: pageQuery, data: providerReconciliation, rule: RULES.topupsPending },
} satisfies Record<string, EndpointSchemas>;

/** `/api/dt_one_callback/?token=…`: the token DT One was given with the callback URL (`topup-callback.service.ts`). */
export const dtOneCallbackQuery = z.object({ token: z.string().max(200) });
/** DT One's callback body: only the ids that say which transaction to ask DT One about. */
export const dtOneCallbackBody = z.looseObject({
  id: z.number().int().optional(),
  external_id: z.string().max(100).optional(),
});

/**
 * The calls a provider makes to us, not the web: registered from their rows like every other call, but not in
 * `endpoints`, which the web client reads. Public: the callback proves itself by its token.
 */
export const topupCallbacks = {
  '/dt_one_callback/': { query: dtOneCallbackQuery, body: dtOneCallbackBody, data: z.undefined(), rule: RULES.public },
} satisfies Record<string, EndpointSchemas>;
