import type { DynamicProductLogsQuery, SoftPinType } from '@portal/contract/dynamic-products';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { customers } from '../../db/schema/customers.ts';
import {
  dynamicProductDiscounts,
  dynamicProductLogs,
  dynamicProductOffers,
  dynamicProducts,
  softPinReveals,
  softPins,
} from '../../db/schema/dynamic-products.ts';

export type DynamicProductRow = typeof dynamicProducts.$inferSelect;
export type NewDynamicProductLog = typeof dynamicProductLogs.$inferInsert;

/** The SQL of soft pins: the platform's products, the discounts, the delivered PINs, their reveals and the log. */
export function createDynamicProductsRepository(db: Db) {
  return {
    async findAll(provider: string) {
      return db
        .select()
        .from(dynamicProducts)
        .where(eq(dynamicProducts.provider, provider))
        .orderBy(asc(dynamicProducts.id));
    },

    async findEnabled(provider: string, productType?: SoftPinType) {
      return db
        .select()
        .from(dynamicProducts)
        .where(
          and(
            eq(dynamicProducts.provider, provider),
            eq(dynamicProducts.enabled, true),
            productType ? eq(dynamicProducts.productType, productType) : undefined,
          ),
        )
        .orderBy(asc(dynamicProducts.faceValue), asc(dynamicProducts.id));
    },

    async findById(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(dynamicProducts).where(eq(dynamicProducts.id, id));
      return row;
    },

    async upsert(p: typeof dynamicProducts.$inferInsert) {
      const [row] = await db
        .insert(dynamicProducts)
        .values(p)
        .onConflictDoUpdate({
          target: [dynamicProducts.provider, dynamicProducts.providerProductId],
          set: {
            name: p.name,
            productType: p.productType,
            faceValue: p.faceValue,
            enabled: p.enabled,
            updatedBy: p.updatedBy,
            updatedAt: p.updatedAt,
          },
        })
        .returning();
      return row as DynamicProductRow;
    },

    /** Each customer's discount per product (percent); a missing row is 0. */
    async findDiscounts(customerIds: number[], tx: Tx = db) {
      if (!customerIds.length) return new Map<string, string>();
      const rows = await tx
        .select()
        .from(dynamicProductDiscounts)
        .where(inArray(dynamicProductDiscounts.customerId, customerIds));
      return new Map(rows.map((r) => [`${r.customerId}:${r.dynamicProductId}`, r.discount]));
    },

    async setDiscounts(
      customerId: number,
      rows: { dynamicProductId: number; discount: string }[],
      by: number,
      at: Date,
      tx: Tx,
    ) {
      for (const r of rows) {
        await tx
          .insert(dynamicProductDiscounts)
          .values({
            customerId,
            dynamicProductId: r.dynamicProductId,
            discount: r.discount,
            updatedBy: by,
            updatedAt: at,
          })
          .onConflictDoUpdate({
            target: [dynamicProductDiscounts.customerId, dynamicProductDiscounts.dynamicProductId],
            set: { discount: r.discount, updatedBy: by, updatedAt: at },
          });
      }
    },

    /** The dynamic products a reseller withholds from its shops (decision 0110). */
    async findWithheld(customerId: number) {
      const rows = await db
        .select({ id: dynamicProductOffers.dynamicProductId })
        .from(dynamicProductOffers)
        .where(and(eq(dynamicProductOffers.customerId, customerId), eq(dynamicProductOffers.offered, false)));
      return new Set(rows.map((r) => r.id));
    },

    async setOffered(customerId: number, dynamicProductId: number, offered: boolean, by: number, at: Date) {
      await db
        .insert(dynamicProductOffers)
        .values({ customerId, dynamicProductId, offered, updatedBy: by, updatedAt: at })
        .onConflictDoUpdate({
          target: [dynamicProductOffers.customerId, dynamicProductOffers.dynamicProductId],
          set: { offered, updatedBy: by, updatedAt: at },
        });
    },

    async findCustomer(id: number) {
      const [row] = await db
        .select({
          id: customers.id,
          name: customers.name,
          parentId: customers.parentId,
          accountRole: customers.accountRole,
        })
        .from(customers)
        .where(eq(customers.id, id));
      return row;
    },

    async findSoftPin(saleId: number) {
      const [row] = await db.select().from(softPins).where(eq(softPins.saleId, saleId));
      return row;
    },

    /** The delivered PIN, written once with its blind index and masked form: a second look changes nothing. */
    async storePin(
      saleId: number,
      pin: { ciphertext: Buffer; index: string; hint: string; length: number },
      serial: string | null,
      at: Date,
    ) {
      await db
        .insert(softPins)
        .values({
          saleId,
          pinCiphertext: pin.ciphertext,
          pinIndex: pin.index,
          pinHint: pin.hint,
          pinLength: pin.length,
          serial,
          deliveredAt: at,
        })
        .onConflictDoNothing();
    },

    /** Up to `limit` delivered PINs still without their blind index (delivered before it existed), by sale. */
    async findUnindexed(limit: number) {
      return db
        .select({ saleId: softPins.saleId, pinCiphertext: softPins.pinCiphertext })
        .from(softPins)
        .where(isNull(softPins.pinIndex))
        .orderBy(asc(softPins.saleId))
        .limit(limit);
    },

    /** Fills what the backfill computed; a row indexed meanwhile keeps its values. */
    async setIndex(saleId: number, pin: { index: string; hint: string; length: number }) {
      await db
        .update(softPins)
        .set({ pinIndex: pin.index, pinHint: pin.hint, pinLength: pin.length })
        .where(and(eq(softPins.saleId, saleId), isNull(softPins.pinIndex)));
    },

    async insertReveal(row: typeof softPinReveals.$inferInsert) {
      await db.insert(softPinReveals).values(row);
    },

    async insertLog(row: NewDynamicProductLog) {
      await db.insert(dynamicProductLogs).values(row);
    },

    async findLogs(q: DynamicProductLogsQuery, p: { limit: number; offset: number }) {
      const where = and(
        q.action ? eq(dynamicProductLogs.action, q.action) : undefined,
        q.outcome ? eq(dynamicProductLogs.outcome, q.outcome) : undefined,
        q.sale_id ? eq(dynamicProductLogs.saleId, q.sale_id) : undefined,
      );
      const items = await db
        .select({ log: dynamicProductLogs, customerName: customers.name })
        .from(dynamicProductLogs)
        .leftJoin(customers, eq(customers.id, dynamicProductLogs.customerId))
        .where(where)
        .orderBy(desc(dynamicProductLogs.id))
        .limit(p.limit)
        .offset(p.offset);
      const [total] = await db.select({ n: count() }).from(dynamicProductLogs).where(where);
      return { items, total: total?.n ?? 0 };
    },
  };
}
export type DynamicProductsRepository = ReturnType<typeof createDynamicProductsRepository>;
