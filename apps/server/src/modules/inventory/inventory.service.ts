import type {
  inventoryListBody,
  inventorySearchBody,
  stockBatchBody,
  updateBatchStatusBody,
} from '@portal/contract/inventory';
import type { ProductType } from '@portal/contract/products';
import { ROLE } from '@portal/contract/roles';
import type { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import { bit } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { ProductsService } from '../products/products.service.ts';
import {
  toBatchSummary,
  toLotPin,
  toLotRow,
  toPinSearchRow,
  toStockConfiguration,
  toStockRow,
  toVisibleCounts,
} from './inventory.mapper.ts';
import type { StockRepository } from './stock.repository.ts';

/**
 * Stock views of one owner: configurations with counts, their lots, the pins of a lot (masked), publish
 * and unpublish of a lot, and PIN / batch search. The superadmin's search spans every owner. A reseller
 * also sees the platform's configurations assigned to it, read-only and with their availability only:
 * their lots, pins and totals are the platform's.
 */
export function createInventoryService(deps: {
  db: Db;
  repo: StockRepository;
  products: ProductsService;
  pinCrypto: PinCrypto;
}) {
  const { db, repo, products, pinCrypto } = deps;

  async function findStock(actor: Actor, q: z.output<typeof inventoryListBody>, types?: readonly ProductType[]) {
    const wanted = q.filters.product_type ? [q.filters.product_type] : types;
    const { items, total } = await repo.findStockPage({
      customerId: actor.customerId,
      ownership: q.filters.ownership,
      productTypes: wanted ? [...wanted] : undefined,
      productId: q.filters.product_id,
      search: q.search_text,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { items: items.map(toStockRow), total };
  }

  async function getStockDetails(actor: Actor, configurationId: number, pageNo: number, limit: number, lot?: string) {
    const config = await products.getVisibleConfiguration(actor, configurationId);
    const [counts, lots] = await Promise.all([
      repo.countConfiguration(config.id),
      config.assigned ? { items: [], total: 0 } : repo.findLotPage(config.id, limit, (pageNo - 1) * limit, lot),
    ]);
    return {
      configuration: toStockConfiguration(config, counts),
      counts: toVisibleCounts(counts, config.assigned),
      items: lots.items.map(toLotRow),
      total: lots.total,
    };
  }

  async function getBatchDetails(actor: Actor, q: z.output<typeof stockBatchBody>) {
    const config = await products.getOwnConfiguration(actor, q.configuration_id);
    const summary = await repo.countLot(config.id, q.batch);
    if (summary.total === 0) throw notFound('Batch');
    const { items, total } = await repo.findLotPins({
      configurationId: config.id,
      lot: q.batch,
      status: q.status,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { batch: toBatchSummary(config, q.batch, summary), items: items.map(toLotPin), total };
  }

  /** Publish or unpublish a lot: available_stock follows in the same transaction. */
  async function setBatchPublished(actor: Actor, b: z.output<typeof updateBatchStatusBody>) {
    const config = await products.getOwnConfiguration(actor, b.configuration_id);
    if (!(await repo.lotExists(config.id, b.batch))) throw notFound('Batch');
    const changed = await db.transaction((tx) =>
      b.publish ? repo.publishLot(config.id, b.batch, tx) : repo.unpublishLot(config.id, b.batch, tx),
    );
    return { configuration_id: config.id, batch: b.batch, published: bit(b.publish), changed_pins: changed };
  }

  async function searchInventory(
    actor: Actor,
    q: z.output<typeof inventorySearchBody>,
    types?: readonly ProductType[],
  ) {
    const everyOwner = actor.account_role === ROLE.superadmin;
    const { items, total } = await repo.searchPins({
      ownerCustomerId: everyOwner ? null : actor.customerId,
      pinIndexes: q.search_type === 'pin' ? pinCrypto.indexes(q.search_text) : undefined,
      lot: q.search_type === 'batch' ? q.search_text : undefined,
      productTypes: types ? [...types] : undefined,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { items: items.map(toPinSearchRow), total };
  }

  return { findStock, getStockDetails, getBatchDetails, setBatchPublished, searchInventory, claimPins: repo.claimPins };
}
export type InventoryService = ReturnType<typeof createInventoryService>;
