import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { externalIdIn, readJsonBody, sendJson, sendRefusal, serveSimulator } from '../simulator-http.ts';
import { createSimBook, SIM_VOUCHER, type SimOrder } from './simulator-book.ts';
import { cents, cityJson, SIM_CITIES, tripOf, tripsOn } from './simulator-network.ts';

export { SIM_VOUCHER } from './simulator-book.ts';
export { SIM_CITIES, tripOf } from './simulator-network.ts';

/**
 * A local bus-ticket provider serving the interface of `docs/providers/flixbus.md` (the portal's own description,
 * not FlixBus's published API), so the portal runs and is tested without the partner API: the HTTP calls over the
 * network of `simulator-network.ts` and the reservations of `simulator-book.ts`. A confirmed order can be cancelled
 * (refunded, its seats freed) until 15 minutes before departure.
 */

const CANCEL_CLOSES_MS = 15 * 60_000;

export interface FlixbusSimulatorOptions {
  apiKey: string;
  port?: number;
  host?: string;
  now?: () => number;
  /** Where the reservations and orders are kept between runs (JSON, `<DATA_DIR>/simulators/`); none: in memory. */
  file?: string;
}

export interface FlixbusSimulator {
  baseUrl: string;
  close(): Promise<void>;
}

/** Chosen seat numbers as asked: null when none, `invalid` unless one distinct seat of the trip per passenger. */
function chosenSeats(value: unknown, seats: number, capacity: number): number[] | null | 'invalid' {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length !== seats || new Set(value).size !== value.length) return 'invalid';
  const ok = value.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= capacity);
  return ok ? (value as number[]) : 'invalid';
}

export async function startFlixbusSimulator(opts: FlixbusSimulatorOptions): Promise<FlixbusSimulator> {
  const now = opts.now ?? Date.now;
  const tokens = new Set<string>();
  const book = createSimBook(now, opts.file);
  const { reservations, orders, statusOf, reservationJson, orderJson, totalOf, save } = book;

  /** A confirmed order cancelled and refunded; a refunded one answers the same. */
  function cancelOrder(res: ServerResponse, order: SimOrder) {
    if (order.status === 'CONFIRMED') {
      if (Date.parse(order.reservation.trip.departure) - now() < CANCEL_CLOSES_MS) {
        return sendRefusal(res, 409, 'cancellation_closed', 'Too close to departure to cancel');
      }
      order.status = 'REFUNDED';
      order.reservation.status = 'CANCELLED';
      order.updated = now();
      save();
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
      return sendJson(res, 200, { trips: tripsOn(from, to, date).map(book.tripJson) });
    }
    const map = method === 'GET' ? /^\/trips\/([A-Za-z0-9_-]{1,100})\/seats$/.exec(path) : null;
    if (map) {
      const trip = tripOf(map[1] as string);
      if (!trip) return sendRefusal(res, 404, 'trip_not_found', 'Unknown trip');
      return sendJson(res, 200, { trip_uid: trip.uid, seats: book.seatMap(trip) });
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
      const chosen = chosenSeats(body?.seat_numbers, seats, trip.capacity);
      if (chosen === 'invalid') {
        return sendRefusal(res, 400, 'invalid_request', 'seat_numbers: one distinct seat of the trip per passenger');
      }
      const seatNumbers = book.seatsFor(trip, seats, chosen);
      if (!Array.isArray(seatNumbers))
        return sendRefusal(res, seatNumbers.status, seatNumbers.code, seatNumbers.message);
      const r = book.reserve({ trip, seats, seatNumbers, ebikes });
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
        save();
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
        save();
        return sendJson(res, 200, { reservation: reservationJson(r) });
      }
      if (method === 'POST' && sub === '/voucher') {
        if (status !== 'OPEN') return sendRefusal(res, 409, 'reservation_locked', 'Payment has started');
        const body = await readJsonBody(req);
        if (body?.code !== SIM_VOUCHER) return sendRefusal(res, 422, 'invalid_voucher', 'This voucher is not valid');
        r.voucher = SIM_VOUCHER;
        save();
        return sendJson(res, 200, { reservation: reservationJson(r) });
      }
      if (method === 'POST' && sub === '/payment') {
        const body = await readJsonBody(req);
        const externalId = externalIdIn(body);
        if (!externalId) return sendRefusal(res, 400, 'invalid_request', 'external_id is invalid');
        const known = orders.get(externalId);
        if (known) return sendRefusal(res, 409, 'duplicate_external_id', 'external_id already used');
        if (status !== 'OPEN') return sendRefusal(res, 409, 'reservation_locked', 'Payment has already started');
        if (r.passengers.length !== r.seats)
          return sendRefusal(res, 422, 'passengers_missing', 'Passengers are missing');
        r.status = 'PAYMENT_STARTED';
        r.payment = { id: `pay${r.id}`, externalId };
        orders.set(externalId, {
          externalId,
          orderId: book.nextOrderId(),
          reservation: r,
          paymentId: r.payment.id,
          status: 'PENDING',
          ticketCode: null,
          created: now(),
          updated: now(),
        });
        save();
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
          save();
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
