import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { pins } from '../../db/schema/inventory.ts';
import { productConfigurations, products, productVatHistory } from '../../db/schema/products.ts';
import { assignedTo } from '../../db/scopes.ts';
import { definedOnly, likePattern } from '../../db/sql.ts';

export type ProductRow = typeof products.$inferSelect;
export type ConfigurationRow = typeof productConfigurations.$inferSelect;

export interface ProductQuery {
  /** The viewer: its own products and those with a configuration the platform assigned to it. */
  customerId: number;
  productTypes?: string[];
  isActive?: boolean;
  search?: string;
  limit: number;
  offset: number;
}

// Qualified by hand: in a single-table query drizzle names columns bare, and a subquery would capture them.
const PRODUCT_ID = sql.raw('"products"."id"');
const PRODUCT_OWNER = sql.raw('"products"."owner_customer_id"');
const CONFIGURATION_ID = sql.raw('"product_configurations"."id"');

/** A product the customer owns, or one of whose configurations is assigned to it. */
function visibleProduct(customerId: number): SQL {
  return sql`(${PRODUCT_OWNER} = ${customerId} or exists (
    select 1 from product_configurations vis_c where vis_c.product_id = ${PRODUCT_ID}
      and ${assignedTo(customerId, sql`vis_c.id`)}))`;
}

export function createProductsRepository(db: Db) {
  return {
    async insertProduct(values: typeof products.$inferInsert, configs: { value: string; info: string }[], tx: Tx) {
      const [product] = await tx.insert(products).values(values).returning();
      if (!product) throw new Error('the product insert returned no row');
      const configurations = await tx
        .insert(productConfigurations)
        .values(configs.map((c) => ({ productId: product.id, value: c.value, info: c.info })))
        .returning();
      return { product, configurations };
    },

    async findProductPage(q: ProductQuery) {
      const where: SQL[] = [visibleProduct(q.customerId)];
      if (q.productTypes) where.push(inArray(products.productType, q.productTypes));
      if (q.isActive !== undefined) where.push(eq(products.isActive, q.isActive));
      if (q.search) where.push(ilike(products.productName, likePattern(q.search)));
      // Of an assigned product only the assigned configurations count.
      const configurationCount = sql<number>`(select count(*)::int from product_configurations cnt_c
        where cnt_c.product_id = ${PRODUCT_ID}
          and (${PRODUCT_OWNER} = ${q.customerId} or ${assignedTo(q.customerId, sql`cnt_c.id`)}))`;
      const [items, [counted]] = await Promise.all([
        db
          .select({ product: products, configurationCount })
          .from(products)
          .where(and(...where))
          .orderBy(desc(products.isActive), asc(products.productName), asc(products.id))
          .limit(q.limit)
          .offset(q.offset),
        db
          .select({ total: count() })
          .from(products)
          .where(and(...where)),
      ]);
      const { total } = counted!; // count() answers one row
      return { items, total };
    },

    /** Whether one of the product's configurations is assigned to the customer (and the assignment active). */
    async isProductAssigned(customerId: number, productId: number) {
      const rows = await db
        .select({ one: sql`1` })
        .from(productConfigurations)
        .where(and(eq(productConfigurations.productId, productId), assignedTo(customerId, CONFIGURATION_ID)))
        .limit(1);
      return rows.length > 0;
    },

    async isConfigurationAssigned(customerId: number, configurationId: number) {
      const rows = await db
        .select({ one: sql`1` })
        .from(productConfigurations)
        .where(and(eq(productConfigurations.id, configurationId), assignedTo(customerId, CONFIGURATION_ID)));
      return rows.length > 0;
    },

    async findProduct(id: number, tx: Tx = db) {
      const [row] = await tx.select().from(products).where(eq(products.id, id));
      return row;
    },

    async lockProduct(id: number, tx: Tx) {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      return row;
    },

    /** With `assignedTo`, only the configurations assigned to that customer (a platform product it sells). */
    async countConfigurations(productId: number, assignedToCustomer?: number) {
      return db.$count(
        productConfigurations,
        and(
          eq(productConfigurations.productId, productId),
          assignedToCustomer === undefined ? undefined : assignedTo(assignedToCustomer, CONFIGURATION_ID),
        ),
      );
    },

    async findConfigurationPage(productId: number, limit: number, offset: number, assignedToCustomer?: number) {
      return db
        .select()
        .from(productConfigurations)
        .where(
          and(
            eq(productConfigurations.productId, productId),
            assignedToCustomer === undefined ? undefined : assignedTo(assignedToCustomer, CONFIGURATION_ID),
          ),
        )
        .orderBy(asc(productConfigurations.value), asc(productConfigurations.id))
        .limit(limit)
        .offset(offset);
    },

    async findConfigurations(productId: number, tx: Tx = db) {
      return tx
        .select()
        .from(productConfigurations)
        .where(eq(productConfigurations.productId, productId))
        .orderBy(asc(productConfigurations.value), asc(productConfigurations.id));
    },

    /** A configuration with the product fields every stock operation needs. */
    async findConfiguration(id: number, tx: Tx = db) {
      const [row] = await tx
        .select({
          id: productConfigurations.id,
          value: productConfigurations.value,
          info: productConfigurations.info,
          isActive: productConfigurations.isActive,
          productId: products.id,
          productName: products.productName,
          productType: products.productType,
          pinLength: products.pinLength,
          productActive: products.isActive,
          ownerCustomerId: products.ownerCustomerId,
        })
        .from(productConfigurations)
        .innerJoin(products, eq(products.id, productConfigurations.productId))
        .where(eq(productConfigurations.id, id));
      return row;
    },

    async updateProduct(id: number, values: Partial<typeof products.$inferInsert>, tx: Tx) {
      const set = definedOnly(values);
      if (Object.keys(set).length === 0) return;
      await tx.update(products).set(set).where(eq(products.id, id));
    },

    /**
     * A change of the product's VAT treatment, in force from `at` (decision 0132; the database refuses a backdated
     * one). A second change within the same millisecond as the last (the caller holds the product's row lock)
     * starts one millisecond after it, so the later one is the one in force.
     */
    async appendVatEntry(productId: number, vat: { vatTreatment: string; vatRate: string }, at: Date, tx: Tx) {
      await tx.execute(sql`
        insert into ${productVatHistory} (product_id, valid_from, vat_treatment, vat_rate)
        select ${productId}, greatest(${at.toISOString()}::timestamptz, max(valid_from) + interval '1 millisecond'),
               ${vat.vatTreatment}, ${vat.vatRate}
        from ${productVatHistory} where product_id = ${productId}`);
    },

    async insertConfiguration(productId: number, value: string, info: string, tx: Tx) {
      await tx.insert(productConfigurations).values({ productId, value, info });
    },

    async updateConfiguration(id: number, values: Partial<typeof productConfigurations.$inferInsert>, tx: Tx) {
      const set = definedOnly(values);
      if (Object.keys(set).length === 0) return;
      await tx.update(productConfigurations).set(set).where(eq(productConfigurations.id, id));
    },

    async hasPins(where: { productId?: number; configurationId?: number }, tx: Tx = db) {
      const cond = where.configurationId
        ? eq(pins.configurationId, where.configurationId)
        : eq(pins.productId, where.productId ?? 0);
      const rows = await tx.select({ one: sql`1` }).from(pins).where(cond).limit(1);
      return rows.length > 0;
    },
  };
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>;
