import { z } from 'zod';
import { type EndpointSchemas, pageOf, pageQuery } from './envelope.ts';
import { RULES } from './rules.ts';

/** The shop's Z-report: the open period's sales or an issued report, closing a period, and the issued ones. */

export const zReportBody = z.object({
  action: z.enum(['view', 'close']).default('view'),
  /** An issued report; the open period when absent. */
  z_number: z.number().int().positive().optional(),
});
export type ZReportBody = z.infer<typeof zReportBody>;

const amounts = {
  sales_count: z.number(),
  quantity: z.number(),
  total_value: z.string(),
  total_price: z.string().nullable(),
};

export const zTotals = z.object({
  ...amounts,
  products: z.array(
    z.object({
      product_id: z.number(),
      product_name: z.string(),
      configuration_id: z.number(),
      value: z.string(),
      ...amounts,
    }),
  ),
  staff: z.array(z.object({ user_id: z.number(), username: z.string(), name: z.string(), ...amounts })),
});
export type ZTotals = z.infer<typeof zTotals>;

export const zReport = z.object({
  /** null for the open period (not closed yet). */
  z_number: z.number().nullable(),
  shop_name: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string(),
  closed_by: z.string().nullable(),
  /** 1 when the figures are the asking staff member's own only. */
  own_figures_only: z.union([z.literal(0), z.literal(1)]),
  totals: zTotals,
});
export type ZReport = z.infer<typeof zReport>;

export const zReportListBody = pageQuery;

export const zReportListRow = z.object({
  z_number: z.number(),
  period_start: z.string().nullable(),
  closed_at: z.string(),
  closed_by: z.string(),
  sales_count: z.number(),
  total_value: z.string(),
});
export type ZReportListRow = z.infer<typeof zReportListRow>;

export const zReportEndpoints = {
  '/z_report/': { body: zReportBody.optional(), data: zReport, rule: RULES.seller },
  '/view_z_reports/': {
    body: zReportListBody.optional(),
    data: pageOf('z_reports', zReportListRow),
    rule: RULES.seller,
  },
} satisfies Record<string, EndpointSchemas>;
