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
import { notFound } from '../../platform/errors.ts';
import { escapeFormula, type PinCrypto } from '../../platform/pin-crypto.ts';
import { moneyText } from '../products/products.mapper.ts';
import type { ProductsService } from '../products/products.service.ts';
import { maskedPin, toCounts, toVisibleCounts } from './inventory.mapper.ts';
import type { StockRepository } from './stock.repository.ts';

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

function pinState(p: { sold_at: Date | null; published: boolean }) {
  if (p.sold_at) return 'sold';
  return p.published ? 'available' : 'unpublished';
}

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
    return {
      items: items.map((r) => ({
        configuration_id: r.configuration_id,
        product_id: r.product_id,
        product_name: r.product_name,
        product_type: r.product_type as ProductType,
        value: moneyText(r.value),
        info: r.info,
        is_active: bit(r.is_active && r.product_active),
        ...toVisibleCounts(r, r.assigned),
      })),
      total,
    };
  }

  async function getStockDetails(actor: Actor, configurationId: number, pageNo: number, limit: number, lot?: string) {
    const config = await products.getVisibleConfiguration(actor, configurationId);
    const [counts, lots] = await Promise.all([
      repo.countConfiguration(config.id),
      config.assigned ? { items: [], total: 0 } : repo.findLotPage(config.id, limit, (pageNo - 1) * limit, lot),
    ]);
    return {
      configuration: {
        configuration_id: config.id,
        product_id: config.productId,
        product_name: config.productName,
        product_type: config.productType as ProductType,
        value: moneyText(config.value),
        info: config.info,
        pin_length: config.pinLength,
        is_active: bit(config.isActive && config.productActive),
        ...toVisibleCounts(counts, config.assigned),
      },
      items: lots.items.map((l) => ({
        batch: l.lot,
        lot_number: escapeFormula(l.lot),
        imported_at: new Date(l.first_import_at).toISOString(),
        supplier_name: l.supplier_name,
        buying_discount: l.buying_discount,
        cost: moneyText(l.cost),
        ...toCounts(l),
      })),
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
    return {
      batch: {
        configuration_id: config.id,
        product_name: config.productName,
        value: moneyText(config.value),
        batch: q.batch,
        lot_number: escapeFormula(q.batch),
        ...toCounts(summary),
      },
      items: items.map((p) => ({
        pin_id: Number(p.id),
        pin: maskedPin(p.pin_hint, p.pin_length),
        serial: p.serial === null ? null : escapeFormula(p.serial),
        status: pinState(p),
        published: bit(p.published),
        sold: bit(p.sold_at !== null),
        sold_at: p.sold_at ? new Date(p.sold_at).toISOString() : null,
        imported_at: new Date(p.created_at).toISOString(),
      })),
      total,
    };
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
      pinIndex: q.search_type === 'pin' ? pinCrypto.index(q.search_text) : undefined,
      lot: q.search_type === 'batch' ? q.search_text : undefined,
      productTypes: types ? [...types] : undefined,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return {
      items: items.map((p) => ({
        pin_id: Number(p.id),
        pin: maskedPin(p.pin_hint, p.pin_length),
        serial: p.serial === null ? null : escapeFormula(p.serial),
        batch: p.lot,
        lot_number: escapeFormula(p.lot),
        status: pinState(p),
        available: bit(p.available),
        sold_at: p.sold_at ? new Date(p.sold_at).toISOString() : null,
        imported_at: new Date(p.created_at).toISOString(),
        import_id: p.import_id,
        product_id: p.product_id,
        product_name: p.product_name,
        product_type: p.product_type as ProductType,
        configuration_id: p.configuration_id,
        value: moneyText(p.value),
        owner_name: p.owner_name,
        supplier_name: p.supplier_name,
      })),
      total,
    };
  }

  return { findStock, getStockDetails, getBatchDetails, setBatchPublished, searchInventory, claimPins: repo.claimPins };
}
export type InventoryService = ReturnType<typeof createInventoryService>;
