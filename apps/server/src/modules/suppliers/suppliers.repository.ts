import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { suppliers } from '../../db/schema/suppliers.ts';
import { definedOnly, likePattern } from '../../db/sql.ts';

export type SupplierRow = typeof suppliers.$inferSelect;

export function createSuppliersRepository(db: Db) {
  return {
    async insert(values: typeof suppliers.$inferInsert) {
      const [row] = await db.insert(suppliers).values(values).returning();
      return row!; // insert … returning answers the row it inserted
    },
    async find(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(suppliers).where(eq(suppliers.id, id));
      return row;
    },
    async update(id: number, values: Partial<typeof suppliers.$inferInsert>) {
      const set = definedOnly(values);
      if (Object.keys(set).length === 0) return this.find(id);
      const [row] = await db.update(suppliers).set(set).where(eq(suppliers.id, id)).returning();
      return row;
    },
    async findPage(q: { ownerCustomerId: number; search?: string; status?: boolean; limit: number; offset: number }) {
      const where: SQL[] = [eq(suppliers.ownerCustomerId, q.ownerCustomerId)];
      if (q.status !== undefined) where.push(eq(suppliers.status, q.status));
      if (q.search) {
        const like = likePattern(q.search);
        where.push(or(ilike(suppliers.fullName, like), ilike(suppliers.company, like), ilike(suppliers.email, like))!);
      }
      const [items, [counted]] = await Promise.all([
        db
          .select()
          .from(suppliers)
          .where(and(...where))
          .orderBy(desc(suppliers.status), asc(suppliers.fullName), asc(suppliers.id))
          .limit(q.limit)
          .offset(q.offset),
        db
          .select({ total: count() })
          .from(suppliers)
          .where(and(...where)),
      ]);
      const { total } = counted!; // count() answers one row
      return { items, total };
    },
  };
}
export type SuppliersRepository = ReturnType<typeof createSuppliersRepository>;
