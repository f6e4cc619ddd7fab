import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlixbusClient, type FlixbusClient, FlixbusRefusal, FlixbusUnreachable } from './client.ts';
import { type FlixbusSimulator, SIM_CITIES, startFlixbusSimulator } from './simulator.ts';

/**
 * The client against the simulator (a booking from search to its order, seats running out, the e-bike refusal,
 * cancel before and after payment, expiry on a clock the test moves) and against the example answers in `recorded/`
 * (docs/providers/flixbus.md, the portal's own description of the interface): the same client must read both.
 */

describe('client against the simulator', () => {
  let sim: FlixbusSimulator;
  let client: FlixbusClient;
  let clock = Date.parse('2026-11-26T10:00:00Z');
  const apiKey = 'test-key-of-this-run';

  beforeAll(async () => {
    sim = await startFlixbusSimulator({ apiKey, now: () => clock });
    client = createFlixbusClient({ baseUrl: sim.baseUrl, apiKey, timeoutMs: 1_000 });
  });
  afterAll(async () => sim.close());

  const passengers = (n: number) => Array.from({ length: n }, (_, i) => ({ first_name: `P${i}`, last_name: 'Test' }));

  it('authenticates, lists the cities and finds a day’s three trips', async () => {
    expect(await client.listCities()).toHaveLength(SIM_CITIES.length);
    const trips = await client.searchTrips({ fromCityId: 3, toCityId: 6, date: '2026-12-01', seats: 1 });
    expect(trips.map((t) => [t.line, t.available_seats, t.ebike_allowed])).toEqual([
      ['FLX 010', 40, true],
      ['FLX 020', 3, true],
      ['N 030', 40, false],
    ]);
    // Hamburg (3) → Leipzig (6): three steps, 24.99 € a seat.
    expect(trips[0]).toMatchObject({ price_per_seat: '24.99', from: { name: 'Hamburg' }, to: { name: 'Leipzig' } });
  });

  it('refuses a wrong key', async () => {
    const wrong = createFlixbusClient({ baseUrl: sim.baseUrl, apiKey: 'wrong' });
    await expect(wrong.listCities()).rejects.toMatchObject({ httpStatus: 401, code: 'unauthorized' });
  });

  it('books: reservation, passengers, voucher, payment started and committed, the order by its external id', async () => {
    const r = await client.reserve({ tripUid: '1-2-2026-12-01-0730', seats: 2, ebikes: 1 });
    expect(r).toMatchObject({ status: 'OPEN', seats: 2, ebikes: 1, total_price: '38.98', partner_price: '35.08' });
    const withPassengers = await client.setPassengers(r.id, {
      passengers: passengers(2),
      contactPhone: '+4917612345678',
    });
    expect(withPassengers.passengers).toHaveLength(2);
    expect((await client.applyVoucher(r.id, 'FLIX10')).total_price).toBe('35.08');
    await expect(client.applyVoucher(r.id, 'NOPE')).rejects.toMatchObject({ httpStatus: 422, code: 'invalid_voucher' });
    expect(await client.getOrder('contract-1')).toBeNull();
    const payment = await client.startPayment(r.id, 'contract-1');
    expect(payment.amount).toBe('35.08');
    await expect(client.startPayment(r.id, 'contract-1')).rejects.toMatchObject({ code: 'duplicate_external_id' });
    expect((await client.getOrder('contract-1'))?.status).toBe('PENDING');
    const order = await client.commitPayment(r.id, payment.payment_id);
    expect(order).toMatchObject({ status: 'CONFIRMED', ticket_code: expect.stringMatching(/^FX/) });
    expect(await client.getOrder('contract-1')).toEqual(order);
    await expect(client.cancelReservation(r.id)).rejects.toMatchObject({ httpStatus: 409, code: 'reservation_paid' });
  });

  it('cancels a confirmed order until 15 minutes before departure: refunded once, its seats free again', async () => {
    const paid = async (uid: string, externalId: string) => {
      const r = await client.reserve({ tripUid: uid, seats: 3, ebikes: 0 });
      await client.setPassengers(r.id, { passengers: passengers(3), contactPhone: '+4917612345678' });
      const payment = await client.startPayment(r.id, externalId);
      return client.commitPayment(r.id, payment.payment_id);
    };
    await paid('1-2-2026-12-04-1215', 'contract-cancel');
    const refunded = await client.cancelOrder('contract-cancel');
    expect(refunded).toMatchObject({ status: 'REFUNDED', external_id: 'contract-cancel' });
    // Again answers the same; the seats are free.
    expect(await client.cancelOrder('contract-cancel')).toEqual(refunded);
    expect(await client.getOrder('contract-cancel')).toEqual(refunded);
    expect((await client.reserve({ tripUid: '1-2-2026-12-04-1215', seats: 3, ebikes: 0 })).status).toBe('OPEN');
    await expect(client.cancelOrder('never-paid')).rejects.toMatchObject({ httpStatus: 404, code: 'order_not_found' });
    // 2026-11-26 12:15 (+01:00) departs at 11:15Z, 75 minutes after the test clock's 10:00Z.
    await paid('1-2-2026-11-26-1215', 'contract-late');
    const saved = clock;
    clock = Date.parse('2026-11-26T11:00:01Z');
    await expect(client.cancelOrder('contract-late')).rejects.toMatchObject({
      httpStatus: 409,
      code: 'cancellation_closed',
    });
    expect((await client.getOrder('contract-late'))?.status).toBe('CONFIRMED');
    clock = Date.parse('2026-11-26T10:59:59Z');
    expect((await client.cancelOrder('contract-late')).status).toBe('REFUNDED');
    clock = saved;
  });

  it('runs out of seats, refuses an e-bike on the night bus, frees seats on cancel', async () => {
    const a = await client.reserve({ tripUid: '1-2-2026-12-02-1215', seats: 3, ebikes: 0 });
    const full = client.reserve({ tripUid: '1-2-2026-12-02-1215', seats: 1, ebikes: 0 });
    await expect(full).rejects.toBeInstanceOf(FlixbusRefusal);
    await expect(full).rejects.toMatchObject({ httpStatus: 409, code: 'trip_fully_booked' });
    await expect(client.reserve({ tripUid: '1-2-2026-12-02-1845', seats: 1, ebikes: 1 })).rejects.toMatchObject({
      httpStatus: 422,
      code: 'ebike_not_allowed',
    });
    expect((await client.cancelReservation(a.id)).status).toBe('CANCELLED');
    expect((await client.reserve({ tripUid: '1-2-2026-12-02-1215', seats: 1, ebikes: 0 })).status).toBe('OPEN');
  });

  it('serves a trip’s seat map, holds the seats chosen, refuses a taken one and assigns free ones otherwise', async () => {
    const uid = '3-4-2026-12-06-1215';
    expect(await client.seatMap(uid)).toEqual({
      trip_uid: uid,
      seats: [1, 2, 3].map((number) => ({ number, free: true })),
    });
    const chosen = await client.reserve({ tripUid: uid, seats: 1, ebikes: 0, seatNumbers: [3] });
    expect(chosen.seat_numbers).toEqual([3]);
    expect((await client.seatMap(uid)).seats.map((s) => s.free)).toEqual([true, true, false]);
    const taken = client.reserve({ tripUid: uid, seats: 2, ebikes: 0, seatNumbers: [2, 3] });
    await expect(taken).rejects.toMatchObject({ httpStatus: 409, code: 'seat_taken' });
    await expect(client.reserve({ tripUid: uid, seats: 2, ebikes: 0, seatNumbers: [2, 2] })).rejects.toMatchObject({
      httpStatus: 400,
      code: 'invalid_request',
    });
    await expect(client.reserve({ tripUid: uid, seats: 1, ebikes: 0, seatNumbers: [4] })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    // Without a choice the free ones, lowest first; then the trip is full.
    expect((await client.reserve({ tripUid: uid, seats: 2, ebikes: 0 })).seat_numbers).toEqual([1, 2]);
    await expect(client.reserve({ tripUid: uid, seats: 1, ebikes: 0, seatNumbers: [1] })).rejects.toMatchObject({
      code: 'trip_fully_booked',
    });
    // A cancelled reservation frees its seat for a choice.
    await client.cancelReservation(chosen.id);
    expect((await client.reserve({ tripUid: uid, seats: 1, ebikes: 0, seatNumbers: [3] })).seat_numbers).toEqual([3]);
    await expect(client.seatMap('9-9-2026-12-06-1215')).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('lets an unpaid reservation expire after 15 minutes: no payment, its seats free again', async () => {
    const r = await client.reserve({ tripUid: '1-2-2026-12-03-1215', seats: 3, ebikes: 0 });
    await client.setPassengers(r.id, { passengers: passengers(3), contactPhone: '+4917612345678' });
    clock += 15 * 60_000 + 1;
    expect((await client.getReservation(r.id))?.status).toBe('EXPIRED');
    await expect(client.startPayment(r.id, 'contract-2')).rejects.toMatchObject({ httpStatus: 410 });
    const trips = await client.searchTrips({ fromCityId: 1, toCityId: 2, date: '2026-12-03', seats: 1 });
    expect(trips[1]?.available_seats).toBe(3);
  });

  it('takes no answer in time for an unknown outcome, never a refusal', async () => {
    const silent = createFlixbusClient({ baseUrl: 'http://127.0.0.1:9', apiKey, timeoutMs: 1_000 });
    await expect(silent.getOrder('x')).rejects.toBeInstanceOf(FlixbusUnreachable);
  });
});

const recorded: Record<string, { status: number; body: unknown }> = Object.fromEntries(
  readdirSync(new URL('./recorded/', import.meta.url)).map((f) => [
    f,
    JSON.parse(readFileSync(new URL(`./recorded/${f}`, import.meta.url), 'utf8')),
  ]),
);

/** A client whose every call after authentication is answered by one recorded answer (or a raw one). */
function replay(answer: string | { status: number; text: string }) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url: String(url), init });
    if (String(url).endsWith('/auth/token')) {
      return new Response(JSON.stringify(recorded['token.json']?.body), { status: 200 });
    }
    if (typeof answer !== 'string') return new Response(answer.text, { status: answer.status });
    const r = recorded[answer] as { status: number; body: unknown };
    return new Response(JSON.stringify(r.body), { status: r.status });
  }) as typeof globalThis.fetch;
  const client = createFlixbusClient({ baseUrl: 'https://bus.example/partner/', apiKey: 'k3y', fetch });
  return { client, seen };
}

describe('client against the recorded answers', () => {
  it('authenticates with the key in the body, then sends the bearer token', async () => {
    const { client, seen } = replay('cities.json');
    expect((await client.listCities()).map((c) => c.name)).toEqual(['Berlin', 'München']);
    expect(seen[0]?.url).toBe('https://bus.example/partner/auth/token');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({ api_key: 'k3y' });
    expect(new Headers(seen[0]?.init.headers).get('authorization')).toBeNull();
    expect(seen[1]?.url).toBe('https://bus.example/partner/cities');
    expect(new Headers(seen[1]?.init.headers).get('authorization')).toBe('Bearer 7d1f0c2b9a8e4f6a');
  });

  it('searches and reserves as the interface describes it', async () => {
    const trips = replay('trips.json');
    expect(await trips.client.searchTrips({ fromCityId: 1, toCityId: 2, date: '2026-12-01', seats: 2 })).toHaveLength(
      1,
    );
    expect(trips.seen[1]?.url).toBe('https://bus.example/partner/trips?from=1&to=2&date=2026-12-01&seats=2');
    const { client, seen } = replay('reservation.json');
    const r = await client.reserve({ tripUid: '1-2-2026-12-01-0730', seats: 2, ebikes: 1 });
    expect(r).toMatchObject({ id: 51007, total_price: '38.98', seat_numbers: [14, 15], status: 'OPEN' });
    expect(seen[1]?.init.method).toBe('POST');
    expect(JSON.parse(String(seen[1]?.init.body))).toEqual({ trip_uid: '1-2-2026-12-01-0730', seats: 2, ebikes: 1 });
  });

  it('reads a seat map and sends the seats chosen, reading a taken one’s refusal', async () => {
    const { client, seen } = replay('seat-map.json');
    const map = await client.seatMap('1-2-2026-12-01-1215');
    expect(map.seats.filter((s) => s.free).map((s) => s.number)).toEqual([2, 3]);
    expect(seen[1]?.url).toBe('https://bus.example/partner/trips/1-2-2026-12-01-1215/seats');
    const taken = replay('seat-taken.json');
    await expect(
      taken.client.reserve({ tripUid: '1-2-2026-12-01-1215', seats: 1, ebikes: 0, seatNumbers: [2] }),
    ).rejects.toMatchObject({ httpStatus: 409, code: 'seat_taken' });
    expect(JSON.parse(String(taken.seen[1]?.init.body))).toMatchObject({ seat_numbers: [2] });
  });

  it('cancels a paid order with DELETE by its external id, and reads the refusal close to departure', async () => {
    const { client, seen } = replay('order-refunded.json');
    expect(await client.cancelOrder('pp0f3c2a9e5b7d41c6a8e9f0b1c2d3e4f5')).toMatchObject({
      status: 'REFUNDED',
      ticket_code: 'FX3200001-7A2C9E',
    });
    expect(seen[1]?.init.method).toBe('DELETE');
    expect(seen[1]?.url).toBe('https://bus.example/partner/orders/pp0f3c2a9e5b7d41c6a8e9f0b1c2d3e4f5');
    await expect(replay('cancellation-closed.json').client.cancelOrder('x')).rejects.toMatchObject({
      httpStatus: 409,
      code: 'cancellation_closed',
    });
  });

  it('reads the refusals, the payment, the confirmed order and a missing one', async () => {
    const reserve = (f: string) => replay(f).client.reserve({ tripUid: 'x', seats: 1, ebikes: 1 });
    await expect(reserve('trip-fully-booked.json')).rejects.toMatchObject({
      httpStatus: 409,
      code: 'trip_fully_booked',
    });
    await expect(reserve('ebike-not-allowed.json')).rejects.toMatchObject({
      httpStatus: 422,
      code: 'ebike_not_allowed',
    });
    expect(await replay('payment-started.json').client.startPayment(51007, 'pp0f')).toMatchObject({
      payment_id: 'pay51007',
    });
    const commit = replay('order-confirmed.json');
    expect(await commit.client.commitPayment(51007, 'pay51007')).toMatchObject({
      status: 'CONFIRMED',
      ticket_code: 'FX3200001-7A2C9E',
    });
    expect(commit.seen[1]?.url).toBe('https://bus.example/partner/reservations/51007/payment/pay51007/commit');
    expect(await replay('order-not-found.json').client.getOrder('nope')).toBeNull();
  });

  it('takes a gateway error or an unknown status for an unknown outcome, never a refusal', async () => {
    await expect(replay({ status: 502, text: '<html>Bad gateway</html>' }).client.getOrder('x')).rejects.toBeInstanceOf(
      FlixbusUnreachable,
    );
    const body = recorded['order-confirmed.json']?.body as { order: object };
    const odd = JSON.stringify({ order: { ...body.order, status: 'DONE' } });
    await expect(replay({ status: 200, text: odd }).client.getOrder('x')).rejects.toBeInstanceOf(FlixbusUnreachable);
  });
});

describe('bus simulator restarted on its file', () => {
  it('knows every reservation and order after a restart: a paying one commits, seats stay held', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flixbus-sim-'));
    const file = join(dir, 'simulators', 'flixbus.json');
    const clock = Date.parse('2026-11-26T10:00:00Z');
    const opts = { apiKey: 'k', now: () => clock, file };
    const c = (sim: FlixbusSimulator) => createFlixbusClient({ baseUrl: sim.baseUrl, apiKey: 'k' });
    const passengers = [{ first_name: 'Ada', last_name: 'Test' }];
    try {
      let sim = await startFlixbusSimulator(opts);
      const paid = await c(sim).reserve({ tripUid: '1-2-2026-12-01-1215', seats: 1, ebikes: 0 });
      await c(sim).setPassengers(paid.id, { passengers, contactPhone: '+4917612345678' });
      const p1 = await c(sim).startPayment(paid.id, 'keep-1');
      const first = await c(sim).commitPayment(paid.id, p1.payment_id);
      const paying = await c(sim).reserve({ tripUid: '1-2-2026-12-01-1215', seats: 1, ebikes: 0 });
      await c(sim).setPassengers(paying.id, { passengers, contactPhone: '+4917612345678' });
      const p2 = await c(sim).startPayment(paying.id, 'keep-2');
      await sim.close();
      sim = await startFlixbusSimulator(opts);
      try {
        expect(await c(sim).getOrder('keep-1')).toEqual(first);
        expect((await c(sim).getOrder('keep-2'))?.status).toBe('PENDING');
        const second = await c(sim).commitPayment(paying.id, p2.payment_id);
        expect(second.status).toBe('CONFIRMED');
        expect(second.order_id).not.toBe(first.order_id);
        // Both seats of the 3-seat trip stay held: one is left.
        const trips = await c(sim).searchTrips({ fromCityId: 1, toCityId: 2, date: '2026-12-01', seats: 1 });
        expect(trips.find((t) => t.line === 'FLX 020')?.available_seats).toBe(1);
        await expect(c(sim).startPayment(paying.id, 'keep-1')).rejects.toMatchObject({ code: 'duplicate_external_id' });
      } finally {
        await sim.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
