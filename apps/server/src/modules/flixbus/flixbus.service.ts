import type { Envelope } from '@portal/contract/envelope';
import type { FlixbusApiAnswer, FlixbusApiBody, FlixbusCity } from '@portal/contract/flixbus';
import { formatDateTime } from '@portal/contract/format';
import { LIMITS } from '@portal/contract/limits';
import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import { offsetOf, ok, page } from '../../platform/envelope.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { languageOfUser } from '../../platform/language.ts';
import { type FlixbusClient, FlixbusUnreachable } from '../../providers/flixbus/client.ts';
import type { DiscountsOf } from '../provider-sales/provider-sale-flow.ts';
import { shopPricer } from '../provider-sales/provider-sale-money.ts';
import type { ProviderServiceDeps } from '../provider-sales/provider-sales.service.ts';
import type { ProviderVatService } from '../provider-vat/provider-vat.service.ts';
import { ownSalesOnly } from '../selling/selling.access.ts';
import { POLL_FLIXBUS_JOB } from './flixbus.job-defs.ts';
import type { FlixbusRepository } from './flixbus.repository.ts';
import { renderTicketPdf } from './flixbus.ticket.ts';
import { askProvider, fromReservation, seatTaken, toTrip } from './flixbus-calls.ts';
import { flixbusStatusOf, flixbusStep } from './flixbus-payment.ts';
import { createBookingView, NONE, PROVIDER, pricesOf } from './flixbus-view.ts';
import { createPaidTicketWatch } from './flixbus-watch.ts';

/**
 * Bus tickets (decision 0103). Search, reservation, passengers, voucher and a cancel before payment are the
 * provider's calls for a booking row of the shop; no money moves. The payment is a provider sale through the shared
 * flow: the money is reserved and the booking marked paid under the transaction key in one short transaction, the
 * provider's payment is started and committed after commit, and its order status settles the sale once. Cancelling
 * a paid ticket refunds it through the same settlement.
 */
export function createFlixbusService(
  deps: ProviderServiceDeps & {
    /** The user's language for the ticket, read where the user is stored. */
    db: Db;
    provider: FlixbusClient;
    bookings: FlixbusRepository;
    discounts: DiscountsOf;
    /** The VAT treatment of bus fares in force at a sale (decision 0132): the ticket prints the carrier's. */
    vatAt: ProviderVatService['findAt'];
  },
) {
  const { providerSales, bookings, provider, discounts, clock, vatAt } = deps;

  const flow = providerSales.flow({
    pollMs: deps.pollMs,
    provider: PROVIDER,
    statusOf: flixbusStatusOf,
    pollJob: POLL_FLIXBUS_JOB,
    step: flixbusStep(provider, bookings),
    unreachable: (err) => err instanceof FlixbusUnreachable,
    noun: 'Booking',
    // The booking follows its sale to failed or refunded with the money, in the settlement's transaction.
    onFinal: async (sale, status, tx) => {
      if (status !== 'successful') await bookings.update(sale.productId, { status, updatedAt: clock.now() }, tx);
    },
  });

  const { ownBooking, viewerOf, view, answer } = createBookingView({
    providerSales,
    bookings,
    discounts,
    saleView: flow.view,
  });

  /** `GET /get_flixbus_cities/`. */
  async function cities(): Promise<FlixbusCity[]> {
    return askProvider(() => provider.listCities());
  }

  async function search(q: Extract<FlixbusApiBody, { action: 'search' }>): Promise<FlixbusApiAnswer> {
    const trips = await askProvider(() =>
      provider.searchTrips({ fromCityId: q.from_city_id, toCityId: q.to_city_id, date: q.date, seats: q.seats }),
    );
    return { ...NONE, trips: trips.map(toTrip) };
  }

  async function reserve(actor: Actor, b: Extract<FlixbusApiBody, { action: 'reserve' }>): Promise<FlixbusApiAnswer> {
    if (b.ebikes > b.seats) {
      throw validationError([{ field: 'ebikes', rule: 'too_big', message: 'ebikes: at most one per seat' }]);
    }
    const chosen = b.seat_numbers;
    const r = await askProvider(
      () => provider.reserve({ tripUid: b.trip_uid, seats: b.seats, ebikes: b.ebikes, seatNumbers: chosen }),
      (err) => (err.code === 'seat_taken' && chosen ? seatTaken(provider, b.trip_uid, chosen) : undefined),
    );
    const now = clock.now();
    const row = await bookings.insert({
      customerId: actor.customerId,
      createdBy: actor.userId,
      reservationId: r.id,
      trip: {
        uid: r.trip.uid,
        from: r.trip.from.name,
        to: r.trip.to.name,
        departure: r.trip.departure,
        arrival: r.trip.arrival,
        line: r.trip.line,
      },
      seats: r.seats,
      seatNumbers: r.seat_numbers,
      ebikes: r.ebikes,
      ...fromReservation(r, clock.now()),
      status: 'reserved',
      expiresAt: new Date(r.expires_at),
      departsAt: new Date(r.trip.departure),
      createdAt: now,
    });
    return answer(await view(actor, row));
  }

  async function openBooking(actor: Actor, id: number) {
    const b = await ownBooking(actor, id);
    if (b.status !== 'reserved') throw new AppError('booking_not_open', 'This booking cannot be changed any more');
    return b;
  }

  async function passengers(
    actor: Actor,
    p: Extract<FlixbusApiBody, { action: 'passengers' }>,
  ): Promise<FlixbusApiAnswer> {
    const b = await openBooking(actor, p.booking_id);
    if (p.passengers.length !== b.seats) {
      throw validationError([
        { field: 'passengers', rule: 'invalid', message: `passengers: one per seat (${b.seats})` },
      ]);
    }
    const r = await askProvider(() =>
      provider.setPassengers(b.reservationId, { passengers: p.passengers, contactPhone: p.contact_phone }),
    );
    await bookings.update(b.id, fromReservation(r, clock.now()));
    return answer(await view(actor, await ownBooking(actor, b.id)));
  }

  async function voucher(actor: Actor, v: Extract<FlixbusApiBody, { action: 'voucher' }>): Promise<FlixbusApiAnswer> {
    const b = await openBooking(actor, v.booking_id);
    const r = await askProvider(() => provider.applyVoucher(b.reservationId, v.code));
    await bookings.update(b.id, fromReservation(r, clock.now()));
    return answer(await view(actor, await ownBooking(actor, b.id)));
  }

  /**
   * Pays the booking: the shop's money reserved and the booking marked paid under the transaction key, then the
   * provider's payment. The same key again answers the same booking and charges nothing.
   */
  async function pay(
    actor: Actor,
    p: Extract<FlixbusApiBody, { action: 'pay' }>,
  ): Promise<{ status: number; answer: Envelope }> {
    // Not found for another shop before any key is spent.
    await ownBooking(actor, p.booking_id);
    const request = { kind: 'flixbus', booking_id: p.booking_id };
    const r = await flow.sell(actor, p.transaction_key, request, async (chain, tx) => {
      const b = await bookings.lockOwn(p.booking_id, actor.customerId, tx);
      if (!b) throw notFound('Booking');
      if (b.status !== 'reserved') throw new AppError('booking_not_open', 'This booking is already paid or cancelled');
      if (b.expiresAt.getTime() <= clock.now().getTime()) {
        throw new AppError('reservation_expired', 'The reservation has expired; please search again');
      }
      if (b.passengers.length !== b.seats || !b.contactPhone) {
        throw new AppError('passengers_missing', 'Enter every passenger before paying');
      }
      const prices = pricesOf(b, await shopPricer(discounts, chain, tx));
      if (!prices) throw new AppError('provider_product_unavailable', 'This trip cannot be sold at this price');
      await bookings.update(b.id, { status: 'paid', updatedAt: clock.now() }, tx);
      return {
        money: { sellerPrice: prices.sellerPrice, resellerPrice: prices.resellerPrice, providerCost: b.partnerPrice },
        facts: {
          productId: b.id,
          productName: `${b.trip.from} → ${b.trip.to}, ${formatDateTime(b.trip.departure)} (${b.seats})`,
          operatorId: 0,
          operatorName: 'FlixBus',
          countryIsoCode: 'DEU',
          mobileNumber: b.contactPhone,
          faceValue: b.totalPrice,
          faceCurrency: b.currency,
          retailPrice: new Decimal(b.totalPrice).toFixed(4),
        },
      };
    });
    if (r.status !== 200) return r;
    return { status: 200, answer: ok(answer(await view(actor, await ownBooking(actor, p.booking_id)))) };
  }

  /**
   * The booking as it stands; its payment is asked of the provider while pending, and a confirmed ticket again, so
   * a cancellation by the provider is refunded when the shop looks (the reversal watch asks on its own).
   */
  async function order(actor: Actor, id: number): Promise<FlixbusApiAnswer> {
    const b = await ownBooking(actor, id);
    const saleId = b.status === 'paid' ? await bookings.findSaleId(PROVIDER, b.id) : undefined;
    if (saleId !== undefined) {
      const sale = await flow.refresh(actor, saleId);
      // `watch` asks about a successful sale once; without `followUp` it queues nothing.
      if (sale.status === 'successful') await flow.advance(saleId, { watch: 0 });
      // Read again: the booking follows a sale that became final just now.
      return answer(await view(actor, await ownBooking(actor, id)));
    }
    return answer(await view(actor, b));
  }

  /** `list`: the shop's bookings, newest first; staff and web support see their own. */
  async function list(actor: Actor, q: Extract<FlixbusApiBody, { action: 'list' }>): Promise<FlixbusApiAnswer> {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await bookings.findPage(
      { provider: PROVIDER, customerId: actor.customerId, createdBy: ownSalesOnly(actor) ? actor.userId : undefined },
      { limit: p.limit, offset: offsetOf(p) },
    );
    const viewer = await viewerOf(actor);
    const rows = await Promise.all(items.map((i) => view(actor, i.booking, { saleId: i.saleId, viewer })));
    return { ...NONE, bookings: page('bookings', rows, total, p) };
  }

  /**
   * Cancels a paid ticket at the provider and refunds it through the settlement: `provider_refund`, the exact
   * opposite of the success, posted once under the sale's row lock, so a retry or a second cancel at the same time
   * refunds nothing more. A cancel the provider refuses moves no money.
   */
  async function cancelPaid(actor: Actor, bookingId: number) {
    const saleId = await bookings.findSaleId(PROVIDER, bookingId);
    if (saleId === undefined) throw notFound('Booking');
    await flow.refresh(actor, saleId);
    const sale = await providerSales.findById(saleId);
    if (sale?.status === 'refunded') return;
    if (sale?.status === 'pending') {
      throw new AppError('booking_not_final', 'The payment is not final yet; please try again in a moment');
    }
    if (sale?.status !== 'successful') throw new AppError('booking_not_open', 'This booking was not paid');
    const order = await askProvider(() => provider.cancelOrder(sale.externalId));
    await flow.settle(sale.id, { statusName: order.status, operator_reference: order.ticket_code });
  }

  /** Cancels a booking: before payment the seats go back and no money moves; a paid ticket is refunded. */
  async function cancel(actor: Actor, id: number): Promise<FlixbusApiAnswer> {
    const b = await ownBooking(actor, id);
    if (b.status === 'paid') await cancelPaid(actor, b.id);
    if (b.status === 'reserved') {
      await askProvider(() => provider.cancelReservation(b.reservationId));
      await bookings.update(b.id, { status: 'cancelled', updatedAt: clock.now() });
    }
    return answer(await view(actor, await ownBooking(actor, b.id)));
  }

  /** `POST /flixbus_api/`: one action of a booking. */
  async function act(actor: Actor, body: FlixbusApiBody): Promise<{ status: number; answer: Envelope }> {
    switch (body.action) {
      case 'search':
        return { status: 200, answer: ok(await search(body)) };
      case 'seat_map':
        // A trip's seats, free or taken, for the seller to choose from.
        return {
          status: 200,
          answer: ok({ ...NONE, seat_map: await askProvider(() => provider.seatMap(body.trip_uid)) }),
        };
      case 'reserve':
        return { status: 200, answer: ok(await reserve(actor, body)) };
      case 'passengers':
        return { status: 200, answer: ok(await passengers(actor, body)) };
      case 'voucher':
        return { status: 200, answer: ok(await voucher(actor, body)) };
      case 'pay':
        return pay(actor, body);
      case 'order':
        return { status: 200, answer: ok(await order(actor, body.booking_id)) };
      case 'cancel':
        return { status: 200, answer: ok(await cancel(actor, body.booking_id)) };
      case 'list':
        return { status: 200, answer: ok(await list(actor, body)) };
    }
  }

  /** The ticket as a PDF, once the payment is final and successful. */
  async function ticket(actor: Actor, id: number): Promise<{ name: string; pdf: Buffer }> {
    const b = await ownBooking(actor, id);
    const v = await view(actor, b);
    if (v.sale?.status !== 'successful') {
      throw new AppError('ticket_not_ready', 'The ticket is available once the booking is final');
    }
    // § 34 UStDV: the ticket names the carrier and the rate of the fare as in force when it was sold.
    const vat = await vatAt(PROVIDER, 0, new Date(v.sale.created_at));
    // In the language of the shop user who booked it, as the bulk receipts are in their buyer's (issue 40).
    const language = await languageOfUser(deps.db, b.createdBy);
    const pdf = await renderTicketPdf(
      {
        bookingId: b.id,
        ticketCode: v.ticket_code ?? '',
        trip: b.trip,
        seats: b.seats,
        seatNumbers: b.seatNumbers,
        ebikes: b.ebikes,
        passengers: b.passengers,
        contactPhone: b.contactPhone ?? '',
        totalPrice: v.total_price,
        currency: b.currency,
        paidAt: v.sale.final_at ?? v.sale.created_at,
        fare: vat?.treatment === 'carrier' ? { carrier: vat.carrier ?? '', vatRate: vat.vat_rate } : null,
      },
      language,
    );
    return { name: `bus-ticket-${b.id}.pdf`, pdf };
  }

  const watchPaid = createPaidTicketWatch({ bookings, advance: flow.advance, clock, provider: PROVIDER });

  return { cities, act, ticket, watchPaid, advance: flow.advance, advancePending: flow.advancePending };
}
export type FlixbusService = ReturnType<typeof createFlixbusService>;
