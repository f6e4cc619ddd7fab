import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PRODUCT_TYPES } from './products.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
/** `csv` answers the whole filtered report as a CSV file instead of a page. */
const format = z.enum(['json', 'csv']).default('json');
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

export const inventoryHistoryBody = z.object({
  ...pageFields,
  filters: z
    .object({
      from: isoDate.optional(),
      to: isoDate.optional(),
      product_id: z.number().int().positive().optional(),
      supplier_id: z.number().int().positive().optional(),
      status: z.enum(['approved', 'cancelled', 'all']).default('approved'),
    })
    .default({ status: 'approved' }),
});

export const soldPinsByBatchBody = z.object({
  ...pageFields,
  configuration_id: z.number().int().positive(),
  batch: z.string().min(1).max(100),
});

/** The most rows one CSV export holds. */
export const EXPORT_MAX_ROWS = 50_000;
