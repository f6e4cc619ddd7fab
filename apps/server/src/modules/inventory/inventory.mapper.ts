import type { GiftCardBatch, GiftCardConfiguration } from '@portal/contract/gift-cards';
import type {
  BatchSummary,
  LotPin,
  LotRow,
  PinSearchRow,
  StockConfiguration,
  StockCounts,
  StockRow,
  VisibleStockCounts,
} from '@portal/contract/inventory';
import {
  FAILED_REASONS,
  type FailedRowView,
  IMPORT_KINDS,
  IMPORT_STATUSES,
  type ImportView,
} from '@portal/contract/inventory-import';
import type { PoolRow } from '@portal/contract/pools';
import type { ConfigurationView } from '@portal/contract/products';
import { z } from 'zod';
import { escapeFormula } from '../../platform/csv.ts';
import { bit } from '../../platform/envelope.ts';
import { moneyText } from '../../platform/money.ts';
import { maskPin } from '../../platform/pin-crypto.ts';
import { productType } from '../products/products.mapper.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { ImportRow } from './import.repository.ts';
import type { PoolsRepository } from './pools.repository.ts';
import type { StockRepository } from './stock.repository.ts';
import type { CountRow } from './stock-counts.ts';

// The tables' CHECK constraints allow only these values.
const importKind = z.enum(IMPORT_KINDS);
const importStatus = z.enum(IMPORT_STATUSES);
const failedReason = z.enum(FAILED_REASONS);

type StockPageRow = Awaited<ReturnType<StockRepository['findStockPage']>>['items'][number];
type LotPageRow = Awaited<ReturnType<StockRepository['findLotPage']>>['items'][number];
type LotPinRow = Awaited<ReturnType<StockRepository['findLotPins']>>['items'][number];
type FoundPinRow = Awaited<ReturnType<StockRepository['searchPins']>>['items'][number];
type FoundLotRow = Awaited<ReturnType<StockRepository['findLots']>>['items'][number];
type PoolPageRow = Awaited<ReturnType<PoolsRepository['findPoolPage']>>['items'][number];
type VisibleConfiguration = Awaited<ReturnType<ProductsService['getVisibleConfiguration']>>;

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** A PIN as every screen but the buyer's receipt shows it: last 4 characters, escaped for spreadsheets. */
export const maskedPin = (hint: string, length: number) => escapeFormula(maskPin(hint, length));

function pinState(p: { sold_at: Date | null; published: boolean }): LotPin['status'] {
  if (p.sold_at) return 'sold';
  return p.published ? 'available' : 'unpublished';
}

export function toImportView(r: {
  import: ImportRow;
  productName: string | null;
  value: string | null;
  supplierName: string | null;
}): ImportView {
  const i = r.import;
  return {
    import_id: i.id,
    kind: importKind.parse(i.kind),
    status: importStatus.parse(i.status),
    file_name: escapeFormula(i.fileName),
    delimiter: i.delimiter,
    line_count: i.lineCount,
    column_count: i.columnCount,
    detected_header: bit(i.detectedHeader),
    has_header: i.hasHeader === null ? null : bit(i.hasHeader),
    configuration_id: i.configurationId,
    product_name: r.productName,
    value: r.value === null ? null : moneyText(r.value),
    supplier_id: i.supplierId,
    supplier_name: r.supplierName,
    buying_discount: i.buyingDiscount,
    import_batch: i.importBatch === null ? null : escapeFormula(i.importBatch),
    total_rows: i.totalRows,
    valid_rows: i.validRows,
    failed_rows: i.failedRows,
    imported_pins: i.importedPins,
    published: i.published === null ? null : bit(i.published),
    created_at: i.createdAt.toISOString(),
  };
}

export function toFailedRow(r: {
  rowNo: number;
  reason: string | null;
  pinHint: string;
  pinLength: number;
}): FailedRowView {
  return { row_no: r.rowNo, pin: maskedPin(r.pinHint, r.pinLength), reason: failedReason.parse(r.reason) };
}

export function toCounts(c: CountRow): StockCounts {
  return {
    total: c.total,
    sold: c.sold,
    unsold: c.unsold,
    published: c.published,
    unpublished: c.unpublished,
    available: c.available,
  };
}

/** A reseller sees of the platform's stock assigned to it only what is for sale, never the platform's totals. */
export function toVisibleCounts(c: CountRow, assigned: boolean): VisibleStockCounts {
  if (!assigned) return { ...toCounts(c), assigned: 0 };
  return {
    total: null,
    sold: null,
    unsold: null,
    published: null,
    unpublished: null,
    available: c.available,
    assigned: 1,
  };
}

export function toStockRow(r: StockPageRow): StockRow {
  return {
    configuration_id: r.configuration_id,
    product_id: r.product_id,
    product_name: r.product_name,
    product_type: productType.parse(r.product_type),
    value: moneyText(r.value),
    info: r.info,
    is_active: bit(r.is_active && r.product_active),
    ...toVisibleCounts(r, r.assigned),
  };
}

export function toStockConfiguration(c: VisibleConfiguration, counts: CountRow): StockConfiguration {
  return {
    configuration_id: c.id,
    product_id: c.productId,
    product_name: c.productName,
    product_type: productType.parse(c.productType),
    value: moneyText(c.value),
    info: c.info,
    pin_length: c.pinLength,
    is_active: bit(c.isActive && c.productActive),
    ...toVisibleCounts(counts, c.assigned),
  };
}

export function toLotRow(l: LotPageRow): LotRow {
  return {
    batch: l.lot,
    lot_number: escapeFormula(l.lot),
    imported_at: iso(l.first_import_at),
    supplier_name: l.supplier_name,
    buying_discount: l.buying_discount,
    cost: moneyText(l.cost),
    ...toCounts(l),
  };
}

export function toBatchSummary(c: VisibleConfiguration, lot: string, counts: CountRow): BatchSummary {
  return {
    configuration_id: c.id,
    product_name: c.productName,
    value: moneyText(c.value),
    batch: lot,
    lot_number: escapeFormula(lot),
    ...toCounts(counts),
  };
}

export function toLotPin(p: LotPinRow): LotPin {
  return {
    pin_id: Number(p.id),
    pin: maskedPin(p.pin_hint, p.pin_length),
    serial: p.serial === null ? null : escapeFormula(p.serial),
    status: pinState(p),
    published: bit(p.published),
    sold: bit(p.sold_at !== null),
    sold_at: isoOrNull(p.sold_at),
    imported_at: iso(p.created_at),
  };
}

export function toPinSearchRow(p: FoundPinRow): PinSearchRow {
  return {
    pin_id: Number(p.id),
    pin: maskedPin(p.pin_hint, p.pin_length),
    serial: p.serial === null ? null : escapeFormula(p.serial),
    batch: p.lot,
    lot_number: escapeFormula(p.lot),
    status: pinState(p),
    available: bit(p.available),
    sold_at: isoOrNull(p.sold_at),
    imported_at: iso(p.created_at),
    import_id: p.import_id,
    product_id: p.product_id,
    product_name: p.product_name,
    product_type: productType.parse(p.product_type),
    configuration_id: p.configuration_id,
    value: moneyText(p.value),
    owner_name: p.owner_name,
    supplier_name: p.supplier_name,
  };
}

export function toGiftCardBatch(l: FoundLotRow): GiftCardBatch {
  return {
    batch: l.lot,
    batch_no: escapeFormula(l.lot),
    product_id: l.product_id,
    product_name: l.product_name,
    configuration_id: l.configuration_id,
    value: moneyText(l.value),
    imported_at: iso(l.first_import_at),
    ...toCounts(l),
  };
}

/** A gift card's denomination with the stock figures its viewer may see and its lots. */
export function toGiftCardConfiguration(
  c: ConfigurationView,
  counts: VisibleStockCounts,
  batches: LotRow[],
): GiftCardConfiguration {
  return { ...c, ...counts, batches };
}

export function toPoolRow(p: PoolPageRow): PoolRow {
  return {
    pool_id: p.pool_id,
    product_id: p.product_id,
    pool_name: p.pool_name,
    pin_length: p.pin_length,
    is_active: bit(p.is_active),
    configuration_count: p.configuration_count,
    created_at: iso(p.created_at),
    ...toCounts(p),
  };
}
