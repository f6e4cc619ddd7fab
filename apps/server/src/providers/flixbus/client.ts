import { z } from 'zod';
import { callJson, parseAnswer, refusalOf } from '../json-call.ts';

/**
 * A client for the bus-ticket partner interface the portal implements (`docs/providers/flixbus.md`). FlixBus's
 * partner API is not public: this is the portal's own description of the calls a booking needs (authenticate,
 * cities, trip search, a trip's seat map, reservation of chosen or assigned seats, passengers, payment start/commit,
 * order info, cancel), not yet checked against the live API. A bearer token from `POST /auth/token` authenticates
 * every other call; it is fetched again once when a call answers 401. Amounts stay decimal strings.
 */

/** `REFUNDED`: a confirmed order cancelled afterwards (by the partner or the provider), its price credited back. */
export const FLIXBUS_ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'EXPIRED', 'REFUNDED'] as const;
export type FlixbusOrderStatus = (typeof FLIXBUS_ORDER_STATUSES)[number];

const decimal = z.string().regex(/^\d+(\.\d{1,4})?$/);

const citySchema = z.object({ id: z.number().int().positive(), name: z.string(), country: z.string() });

const tripSchema = z.object({
  uid: z.string(),
  from: citySchema,
  to: citySchema,
  departure: z.string(),
  arrival: z.string(),
  line: z.string(),
  available_seats: z.number().int().min(0),
  price_per_seat: decimal,
  ebike_allowed: z.boolean(),
  ebike_price: decimal,
  currency: z.string(),
});

const passengerSchema = z.object({ first_name: z.string(), last_name: z.string() });

const reservationSchema = z.object({
  id: z.number().int().positive(),
  trip: tripSchema,
  seats: z.number().int().positive(),
  /** The seats held, one per passenger in the passengers' order (chosen, or assigned by the provider). */
  seat_numbers: z.array(z.number().int().positive()),
  ebikes: z.number().int().min(0),
  passengers: z.array(passengerSchema),
  contact_phone: z.string().nullable(),
  voucher: z.string().nullable(),
  /** What the travellers pay (after a voucher). */
  total_price: decimal,
  /** What the partner pays FlixBus for it. */
  partner_price: decimal,
  currency: z.string(),
  status: z.enum(['OPEN', 'PAYMENT_STARTED', 'PAID', 'CANCELLED', 'EXPIRED']),
  expires_at: z.string(),
});

const orderSchema = z.object({
  external_id: z.string(),
  order_id: z.string(),
  reservation_id: z.number().int(),
  payment_id: z.string(),
  status: z.enum(FLIXBUS_ORDER_STATUSES),
  /** The code printed on the ticket; present once the order is confirmed. */
  ticket_code: z.string().nullable(),
  total_price: decimal,
  created_at: z.string(),
  updated_at: z.string(),
});

const seatMapSchema = z.object({
  trip_uid: z.string(),
  seats: z.array(z.object({ number: z.number().int().positive(), free: z.boolean() })),
});

const paymentSchema = z.object({ payment_id: z.string(), reservation_id: z.number().int(), amount: decimal });

export type FlixbusCity = z.infer<typeof citySchema>;
export type FlixbusTrip = z.infer<typeof tripSchema>;
export type FlixbusReservation = z.infer<typeof reservationSchema>;
export type FlixbusOrder = z.infer<typeof orderSchema>;
export type FlixbusPassenger = z.infer<typeof passengerSchema>;
export type FlixbusSeatMap = z.infer<typeof seatMapSchema>;

/** The provider answered with an error document: the request was received and refused. */
export class FlixbusRefusal extends Error {
  readonly httpStatus: number;
  readonly code: string;
  constructor(httpStatus: number, code: string, message: string) {
    super(`Bus provider refused (${httpStatus}): ${code} ${message}`);
    this.name = 'FlixbusRefusal';
    this.httpStatus = httpStatus;
    this.code = code;
  }
}

/** No usable answer (network, timeout, malformed body): the outcome is unknown, never a failure. */
export class FlixbusUnreachable extends Error {
  constructor(cause: unknown) {
    super(`Bus provider did not answer: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'FlixbusUnreachable';
  }
}

export interface FlixbusClient {
  listCities(): Promise<FlixbusCity[]>;
  searchTrips(q: { fromCityId: number; toCityId: number; date: string; seats: number }): Promise<FlixbusTrip[]>;
  /** Every seat of a trip, free or taken; refused with 404 `trip_not_found`. */
  seatMap(tripUid: string): Promise<FlixbusSeatMap>;
  /**
   * Holds the seats chosen (one per passenger), or seats the provider assigns when none are. Refused with 409
   * `trip_fully_booked`, 409 `seat_taken` (a chosen seat is held already) or 422 `ebike_not_allowed`.
   */
  reserve(r: { tripUid: string; seats: number; ebikes: number; seatNumbers?: number[] }): Promise<FlixbusReservation>;
  /** null when the provider does not know the reservation. */
  getReservation(id: number): Promise<FlixbusReservation | null>;
  setPassengers(id: number, p: { passengers: FlixbusPassenger[]; contactPhone: string }): Promise<FlixbusReservation>;
  /** Refused with 422 `invalid_voucher`. */
  applyVoucher(id: number, code: string): Promise<FlixbusReservation>;
  /** Refused with 409 `duplicate_external_id` when a payment under this external id exists. */
  startPayment(id: number, externalId: string): Promise<{ payment_id: string; amount: string }>;
  commitPayment(id: number, paymentId: string): Promise<FlixbusOrder>;
  /** null when no order exists under this external id. */
  getOrder(externalId: string): Promise<FlixbusOrder | null>;
  cancelReservation(id: number): Promise<FlixbusReservation>;
  /**
   * Cancels a confirmed order and refunds it: the order answered `REFUNDED`, again the same for a refunded one.
   * Refused with 409 `cancellation_closed` (departure less than 15 minutes away or past), 409
   * `order_not_confirmed`, 404 `order_not_found`.
   */
  cancelOrder(externalId: string): Promise<FlixbusOrder>;
}

export interface FlixbusClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createFlixbusClient(opts: FlixbusClientOptions): FlixbusClient {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const unreachable = (cause: unknown) => new FlixbusUnreachable(cause);
  let token: Promise<string> | null = null;

  const refused = (res: Response, json: unknown) =>
    refusalOf(res, json, (status, code, message) => new FlixbusRefusal(status, code, message), unreachable);

  async function authenticate(): Promise<string> {
    const { res, json } = await callJson(
      {
        fetch: doFetch,
        url: `${base}/auth/token`,
        method: 'POST',
        body: { api_key: opts.apiKey },
        timeoutMs,
      },
      unreachable,
    );
    if (!res.ok) throw refused(res, json);
    return parseAnswer(z.object({ access_token: z.string(), expires_in: z.number() }), json, unreachable).access_token;
  }

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, again = true) {
    token ??= authenticate().catch((err) => {
      token = null;
      throw err;
    });
    const current = await token;
    const { res, json } = await callJson(
      {
        fetch: doFetch,
        url: `${base}${path}`,
        method,
        authorization: `Bearer ${current}`,
        body,
        timeoutMs,
      },
      unreachable,
    );
    if (res.status === 401 && again) {
      token = null;
      return call(method, path, body, false);
    }
    if (!res.ok) throw refused(res, json);
    return json;
  }

  const parse = <T>(schema: z.ZodType<T>, json: unknown): T => parseAnswer(schema, json, unreachable);
  const reservation = (json: unknown) => parse(z.object({ reservation: reservationSchema }), json).reservation;

  async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof FlixbusRefusal && err.httpStatus === 404) return null;
      throw err;
    }
  }

  return {
    async listCities() {
      return parse(z.object({ cities: z.array(citySchema) }), await call('GET', '/cities')).cities;
    },
    async searchTrips(q) {
      const qs = new URLSearchParams({
        from: String(q.fromCityId),
        to: String(q.toCityId),
        date: q.date,
        seats: String(q.seats),
      });
      return parse(z.object({ trips: z.array(tripSchema) }), await call('GET', `/trips?${qs}`)).trips;
    },
    async seatMap(tripUid) {
      return parse(seatMapSchema, await call('GET', `/trips/${encodeURIComponent(tripUid)}/seats`));
    },
    async reserve(r) {
      const body = { trip_uid: r.tripUid, seats: r.seats, ebikes: r.ebikes, seat_numbers: r.seatNumbers };
      return reservation(await call('POST', '/reservations', body));
    },
    getReservation(id) {
      return orNull(async () => reservation(await call('GET', `/reservations/${id}`)));
    },
    async setPassengers(id, p) {
      return reservation(
        await call('PUT', `/reservations/${id}/passengers`, {
          passengers: p.passengers,
          contact_phone: p.contactPhone,
        }),
      );
    },
    async applyVoucher(id, code) {
      return reservation(await call('POST', `/reservations/${id}/voucher`, { code }));
    },
    async startPayment(id, externalId) {
      return parse(
        paymentSchema,
        (await call('POST', `/reservations/${id}/payment`, { external_id: externalId })) as unknown,
      );
    },
    async commitPayment(id, paymentId) {
      const json = await call('POST', `/reservations/${id}/payment/${encodeURIComponent(paymentId)}/commit`, {});
      return parse(z.object({ order: orderSchema }), json).order;
    },
    getOrder(externalId) {
      return orNull(
        async () =>
          parse(z.object({ order: orderSchema }), await call('GET', `/orders/${encodeURIComponent(externalId)}`)).order,
      );
    },
    async cancelReservation(id) {
      return reservation(await call('DELETE', `/reservations/${id}`));
    },
    async cancelOrder(externalId) {
      const json = await call('DELETE', `/orders/${encodeURIComponent(externalId)}`);
      return parse(z.object({ order: orderSchema }), json).order;
    },
  };
}
