import { createSimulatorStore } from '../simulator-store.ts';
import { cents, cityJson, type SimTrip } from './simulator-network.ts';

/**
 * The simulator's booking book: reservations and the orders that paid them. A seat is held by an open, paying or
 * paid reservation; a cancelled or expired one frees it. A reservation expires 15 minutes after it was made unless
 * paid. The partner pays 90 % of the total; voucher `FLIX10` takes 10 % off. With `file` the book survives a restart
 * (a kill -9 of the portal that runs the simulator): `save` writes it whole, each reservation with its order.
 */

export const SIM_VOUCHER = 'FLIX10';
export const RESERVATION_MS = 15 * 60_000;

export type ReservationStatus = 'OPEN' | 'PAYMENT_STARTED' | 'PAID' | 'CANCELLED' | 'EXPIRED';

export interface SimReservation {
  id: number;
  trip: SimTrip;
  seats: number;
  /** The seats it holds, one per passenger, in the passengers' order. */
  seatNumbers: number[];
  ebikes: number;
  passengers: { first_name: string; last_name: string }[];
  contactPhone: string | null;
  voucher: string | null;
  status: ReservationStatus;
  created: number;
  payment: { id: string; externalId: string } | null;
}

export interface SimOrder {
  externalId: string;
  orderId: string;
  reservation: SimReservation;
  paymentId: string;
  status: 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'EXPIRED' | 'REFUNDED';
  ticketCode: string | null;
  created: number;
  updated: number;
}

/** Why a reservation cannot hold the seats asked for: a refusal's status and code. */
export type SeatRefusal = { status: 409; code: 'trip_fully_booked' | 'seat_taken'; message: string };

/** How long a restarted simulator still knows a reservation (the portal follows a sale for at most a day or so). */
const KEEP_MS = 3 * 24 * 3_600_000;

/** A reservation as the file keeps it: its order inside it (an order pays exactly one reservation). */
type StoredReservation = SimReservation & { order?: Omit<SimOrder, 'reservation'> };

export function createSimBook(now: () => number, file?: string) {
  const store = createSimulatorStore<StoredReservation>(file, 51_000, (r) => r.created > now() - KEEP_MS);
  const reservations = new Map<number, SimReservation>();
  const orders = new Map<string, SimOrder>();
  for (const { order, ...r } of store.items) {
    reservations.set(r.id, r);
    if (order) orders.set(order.externalId, { ...order, reservation: r });
  }
  /** Order numbers go on from the highest kept (the file counts reservations only). */
  let nextOrder = Math.max(3_199_999, ...[...orders.values()].map((o) => Number(o.orderId.slice(2)))) + 1;

  /** Writes the book whole; called before each answer that changed it, so what the portal heard is kept. */
  function save() {
    const byReservation = new Map([...orders.values()].map((o) => [o.reservation.id, o]));
    store.save(
      [...reservations.values()].map((r) => {
        const o = byReservation.get(r.id);
        if (!o) return r;
        const { reservation: _, ...order } = o;
        return { ...r, order };
      }),
    );
  }

  function statusOf(r: SimReservation): ReservationStatus {
    if ((r.status === 'OPEN' || r.status === 'PAYMENT_STARTED') && now() - r.created > RESERVATION_MS) {
      r.status = 'EXPIRED';
    }
    return r.status;
  }

  /** The trip's seats held now. */
  function heldSeats(t: SimTrip): Set<number> {
    const held = new Set<number>();
    for (const r of reservations.values()) {
      const s = statusOf(r);
      if (r.trip.uid === t.uid && (s === 'OPEN' || s === 'PAYMENT_STARTED' || s === 'PAID')) {
        for (const n of r.seatNumbers) held.add(n);
      }
    }
    return held;
  }

  const seatsLeft = (t: SimTrip) => t.capacity - heldSeats(t).size;

  /** Every seat of the trip in order, free or taken. */
  function seatMap(t: SimTrip) {
    const held = heldSeats(t);
    return Array.from({ length: t.capacity }, (_, i) => ({ number: i + 1, free: !held.has(i + 1) }));
  }

  /**
   * The seats a new reservation holds: the ones chosen when each is free, else the lowest free ones; a refusal
   * when too few are left or a chosen one is taken.
   */
  function seatsFor(t: SimTrip, seats: number, chosen: number[] | null): number[] | SeatRefusal {
    const held = heldSeats(t);
    if (t.capacity - held.size < seats) {
      return { status: 409, code: 'trip_fully_booked', message: 'This trip is fully booked' };
    }
    if (chosen) {
      const taken = chosen.filter((n) => held.has(n));
      if (taken.length > 0) return { status: 409, code: 'seat_taken', message: `Seat ${taken.join(', ')} is taken` };
      return chosen;
    }
    const free = seatMap(t).filter((s) => s.free);
    return free.slice(0, seats).map((s) => s.number);
  }

  function reserve(r: Pick<SimReservation, 'trip' | 'seats' | 'seatNumbers' | 'ebikes'>) {
    const made: SimReservation = {
      ...r,
      id: store.nextId(),
      passengers: [],
      contactPhone: null,
      voucher: null,
      status: 'OPEN',
      created: now(),
      payment: null,
    };
    reservations.set(made.id, made);
    save();
    return made;
  }

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
      seat_numbers: r.seatNumbers,
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

  return {
    reservations,
    orders,
    save,
    nextOrderId: () => `FX${nextOrder++}`,
    statusOf,
    seatMap,
    seatsFor,
    reserve,
    totalOf,
    tripJson,
    reservationJson,
    orderJson,
  };
}
