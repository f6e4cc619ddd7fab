import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import { type EndpointSchemas, envelopeOf, type FileSchemas, pageOf, pageQuery } from './envelope.ts';
import { PRODUCT_TYPES } from './products.ts';
import { RULES } from './rules.ts';

/**
 * The sales reports: filters shared by every report call, the rows of the sales list, its counters, the
 * summaries with their drill-down and the exports. Every amount is in euro today; counters carry their
 * currency so a second one becomes one more entry (decision 0063).
 */

const id = z.coerce.number().int().positive();

/** A sale's kind (decision 0102): `pin` for PINs from stock, else the provider's name (`dtone`, …). */
export const PIN_SALE_KIND = 'pin';
/** The filter value that selects the sales of every provider. */
export const PROVIDER_SALE_KIND = 'provider';
/** The providers whose sales are listed beside the PINs, each a sale kind of its own. */
export const SALE_PROVIDERS = ['dtone', 'direct_recharge', 'flixbus', 'softpin'] as const;
const saleKind = z.string().regex(/^[a-z][a-z0-9_]{0,29}$/, 'sale_kind: pin, provider or a provider name');

/** A sale of one PIN, or one step of a bulk purchase. */
export const SALE_KINDS = ['single', 'bulk'] as const;

/** Filters of every sales report call; days are Berlin calendar days, both bounds included. */
export const salesReportFilterFields = z.object({
  from_date: calendarDay.optional(),
  to_date: calendarDay.optional(),
  reseller: id.optional(),
  shop: id.optional(),
  staff: id.optional(),
  product: id.optional(),
  product_type: z.enum(PRODUCT_TYPES).optional(),
  denomination: id.optional(),
  kind: z.enum(SALE_KINDS).optional(),
  /** PINs from stock (`pin`), every provider's goods (`provider`), or one provider's (its name, decision 0102). */
  sale_kind: saleKind.optional(),
});
export const SALES_REPORT_FILTER_KEYS = Object.keys(salesReportFilterFields.shape) as (keyof SalesReportFilters)[];

const rangeInOrder = (f: { from_date?: string; to_date?: string }) =>
  !f.from_date || !f.to_date || f.from_date <= f.to_date;
const rangeIssue = { message: 'to_date: not before from_date', path: ['to_date'] };
const withRange = <T extends z.ZodType<{ from_date?: string; to_date?: string }>>(schema: T) =>
  schema.refine(rangeInOrder, rangeIssue);

export const salesReportFilters = withRange(salesReportFilterFields);
export type SalesReportFilters = z.infer<typeof salesReportFilterFields>;

export const salesReportListBody = withRange(salesReportFilterFields.extend(pageQuery.shape));
export type SalesReportListBody = z.infer<typeof salesReportListBody>;

/**
 * One sale; buying amount and margin are null for a caller who may not see them. A provider sale (`sale_kind` not
 * `pin`, decision 0102) is a row when it succeeded (`id` is the provider sale's) and, when reversed later, one more
 * row for its refund (`refund`, quantity −1 and negative amounts); it has no product of the catalogue (product and
 * denomination 0, product type and purchase kind null), its denomination value is its retail price in euro.
 */
export const salesReportRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  reseller_id: z.number().int(),
  reseller_name: z.string(),
  staff_id: z.number().int(),
  staff_name: z.string(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES).nullable(),
  denomination_id: z.number().int(),
  denomination_value: z.string(),
  kind: z.enum(SALE_KINDS).nullable(),
  sale_kind: z.string(),
  refund: z.boolean(),
  operator_name: z.string().nullable(),
  mobile_number: z.string().nullable(),
  quantity: z.number().int(),
  /** The row's PINs by decision 0063's one definition: its quantity for a PIN sale, 0 for provider goods. */
  pins: z.number().int(),
  face_value: z.string(),
  selling_amount: z.string(),
  buying_amount: z.string().nullable(),
  margin: z.string().nullable(),
});
export type SalesReportRow = z.infer<typeof salesReportRow>;

export const salesReportPage = pageOf('sales', salesReportRow);

/**
 * Whose revenue, cost and margin a report shows (decision 0063): always the caller's own party's. The platform's are
 * its `revenue` and `sales_income` lines and its `cost_of_sales`; a reseller's its `sales_income` and what it paid
 * for the sales (its own stock's cost, the platform's price R); a shop's the retail price taken at its counter and the
 * price S it paid.
 */
export const FIGURE_PARTIES = ['platform', 'reseller', 'shop'] as const;
export type FigureParty = (typeof FIGURE_PARTIES)[number];

/**
 * Totals of one currency. `face_value` is the retail value of the sales (what end customers paid); `selling_amount`
 * is the revenue of `party` (the caller's own), `buying_amount` its cost and `margin` the difference, the last two
 * null when masked.
 */
export const salesCounters = z.object({
  currency: z.literal('EUR'),
  party: z.enum(FIGURE_PARTIES),
  /**
   * The counts, one definition each (decision 0063): sales (a PIN sale row or a provider sale, a provider refund −1),
   * PINs from stock, top-ups and bus tickets (signed like the sales).
   */
  sales: z.number().int(),
  pins: z.number().int(),
  topups: z.number().int(),
  tickets: z.number().int(),
  face_value: z.string(),
  selling_amount: z.string(),
  buying_amount: z.string().nullable(),
  margin: z.string().nullable(),
});
export type SalesCounters = z.infer<typeof salesCounters>;
export const salesReportCounters = z.object({ counters: z.array(salesCounters) });
export type SalesReportCounters = z.infer<typeof salesReportCounters>;

/** What a summary groups by: its rows' `key` is the group's id, or the Berlin day for `day`. */
export const SUMMARY_GROUPS = ['shop', 'reseller', 'product', 'denomination', 'staff', 'day'] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

export const salesSummaryBody = withRange(
  salesReportFilterFields.extend({ group_by: z.enum(SUMMARY_GROUPS).default('shop'), ...pageQuery.shape }),
);
export type SalesSummaryBody = z.infer<typeof salesSummaryBody>;

/** One figure of a summary: the sales of one shop, product, … within the filters. */
export const salesSummaryRow = salesCounters.omit({ currency: true, party: true }).extend({
  key: z.string(),
  name: z.string(),
});
export type SalesSummaryRow = z.infer<typeof salesSummaryRow>;
export const salesSummaryPage = pageOf('summary', salesSummaryRow);

/** The sales behind one summary figure: the summary's filters plus the figure's group and key. */
export const salesSummaryDetailsBody = withRange(
  salesReportFilterFields.extend({
    group_by: z.enum(SUMMARY_GROUPS),
    key: z.string().min(1).max(20),
    ...pageQuery.shape,
  }),
);
export type SalesSummaryDetailsBody = z.infer<typeof salesSummaryDetailsBody>;

/**
 * The report filters' pickers (issue 39): each searches the caller's whole scope on the server as the user types
 * (decision 0063 "Pickers"), not the period's top figures, so the smallest of 2 000 shops can be chosen too.
 * `owner`: the stock owners of the stock value at a date (decision 0136), within the caller's owners.
 */
export const REPORT_PICKER_FIELDS = ['shop', 'staff', 'product', 'denomination', 'reseller', 'owner'] as const;
export type ReportPickerField = (typeof REPORT_PICKER_FIELDS)[number];
/** Choices a picker shows at once: the user types on to narrow them. */
export const REPORT_PICKER_LIMIT = 20;

export const reportChoicesBody = z.object({
  field: z.enum(REPORT_PICKER_FIELDS),
  /** A part of a name or username (a number also finds its id); empty lists the first choices by name. */
  q: z.string().trim().max(100).default(''),
  /** The chosen value's own choice (its name after a reload from the URL); nothing when it is outside the scope. */
  id: id.optional(),
  /** Narrows shops and staff to a reseller's, staff to a shop's and denominations to a product's. */
  reseller: id.optional(),
  shop: id.optional(),
  product: id.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(REPORT_PICKER_LIMIT),
});
export type ReportChoicesBody = z.infer<typeof reportChoicesBody>;

/** One choice: its id as the report filter takes it, its name, and what tells equal names apart (shop, username). */
export const reportChoice = z.object({ id: z.number().int(), name: z.string(), detail: z.string().nullable() });
export type ReportChoice = z.infer<typeof reportChoice>;
export const reportChoices = z.object({ choices: z.array(reportChoice) });

/**
 * The comparison of two periods (`/reports-sales-comparison`, decision 0063 "Comparison"): every shop, product or
 * reseller present in either period, over the whole scope, with both periods' figures as the summaries count them.
 * `from_date`/`to_date` are the report's period, `compare_from`/`compare_to` the one it is compared with.
 */
export const COMPARISON_GROUPS = ['shop', 'product', 'reseller'] as const satisfies readonly SummaryGroup[];
export type ComparisonGroup = (typeof COMPARISON_GROUPS)[number];
/** What the rows are ordered by: the change of the caller's revenue, or either period's revenue; `-` is descending. */
export const COMPARISON_SORTS = ['-change', 'change', '-current', 'current', '-earlier', 'earlier'] as const;
export type ComparisonSort = (typeof COMPARISON_SORTS)[number];

export const salesComparisonBody = salesReportFilterFields
  .extend({
    from_date: calendarDay,
    to_date: calendarDay,
    compare_from: calendarDay,
    compare_to: calendarDay,
    group_by: z.enum(COMPARISON_GROUPS).default('shop'),
    sort: z.enum(COMPARISON_SORTS).default('-change'),
    ...pageQuery.shape,
  })
  .refine(rangeInOrder, rangeIssue)
  .refine((b) => b.compare_from <= b.compare_to, {
    message: 'compare_to: not before compare_from',
    path: ['compare_to'],
  });
export type SalesComparisonBody = z.infer<typeof salesComparisonBody>;

/** One period's figures of a comparison row: zeros where the row had no sales in that period. */
export const comparisonFigures = salesCounters.omit({ currency: true, party: true });
export type ComparisonFigures = z.infer<typeof comparisonFigures>;

/**
 * One row of a comparison. `status` says in which periods it had sales: `new` only in the report's period (the web
 * says "neu", there is no percentage of nothing), `gone` only in the compared one, `both`. `change` is the report
 * period's revenue minus the compared one's; `change_percent` that in percent of the compared one's (one decimal,
 * null when that was zero).
 */
export const salesComparisonRow = z.object({
  key: z.string(),
  name: z.string(),
  status: z.enum(['new', 'gone', 'both']),
  current: comparisonFigures,
  earlier: comparisonFigures,
  change: z.string(),
  change_percent: z.string().nullable(),
});
export type SalesComparisonRow = z.infer<typeof salesComparisonRow>;
export const salesComparisonPage = pageOf('comparison', salesComparisonRow);

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** The content type of an XLSX export. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** What a list's export answers, by its `format`: the content types the API document lists. */
export const EXPORT_FILE_TYPES = `text/csv, ${XLSX_CONTENT_TYPE}`;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const salesExportBody = withRange(
  salesReportFilterFields.extend({ format: z.enum(EXPORT_FORMATS).default('csv') }),
);
export type SalesExportBody = z.infer<typeof salesExportBody>;

/** A report export built by a job; `download_url` is set once ready and works only for its user. */
export const salesExport = z.object({
  export_id: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(['pending', 'running', 'ready']),
  rows_done: z.number().int(),
  rows_total: z.number().int(),
  download_url: z.string().nullable(),
  expires_at: z.string(),
});
export type SalesExport = z.infer<typeof salesExport>;
export const exportIdParams = z.object({ exportId: z.uuid() });

export const salesReportListResponse = envelopeOf(salesReportPage);
export const salesReportCountersResponse = envelopeOf(salesReportCounters);

export const reportsEndpoints = {
  '/get_sales_report_list/': { body: salesReportListBody, data: salesReportPage, rule: RULES.salesReports },
  '/get_sales_report_counters/': { body: salesReportFilters, data: salesReportCounters, rule: RULES.salesReports },
  '/get_sales_summary_report_with_customer_and_products_list/': {
    body: salesSummaryBody,
    data: salesSummaryPage,
    rule: RULES.salesReports,
  },
  '/get_sales_summary_report_details/': {
    body: salesSummaryDetailsBody,
    data: salesReportPage,
    rule: RULES.salesReports,
  },
  '/get_sales_comparison_report/': { body: salesComparisonBody, data: salesComparisonPage, rule: RULES.salesReports },
  '/get_sales_report_download_url/': { body: salesExportBody, data: salesExport, rule: RULES.salesReports },
  '/report_exports/:exportId/': { method: 'GET', params: exportIdParams, data: salesExport, rule: RULES.salesReports },
  '/get_sales_report_filter_choices/': { body: reportChoicesBody, data: reportChoices, rule: RULES.salesReports },
} satisfies Record<string, EndpointSchemas>;

/** A finished report export's file (decision 0140). */
export const reportsFiles = {
  '/report_exports/:exportId/file/': {
    method: 'GET',
    params: exportIdParams,
    file: EXPORT_FILE_TYPES,
    rule: RULES.salesReports,
  },
} satisfies Record<string, FileSchemas>;
