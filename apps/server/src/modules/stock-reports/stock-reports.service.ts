import type { inventoryHistoryBody, soldPinsByBatchBody, stockReportBody } from '@portal/contract/stock-reports';
import { EXPORT_MAX_ROWS } from '@portal/contract/stock-reports';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import { berlinDayStart } from '../../platform/berlin-time.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { SuppliersService } from '../suppliers/suppliers.service.ts';
import {
  toInventoryHistoryRow,
  toProductFilterChoices,
  toSoldPinRow,
  toStockReportRow,
} from './stock-reports.mapper.ts';
import type { StockReportsRepository } from './stock-reports.repository.ts';

export function createStockReportsService(deps: {
  repo: StockReportsRepository;
  products: ProductsService;
  suppliers: SuppliersService;
}) {
  const { repo, products, suppliers } = deps;
  const window = (q: { format: string; page: number; limit: number }) =>
    q.format !== 'json' ? { limit: EXPORT_MAX_ROWS, offset: 0 } : { limit: q.limit, offset: (q.page - 1) * q.limit };

  async function stockReport(actor: Actor, q: z.output<typeof stockReportBody>) {
    if (q.filters.supplier_id) await suppliers.getOwnSupplier(actor, q.filters.supplier_id);
    const { items, total } = await repo.findStockReport({
      customerId: actor.customerId,
      productType: q.filters.product_type,
      productId: q.filters.product_id,
      configurationId: q.filters.configuration_id,
      supplierId: q.filters.supplier_id,
      ...window(q),
    });
    return { items: items.map(toStockReportRow), total };
  }

  async function inventoryHistory(actor: Actor, q: z.output<typeof inventoryHistoryBody>) {
    const f = q.filters;
    if (f.supplier_id) await suppliers.getOwnSupplier(actor, f.supplier_id);
    // An assigned product may be chosen: its history is the platform's, so the page is empty.
    if (f.product_id) await products.getVisibleProduct(actor, f.product_id);
    const to = f.to ? berlinDayStart(f.to) : undefined;
    const { items, total } = await repo.findImportHistory({
      ownerCustomerId: actor.customerId,
      from: f.from ? berlinDayStart(f.from) : undefined,
      to: to ? new Date(to.getTime() + 24 * 3_600_000) : undefined,
      productId: f.product_id,
      supplierId: f.supplier_id,
      statuses: f.status === 'all' ? ['approved', 'cancelled'] : [f.status],
      ...window(q),
    });
    return { items: items.map(toInventoryHistoryRow), total };
  }

  async function soldPinsByBatch(actor: Actor, q: z.output<typeof soldPinsByBatchBody>) {
    const config = await products.getOwnConfiguration(actor, q.configuration_id);
    const { items, total } = await repo.findSoldPins({ configurationId: config.id, lot: q.batch, ...window(q) });
    return { items: items.map(toSoldPinRow), total };
  }

  async function productFilters(actor: Actor) {
    const [rows, supplierRows] = await Promise.all([
      repo.findProductFilters(actor.customerId),
      repo.findSupplierFilters(actor.customerId),
    ]);
    return toProductFilterChoices(rows, supplierRows);
  }

  return { stockReport, inventoryHistory, soldPinsByBatch, productFilters };
}
export type StockReportsService = ReturnType<typeof createStockReportsService>;
