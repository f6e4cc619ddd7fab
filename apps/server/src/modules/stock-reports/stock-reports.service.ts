import { TIME_ZONE } from '@portal/contract/format';
import type { inventoryHistoryBody, soldPinsByBatchBody, stockReportBody } from '@portal/contract/stock-reports';
import { EXPORT_MAX_ROWS } from '@portal/contract/stock-reports';
import { stringify } from 'csv-stringify/sync';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import { escapeFormula } from '../../platform/pin-crypto.ts';
import { maskedPin } from '../inventory/inventory.mapper.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { SuppliersService } from '../suppliers/suppliers.service.ts';
import type { StockReportsRepository } from './stock-reports.repository.ts';

const money = (v: string | null) => (v === null ? null : new Decimal(v).toFixed(2));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Midnight of a calendar day in Berlin time (reports filter by the day the user sees). */
export function berlinDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(utcMidnight)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(offset ?? '');
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

/** CSV for download: every text cell escaped against spreadsheet formulas. */
export function toCsv(rows: Record<string, unknown>[], columns: string[]): string {
  return stringify(
    rows.map((r) => columns.map((c) => (typeof r[c] === 'string' ? escapeFormula(r[c] as string) : (r[c] ?? '')))),
    { header: true, columns },
  );
}

export function createStockReportsService(deps: {
  repo: StockReportsRepository;
  products: ProductsService;
  suppliers: SuppliersService;
}) {
  const { repo, products, suppliers } = deps;
  const window = (q: { format: string; page: number; limit: number }) =>
    q.format === 'csv' ? { limit: EXPORT_MAX_ROWS, offset: 0 } : { limit: q.limit, offset: (q.page - 1) * q.limit };

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
    // Of the platform's stock assigned to a reseller only the availability is the reseller's to see.
    const own = <T>(r: { assigned: boolean }, v: T) => (r.assigned ? null : v);
    return {
      items: items.map((r) => ({
        configuration_id: r.configuration_id,
        product_id: r.product_id,
        product_name: r.product_name,
        product_type: r.product_type,
        value: money(r.value)!,
        assigned: r.assigned ? 1 : 0,
        total: own(r, r.total),
        sold: own(r, r.sold),
        unsold: own(r, r.unsold),
        published: own(r, r.published),
        unpublished: own(r, r.unpublished),
        available: r.available,
        stock_cost: own(r, money(r.stock_cost)),
        sold_cost: own(r, money(r.sold_cost)),
        face_value_unsold: own(r, money(r.face_value_unsold)),
      })),
      total,
    };
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
    return {
      items: items.map((r) => ({
        import_id: r.import_id,
        kind: r.kind,
        status: r.status,
        file_name: r.file_name,
        batch: r.import_batch,
        product_id: r.product_id,
        product_name: r.product_name,
        configuration_id: r.configuration_id,
        value: money(r.value),
        supplier_id: r.supplier_id,
        supplier_name: r.supplier_name,
        buying_discount: r.buying_discount,
        total_rows: r.total_rows,
        imported_pins: r.imported_pins,
        failed_rows: r.failed_rows,
        published: r.published === null ? null : r.published ? 1 : 0,
        decided_at: iso(r.decided_at),
        decided_by: r.decided_by,
        uploaded_at: iso(r.created_at)!,
      })),
      total,
    };
  }

  async function soldPinsByBatch(actor: Actor, q: z.output<typeof soldPinsByBatchBody>) {
    const config = await products.getOwnConfiguration(actor, q.configuration_id);
    const { items, total } = await repo.findSoldPins({ configurationId: config.id, lot: q.batch, ...window(q) });
    return {
      items: items.map((p) => ({
        pin_id: Number(p.id),
        pin: maskedPin(p.pin_hint, p.pin_length),
        serial: p.serial,
        sold_at: iso(p.sold_at)!,
        cost: money(p.cost)!,
      })),
      total,
    };
  }

  async function productFilters(actor: Actor) {
    const [rows, supplierRows] = await Promise.all([
      repo.findProductFilters(actor.customerId),
      repo.findSupplierFilters(actor.customerId),
    ]);
    const byProduct = new Map<
      number,
      {
        product_id: number;
        product_name: string;
        product_type: string;
        assigned: 0 | 1;
        configurations: { id: number; value: string }[];
      }
    >();
    for (const r of rows) {
      const p = byProduct.get(r.productId) ?? {
        product_id: r.productId,
        product_name: r.productName,
        product_type: r.productType,
        assigned: r.assigned ? 1 : 0,
        configurations: [],
      };
      p.configurations.push({ id: r.configurationId, value: money(r.value)! });
      byProduct.set(r.productId, p);
    }
    return {
      products: [...byProduct.values()],
      suppliers: supplierRows.map((s) => ({ supplier_id: s.supplierId, full_name: s.fullName })),
    };
  }

  return { stockReport, inventoryHistory, soldPinsByBatch, productFilters };
}
export type StockReportsService = ReturnType<typeof createStockReportsService>;
