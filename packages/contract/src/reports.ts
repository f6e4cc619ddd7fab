import { z } from 'zod';
import { type EndpointSchemas, envelopeOf, pageOf, pageQuery } from './envelope.ts';
import { PRODUCT_TYPES } from './products.ts';

/**
 * The sales reports: filters shared by every report call, the rows of the sales list and its counters.
 * Every amount is in euro today; counters carry their currency so a second one becomes one more entry.
 */

const berlinDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date: YYYY-MM-DD');
const id = z.coerce.number().int().positive();

/** Filters of every sales report call; days are Berlin calendar days, both bounds included. */
export const salesReportFilters = z
  .object({
    from_date: berlinDay.optional(),
    to_date: berlinDay.optional(),
    reseller: id.optional(),
    shop: id.optional(),
    staff: id.optional(),
    product: id.optional(),
    product_type: z.enum(PRODUCT_TYPES).optional(),
    denomination: id.optional(),
    kind: z.enum(['single', 'bulk']).optional(),
  })
  .refine((f) => !f.from_date || !f.to_date || f.from_date <= f.to_date, {
    message: 'to_date: not before from_date',
    path: ['to_date'],
  });
export type SalesReportFilters = z.infer<typeof salesReportFilters>;

export const salesReportListBody = z.intersection(salesReportFilters, pageQuery);

/** One sale; buying amount and margin are null for a caller who may not see them. */
export const salesReportRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  reseller_id: z.number().int(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  denomination_id: z.number().int(),
  kind: z.enum(['single', 'bulk']),
  quantity: z.number().int(),
  face_value: z.string(),
  selling_amount: z.string(),
  buying_amount: z.string().nullable(),
  margin: z.string().nullable(),
});
export type SalesReportRow = z.infer<typeof salesReportRow>;

export const salesReportPage = pageOf('sales', salesReportRow);

/** Totals of one currency; `buying_amount` and `margin` are the caller's own, null when masked. */
export const salesCounters = z.object({
  currency: z.literal('EUR'),
  sales: z.number().int(),
  pins: z.number().int(),
  face_value: z.string(),
  selling_amount: z.string(),
  buying_amount: z.string().nullable(),
  margin: z.string().nullable(),
});
export const salesReportCounters = z.object({ counters: z.array(salesCounters) });
export type SalesReportCounters = z.infer<typeof salesReportCounters>;

export const salesReportListResponse = envelopeOf(salesReportPage);
export const salesReportCountersResponse = envelopeOf(salesReportCounters);

export const reportsEndpoints = {
  '/get_sales_report_list/': { body: salesReportListBody, data: salesReportPage },
  '/get_sales_report_counters/': { body: salesReportFilters, data: salesReportCounters },
} satisfies Record<string, EndpointSchemas>;
