import { z } from 'zod';
import type { EndpointSchemas } from './envelope.ts';
import { RULES } from './rules.ts';

/**
 * VAT treatments of provider goods with a valid-from date (issue 35, decision 0132): per provider, and per dynamic
 * product for soft pins (a product's own entry replaces the provider's). Set by the platform's superadmin; each
 * provider sale is invoiced with the entry in force when it was sold.
 */
export const VAT_PROVIDERS = ['dtone', 'direct_recharge', 'softpin', 'flixbus'] as const;
export type VatProvider = (typeof VAT_PROVIDERS)[number];

/**
 * One choice, so treatment and rate cannot disagree (as the product form's `vat_treatment`): a multi-purpose voucher
 * (outside the scope of VAT), a single-purpose voucher at 7 or 19 %, or a bus fare sold in the carrier's name at the
 * carrier's rate (a pass-through, not the seller's own supply; bus tickets only).
 */
export const PROVIDER_VAT_CHOICES = ['mpv', 'spv_7', 'spv_19', 'carrier_7', 'carrier_19'] as const;
export type ProviderVatChoice = (typeof PROVIDER_VAT_CHOICES)[number];

/** Which choices a provider's goods may take: only bus tickets are sold in a carrier's name. */
export function choicesFor(provider: VatProvider): readonly ProviderVatChoice[] {
  return provider === 'flixbus' ? PROVIDER_VAT_CHOICES : PROVIDER_VAT_CHOICES.filter((c) => !c.startsWith('carrier'));
}

export const providerVatEntry = z.object({
  choice: z.enum(PROVIDER_VAT_CHOICES),
  /** null: the first entry, in force since ever (the documented default). */
  valid_from: z.string().nullable(),
  /** The carrier a fare is passed through for (name and address, § 34 UStDV); null for vouchers. */
  carrier: z.string().nullable(),
  set_by: z.string().nullable(),
});
export type ProviderVatEntry = z.infer<typeof providerVatEntry>;

export const providerVatRow = z.object({
  provider: z.enum(VAT_PROVIDERS),
  /** null: the provider's own entry; a dynamic product's id: that soft pin's. */
  dynamic_product_id: z.number().int().nullable(),
  /** The dynamic product's name; null for the provider's own row. */
  name: z.string().nullable(),
  /** Whether the row has entries of its own (a dynamic product without one follows its provider). */
  own: z.boolean(),
  current: providerVatEntry,
  /** Newest first. */
  history: z.array(providerVatEntry),
});
export type ProviderVatRow = z.infer<typeof providerVatRow>;

export const providerVatAnswer = z.object({ treatments: z.array(providerVatRow) });
export type ProviderVatAnswer = z.infer<typeof providerVatAnswer>;

const CARRIER_MAX = 300;

/** `/api/set_provider_vat_treatment/`: a new entry, in force from now on (never backdated). */
export const setProviderVatBody = z
  .object({
    provider: z.enum(VAT_PROVIDERS),
    dynamic_product_id: z.number().int().positive().nullable().default(null),
    choice: z.enum(PROVIDER_VAT_CHOICES),
    carrier: z.string().trim().max(CARRIER_MAX).nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.dynamic_product_id !== null && b.provider !== 'softpin') {
      ctx.addIssue({
        code: 'custom',
        path: ['dynamic_product_id'],
        message: 'dynamic_product_id: only soft pins are dynamic products',
      });
    }
    if (!choicesFor(b.provider).includes(b.choice)) {
      ctx.addIssue({
        code: 'custom',
        path: ['choice'],
        message: 'choice: only bus tickets are sold in a carrier’s name',
      });
    }
    if (b.choice.startsWith('carrier') && !b.carrier) {
      ctx.addIssue({
        code: 'custom',
        path: ['carrier'],
        params: { rule: 'required' },
        message: 'carrier: the carrier’s name and address are required',
      });
    }
  });
export type SetProviderVatBody = z.input<typeof setProviderVatBody>;

export const providerVatEndpoints = {
  '/provider_vat_treatments/': { method: 'GET', data: providerVatAnswer, rule: RULES.providerVat, refusals: true },
  '/set_provider_vat_treatment/': {
    body: setProviderVatBody,
    data: providerVatAnswer,
    rule: RULES.providerVat,
    refusals: true,
  },
} satisfies Record<string, EndpointSchemas>;
