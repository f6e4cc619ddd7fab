import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import type { EndpointSchemas, FileSchemas } from './envelope.ts';
import { PRODUCT_TYPES } from './products.ts';
import { EXPORT_FILE_TYPES } from './reports.ts';
import { RULES } from './rules.ts';

/**
 * The books at a date (decision 0136): the stock value and what the platform owes its suppliers, each "at the end of
 * day D" (a Berlin calendar day). Amounts are decimal strings, never floats.
 */
export const booksReportBody = z.object({
  day: calendarDay,
  /** The superadmin's choice of one owner's stock; a reseller always reads its own. */
  owner_id: z.number().int().positive().optional(),
});
export type BooksReportBody = z.infer<typeof booksReportBody>;

/** The same report as a file in the reader's dialect (decision 0131). */
export const BOOKS_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const booksExportBody = booksReportBody.extend({ format: z.enum(BOOKS_EXPORT_FORMATS).default('csv') });

const int = z.number().int();
const amount = z.string();

/** One denomination of one owner: the PINs in stock at the day's end and their cost C. */
export const stockValueRow = z.object({
  owner_customer_id: int,
  owner_name: z.string(),
  product_id: int,
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  configuration_id: int,
  value: amount,
  pins: int,
  stock_value: amount,
});
export type StockValueRow = z.infer<typeof stockValueRow>;

/** An owner's sum over its denominations. */
export const stockValueOwner = z.object({
  owner_customer_id: int,
  owner_name: z.string(),
  pins: int,
  stock_value: amount,
});

export const stockValueReport = z.object({
  day: z.string(),
  rows: z.array(stockValueRow),
  owners: z.array(stockValueOwner),
  total: z.object({ pins: int, stock_value: amount }),
});
export type StockValueReport = z.infer<typeof stockValueReport>;

/** A PIN supplier (by its approvals) or a provider of provider goods (by its final sales). */
export const supplierDebtRow = z.object({
  source: z.enum(['supplier', 'provider']),
  supplier_id: int.nullable(),
  provider: z.string().nullable(),
  name: z.string(),
  /** PINs taken into stock from the supplier; the provider's sales, a refund counting −1. */
  quantity: int,
  debt: amount,
});
export type SupplierDebtRow = z.infer<typeof supplierDebtRow>;

export const supplierDebtReport = z.object({
  day: z.string(),
  rows: z.array(supplierDebtRow),
  total: amount,
});
export type SupplierDebtReport = z.infer<typeof supplierDebtReport>;

export const booksEndpoints = {
  // The platform's users and a reseller's managers; the service narrows each to its owners (decision 0136).
  '/get_stock_value_report/': { body: booksReportBody, data: stockValueReport, rule: RULES.stockValue },
  // What the platform owes its suppliers is the platform's books: its managers only.
  '/get_supplier_debt_report/': { body: booksReportBody, data: supplierDebtReport, rule: RULES.supplierDebt },
} satisfies Record<string, EndpointSchemas>;

/** The books' exports under the rules of their reports (`booksEndpoints`). */
export const booksFiles = {
  '/export_stock_value_report/': { body: booksExportBody, file: EXPORT_FILE_TYPES, rule: RULES.stockValue },
  '/export_supplier_debt_report/': { body: booksExportBody, file: EXPORT_FILE_TYPES, rule: RULES.supplierDebt },
} satisfies Record<string, FileSchemas>;
