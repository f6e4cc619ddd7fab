import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { productConfigurations, products } from '../../db/schema/products.ts';
import { suppliers } from '../../db/schema/suppliers.ts';
import { assignedTo } from '../../db/scopes.ts';

const present = <T>(x: T | undefined): x is T => x !== undefined;

/**
 * Stock and import history of one owner, for the stock reports (spec section 2 "/reports-stock",
 * "/reports-inventory"); the stock report and the filter lists also hold the platform's configurations
 * assigned to a reseller, whose figures the service cuts down to their availability.
 */
export function createStockReportsRepository(db: Db) {
  return {
    async findStockReport(q: {
      customerId: number;
      productType?: string;
      productId?: number;
      configurationId?: number;
      supplierId?: number;
      limit: number;
      offset: number;
    }) {
      const own = sql`pr.owner_customer_id = ${q.customerId}`;
      // A supplier is the viewer's own: filtering by one leaves out the platform's assigned stock.
      const visible = q.supplierId ? own : sql`(${own} or ${assignedTo(q.customerId, sql`c.id`)})`;
      const where = sql.join(
        [
          visible,
          q.productType ? sql`pr.product_type = ${q.productType}` : undefined,
          q.productId ? sql`pr.id = ${q.productId}` : undefined,
          q.configurationId ? sql`c.id = ${q.configurationId}` : undefined,
        ].filter(present),
        sql` and `,
      );
      const supplierFilter = q.supplierId ? sql`and p.supplier_id = ${q.supplierId}` : sql``;
      const [items, total] = await Promise.all([
        db.execute<{
          configuration_id: number;
          product_id: number;
          product_name: string;
          product_type: string;
          value: string;
          total: number;
          sold: number;
          unsold: number;
          published: number;
          unpublished: number;
          stock_cost: string;
          sold_cost: string;
          face_value_unsold: string;
          available: number;
          assigned: boolean;
        }>(sql`
          select c.id as configuration_id, pr.id as product_id, pr.product_name, pr.product_type, c.value,
                 pr.owner_customer_id <> ${q.customerId} as assigned, s.*
          from product_configurations c join products pr on pr.id = c.product_id
          cross join lateral (
            select count(p.id)::int as total,
                   (count(p.id) filter (where p.sold_at is not null))::int as sold,
                   (count(p.id) filter (where p.sold_at is null))::int as unsold,
                   (count(p.id) filter (where p.sold_at is null and p.published))::int as published,
                   (count(p.id) filter (where p.sold_at is null and not p.published))::int as unpublished,
                   count(a.pin_id)::int as available,
                   coalesce(sum(p.cost) filter (where p.sold_at is null), 0) as stock_cost,
                   coalesce(sum(p.cost) filter (where p.sold_at is not null), 0) as sold_cost,
                   (count(p.id) filter (where p.sold_at is null)) * c.value as face_value_unsold
            from pins p left join available_stock a on a.pin_id = p.id
            where p.configuration_id = c.id ${supplierFilter}) s
          where ${where}
          order by pr.product_name, pr.id, c.value, c.id
          limit ${q.limit} offset ${q.offset}`),
        db.execute<{ total: number }>(sql`
          select count(*)::int as total from product_configurations c join products pr on pr.id = c.product_id
          where ${where}`),
      ]);
      return { items: items.rows, total: total.rows[0]!.total }; // count(*) answers one row
    },

    async findImportHistory(q: {
      ownerCustomerId: number;
      from?: Date;
      to?: Date;
      productId?: number;
      supplierId?: number;
      statuses: string[];
      limit: number;
      offset: number;
    }) {
      const where = sql.join(
        [
          sql`i.owner_customer_id = ${q.ownerCustomerId}`,
          sql`i.status in ${q.statuses}`,
          q.from ? sql`i.decided_at >= ${q.from.toISOString()}` : undefined,
          q.to ? sql`i.decided_at < ${q.to.toISOString()}` : undefined,
          q.productId ? sql`pr.id = ${q.productId}` : undefined,
          q.supplierId ? sql`i.supplier_id = ${q.supplierId}` : undefined,
        ].filter(present),
        sql` and `,
      );
      const base = sql`from inventory_imports i
        left join product_configurations c on c.id = i.configuration_id
        left join products pr on pr.id = c.product_id
        left join suppliers s on s.id = i.supplier_id
        left join users u on u.id = i.approved_by
        where ${where}`;
      const [items, total] = await Promise.all([
        db.execute<{
          import_id: number;
          kind: string;
          status: string;
          file_name: string;
          import_batch: string | null;
          product_id: number | null;
          product_name: string | null;
          configuration_id: number | null;
          value: string | null;
          supplier_id: number | null;
          supplier_name: string | null;
          buying_discount: string | null;
          total_rows: number | null;
          imported_pins: number | null;
          failed_rows: number | null;
          published: boolean | null;
          decided_at: Date | null;
          decided_by: string | null;
          created_at: Date;
        }>(sql`select i.id as import_id, i.kind, i.status, i.file_name, i.import_batch, pr.id as product_id,
                      pr.product_name, c.id as configuration_id, c.value, i.supplier_id, s.full_name as supplier_name,
                      i.buying_discount, i.total_rows, i.imported_pins, i.failed_rows, i.published, i.decided_at,
                      u.username as decided_by, i.created_at
               ${base} order by i.decided_at desc nulls last, i.id desc limit ${q.limit} offset ${q.offset}`),
        db.execute<{ total: number }>(sql`select count(*)::int as total ${base}`),
      ]);
      return { items: items.rows, total: total.rows[0]!.total }; // count(*) answers one row
    },

    async findSoldPins(q: { configurationId: number; lot: string; limit: number; offset: number }) {
      const base = sql`from pins p where p.configuration_id = ${q.configurationId} and p.lot = ${q.lot}
        and p.sold_at is not null`;
      const [items, total] = await Promise.all([
        db.execute<{
          id: number;
          pin_hint: string;
          pin_length: number;
          serial: string | null;
          sold_at: Date;
          cost: string;
        }>(sql`select p.id, p.pin_hint, p.pin_length, p.serial, p.sold_at, p.cost ${base}
               order by p.sold_at desc, p.id limit ${q.limit} offset ${q.offset}`),
        db.execute<{ total: number }>(sql`select count(*)::int as total ${base}`),
      ]);
      return { items: items.rows, total: total.rows[0]!.total }; // count(*) answers one row
    },

    /** Products and denominations the customer owns or was assigned (only those), for the report filter lists. */
    async findProductFilters(customerId: number) {
      return db
        .select({
          productId: products.id,
          productName: products.productName,
          productType: products.productType,
          configurationId: productConfigurations.id,
          value: productConfigurations.value,
          assigned: sql<boolean>`${products.ownerCustomerId} <> ${customerId}`,
        })
        .from(products)
        .innerJoin(productConfigurations, eq(productConfigurations.productId, products.id))
        .where(or(eq(products.ownerCustomerId, customerId), assignedTo(customerId, productConfigurations.id)))
        .orderBy(asc(products.productName), asc(products.id), asc(productConfigurations.value));
    },
    async findSupplierFilters(ownerCustomerId: number) {
      return db
        .select({ supplierId: suppliers.id, fullName: suppliers.fullName })
        .from(suppliers)
        .where(eq(suppliers.ownerCustomerId, ownerCustomerId))
        .orderBy(asc(suppliers.fullName));
    },
  };
}
export type StockReportsRepository = ReturnType<typeof createStockReportsRepository>;
