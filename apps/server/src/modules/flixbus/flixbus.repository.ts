import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { flixbusBookings, providerSales } from '../../db/schema/index.ts';

export type FlixbusBookingRow = typeof flixbusBookings.$inferSelect;
export type NewFlixbusBooking = typeof flixbusBookings.$inferInsert;

/** Bus bookings, and the provider sale that paid one (its `product_id` is the booking's id). */
export function createFlixbusRepository(db: Db) {
  return {
    async insert(b: NewFlixbusBooking): Promise<FlixbusBookingRow> {
      const [row] = await db.insert(flixbusBookings).values(b).returning();
      return row as FlixbusBookingRow;
    },
    async findById(id: number, tx: Tx = db): Promise<FlixbusBookingRow | undefined> {
      const [row] = await tx.select().from(flixbusBookings).where(eq(flixbusBookings.id, id));
      return row;
    },
    /** The shop's booking, locked for its payment. */
    async lockOwn(id: number, customerId: number, tx: Tx): Promise<FlixbusBookingRow | undefined> {
      const [row] = await tx
        .select()
        .from(flixbusBookings)
        .where(and(eq(flixbusBookings.id, id), eq(flixbusBookings.customerId, customerId)))
        .for('update');
      return row;
    },
    async update(id: number, patch: Partial<NewFlixbusBooking>, tx: Tx = db) {
      await tx.update(flixbusBookings).set(patch).where(eq(flixbusBookings.id, id));
    },
    /** A shop's bookings, newest first, each with the id of the sale that paid it (null before payment). */
    async findPage(
      f: { provider: string; customerId: number; createdBy?: number },
      p: { limit: number; offset: number },
    ): Promise<{ items: { booking: FlixbusBookingRow; saleId: number | null }[]; total: number }> {
      const where = and(
        eq(flixbusBookings.customerId, f.customerId),
        f.createdBy === undefined ? undefined : eq(flixbusBookings.createdBy, f.createdBy),
      );
      const [items, [total]] = await Promise.all([
        db
          .select({ booking: flixbusBookings, saleId: providerSales.id })
          .from(flixbusBookings)
          .leftJoin(
            providerSales,
            and(eq(providerSales.provider, f.provider), eq(providerSales.productId, flixbusBookings.id)),
          )
          .where(where)
          .orderBy(desc(flixbusBookings.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ n: count() }).from(flixbusBookings).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
    /**
     * Confirmed tickets not yet departed, the ones asked about longest ago (or never) first: one page of the
     * paid-ticket watch. The partial index on departures of paid bookings keeps past trips out of the scan.
     */
    async findPaidToWatch(provider: string, now: Date, limit: number) {
      return db
        .select({ bookingId: flixbusBookings.id, saleId: providerSales.id })
        .from(flixbusBookings)
        .innerJoin(
          providerSales,
          and(eq(providerSales.provider, provider), eq(providerSales.productId, flixbusBookings.id)),
        )
        .where(
          and(
            eq(flixbusBookings.status, 'paid'),
            gt(flixbusBookings.departsAt, now),
            eq(providerSales.status, 'successful'),
          ),
        )
        .orderBy(sql`${flixbusBookings.checkedAt} asc nulls first`, asc(flixbusBookings.id))
        .limit(limit);
    },
    async findSaleId(provider: string, bookingId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: providerSales.id })
        .from(providerSales)
        .where(and(eq(providerSales.provider, provider), eq(providerSales.productId, bookingId)));
      return row?.id;
    },
  };
}
export type FlixbusRepository = ReturnType<typeof createFlixbusRepository>;
