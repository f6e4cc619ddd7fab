import type { ProductType } from '@portal/contract/products';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { productConfigurations, products } from '../../db/schema/products.ts';
import { availableUpToThreshold, visibleCustomers } from '../../db/scopes.ts';
import type { Viewer } from '../../platform/actor.ts';

export type LowStockRecord = {
  configuration_id: number;
  product_id: number;
  product_name: string;
  product_type: ProductType;
  value: string;
  available: number;
  threshold: number;
};

export type CreditNearLimitRecord = {
  customer_id: number;
  name: string;
  credit_limit: string;
  outstanding_credit: string;
};

/**
 * The dashboard's own SQL: stock below its threshold and customers close to their credit limit, read like the
 * reports from `readDb`; the thresholds themselves are read and written on the primary.
 */
export function createDashboardRepository(db: Db, readDb: Db = db) {
  return {
    /**
     * The owner's active denominations with fewer PINs for sale than their threshold. Counting stops at the
     * threshold, so a denomination with a million PINs costs no more than one with ten.
     */
    async findLowStock(ownerCustomerId: number, limit: number): Promise<LowStockRecord[]> {
      const { rows } = await readDb.execute<LowStockRecord>(sql`
        select c.id as configuration_id, p.id as product_id, p.product_name, p.product_type, c.value,
          n.available, c.low_stock_threshold as threshold
        from product_configurations c
        join products p on p.id = c.product_id
        ${availableUpToThreshold}
        where p.owner_customer_id = ${ownerCustomerId} and c.is_active and p.is_active
          and n.available < c.low_stock_threshold
        order by n.available, p.product_name, c.value, c.id
        limit ${limit}`);
      return rows;
    },

    async findCreditNearLimit(viewer: Viewer, share: string, limit: number): Promise<CreditNearLimitRecord[]> {
      const { rows } = await readDb.execute<CreditNearLimitRecord>(sql`
        select customers.id as customer_id, customers.name, customers.credit_limit, w.outstanding_credit
        from customers join wallets w on w.customer_id = customers.id
        where ${visibleCustomers(viewer)} and customers.credit_limit > 0
          and w.outstanding_credit >= customers.credit_limit * ${share}::numeric
        order by w.outstanding_credit / customers.credit_limit desc, customers.id
        limit ${limit}`);
      return rows;
    },

    /** How many customers are assigned to an operator's staff member: its figures cover theirs only. */
    async countAssigned(staffUserId: number): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from staff_assignments where staff_user_id = ${staffUserId}`,
      );
      return rows[0]!.n; // count(*) answers one row
    },

    async findOwnConfigurations(ownerCustomerId: number, configurationIds: number[]) {
      return db
        .select({ id: productConfigurations.id })
        .from(productConfigurations)
        .innerJoin(products, eq(products.id, productConfigurations.productId))
        .where(and(eq(products.ownerCustomerId, ownerCustomerId), inArray(productConfigurations.id, configurationIds)));
    },

    async updateLowStockThreshold(configurationId: number, threshold: number) {
      await db
        .update(productConfigurations)
        .set({ lowStockThreshold: threshold })
        .where(eq(productConfigurations.id, configurationId));
    },

    /** The thresholds of one of the owner's products, with the PINs for sale of each denomination. */
    async findThresholds(ownerCustomerId: number, productId: number) {
      const { rows } = await db.execute<{
        configuration_id: number;
        value: string;
        threshold: number;
        available: number;
      }>(
        sql`select c.id as configuration_id, c.value, c.low_stock_threshold as threshold,
            (select count(*)::int from available_stock a where a.configuration_id = c.id) as available
          from product_configurations c join products p on p.id = c.product_id
          where p.id = ${productId} and p.owner_customer_id = ${ownerCustomerId}
          order by c.value, c.id`,
      );
      return rows;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
