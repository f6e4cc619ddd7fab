import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendJson, sendRefusal, serveSimulator } from '../simulator-http.ts';

/**
 * A local bus-ticket provider serving the interface of `docs/providers/flixbus.md` (the portal's own description,
 * not FlixBus's published API), so the portal runs and is tested without the partner API.
 *
 * Six cities, every pair connected every day by three departures:
 *
 *   07:30  line FLX 010   40 seats   e-bikes allowed
 *   12:15  line FLX 020    3 seats   e-bikes allowed   (runs out: the fourth seat is refused as fully booked)
 *   18:45  line N 030     40 seats   no e-bikes        (an e-bike is refused)
 *
 * A seat is held by an open, paying or paid reservation; a cancelled or expired one frees it. A reservation
 * expires 15 minutes after it was made unless paid. A confirmed order can be cancelled (refunded, its seats freed)
 * until 15 minutes before departure. The price per seat is 9.99 € + 5 € per step between the
 * cities' ids, an e-bike 9.00 €; the partner pays 90 % of the total. Voucher `FLIX10` takes 10 % off.
 */

interface SimCity {
  id: number;
  name: string;
  country: string;
}

export const SIM_CITIES: SimCity[] = [
  { id: 1, name: 'Berlin', country: 'DE' },
  { id: 2, name: 'München', country: 'DE' },
  { id: 3, name: 'Hamburg', country: 'DE' },
  { id: 4, name: 'Köln', country: 'DE' },
  { id: 5, name: 'Frankfurt am Main', country: 'DE' },
  { id: 6, name: 'Leipzig', country: 'DE' },
];

const DEPARTURES = [
  { time: '07:30', line: 'FLX 010', seats: 40, ebikes: true },
  { time: '12:15', line: 'FLX 020', seats: 3, ebikes: true },
  { time: '18:45', line: 'N 030', seats: 40, ebikes: false },
];

export const SIM_VOUCHER = 'FLIX10';
const RESERVATION_MS = 15 * 60_000;
const CANCEL_CLOSES_MS = 15 * 60_000;

type ReservationStatus = 'OPEN' | 'PAYMENT_STARTED' | 'PAID' | 'CANCELLED' | 'EXPIRED';

interface SimTrip {
  uid: string;
  from: SimCity;
  to: SimCity;
  departure: string;
  arrival: string;
  line: string;
  capacity: number;
  pricePerSeat: number;
  ebikes: boolean;
}

interface SimReservation {
  id: number;
  trip: SimTrip;
  seats: number;
  ebikes: number;
  passengers: { first_name: string; last_name: string }[];
  contactPhone: string | null;
  voucher: string | null;
  status: ReservationStatus;
  created: number;
  payment: { id: string; externalId: string } | null;
}

interface SimOrder {
  externalId: string;
  orderId: string;
  reservation: SimReservation;
  paymentId: string;
  status: 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'EXPIRED' | 'REFUNDED';
  ticketCode: string | null;
  created: number;
  updated: number;
}

const cents = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** The trip under a uid `<from>-<to>-<yyyy-mm-dd>-<hhmm>`, or null when there is none. */
export function tripOf(uid: string): SimTrip | null {
  const m = /^([0-9]+)-([0-9]+)-([0-9]{4}-[0-9]{2}-[0-9]{2})-([0-9]{4})$/.exec(uid);
  if (!m) return null;
  const from = SIM_CITIES.find((c) => c.id === Number(m[1]));
  const to = SIM_CITIES.find((c) => c.id === Number(m[2]));
  const d = DEPARTURES.find((x) => x.time.replace(':', '') === m[4]);
  if (!from || !to || from === to || !d || Number.isNaN(Date.parse(`${m[3]}T00:00:00Z`))) return null;
  const steps = Math.abs(from.id - to.id);
  const departure = new Date(`${m[3]}T${d.time}:00+01:00`);
  const arrival = new Date(departure.getTime() + (2 + steps) * 3_600_000);
  return {
    uid,
    from,
    to,
    departure: departure.toISOString(),
    arrival: arrival.toISOString(),
    line: d.line,
    capacity: d.seats,
    pricePerSeat: 9.99 + 5 * steps,
    ebikes: d.ebikes,
  };
}

export interface FlixbusSimulatorOptions {
  apiKey: string;
  port?: number;
  host?: string;
  now?: () => number;
}

export interface FlixbusSimulator {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startFlixbusSimulator(opts: FlixbusSimulatorOptions): Promise<FlixbusSimulator> {
  const now = opts.now ?? Date.now;
  const tokens = new Set<string>();
  const reservations = new Map<number, SimReservation>();
  const orders = new Map<string, SimOrder>();
  let nextReservation = 51_000;
  let nextOrder = 3_200_000;

  function statusOf(r: SimReservation): ReservationStatus {
    if ((r.status === 'OPEN' || r.status === 'PAYMENT_STARTED') && now() - r.created > RESERVATION_MS) {
      r.status = 'EXPIRED';
    }
    return r.status;
  }

  function seatsLeft(t: SimTrip): number {
    let held = 0;
    for (const r of reservations.values()) {
      const s = statusOf(r);
      if (r.trip.uid === t.uid && (s === 'OPEN' || s === 'PAYMENT_STARTED' || s === 'PAID')) held += r.seats;
    }
    return Math.max(0, t.capacity - held);
  }

  const cityJson = (c: SimCity) => ({ id: c.id, name: c.name, country: c.country });
  const tripJson = (t: SimTrip) => ({
    uid: t.uid,
    from: cityJson(t.from),
    to: cityJson(t.to),
    departure: t.departure,
    arrival: t.arrival,
    line: t.line,
    available_seats: seatsLeft(t),
    price_per_seat: cents(t.pricePerSeat),
    ebike_allowed: t.ebikes,
    ebike_price: '9.00',
    currency: 'EUR',
  });

  function totalOf(r: SimReservation): number {
    const gross = r.seats * r.trip.pricePerSeat + r.ebikes * 9;
    return r.voucher ? gross * 0.9 : gross;
  }

  function reservationJson(r: SimReservation) {
    const total = Number(cents(totalOf(r)));
    return {
      id: r.id,
      trip: tripJson(r.trip),
      seats: r.seats,
      ebikes: r.ebikes,
      passengers: r.passengers,
      contact_phone: r.contactPhone,
      voucher: r.voucher,
      total_price: cents(total),
      partner_price: cents(total * 0.9),
      currency: 'EUR',
      status: statusOf(r),
      expires_at: new Date(r.created + RESERVATION_MS).toISOString(),
    };
  }

  const orderJson = (o: SimOrder) => ({
    external_id: o.externalId,
    order_id: o.orderId,
    reservation_id: o.reservation.id,
    payment_id: o.paymentId,
    status: o.status,
    ticket_code: o.ticketCode,
    total_price: cents(totalOf(o.reservation)),
    created_at: new Date(o.created).toISOString(),
    updated_at: new Date(o.updated).toISOString(),
  });

  /** A confirmed order cancelled and refunded; a refunded one answers the same. */
  function cancelOrder(res: ServerResponse, order: SimOrder) {
    if (order.status === 'CONFIRMED') {
      if (Date.parse(order.reservation.trip.departure) - now() < CANCEL_CLOSES_MS) {
        return sendRefusal(res, 409, 'cancellation_closed', 'Too close to departure to cancel');
      }
      order.status = 'REFUNDED';
      order.reservation.status = 'CANCELLED';
      order.updated = now();
    }
    if (order.status !== 'REFUNDED') return sendRefusal(res, 409, 'order_not_confirmed', 'The order is not confirmed');
    return sendJson(res, 200, { order: orderJson(order) });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sim');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/auth/token') {
      const body = await readJsonBody(req);
      if (body?.api_key !== opts.apiKey) return sendRefusal(res, 401, 'unauthorized', 'Unknown API key');
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return sendJson(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return sendRefusal(res, 401, 'unauthorized', 'Unauthorized');

    if (method === 'GET' && path === '/cities') return sendJson(res, 200, { cities: SIM_CITIES.map(cityJson) });
    if (method === 'GET' && path === '/trips') {
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const date = url.searchParams.get('date') ?? '';
      const seats = Number(url.searchParams.get('seats') ?? '1');
      if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(date) || !Number.isInteger(seats) || seats < 1) {
        return sendRefusal(res, 400, 'invalid_request', 'from, to, date and seats are required');
      }
      const trips = DEPARTURES.map((d) => tripOf(`${from}-${to}-${date}-${d.time.replace(':', '')}`)).filter(
        (t): t is SimTrip => t !== null,
      );
      return sendJson(res, 200, { trips: trips.map(tripJson) });
    }
    if (method === 'POST' && path === '/reservations') {
      const body = await readJsonBody(req);
      const trip = typeof body?.trip_uid === 'string' ? tripOf(body.trip_uid) : null;
      if (!trip) return sendRefusal(res, 404, 'trip_not_found', 'Unknown trip');
      const seats = body?.seats;
      const ebikes = body?.ebikes ?? 0;
      if (typeof seats !== 'number' || !Number.isInteger(seats) || seats < 1 || seats > 9) {
        return sendRefusal(res, 400, 'invalid_request', 'seats must be 1 to 9');
      }
      if (typeof ebikes !== 'number' || !Number.isInteger(ebikes) || ebikes < 0 || ebikes > seats) {
        return sendRefusal(res, 400, 'invalid_request', 'ebikes must be 0 to seats');
      }
      if (ebikes > 0 && !trip.ebikes)
        return sendRefusal(res, 422, 'ebike_not_allowed', 'E-bikes are not allowed on this trip');
      if (seatsLeft(trip) < seats) return sendRefusal(res, 409, 'trip_fully_booked', 'This trip is fully booked');
      const r: SimReservation = {
        id: nextReservation++,
        trip,
        seats,
        ebikes,
        passengers: [],
        contactPhone: null,
        voucher: null,
        status: 'OPEN',
        created: now(),
        payment: null,
      };
      reservations.set(r.id, r);
      return sendJson(res, 201, { reservation: reservationJson(r) });
    }
    const m = /^\/reservations\/([0-9]+)(\/passengers|\/voucher|\/payment|\/payment\/([A-Za-z0-9_-]+)\/commit)?$/.exec(
      path,
    );
    if (m) {
      const r = reservations.get(Number(m[1]));
      if (!r) return sendRefusal(res, 404, 'reservation_not_found', 'Unknown reservation');
      const status = statusOf(r);
      const sub = m[2] ?? '';
      if (method === 'GET' && sub === '') return sendJson(res, 200, { reservation: reservationJson(r) });
      if (method === 'DELETE' && sub === '') {
        if (status === 'PAID')
          return sendRefusal(res, 409, 'reservation_paid', 'A paid reservation cannot be cancelled here');
        if (status === 'OPEN' || status === 'PAYMENT_STARTED') r.status = 'CANCELLED';
        const order = r.payment ? orders.get(r.payment.externalId) : undefined;
        if (order && order.status === 'PENDING') {
          order.status = 'CANCELLED';
          order.updated = now();
        }
        return sendJson(res, 200, { reservation: reservationJson(r) });
      }
      if (status === 'EXPIRED') return sendRefusal(res, 410, 'reservation_expired', 'The reservation has expired');
      if (status === 'CANCELLED')
        return sendRefusal(res, 409, 'reservation_cancelled', 'The reservation was cancelled');
      if (method === 'PUT' && sub === '/passengers') {
        if (status !== 'OPEN') return sendRefusal(res, 409, 'reservation_locked', 'Payment has started');
        const body = await readJsonBody(req);
        const list = Array.isArray(body?.passengers) ? (body.passengers as Record<string, unknown>[]) : [];
        const valid = list.every(
          (p) => typeof p?.first_name === 'string' && p.first_name && typeof p.last_name === 'string' && p.last_name,
        );
        if (!valid || list.length !== r.seats) {
          return sendRefusal(res, 400, 'invalid_request', 'one passenger with first and last name per seat');
        }
        const phone = body?.contact_phone;
        if (typeof phone !== 'string' || !/^\+[1-9][0-9]{5,14}$/.test(phone)) {
          return sendRefusal(res, 400, 'invalid_request', 'contact_phone is invalid');
        }
        r.passengers = list.map((p) => ({ first_name: String(p.first_name), last_name: String(p.last_name) }));
        r.contactPhone = phone;
        return sendJson(res, 200, { reservation: reservationJson(r) });
      }
      if (method === 'POST' && sub === '/voucher') {
        if (status !== 'OPEN') return sendRefusal(res, 409, 'reservation_locked', 'Payment has started');
        const body = await readJsonBody(req);
        if (body?.code !== SIM_VOUCHER) return sendRefusal(res, 422, 'invalid_voucher', 'This voucher is not valid');
        r.voucher = SIM_VOUCHER;
        return sendJson(res, 200, { reservation: reservationJson(r) });
      }
      if (method === 'POST' && sub === '/payment') {
        const body = await readJsonBody(req);
        const externalId = body?.external_id;
        if (typeof externalId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(externalId)) {
          return sendRefusal(res, 400, 'invalid_request', 'external_id is invalid');
        }
        const known = orders.get(externalId);
        if (known) return sendRefusal(res, 409, 'duplicate_external_id', 'external_id already used');
        if (status !== 'OPEN') return sendRefusal(res, 409, 'reservation_locked', 'Payment has already started');
        if (r.passengers.length !== r.seats)
          return sendRefusal(res, 422, 'passengers_missing', 'Passengers are missing');
        r.status = 'PAYMENT_STARTED';
        r.payment = { id: `pay${r.id}`, externalId };
        orders.set(externalId, {
          externalId,
          orderId: `FX${nextOrder++}`,
          reservation: r,
          paymentId: r.payment.id,
          status: 'PENDING',
          ticketCode: null,
          created: now(),
          updated: now(),
        });
        return sendJson(res, 201, { payment_id: r.payment.id, reservation_id: r.id, amount: cents(totalOf(r)) });
      }
      if (method === 'POST' && m[3]) {
        if (!r.payment || r.payment.id !== m[3]) return sendRefusal(res, 404, 'payment_not_found', 'Unknown payment');
        const order = orders.get(r.payment.externalId) as SimOrder;
        if (order.status === 'PENDING') {
          r.status = 'PAID';
          order.status = 'CONFIRMED';
          order.ticketCode = `${order.orderId}-${randomBytes(3).toString('hex').toUpperCase()}`;
          order.updated = now();
        }
        return sendJson(res, 200, { order: orderJson(order) });
      }
    }
    const o = method === 'GET' || method === 'DELETE' ? /^\/orders\/([A-Za-z0-9_-]{1,64})$/.exec(path) : null;
    if (o) {
      const order = orders.get(o[1] as string);
      if (!order) return sendRefusal(res, 404, 'order_not_found', 'Unknown order');
      if (method === 'DELETE') return cancelOrder(res, order);
      if (order.status === 'PENDING' && statusOf(order.reservation) === 'EXPIRED') {
        order.status = 'EXPIRED';
        order.updated = now();
      }
      return sendJson(res, 200, { order: orderJson(order) });
    }
    return sendRefusal(res, 404, 'not_found', 'Not found');
  }

  return serveSimulator(opts, handle, { onError: (res) => sendRefusal(res, 500, 'internal_error', 'Internal error') });
}
