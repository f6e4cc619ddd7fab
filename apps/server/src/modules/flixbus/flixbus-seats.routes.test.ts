import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, type TestContext } from '../../../test/harness.ts';
import { SHOP_CALLERS } from '../../../test/provider-sales.ts';
import { type FlixbusSimulator, startFlixbusSimulator } from '../../providers/flixbus/simulator.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { balanceOf, type Headers, newShop, signInOnce, topUp, transactionKey } from '../selling/selling.fixtures.ts';

/**
 * Choosing seats: the trip's seat map, a reservation of the seats chosen or of seats the provider
 * assigns, a seat taken refused with its code before anything is reserved or charged. Hamburg (3) → Köln (4), one
 * step, 14.99 € a seat; each test books a day of its own.
 */

let ctx: TestContext;
let sim: FlixbusSimulator;

beforeAll(async () => {
  sim = await startFlixbusSimulator({ apiKey: 'seat-test-key' });
  ctx = await createTestApp({
    env: {
      LOG_LEVEL: 'error',
      FLIXBUS_PROVIDER: 'http',
      FLIXBUS_BASE_URL: sim.baseUrl,
      FLIXBUS_API_KEY: 'seat-test-key',
      FLIXBUS_POLL_MS: '150',
      FLIXBUS_TIMEOUT_MS: '1000',
    },
  });
  await topUp(ctx, (await demoIds(ctx.db)).reseller, '500');
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await sim.close();
});

const API = '/api/flixbus_api/';
const uid = (date: string, time: '0730' | '1215' = '1215') => `3-4-${date}-${time}`;
const act = (headers: Headers, body: Record<string, unknown>) => post(ctx.app, API, body, headers);
const freeSeats = async (h: Headers, tripUid: string) => {
  const res = await act(h, { action: 'seat_map', trip_uid: tripUid });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.seat_map.seats as { number: number; free: boolean }[])
    .filter((s) => s.free)
    .map((s) => s.number);
};
const bookingsOf = async (customerId: number) =>
  Number(
    (
      await ctx.db.execute<{ n: string }>(
        sql`select count(*) as n from flixbus_bookings where customer_id = ${customerId}`,
      )
    ).rows[0]?.n,
  );

describe('a trip’s seats', () => {
  it('answers the seat map, reserves the seats chosen and keeps them through payment to the booking', async () => {
    const shop = await newShop(ctx, 'Bus Seat Shop');
    await topUp(ctx, shop.customerId, '100');
    const h = shop.headers;
    const map = await act(h, { action: 'seat_map', trip_uid: uid('2027-01-11') });
    expect(map.body.data).toEqual({
      trips: null,
      booking: null,
      bookings: null,
      seat_map: { trip_uid: uid('2027-01-11'), seats: [1, 2, 3].map((number) => ({ number, free: true })) },
    });
    const r = await act(h, { action: 'reserve', trip_uid: uid('2027-01-11'), seats: 2, seat_numbers: [3, 1] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.booking.booking_id;
    expect(r.body.data.booking).toMatchObject({ seats: 2, seat_numbers: [3, 1], status: 'reserved' });
    expect(await freeSeats(h, uid('2027-01-11'))).toEqual([2]);
    const passengers = [
      { first_name: 'Erika', last_name: 'Mustermann' },
      { first_name: 'Max', last_name: 'Mustermann' },
    ];
    await act(h, { action: 'passengers', booking_id: id, passengers, contact_phone: '+4917612345678' });
    const paid = await act(h, { action: 'pay', booking_id: id, transaction_key: await transactionKey(ctx, h) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.booking).toMatchObject({ status: 'paid', seat_numbers: [3, 1] });
    const listed = await act(h, { action: 'list' });
    expect(listed.body.data.bookings.bookings[0]).toMatchObject({ booking_id: id, seat_numbers: [3, 1] });
  });

  it('refuses a seat already taken with `seat_taken` and the seat, reserving and charging nothing', async () => {
    const first = await newShop(ctx, 'Bus Seat First Shop');
    const second = await newShop(ctx, 'Bus Seat Second Shop');
    await topUp(ctx, second.customerId, '50');
    const trip = uid('2027-01-12', '0730');
    expect((await act(first.headers, { action: 'reserve', trip_uid: trip, seats: 1, seat_numbers: [7] })).status).toBe(
      200,
    );
    const taken = await act(second.headers, { action: 'reserve', trip_uid: trip, seats: 2, seat_numbers: [6, 7] });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'seat_taken', params: { seats: '7' } });
    expect(await bookingsOf(second.customerId)).toBe(0);
    expect((await balanceOf(ctx, second.customerId)).toFixed(2)).toBe('50.00');
    // Seat 6 was not held by the refused reservation.
    expect((await freeSeats(second.headers, trip)).slice(0, 7)).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });

  it('lets the provider assign free seats when none are chosen, and still runs out on the 3-seat bus', async () => {
    const h = (await newShop(ctx, 'Bus Seat Assign Shop')).headers;
    const trip = uid('2027-01-13');
    await act(h, { action: 'reserve', trip_uid: trip, seats: 1, seat_numbers: [1] });
    const assigned = await act(h, { action: 'reserve', trip_uid: trip, seats: 2 });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data.booking.seat_numbers).toEqual([2, 3]);
    const full = await act(h, { action: 'reserve', trip_uid: trip, seats: 1 });
    expect(full.body).toMatchObject({ code: 'trip_fully_booked', message: 'This trip is fully booked' });
  });

  it('refuses seat numbers that are not one distinct seat per passenger, and an unknown trip', async () => {
    const h = (await newShop(ctx, 'Bus Seat Invalid Shop')).headers;
    const trip = uid('2027-01-14', '0730');
    for (const seat_numbers of [[1], [2, 2], [1, 2, 3]]) {
      const res = await act(h, { action: 'reserve', trip_uid: trip, seats: 2, seat_numbers });
      expect(res.status, JSON.stringify(seat_numbers)).toBe(422);
      expect(res.body.code).toBe('validation_failed');
    }
    expect(await freeSeats(h, trip)).toHaveLength(40);
    expect((await act(h, { action: 'seat_map', trip_uid: '9-9-2027-01-14-0730' })).status).toBe(404);
  });
});

describe('who may see a seat map', () => {
  it.each(SHOP_CALLERS)('%s: %i', async (user, status) => {
    const h = await signInOnce(ctx, user);
    expect((await act(h, { action: 'seat_map', trip_uid: uid('2027-01-15') })).status).toBe(status);
    const reserve = await act(h, {
      action: 'reserve',
      trip_uid: uid('2027-01-16', '0730'),
      seats: 1,
      seat_numbers: [9],
    });
    expect(reserve.status).toBe(user === 'seller' ? 200 : status === 200 ? 409 : status);
  });

  it('refuses without a session and a shop without the bus flag', async () => {
    expect((await post(ctx.app, API, { action: 'seat_map', trip_uid: uid('2027-01-15') })).status).toBe(401);
    const shop = await newShop(ctx, 'Bus Seat No Flag Shop');
    await ctx.db.execute(
      sql`update users set features = array_remove(features, 'has_flixbus') where customer_id = ${shop.customerId}`,
    );
    expect((await act(shop.headers, { action: 'seat_map', trip_uid: uid('2027-01-15') })).status).toBe(403);
    expect((await get(ctx.app, '/api/get_flixbus_cities/', shop.headers)).status).toBe(403);
  });
});
