import { IMPORT_KINDS, IMPORT_STATUSES } from '@portal/contract/inventory-import';
import type {
  InventoryHistoryRow,
  ProductFilterChoices,
  SoldPinRow,
  StockReportRow,
} from '@portal/contract/stock-reports';
import { z } from 'zod';
import { bit } from '../../platform/envelope.ts';
import { moneyText, moneyTextOrNull } from '../../platform/money.ts';
import { maskedPin } from '../inventory/inventory.mapper.ts';
import { productType } from '../products/products.mapper.ts';
import type { StockReportsRepository } from './stock-reports.repository.ts';

type StockRow = Awaited<ReturnType<StockReportsRepository['findStockReport']>>['items'][number];
type HistoryRow = Awaited<ReturnType<StockReportsRepository['findImportHistory']>>['items'][number];
type SoldRow = Awaited<ReturnType<StockReportsRepository['findSoldPins']>>['items'][number];
type FilterRow = Awaited<ReturnType<StockReportsRepository['findProductFilters']>>[number];
type SupplierFilterRow = Awaited<ReturnType<StockReportsRepository['findSupplierFilters']>>[number];

// The tables' CHECK constraints allow only these values.
const importKind = z.enum(IMPORT_KINDS);
const importStatus = z.enum(IMPORT_STATUSES);

const iso = (d: Date | string) => new Date(d).toISOString();

export function toStockReportRow(r: StockRow): StockReportRow {
  // Of the platform's stock assigned to a reseller only the availability is the reseller's to see.
  const own = <T>(v: T) => (r.assigned ? null : v);
  return {
    configuration_id: r.configuration_id,
    product_id: r.product_id,
    product_name: r.product_name,
    product_type: productType.parse(r.product_type),
    value: moneyText(r.value),
    assigned: bit(r.assigned),
    total: own(r.total),
    sold: own(r.sold),
    unsold: own(r.unsold),
    published: own(r.published),
    unpublished: own(r.unpublished),
    available: r.available,
    stock_cost: own(moneyText(r.stock_cost)),
    sold_cost: own(moneyText(r.sold_cost)),
    face_value_unsold: own(moneyText(r.face_value_unsold)),
  };
}

export function toInventoryHistoryRow(r: HistoryRow): InventoryHistoryRow {
  return {
    import_id: r.import_id,
    kind: importKind.parse(r.kind),
    status: importStatus.parse(r.status),
    file_name: r.file_name,
    batch: r.import_batch,
    product_id: r.product_id,
    product_name: r.product_name,
    configuration_id: r.configuration_id,
    value: moneyTextOrNull(r.value),
    supplier_id: r.supplier_id,
    supplier_name: r.supplier_name,
    buying_discount: r.buying_discount,
    total_rows: r.total_rows,
    imported_pins: r.imported_pins,
    failed_rows: r.failed_rows,
    published: r.published === null ? null : bit(r.published),
    decided_at: r.decided_at === null ? null : iso(r.decided_at),
    decided_by: r.decided_by,
    uploaded_at: iso(r.created_at),
  };
}

export function toSoldPinRow(p: SoldRow): SoldPinRow {
  return {
    pin_id: Number(p.id),
    pin: maskedPin(p.pin_hint, p.pin_length),
    serial: p.serial,
    sold_at: iso(p.sold_at),
    cost: moneyText(p.cost),
  };
}

/** Products with their denominations (one row per denomination from the repository), and suppliers. */
export function toProductFilterChoices(rows: FilterRow[], suppliers: SupplierFilterRow[]): ProductFilterChoices {
  const byProduct = new Map<number, ProductFilterChoices['products'][number]>();
  for (const r of rows) {
    const p = byProduct.get(r.productId) ?? {
      product_id: r.productId,
      product_name: r.productName,
      product_type: productType.parse(r.productType),
      assigned: bit(r.assigned),
      configurations: [],
    };
    p.configurations.push({ id: r.configurationId, value: moneyText(r.value) });
    byProduct.set(r.productId, p);
  }
  return {
    products: [...byProduct.values()],
    suppliers: suppliers.map((s) => ({ supplier_id: s.supplierId, full_name: s.fullName })),
  };
}
