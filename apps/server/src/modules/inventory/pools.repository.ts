import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { pools } from '../../db/schema/inventory.ts';
import { products } from '../../db/schema/products.ts';
import { type CountRow, countColumns } from './stock-counts.ts';

/** Pools: products whose PINs any assigned reseller may sell. */
export function createPoolsRepository(db: Db) {
  return {
    async insertPool(productId: number, tx: Tx) {
      const [row] = await tx.insert(pools).values({ productId }).returning();
      return row!; // insert … returning answers the row it inserted
    },
    async findPool(id: number) {
      const [row] = await db
        .select({ pool: pools, product: products })
        .from(pools)
        .innerJoin(products, eq(products.id, pools.productId))
        .where(eq(pools.id, id));
      return row;
    },
    async findPoolPage(limit: number, offset: number) {
      const [items, [counted]] = await Promise.all([
        db.execute<
          CountRow & {
            pool_id: number;
            product_id: number;
            pool_name: string;
            pin_length: number;
            is_active: boolean;
            created_at: Date;
            configuration_count: number;
          }
        >(sql`
          select po.id as pool_id, pr.id as product_id, pr.product_name as pool_name, pr.pin_length, pr.is_active,
                 po.created_at,
                 (select count(*)::int from product_configurations c where c.product_id = pr.id) as configuration_count,
                 s.*
          from pools po join products pr on pr.id = po.product_id
          cross join lateral (
            select ${countColumns} from pins p left join available_stock a on a.pin_id = p.id
            where p.product_id = pr.id) s
          order by pr.product_name, po.id
          limit ${limit} offset ${offset}`),
        db.select({ total: count() }).from(pools),
      ]);
      const { total } = counted!; // count() answers one row
      return { items: items.rows, total };
    },
  };
}
export type PoolsRepository = ReturnType<typeof createPoolsRepository>;
