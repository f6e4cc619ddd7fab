import { z } from 'zod';
import { percentWithDecimals } from './assignments.ts';
import type { EndpointSchemas } from './envelope.ts';
import { RULES } from './rules.ts';

/**
 * The provider sales priced by one discount per customer and provider (decision 0107); soft pins keep their plan per
 * product (decision 0104).
 */
export const DISCOUNT_PROVIDERS = ['dtone', 'direct_recharge', 'flixbus'] as const;
export type DiscountProvider = (typeof DISCOUNT_PROVIDERS)[number];

/** Percent off the provider's retail price, two decimals like the price it makes. */
export const providerDiscountPercent = percentWithDecimals(2, 'discount_cents');

const discountUpdate = z.object({
  provider: z.enum(DISCOUNT_PROVIDERS),
  /** null: back to the platform's default. */
  discount: providerDiscountPercent.nullable(),
});

/** `/api/provider_discounts/`: the caller's discounts for one of its customers; with `discounts`, sets them first. */
export const providerDiscountsBody = z.object({
  customer_id: z.coerce.number().int().positive(),
  discounts: z.array(discountUpdate).max(DISCOUNT_PROVIDERS.length).optional(),
});
export type ProviderDiscountsBody = z.infer<typeof providerDiscountsBody>;

export const providerDiscountRow = z.object({
  provider: z.enum(DISCOUNT_PROVIDERS),
  /** The customer's assigned discount, null while the platform's default applies. */
  assigned: z.string().nullable(),
  /** The platform's default for a customer of this kind (the environment's `*_DISCOUNT`). */
  default_discount: z.string(),
  /** What applies: the assigned discount or the default, never above the discount of the shop's reseller. */
  effective: z.string(),
  /** The caller's own discount (a reseller's ceiling for its shops); null for the platform. */
  own_discount: z.string().nullable(),
});
export type ProviderDiscountRow = z.infer<typeof providerDiscountRow>;

export const providerDiscountsAnswer = z.object({
  customer: z.object({ id: z.number().int(), name: z.string() }),
  discounts: z.array(providerDiscountRow),
});
export type ProviderDiscountsAnswer = z.infer<typeof providerDiscountsAnswer>;

export const providerDiscountsEndpoints = {
  '/provider_discounts/': {
    body: providerDiscountsBody,
    data: providerDiscountsAnswer,
    rule: RULES.providerDiscounts,
    refusals: true,
  },
} satisfies Record<string, EndpointSchemas>;
