import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { type EndpointSchemas, type FileSchemas, pageOf, pageQuery } from './envelope.ts';
import { RULES } from './rules.ts';
import { topupSale, transactionKey } from './topup.ts';

/**
 * Bus tickets (spec sections 2, 5 and 7, decision 0103): cities and date, trips, a trip's seat map and the seats
 * chosen (or assigned by the provider), passengers, a voucher,
 * the payment, the ticket. One call, `/api/flixbus_api/`, with an `action` in the body like the spec's other
 * provider calls; the paid ticket is a provider sale, so its money and status are those of a top-up sale.
 */

export const flixbusCity = z.object({ id: z.number().int(), name: z.string(), country: z.string() });
export type FlixbusCity = z.infer<typeof flixbusCity>;

/** `GET /api/get_flixbus_cities/`. */
export const flixbusCities = z.object({ cities: z.array(flixbusCity) });

export const flixbusTrip = z.object({
  uid: z.string(),
  from: z.string(),
  to: z.string(),
  departure: z.string(),
  arrival: z.string(),
  line: z.string(),
  available_seats: z.number().int(),
  /** The retail price of one seat the traveller pays. */
  price_per_seat: z.string(),
  ebike_allowed: z.boolean(),
  ebike_price: z.string(),
  currency: z.string(),
});
export type FlixbusTrip = z.infer<typeof flixbusTrip>;

export const flixbusPassenger = z.object({
  first_name: z.string().trim().min(1, 'first_name: required').max(60),
  last_name: z.string().trim().min(1, 'last_name: required').max(60),
});

export const FLIXBUS_BOOKING_STATUSES = ['reserved', 'paid', 'cancelled', 'failed', 'refunded'] as const;

export const flixbusBooking = z.object({
  booking_id: z.number().int(),
  /**
   * reserved (seats held, nothing paid), paid (the sale below carries the payment's status), cancelled (before
   * payment), failed (the payment did not go through) or refunded (a confirmed ticket cancelled).
   */
  status: z.enum(FLIXBUS_BOOKING_STATUSES),
  trip: z.object({
    uid: z.string(),
    from: z.string(),
    to: z.string(),
    departure: z.string(),
    arrival: z.string(),
    line: z.string(),
  }),
  seats: z.number().int(),
  /** The seats held, one per passenger in the passengers' order (chosen, or assigned by the provider). */
  seat_numbers: z.array(z.number().int()),
  ebikes: z.number().int(),
  passengers: z.array(z.object({ first_name: z.string(), last_name: z.string() })),
  contact_phone: z.string().nullable(),
  voucher: z.string().nullable(),
  /** F: what the travellers pay, after a voucher. */
  total_price: z.string(),
  /** S: what the shop pays; null for staff of a shop that masks its discount. */
  price: z.string().nullable(),
  currency: z.string(),
  expires_at: z.string(),
  /** The payment as a provider sale; null before payment. */
  sale: topupSale.nullable(),
  /** The code printed on the ticket, once the booking is final. */
  ticket_code: z.string().nullable(),
});
export type FlixbusBooking = z.infer<typeof flixbusBooking>;

const bookingId = z.coerce.number({ error: 'booking_id: required' }).int().positive();

/** `search`: the day's trips between two different cities. */
export const flixbusSearchBody = z
  .object({
    action: z.literal('search'),
    from_city_id: z.coerce.number().int().positive(),
    to_city_id: z.coerce.number().int().positive(),
    date: calendarDay,
    seats: z.coerce.number().int().min(1).max(9),
  })
  .refine((b) => b.from_city_id !== b.to_city_id, {
    path: ['to_city_id'],
    message: 'to_city_id: must differ from from_city_id',
    params: { rule: 'different_cities' },
  });

/** A trip's seats in order, free or taken (`seat_map`). */
export const flixbusSeatMap = z.object({
  trip_uid: z.string(),
  seats: z.array(z.object({ number: z.number().int(), free: z.boolean() })),
});
export type FlixbusSeatMap = z.infer<typeof flixbusSeatMap>;

const tripUid = z.string().min(1).max(100);

/**
 * `reserve`: seats on a trip; `seat_numbers`, when given, one distinct seat per passenger (the provider refuses a
 * taken one with `seat_taken`), else the provider assigns free ones.
 */
export const flixbusReserveBody = z
  .object({
    action: z.literal('reserve'),
    trip_uid: tripUid,
    seats: z.coerce.number().int().min(1).max(9),
    ebikes: z.coerce.number().int().min(0).max(9).default(0),
    seat_numbers: z.array(z.number().int().positive().max(999)).max(9).optional(),
  })
  .refine((b) => !b.seat_numbers || b.seat_numbers.length === b.seats, {
    path: ['seat_numbers'],
    message: 'seat_numbers: one per seat',
    params: { rule: 'seat_count' },
  })
  .refine((b) => !b.seat_numbers || new Set(b.seat_numbers).size === b.seat_numbers.length, {
    path: ['seat_numbers'],
    message: 'seat_numbers: each seat once',
    params: { rule: 'seat_twice' },
  });

/** `passengers`: one passenger per seat and a contact phone (E.164). */
export const flixbusPassengersBody = z.object({
  action: z.literal('passengers'),
  booking_id: bookingId,
  passengers: z.array(flixbusPassenger).min(1).max(9),
  contact_phone: z.string().regex(/^\+[1-9][0-9]{5,14}$/, 'contact_phone: an international number such as +49…'),
});

/** `voucher`: a code the provider takes off the price. */
export const flixbusVoucherBody = z.object({
  action: z.literal('voucher'),
  booking_id: bookingId,
  code: z.string().trim().min(1).max(40),
});

/** `/api/flixbus_api/`: one action per step of a booking. */
export const flixbusApiBody = z.discriminatedUnion('action', [
  flixbusSearchBody,
  z.object({ action: z.literal('seat_map'), trip_uid: tripUid }),
  flixbusReserveBody,
  flixbusPassengersBody,
  flixbusVoucherBody,
  z.object({ action: z.literal('pay'), booking_id: bookingId, transaction_key: transactionKey }),
  z.object({ action: z.literal('order'), booking_id: bookingId }),
  z.object({ action: z.literal('cancel'), booking_id: bookingId }),
  /** The shop's bookings, newest first (staff and web support: their own). */
  pageQuery.extend({ action: z.literal('list') }),
]);
export type FlixbusApiBody = z.infer<typeof flixbusApiBody>;
/** What a client sends (defaults still absent). */
export type FlixbusApiInput = z.input<typeof flixbusApiBody>;
export type FlixbusAction = FlixbusApiBody['action'];

/** A page of the shop's bookings (`list`). */
export const flixbusBookingPage = pageOf('bookings', flixbusBooking);

/**
 * The answer of every action, one of its parts set: the trips found (search), a trip's seats (seat_map), a page of
 * bookings (list) or the booking as it now stands (every other action).
 */
export const flixbusApiAnswer = z.object({
  trips: z.array(flixbusTrip).nullable(),
  seat_map: flixbusSeatMap.nullable(),
  booking: flixbusBooking.nullable(),
  bookings: flixbusBookingPage.nullable(),
});
export type FlixbusApiAnswer = z.infer<typeof flixbusApiAnswer>;

/** `GET /api/flixbus_api/ticket/:bookingId/`: the ticket as a PDF once the booking is final. */
export const flixbusTicketParams = z.object({ bookingId: z.coerce.number().int().positive() });

export const flixbusEndpoints = {
  '/get_flixbus_cities/': { method: 'GET', alsoPost: true, data: flixbusCities, rule: RULES.flixbus },
  '/flixbus_api/': { body: flixbusApiBody, data: flixbusApiAnswer, rule: RULES.flixbus, refusals: true },
} satisfies Record<string, EndpointSchemas>;

export const flixbusFiles = {
  '/flixbus_api/ticket/:bookingId/': {
    method: 'GET',
    params: flixbusTicketParams,
    file: 'application/pdf',
    rule: RULES.flixbus,
  },
} satisfies Record<string, FileSchemas>;
