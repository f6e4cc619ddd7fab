import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money } from '../columns.ts';
import { customers, users } from './customers.ts';

export const FLIXBUS_BOOKING_STATUSES = ['reserved', 'paid', 'cancelled', 'failed', 'refunded'] as const;
export type FlixbusBookingStatus = (typeof FLIXBUS_BOOKING_STATUSES)[number];

/** The trip a booking is for, as the provider described it when the seats were reserved. */
export interface FlixbusBookingTrip {
  uid: string;
  from: string;
  to: string;
  departure: string;
  arrival: string;
  line: string;
}

/**
 * A bus booking before and after its payment (decision 0103): the provider's reservation held for one shop. It
 * moves reserved → paid (in the transaction that reserves the money and writes its provider sale, whose
 * `product_id` is this booking's id) or reserved → cancelled; a paid booking follows its sale to failed (the payment
 * did not go through, the money went back) or refunded (cancelled after it was confirmed) in the settlement's own
 * transaction. While paid, the sale's status says whether the ticket is final; the money lives only in
 * `provider_sales` and the ledger.
 */
export const flixbusBookings = pgTable(
  'flixbus_bookings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** The provider's reservation id. */
    reservationId: integer('reservation_id').notNull(),
    trip: jsonb().$type<FlixbusBookingTrip>().notNull(),
    seats: integer().notNull(),
    /**
     * The seats the provider holds, one per passenger in the passengers' order (chosen, or assigned by it); empty
     * for bookings made before seats were chosen.
     */
    seatNumbers: integer('seat_numbers').array().notNull().default(sql`'{}'`),
    ebikes: integer().notNull(),
    passengers: jsonb().$type<{ first_name: string; last_name: string }[]>().notNull(),
    contactPhone: text('contact_phone'),
    voucher: text(),
    /** F: what the travellers pay, after a voucher. */
    totalPrice: money('total_price').notNull(),
    /** What the provider charges the platform. */
    partnerPrice: money('partner_price').notNull(),
    currency: text().notNull(),
    status: text().$type<FlixbusBookingStatus>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The trip's departure: a paid ticket is watched for a cancellation by the provider until then. */
    departsAt: timestamp('departs_at', { withTimezone: true }).notNull(),
    /** When the paid-ticket watch last asked the provider about it (null: not yet). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('flixbus_bookings_reservation_uq').on(t.reservationId),
    index('flixbus_bookings_customer_idx').on(t.customerId, t.id),
    index('flixbus_bookings_paid_idx').on(t.departsAt).where(sql`${t.status} = 'paid'`),
    check(
      'flixbus_bookings_status_chk',
      sql`${t.status} in (${sql.raw(FLIXBUS_BOOKING_STATUSES.map((s) => `'${s}'`).join(', '))})`,
    ),
    check('flixbus_bookings_seats_chk', sql`${t.seats} > 0 and ${t.ebikes} >= 0 and ${t.ebikes} <= ${t.seats}`),
  ],
);
