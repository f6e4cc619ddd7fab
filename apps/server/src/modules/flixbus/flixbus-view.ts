import type { FlixbusApiAnswer, FlixbusBooking } from '@portal/contract/flixbus';
import type { TopupSale } from '@portal/contract/topup';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import type { DiscountsOf } from '../provider-sales/provider-sale-flow.ts';
import { type Pricer, shopPricer } from '../provider-sales/provider-sale-money.ts';
import type { ProviderSalesService } from '../provider-sales/provider-sales.service.ts';
import { ownSalesOnly } from '../selling/selling.access.ts';
import type { FlixbusBookingRow, FlixbusRepository } from './flixbus.repository.ts';

export const PROVIDER = 'flixbus';

/** An answer of `/flixbus_api/` with none of its parts set yet: each action sets its own. */
export const NONE: FlixbusApiAnswer = { trips: null, seat_map: null, booking: null, bookings: null };

/** A booking that has a provider sale: paid, and what its payment became. */
const wasPaid = (b: Pick<FlixbusBookingRow, 'status'>) =>
  b.status === 'paid' || b.status === 'failed' || b.status === 'refunded';

/** The shop's prices of a booking, or null when the platform would sell below the provider's price. */
export function pricesOf(b: Pick<FlixbusBookingRow, 'totalPrice' | 'partnerPrice'>, price: Pricer) {
  const prices = price(b.totalPrice);
  return (prices.resellerPrice ?? prices.sellerPrice).lt(b.partnerPrice) ? null : prices;
}

/**
 * A booking as a shop's user may see it: only the shop's own (staff and web support their own), priced as the
 * viewer's shop buys it before payment and as its sale says after.
 */
export function createBookingView(deps: {
  providerSales: Pick<ProviderSalesService, 'findShopChain'>;
  bookings: FlixbusRepository;
  discounts: DiscountsOf;
  /** The booking's provider sale as its receipt shows it. */
  saleView: (actor: Actor, saleId: number) => Promise<TopupSale>;
}) {
  const { providerSales, bookings, discounts, saleView } = deps;

  /** The shop's booking; staff and web support only their own. Anything else is a 404. */
  async function ownBooking(actor: Actor, id: number): Promise<FlixbusBookingRow> {
    const b = await bookings.findById(id);
    if (!b || b.customerId !== actor.customerId) throw notFound('Booking');
    if (ownSalesOnly(actor) && b.createdBy !== actor.userId) throw notFound('Booking');
    return b;
  }

  /** What the actor's shop may see of prices before payment: masked for staff, else priced with its discounts. */
  async function viewerOf(actor: Actor) {
    const chain = await providerSales.findShopChain(actor.customerId);
    return {
      masked: actor.internal_role === 1 && chain?.maskSellerDiscount === true,
      pricer: await shopPricer(discounts, chain),
    };
  }

  /** The booking as answered; a page passes the sale id and the viewer it already read. */
  async function view(
    actor: Actor,
    b: FlixbusBookingRow,
    known?: { saleId: number | null; viewer: Awaited<ReturnType<typeof viewerOf>> },
  ): Promise<FlixbusBooking> {
    const saleId = known ? known.saleId : wasPaid(b) ? await bookings.findSaleId(PROVIDER, b.id) : null;
    const sale: TopupSale | null = saleId == null ? null : await saleView(actor, saleId);
    let price: string | null;
    if (sale) price = sale.seller_price;
    else {
      const viewer = known?.viewer ?? (await viewerOf(actor));
      const prices = pricesOf(b, viewer.pricer);
      price = viewer.masked || !prices ? null : prices.sellerPrice.toFixed(2);
    }
    return {
      booking_id: b.id,
      status: b.status,
      trip: b.trip,
      seats: b.seats,
      seat_numbers: b.seatNumbers,
      ebikes: b.ebikes,
      passengers: b.passengers,
      contact_phone: b.contactPhone,
      voucher: b.voucher,
      total_price: new Decimal(b.totalPrice).toFixed(2),
      price,
      currency: b.currency,
      expires_at: b.expiresAt.toISOString(),
      sale,
      ticket_code: sale?.status === 'successful' ? sale.operator_reference : null,
    };
  }

  const answer = (booking: FlixbusBooking): FlixbusApiAnswer => ({ ...NONE, booking });

  return { ownBooking, viewerOf, view, answer };
}
