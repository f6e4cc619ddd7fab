import type { Language } from '@portal/contract/limits';
import type { InventoryHistoryRow, SoldPinRow, StockReportRow } from '@portal/contract/stock-reports';
import type { ExportColumn, ExportColumnKind } from '../../platform/csv.ts';
import { type ExportFormat, exportFile } from '../../platform/export-file.ts';
import { type ExportWords, exportWords, wordOf } from '../../platform/export-words.ts';

/** The three stock reports a file is written of, each with its columns in the order of its screen. */
export type StockReportFile =
  | { report: 'stock'; rows: readonly StockReportRow[] }
  | { report: 'history'; rows: readonly InventoryHistoryRow[] }
  | { report: 'soldPins'; rows: readonly SoldPinRow[] };

const STOCK = [
  ['product_name', 'text'],
  ['product_type', 'text'],
  ['value', 'money'],
  ['total', 'integer'],
  ['sold', 'integer'],
  ['unsold', 'integer'],
  ['published', 'integer'],
  ['unpublished', 'integer'],
  ['available', 'integer'],
  ['stock_cost', 'money'],
  ['sold_cost', 'money'],
  ['face_value_unsold', 'money'],
] as const satisfies readonly (readonly [keyof ExportWords['stock'], ExportColumnKind])[];

const HISTORY = [
  ['import_id', 'integer'],
  ['decided_at', 'datetime'],
  ['product_name', 'text'],
  ['value', 'money'],
  ['batch', 'text'],
  ['supplier_name', 'text'],
  ['buying_discount', 'decimal'],
  ['imported_pins', 'integer'],
  ['failed_rows', 'integer'],
  ['file_name', 'text'],
  ['decided_by', 'text'],
  ['status', 'text'],
] as const satisfies readonly (readonly [keyof ExportWords['history'], ExportColumnKind])[];

const SOLD_PINS = [
  ['pin_id', 'integer'],
  ['pin', 'text'],
  ['serial', 'text'],
  ['sold_at', 'datetime'],
  ['cost', 'money'],
] as const satisfies readonly (readonly [keyof ExportWords['soldPins'], ExportColumnKind])[];

const FILE_NAMES = { stock: 'stock-report', history: 'inventory-history', soldPins: 'sold-pins' } as const;

function columnsOf<K extends string>(
  spec: readonly (readonly [K, ExportColumnKind])[],
  headers: Record<K, string>,
): ExportColumn[] {
  return spec.map(([key, kind]) => ({ key, kind, header: headers[key] }));
}

/**
 * A stock report as a CSV (the reader's dialect) or an XLSX, headers and codes in the reader's words and amounts
 * as numbers (decision 0131). A figure the reader may not see (the platform's stock assigned to a reseller) is
 * null in the rows and so an empty cell.
 */
export function stockReportExport(file: StockReportFile, o: { format: ExportFormat; language: Language }) {
  const words = exportWords(o.language);
  const base = {
    format: o.format,
    language: o.language,
    name: FILE_NAMES[file.report],
    sheet: words.sheets[file.report],
  };
  switch (file.report) {
    case 'stock':
      return exportFile({
        ...base,
        columns: columnsOf(STOCK, words.stock),
        rows: file.rows.map((r) => ({ ...r, product_type: wordOf(words.productTypes, r.product_type) })),
      });
    case 'history':
      return exportFile({
        ...base,
        columns: columnsOf(HISTORY, words.history),
        rows: file.rows.map((r) => ({ ...r, status: wordOf(words.importStatuses, r.status) })),
      });
    case 'soldPins':
      return exportFile({ ...base, columns: columnsOf(SOLD_PINS, words.soldPins), rows: file.rows });
  }
}
