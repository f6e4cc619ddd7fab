import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { bitFlag, type EndpointSchemas, pageOf } from './envelope.ts';
import { IMPORT_KINDS, IMPORT_STATUSES } from './inventory-import.ts';
import { LIMITS } from './limits.ts';
import { PRODUCT_TYPES } from './products.ts';
import { EXPORT_FILE_TYPES } from './reports.ts';
import { RULES } from './rules.ts';

/**
 * `csv` and `xlsx` answer the whole filtered report as a file instead of a page, in the user's language and its
 * spreadsheet's dialect (decision 0131).
 */
export const STOCK_REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
const format = z.enum(STOCK_REPORT_FORMATS).default('json');
const pageFields = {
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.pageSize),
  format,
};

export const stockReportBody = z.object({
  ...pageFields,
  filters: z
    .object({
      product_type: z.enum(PRODUCT_TYPES).optional(),
      product_id: z.number().int().positive().optional(),
      configuration_id: z.number().int().positive().optional(),
      supplier_id: z.number().int().positive().optional(),
    })
    .default({}),
});

/** The imports the history lists: decided as approved, cancelled, or both. */
export const HISTORY_STATUSES = ['approved', 'cancelled', 'all'] as const;

export const inventoryHistoryBody = z.object({
  ...pageFields,
  filters: z
    .object({
      from: calendarDay.optional(),
      to: calendarDay.optional(),
      product_id: z.number().int().positive().optional(),
      supplier_id: z.number().int().positive().optional(),
      status: z.enum(HISTORY_STATUSES).default('approved'),
    })
    .default({ status: 'approved' }),
});

export const soldPinsByBatchBody = z.object({
  ...pageFields,
  configuration_id: z.number().int().positive(),
  batch: z.string().min(1).max(100),
});

/** The most rows one CSV or XLSX export holds. */
export const EXPORT_MAX_ROWS = 50_000;

const int = z.number().int();
/** A figure of the platform's stock that a reseller it is assigned to does not see: null for it. */
const ownFigure = int.nullable();
const ownAmount = z.string().nullable();

/** One configuration of the stock report; of an assigned one (`assigned: 1`) only the availability. */
export const stockReportRow = z.object({
  configuration_id: int,
  product_id: int,
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  value: z.string(),
  assigned: bitFlag,
  total: ownFigure,
  sold: ownFigure,
  unsold: ownFigure,
  published: ownFigure,
  unpublished: ownFigure,
  available: int,
  stock_cost: ownAmount,
  sold_cost: ownAmount,
  face_value_unsold: ownAmount,
});
export type StockReportRow = z.infer<typeof stockReportRow>;

/** One decided (or, with status all, also cancelled) import. */
export const inventoryHistoryRow = z.object({
  import_id: int,
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  batch: z.string().nullable(),
  product_id: int.nullable(),
  product_name: z.string().nullable(),
  configuration_id: int.nullable(),
  value: z.string().nullable(),
  supplier_id: int.nullable(),
  supplier_name: z.string().nullable(),
  buying_discount: z.string().nullable(),
  total_rows: int.nullable(),
  imported_pins: int.nullable(),
  failed_rows: int.nullable(),
  published: bitFlag.nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  uploaded_at: z.string(),
});
export type InventoryHistoryRow = z.infer<typeof inventoryHistoryRow>;

/** A sold PIN of a lot, masked. */
export const soldPinRow = z.object({
  pin_id: int,
  pin: z.string(),
  serial: z.string().nullable(),
  sold_at: z.string(),
  cost: z.string(),
});
export type SoldPinRow = z.infer<typeof soldPinRow>;

/** The choices of the report filters: products with their denominations, and suppliers. */
export const productFilterChoices = z.object({
  products: z.array(
    z.object({
      product_id: int,
      product_name: z.string(),
      product_type: z.enum(PRODUCT_TYPES),
      assigned: bitFlag,
      configurations: z.array(z.object({ id: int, value: z.string() })),
    }),
  ),
  suppliers: z.array(z.object({ supplier_id: int, full_name: z.string() })),
});
export type ProductFilterChoices = z.infer<typeof productFilterChoices>;

/** The JSON answers; with `format: 'csv' | 'xlsx'` the same rows come as a file. */
/** The reports answer a page, or with `format: 'csv' | 'xlsx'` the whole filtered report as a file. */
export const stockReportsEndpoints = {
  '/get_stock_report/': {
    body: stockReportBody,
    data: pageOf('stock_report', stockReportRow),
    rule: RULES.reportsOperators,
    file: EXPORT_FILE_TYPES,
  },
  '/get_inventory_history_report/': {
    body: inventoryHistoryBody,
    data: pageOf('inventory_history', inventoryHistoryRow),
    rule: RULES.reportsOperators,
    file: EXPORT_FILE_TYPES,
  },
  '/get_sold_pins_by_batch/': {
    body: soldPinsByBatchBody,
    data: pageOf('sold_pins', soldPinRow),
    rule: RULES.reportsOperators,
    file: EXPORT_FILE_TYPES,
  },
  '/get_product_filters/': { method: 'GET', data: productFilterChoices, rule: RULES.reportsOperators },
} satisfies Record<string, EndpointSchemas>;
