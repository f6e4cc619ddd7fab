import type { SoftPinType } from '@portal/contract/dynamic-products';
import type { ProviderSaleDetails } from '@portal/contract/provider-sales';
import { KIND_OF_PROVIDER } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import { maskPin, type PinCrypto, pinHint } from '../../platform/pin-crypto.ts';
import { masksPrices } from '../selling/selling.access.ts';
import type { ProviderSaleDetailsRepository, ProviderSaleDetailsRow } from './provider-sale-details.repository.ts';

/**
 * `/get_provider_sale_details/`: one provider sale of any kind, for the ledger line that links to it (decision 0123).
 * Who sees it is the sales' rule: the shop (its staff and web support their own sales), its reseller, the platform.
 * It reads the sale as it stands and never asks the provider: opening a line changes nothing.
 */
export function createProviderSaleDetailsService(deps: {
  repo: ProviderSaleDetailsRepository;
  pinCrypto: Pick<PinCrypto, 'decrypt'>;
}) {
  async function details(actor: Actor, saleId: number): Promise<ProviderSaleDetails> {
    const s = await deps.repo.findVisible(saleId, actor);
    const kind = s && KIND_OF_PROVIDER[s.provider];
    if (!s || !kind) throw notFound('Sale');
    return {
      sale_id: s.id,
      created_at: s.created_at.toISOString(),
      status: s.status,
      provider_status: s.provider_status,
      product_id: s.product_id,
      product_name: s.product_name,
      operator_name: s.operator_name,
      country_iso_code: s.country_iso_code,
      mobile_number: s.mobile_number,
      face_value: new Decimal(s.face_value).toFixed(),
      face_currency: s.face_currency,
      retail_price: new Decimal(s.retail_price).toFixed(2),
      seller_price: masksPrices(actor, s.mask_seller_discount) ? null : new Decimal(s.seller_price).toFixed(2),
      user_id: s.sold_by,
      username: s.username,
      operator_reference: s.operator_reference,
      final_at: s.final_at?.toISOString() ?? null,
      kind,
      customer_id: s.customer_id,
      customer_name: s.customer_name,
      reference: `${s.provider}:${s.external_id}`,
      booking: bookingOf(s),
      soft_pin: kind === 'soft_pin' ? softPinOf(s) : null,
    };
  }

  /** A soft pin as the sale drawer shows PINs from stock: its last four characters; its reveals stay the shop's. */
  function softPinOf(s: ProviderSaleDetailsRow): ProviderSaleDetails['soft_pin'] {
    const pin = s.pin_ciphertext && deps.pinCrypto.decrypt(s.pin_ciphertext);
    return {
      product_type: (s.soft_pin_type ?? 'cash_card') as SoftPinType,
      pin_masked: pin ? maskPin(pinHint(pin), pin.length) : null,
      serial: s.pin_serial,
    };
  }

  return { details };
}
export type ProviderSaleDetailsService = ReturnType<typeof createProviderSaleDetailsService>;

/** A bus ticket's booking; its ticket code only once the ticket is final, as the booking screen shows it. */
function bookingOf(s: ProviderSaleDetailsRow): ProviderSaleDetails['booking'] {
  const b = s.booking;
  if (!b) return null;
  return {
    booking_id: b.id,
    status: b.status,
    trip: b.trip,
    seats: b.seats,
    seat_numbers: b.seat_numbers,
    ebikes: b.ebikes,
    passengers: b.passengers,
    ticket_code: s.status === 'successful' ? s.operator_reference : null,
  };
}
