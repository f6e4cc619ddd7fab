import type { HardwareOrderStatus, OrdersQuery } from '@portal/contract/hardware';
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { hardwareCategories, hardwareOrders, hardwareProducts } from '../../db/schema/hardware.ts';
import { assignedCustomer } from '../../db/scopes.ts';
import { berlinDayEndSql, berlinDayStartSql, definedOnly, likePattern, pageWindow } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';

type Page = { page: number; limit: number };

const productColumns = {
  id: hardwareProducts.id,
  categoryId: hardwareProducts.categoryId,
  name: hardwareProducts.name,
  description: hardwareProducts.description,
  price: hardwareProducts.price,
  stock: hardwareProducts.stock,
  imageFileId: hardwareProducts.imageFileId,
};

export function createHardwareRepository(db: Db) {
  const liveCategory = (ownerCustomerId: number, id?: number) =>
    and(
      eq(hardwareCategories.ownerCustomerId, ownerCustomerId),
      isNull(hardwareCategories.deletedAt),
      id === undefined ? undefined : eq(hardwareCategories.id, id),
    );

  const findOrders = (where: SQL, limit: number, offset = 0) =>
    db
      .select({
        id: hardwareOrders.id,
        customerId: hardwareOrders.customerId,
        customerName: customers.name,
        productId: hardwareOrders.productId,
        productName: hardwareOrders.productName,
        quantity: hardwareOrders.quantity,
        unitPrice: hardwareOrders.unitPrice,
        total: hardwareOrders.total,
        status: hardwareOrders.status,
        remarks: hardwareOrders.remarks,
        orderedBy: users.name,
        createdAt: hardwareOrders.createdAt,
        updatedAt: hardwareOrders.updatedAt,
      })
      .from(hardwareOrders)
      .innerJoin(customers, eq(customers.id, hardwareOrders.customerId))
      .innerJoin(users, eq(users.id, hardwareOrders.userId))
      .where(where)
      .orderBy(desc(hardwareOrders.createdAt), desc(hardwareOrders.id))
      .limit(limit)
      .offset(offset);

  return {
    async findCategoriesPage(ownerCustomerId: number, q: Page & { search?: string; id?: number }) {
      const where = and(
        liveCategory(ownerCustomerId, q.id),
        q.search ? ilike(hardwareCategories.name, likePattern(q.search)) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const [items, [total]] = await Promise.all([
        db
          .select({
            id: hardwareCategories.id,
            name: hardwareCategories.name,
            description: hardwareCategories.description,
            imageFileId: hardwareCategories.imageFileId,
            productCount: sql<number>`(select count(*)::int from hardware_products hp
              where hp.category_id = hardware_categories.id and hp.deleted_at is null)`,
          })
          .from(hardwareCategories)
          .where(where)
          .orderBy(asc(hardwareCategories.name), asc(hardwareCategories.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(hardwareCategories).where(where),
      ]);
      return { items, total: total!.n }; // count() answers one row
    },

    async findCategory(ownerCustomerId: number, id: number) {
      const rows = await db
        .select({ id: hardwareCategories.id, imageFileId: hardwareCategories.imageFileId })
        .from(hardwareCategories)
        .where(liveCategory(ownerCustomerId, id));
      return rows[0];
    },

    async insertCategory(
      v: { ownerCustomerId: number; name: string; description: string; imageFileId: string | null; at: Date },
      tx: Tx,
    ) {
      const [row] = await tx
        .insert(hardwareCategories)
        .values({ ...v, createdAt: v.at })
        .returning({ id: hardwareCategories.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async updateCategory(
      id: number,
      v: Partial<{ name: string; description: string; imageFileId: string; deletedAt: Date }>,
      tx: Tx = db,
    ) {
      const values = definedOnly(v);
      if (Object.keys(values).length > 0)
        await tx.update(hardwareCategories).set(values).where(eq(hardwareCategories.id, id));
    },

    async findProductsPage(ownerCustomerId: number, q: Page & { category_id?: number; search?: string }) {
      const where = and(
        liveCategory(ownerCustomerId),
        isNull(hardwareProducts.deletedAt),
        q.category_id === undefined ? undefined : eq(hardwareProducts.categoryId, q.category_id),
        q.search ? ilike(hardwareProducts.name, likePattern(q.search)) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const from = () =>
        db
          .select(productColumns)
          .from(hardwareProducts)
          .innerJoin(hardwareCategories, eq(hardwareCategories.id, hardwareProducts.categoryId));
      const [items, [total]] = await Promise.all([
        from().where(where).orderBy(asc(hardwareProducts.name), asc(hardwareProducts.id)).limit(limit).offset(offset),
        db
          .select({ n: count() })
          .from(hardwareProducts)
          .innerJoin(hardwareCategories, eq(hardwareCategories.id, hardwareProducts.categoryId))
          .where(where),
      ]);
      return { items, total: total!.n }; // count() answers one row
    },

    async findOwnProduct(ownerCustomerId: number, id: number) {
      const rows = await db
        .select(productColumns)
        .from(hardwareProducts)
        .innerJoin(hardwareCategories, eq(hardwareCategories.id, hardwareProducts.categoryId))
        .where(and(eq(hardwareProducts.id, id), isNull(hardwareProducts.deletedAt), liveCategory(ownerCustomerId)));
      return rows[0];
    },

    /** A product of the owner's catalogue, locked for the order that reads its price and stock. */
    async lockProduct(ownerCustomerId: number, id: number, tx: Tx) {
      const rows = await tx
        .select(productColumns)
        .from(hardwareProducts)
        .innerJoin(hardwareCategories, eq(hardwareCategories.id, hardwareProducts.categoryId))
        .where(and(eq(hardwareProducts.id, id), isNull(hardwareProducts.deletedAt), liveCategory(ownerCustomerId)))
        .for('update', { of: hardwareProducts });
      return rows[0];
    },

    async insertProduct(
      v: {
        categoryId: number;
        name: string;
        description: string;
        price: string;
        stock: number;
        imageFileId: string | null;
        at: Date;
      },
      tx: Tx,
    ) {
      const [row] = await tx
        .insert(hardwareProducts)
        .values({ ...v, createdAt: v.at })
        .returning({ id: hardwareProducts.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async updateProduct(
      id: number,
      v: Partial<{
        name: string;
        description: string;
        price: string;
        stock: number;
        imageFileId: string;
        deletedAt: Date;
      }>,
      tx: Tx = db,
    ) {
      const values = definedOnly(v);
      if (Object.keys(values).length > 0)
        await tx.update(hardwareProducts).set(values).where(eq(hardwareProducts.id, id));
    },

    async changeStock(id: number, delta: number, tx: Tx) {
      await tx
        .update(hardwareProducts)
        .set({ stock: sql`${hardwareProducts.stock} + ${delta}` })
        .where(eq(hardwareProducts.id, id));
    },

    async insertOrder(v: typeof hardwareOrders.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(hardwareOrders).values(v).returning({ id: hardwareOrders.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    async lockOrder(viewer: Viewer, id: number, tx: Tx) {
      const rows = await tx
        .select()
        .from(hardwareOrders)
        .where(
          and(
            eq(hardwareOrders.id, id),
            eq(hardwareOrders.resellerId, viewer.customerId),
            assignedCustomer(viewer, hardwareOrders.customerId),
          ),
        )
        .for('update');
      return rows[0];
    },

    async updateOrder(id: number, v: { status: HardwareOrderStatus; refundEntryId?: number; updatedAt: Date }, tx: Tx) {
      await tx.update(hardwareOrders).set(definedOnly(v)).where(eq(hardwareOrders.id, id));
    },

    /** Orders of one shop, or of the shops of a reseller its user may see. */
    async findOrdersPage(scope: { customerId: number } | { reseller: Viewer }, q: OrdersQuery & { limit: number }) {
      const where = and(
        'customerId' in scope
          ? eq(hardwareOrders.customerId, scope.customerId)
          : and(
              eq(hardwareOrders.resellerId, scope.reseller.customerId),
              assignedCustomer(scope.reseller, hardwareOrders.customerId),
            ),
        q.status === undefined ? undefined : eq(hardwareOrders.status, q.status),
        q.customer_id === undefined ? undefined : eq(hardwareOrders.customerId, q.customer_id),
        q.from === undefined ? undefined : gte(hardwareOrders.createdAt, berlinDayStartSql(q.from)),
        q.to === undefined ? undefined : lt(hardwareOrders.createdAt, berlinDayEndSql(q.to)),
      ) as SQL;
      const { limit, offset } = pageWindow({ page: q.page, limit: q.limit });
      const [items, [total]] = await Promise.all([
        findOrders(where, limit, offset),
        db.select({ n: count() }).from(hardwareOrders).where(where),
      ]);
      return { items, total: total!.n }; // count() answers one row
    },

    async findOrder(id: number) {
      const rows = await findOrders(eq(hardwareOrders.id, id), 1);
      return rows[0];
    },
  };
}
export type HardwareRepository = ReturnType<typeof createHardwareRepository>;
export type CategoryRow = Awaited<ReturnType<HardwareRepository['findCategoriesPage']>>['items'][number];
export type ProductRow = NonNullable<Awaited<ReturnType<HardwareRepository['findOwnProduct']>>>;
export type OrderRow = NonNullable<Awaited<ReturnType<HardwareRepository['findOrder']>>>;
