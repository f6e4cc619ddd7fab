import { z } from 'zod';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { RULES } from './rules.ts';

/**
 * The superadmin's provider catalogues (issue 40, decision 0144): what each provider offers as its own catalogue
 * gives it, at which cost (the provider's price to the platform, EUR) and at which price (what the platform charges
 * a reseller), and whether each provider answers. Read-only: the choices stay on their own screens (soft pins sold
 * on `/dynamic-products/`, discounts on the customers' discount screens, VAT on this screen's panel).
 */
export const CATALOGUE_PROVIDERS = ['dtone', 'direct_recharge', 'softpin', 'flixbus'] as const;
export type CatalogueProvider = (typeof CATALOGUE_PROVIDERS)[number];

/**
 * Whether the platform sells an offer: `sold`; `not_configured` (a soft pin the superadmin has not set up, or
 * switched off), `provider_unavailable` (the provider marks it unavailable), `not_in_euro` (DT One prices it in
 * another currency), `below_cost` (the price to resellers would be below the provider's cost: not offered).
 */
export const OFFER_STATES = ['sold', 'not_configured', 'provider_unavailable', 'not_in_euro', 'below_cost'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

export const providerOffer = z.object({
  /** The provider's own id of the product (or of the city, for bus tickets). */
  id: z.string(),
  name: z.string(),
  /** The operator, brand or country the provider files it under. */
  group: z.string().nullable(),
  country: z.string().nullable(),
  /** What the customer receives (e.g. "150 TRY"), as the provider states it. */
  receives: z.string().nullable(),
  /** The provider's price to the platform in EUR (4 places, as providers price); null where priced per booking. */
  cost: z.string().nullable(),
  /** F: the face value the platform sells at, EUR; null where priced per booking. */
  face_value: z.string().nullable(),
  /** The platform's default discount to a reseller for it, percent (an assigned discount replaces it). */
  reseller_discount: z.string().nullable(),
  /** R = F × (1 − reseller_discount), what the platform charges a reseller at the default discount, EUR. */
  reseller_price: z.string().nullable(),
  /** R − cost: the platform's margin at the default discount, EUR. */
  margin: z.string().nullable(),
  state: z.enum(OFFER_STATES),
});
export type ProviderOffer = z.infer<typeof providerOffer>;

export const providerOffersQuery = pageQuery.extend({
  provider: z.enum(CATALOGUE_PROVIDERS),
  /** Name, operator or country contains it (case-insensitive). DT One: its country filter (ISO alpha-3) instead. */
  search: z.string().trim().max(80).optional(),
});
export type ProviderOffersQuery = z.infer<typeof providerOffersQuery>;

/**
 * A page of offers and how the provider prices them: `per_product` (each offer has F and a cost) or `per_booking`
 * (bus tickets: the fare of the trip booked, less the reseller's discount; the cost is FlixBus's partner price).
 */
export const providerOffersAnswer = pageOf('offers', providerOffer).extend({
  pricing: z.enum(['per_product', 'per_booking']),
  /** The platform's default reseller discount for the provider (null: set per product, soft pins). */
  default_reseller_discount: z.string().nullable(),
});
export type ProviderOffersAnswer = z.infer<typeof providerOffersAnswer>;

/**
 * A provider's answer to a short live call through its adapter: `ok`; `off` (not configured on this server);
 * `timeout` (no answer within the check's limit); `unreachable` (no connection or an unreadable answer);
 * `refused` (an error document, e.g. rejected credentials: `detail` carries the provider's own code).
 */
/** A health check waits this long for the provider: the screen must not hang on one that does not answer. */
export const PROVIDER_HEALTH_TIMEOUT_MS = 3_000;

export const HEALTH_STATES = ['ok', 'off', 'timeout', 'unreachable', 'refused'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export const providerHealth = z.object({
  provider: z.enum(CATALOGUE_PROVIDERS),
  state: z.enum(HEALTH_STATES),
  checked_at: z.string(),
  duration_ms: z.number().int().min(0),
  /** The provider's own error code or HTTP status for `refused`; null otherwise. */
  detail: z.string().nullable(),
  /** The last check that answered `ok` since this server started; null if none did. */
  last_ok_at: z.string().nullable(),
});
export type ProviderHealth = z.infer<typeof providerHealth>;

export const providerHealthAnswer = z.object({ providers: z.array(providerHealth) });
export type ProviderHealthAnswer = z.infer<typeof providerHealthAnswer>;

export const providerCataloguesEndpoints = {
  '/provider_offers/': {
    method: 'GET',
    query: providerOffersQuery,
    data: providerOffersAnswer,
    rule: RULES.providerCatalogues,
    refusals: true,
  },
  '/provider_health/': { method: 'GET', data: providerHealthAnswer, rule: RULES.providerCatalogues, refusals: true },
} satisfies Record<string, EndpointSchemas>;
