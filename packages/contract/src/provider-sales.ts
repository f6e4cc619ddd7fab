import { z } from 'zod';
import { SOFT_PIN_TYPES } from './dynamic-products.ts';
import type { EndpointSchemas } from './envelope.ts';
import { flixbusBooking } from './flixbus.ts';
import { RULES } from './rules.ts';
import { PROVIDER_SALE_KINDS, topupSale } from './topup.ts';

export const providerSaleIdQuery = z.object({ sale_id: z.coerce.number().int().positive() });

/**
 * `GET /api/get_provider_sale_details/`: one provider sale of any kind, as a ledger line of it opens it (decision
 * 0123): the sale as the shop's lists show it, whose it is and the reference its ledger entries carry; a bus ticket's
 * booking, a soft pin's PIN masked to its last four characters. Never the provider's cost, never a plain PIN.
 */
export const providerSaleDetails = topupSale.omit({ offer_state: true, offer_expires_at: true }).extend({
  kind: z.enum(PROVIDER_SALE_KINDS),
  customer_id: z.number().int(),
  customer_name: z.string(),
  /** `provider:external_id`, as on the sale's ledger entries. */
  reference: z.string(),
  booking: flixbusBooking
    .pick({
      booking_id: true,
      status: true,
      trip: true,
      seats: true,
      seat_numbers: true,
      ebikes: true,
      passengers: true,
      ticket_code: true,
    })
    .nullable(),
  soft_pin: z
    .object({
      product_type: z.enum(SOFT_PIN_TYPES),
      /** Null until the provider delivered it. */
      pin_masked: z.string().nullable(),
      serial: z.string().nullable(),
    })
    .nullable(),
});
export type ProviderSaleDetails = z.infer<typeof providerSaleDetails>;

export const providerSalesEndpoints = {
  '/get_provider_sale_details/': {
    method: 'GET',
    query: providerSaleIdQuery,
    data: providerSaleDetails,
    rule: RULES.saleDetails,
  },
} satisfies Record<string, EndpointSchemas>;
