import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { discountSlabItems, discountSlabs } from '../../db/schema/assignments.ts';
import { customers } from '../../db/schema/customers.ts';

/** An operator's discount slabs: named discounts per configuration, handed on to its customers. */
export function createDiscountSlabsRepository(db: Db) {
  return {
    /** Customers whose price follows this slab (by assignment or as their default slab). */
    async findCustomersUsingSlab(slabId: number, tx: Tx) {
      const { rows } = await tx.execute<{ id: number }>(sql`
        select c.id from customers c where c.discount_slab_id = ${slabId}
        union select pa.customer_id from product_assignments pa where pa.discount_slab_id = ${slabId}`);
      return rows.map((r) => r.id);
    },

    async findSlabs(ownerCustomerId: number, p: { limit: number; offset: number }) {
      const where = eq(discountSlabs.ownerCustomerId, ownerCustomerId);
      const [items, [counted]] = await Promise.all([
        db
          .select({
            discount_slab_id: discountSlabs.id,
            name: discountSlabs.name,
            items: sql<number>`(select count(*)::int from ${discountSlabItems} where ${discountSlabItems.slabId} = ${discountSlabs.id})`,
            customers: sql<number>`(select count(*)::int from ${customers} where ${customers.discountSlabId} = ${discountSlabs.id})`,
            created_at: discountSlabs.createdAt,
          })
          .from(discountSlabs)
          .where(where)
          .orderBy(desc(discountSlabs.id))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ count: sql<number>`count(*)::int` }).from(discountSlabs).where(where),
      ]);
      const { count } = counted!; // count() answers one row
      return { items, total: count };
    },

    async findSlab(slabId: number, ownerCustomerId: number, tx: Tx = db) {
      const rows = await tx
        .select({ id: discountSlabs.id, name: discountSlabs.name, createdAt: discountSlabs.createdAt })
        .from(discountSlabs)
        .where(and(eq(discountSlabs.id, slabId), eq(discountSlabs.ownerCustomerId, ownerCustomerId)));
      return rows[0];
    },

    async findSlabItems(slabId: number) {
      return db
        .select({ configuration_id: discountSlabItems.configurationId, discount: discountSlabItems.discount })
        .from(discountSlabItems)
        .where(eq(discountSlabItems.slabId, slabId));
    },

    async insertSlab(ownerCustomerId: number, name: string, now: Date, tx: Tx) {
      const [row] = await tx
        .insert(discountSlabs)
        .values({ ownerCustomerId, name, createdAt: now })
        .returning({ id: discountSlabs.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async renameSlab(slabId: number, name: string, tx: Tx) {
      await tx.update(discountSlabs).set({ name }).where(eq(discountSlabs.id, slabId));
    },

    async upsertSlabItems(slabId: number, items: { configurationId: number; discount: string }[], now: Date, tx: Tx) {
      if (items.length === 0) return;
      await tx
        .insert(discountSlabItems)
        .values(
          items.map((i) => ({ slabId, configurationId: i.configurationId, discount: i.discount, updatedAt: now })),
        )
        .onConflictDoUpdate({
          target: [discountSlabItems.slabId, discountSlabItems.configurationId],
          set: { discount: sql`excluded.discount`, updatedAt: now },
        });
    },
  };
}
export type DiscountSlabsRepository = ReturnType<typeof createDiscountSlabsRepository>;
