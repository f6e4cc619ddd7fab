import type { FailedReason, ImportStatus, ImportView, VisibleStockCounts } from '@portal/contract/inventory';
import { escapeFormula, maskPin } from '../../platform/pin-crypto.ts';
import { moneyText } from '../products/products.mapper.ts';
import type { ImportRow } from './import.repository.ts';
import type { CountRow } from './stock-counts.ts';

const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** A PIN as every screen but the buyer's receipt shows it: last 4 characters, escaped for spreadsheets. */
export const maskedPin = (hint: string, length: number) => escapeFormula(maskPin(hint, length));

export function toImportView(r: {
  import: ImportRow;
  productName: string | null;
  value: string | null;
  supplierName: string | null;
}): ImportView {
  const i = r.import;
  return {
    import_id: i.id,
    kind: i.kind as ImportView['kind'],
    status: i.status as ImportStatus,
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

export function toFailedRow(r: { rowNo: number; reason: string | null; pinHint: string; pinLength: number }) {
  return { row_no: r.rowNo, pin: maskedPin(r.pinHint, r.pinLength), reason: r.reason as FailedReason };
}

export function toCounts(c: CountRow) {
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
