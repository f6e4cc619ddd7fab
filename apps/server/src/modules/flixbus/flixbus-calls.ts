import type { FlixbusTrip } from '@portal/contract/flixbus';
import { Decimal } from 'decimal.js';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type FlixbusClient,
  FlixbusRefusal,
  type FlixbusReservation,
  FlixbusUnreachable,
  type FlixbusTrip as ProviderTrip,
} from '../../providers/flixbus/client.ts';

/**
 * A call to the bus provider: no answer is `provider_unavailable`, a refusal the seller can act on its own code
 * (`special` may answer a refusal that needs more than its code).
 */
export async function askProvider<T>(
  call: () => Promise<T>,
  special?: (err: FlixbusRefusal) => Promise<Error> | undefined,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof FlixbusUnreachable)
      throw new AppError('provider_unavailable', 'The bus provider did not answer');
    if (err instanceof FlixbusRefusal) throw (await special?.(err)) ?? refusalOf(err);
    throw err;
  }
}

/**
 * `seat_taken` with the chosen seats that are taken now (`params.seats`), read from the trip's seat map after the
 * refusal; all the chosen ones when the map cannot be read.
 */
export async function seatTaken(provider: FlixbusClient, tripUid: string, chosen: number[]): Promise<AppError> {
  let taken = chosen;
  try {
    const free = new Set((await provider.seatMap(tripUid)).seats.filter((s) => s.free).map((s) => s.number));
    const now = chosen.filter((n) => !free.has(n));
    if (now.length > 0) taken = now;
  } catch {
    // The refusal stands on its own; which seats is only a help.
  }
  return new AppError('seat_taken', 'A chosen seat is already taken', { params: { seats: taken.join(', ') } });
}

/** The provider's refusals a seller can act on, with the portal's stable codes. */
function refusalOf(err: FlixbusRefusal): Error {
  switch (err.code) {
    case 'seat_taken':
      // Chosen seats are named by `seatTaken`; without a choice there is no seat to name.
      return new AppError('seats_taken_meanwhile', 'The seats were taken meanwhile');
    case 'trip_fully_booked':
      return new AppError('trip_fully_booked', 'This trip is fully booked');
    case 'ebike_not_allowed':
      return new AppError('ebike_not_allowed', 'E-bikes are not allowed on this trip');
    case 'invalid_voucher':
      return new AppError('invalid_voucher', 'This voucher is not valid');
    case 'reservation_expired':
      return new AppError('reservation_expired', 'The reservation has expired; please search again');
    case 'trip_not_found':
      return notFound('Trip');
    case 'reservation_not_found':
    case 'order_not_found':
      return notFound('Booking');
    case 'cancellation_closed':
      return new AppError('cancellation_closed', 'This ticket can no longer be cancelled');
    default:
      return new AppError('booking_not_open', 'This booking cannot be changed any more');
  }
}

/** A trip of the provider's search as the seller's list shows it. */
export const toTrip = (t: ProviderTrip): FlixbusTrip => ({
  uid: t.uid,
  from: t.from.name,
  to: t.to.name,
  departure: t.departure,
  arrival: t.arrival,
  line: t.line,
  available_seats: t.available_seats,
  price_per_seat: new Decimal(t.price_per_seat).toFixed(2),
  ebike_allowed: t.ebike_allowed,
  ebike_price: new Decimal(t.ebike_price).toFixed(2),
  currency: t.currency,
});

/** What the provider's reservation now says, as the booking row keeps it: prices, passengers and voucher. */
export function fromReservation(r: FlixbusReservation, now: Date) {
  return {
    passengers: r.passengers,
    contactPhone: r.contact_phone,
    voucher: r.voucher,
    totalPrice: new Decimal(r.total_price).toFixed(4),
    partnerPrice: new Decimal(r.partner_price).toFixed(4),
    currency: r.currency,
    updatedAt: now,
  };
}
