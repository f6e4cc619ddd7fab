import type { addPoolBody, PoolView, viewUpdatePoolBody } from '@portal/contract/pools';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import type { ProductsService } from '../products/products.service.ts';
import { toPoolRow } from './inventory.mapper.ts';
import type { PoolsRepository } from './pools.repository.ts';

/**
 * Calling-card pools (superadmin): each pool is a calling-card product of the platform with a pool row
 * of its own; its PINs come in through the same three-step import as any product's.
 */
export function createPoolsService(deps: { db: Db; repo: PoolsRepository; products: ProductsService }) {
  const { db, repo, products } = deps;

  async function getOwnPool(actor: Actor, poolId: number) {
    const found = await repo.findPool(poolId);
    if (!found || found.product.ownerCustomerId !== actor.customerId) throw notFound('Pool');
    return found;
  }

  async function createPool(actor: Actor, b: z.output<typeof addPoolBody>): Promise<PoolView> {
    return db.transaction(async (tx) => {
      const product = await products.createProduct(
        actor,
        {
          product_name: b.pool_name,
          product_type: 'calling_card',
          vat_treatment: 'mpv',
          pin_length: b.pin_length,
          customer_care: b.customer_care,
          instructions: b.instructions,
          is_configuration: true,
          configurations: b.configurations,
        },
        tx,
      );
      const pool = await repo.insertPool(product.product_id, tx);
      return { pool_id: pool.id, pool_name: product.product_name, ...product };
    });
  }

  async function getPool(actor: Actor, poolId: number): Promise<PoolView> {
    const { pool, product } = await getOwnPool(actor, poolId);
    const one = await products.getProduct(actor, product.id, 1, 100);
    return { pool_id: pool.id, pool_name: product.productName, ...one.product, configurations: one.configurations };
  }

  /** view_update_pool: an optional change of one pool (name, active), then the page of pools. */
  async function viewUpdatePools(actor: Actor, q: z.output<typeof viewUpdatePoolBody>) {
    let pool: PoolView | null = null;
    if (q.pool_id !== undefined) {
      const { product } = await getOwnPool(actor, q.pool_id);
      if (q.pool_name !== undefined || q.is_active !== undefined) {
        await products.updateProduct(actor, {
          product_id: product.id,
          product_name: q.pool_name,
          is_active: q.is_active,
        });
      }
      pool = await getPool(actor, q.pool_id);
    }
    const { items, total } = await repo.findPoolPage(q.limit, (q.page - 1) * q.limit);
    return {
      pool,
      items: items.map(toPoolRow),
      total,
    };
  }

  return { getOwnPool, createPool, getPool, viewUpdatePools };
}
export type PoolsService = ReturnType<typeof createPoolsService>;
