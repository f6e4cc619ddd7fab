import { z } from 'zod';
import { calendarDay } from './calendar-day.ts';
import type { EndpointSchemas } from './envelope.ts';
import { PRODUCT_TYPES } from './products.ts';
import { salesCounters, salesSummaryRow } from './reports.ts';
import { RULES } from './rules.ts';

/**
 * The home dashboards (`/` for operators, `/dashboard` for shops): the same figures as the sales reports
 * (decision 0064), read through the same scope, so today's and this month's counters equal
 * `/get_sales_report_counters/` for the same Berlin days.
 */

/** How many days the sales-per-day chart covers, today included. */
export const DASHBOARD_DAYS = 30;
/** How many products and shops the top lists show. */
export const DASHBOARD_TOP = 5;
/** A customer is close to its credit limit from this share of it outstanding. */
export const CREDIT_NEAR_LIMIT_SHARE = '0.8';
/** The low-stock threshold of a denomination until its owner sets one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;

/** One Berlin day of the chart; days without sales are present with zeros. */
export const dashboardDay = z.object({
  day: calendarDay,
  sales: z.number().int(),
  pins: z.number().int(),
  selling_amount: z.string(),
  margin: z.string().nullable(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

/** A denomination of the caller's own stock whose PINs for sale are below its threshold. */
export const lowStockRow = z.object({
  configuration_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  value: z.string(),
  available: z.number().int(),
  threshold: z.number().int(),
});
export type LowStockRow = z.infer<typeof lowStockRow>;

/** A customer below the caller whose outstanding credit reaches `CREDIT_NEAR_LIMIT_SHARE` of its limit. */
export const creditNearLimitRow = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  credit_limit: z.string(),
  outstanding_credit: z.string(),
  /** Outstanding credit in percent of the limit, one decimal. */
  used_percent: z.string(),
});
export type CreditNearLimitRow = z.infer<typeof creditNearLimitRow>;

export const salesDashboard = z.object({
  /** The Berlin days the figures cover, so a screen can link to the report behind them. */
  periods: z.object({
    today: calendarDay,
    month_from: calendarDay,
    days_from: calendarDay,
  }),
  today: salesCounters,
  this_month: salesCounters,
  sales_per_day: z.array(dashboardDay),
  top_products: z.array(salesSummaryRow),
  /** Operators only; empty for a shop. */
  top_shops: z.array(salesSummaryRow),
  /** Stock owners with has_inventory only. */
  low_stock: z.array(lowStockRow),
  /** Operators only: their own customers (shops of a reseller, resellers and direct shops of the platform). */
  credit_near_limit: z.array(creditNearLimitRow),
  /**
   * Operator staff only (internal_role 1): how many customers are assigned to the user, whose sales are all its
   * figures cover; 0 makes the dashboard say why it is empty (issue 39). Null for everyone else.
   */
  assigned_customers: z.number().int().nullable(),
});
export type SalesDashboard = z.infer<typeof salesDashboard>;

export const lowStockThresholdBody = z.object({
  configuration_id: z.coerce.number().int().positive(),
  threshold: z.coerce.number().int().min(0).max(MAX_LOW_STOCK_THRESHOLD),
});
export type LowStockThresholdBody = z.infer<typeof lowStockThresholdBody>;

export const lowStockThreshold = z.object({
  configuration_id: z.number().int(),
  threshold: z.number().int(),
});

export const lowStockThresholdsQuery = z.object({ product_id: z.coerce.number().int().positive() });
export const lowStockThresholdList = z.object({
  thresholds: z.array(lowStockThreshold.extend({ value: z.string(), available: z.number().int() })),
});
export type LowStockThresholdList = z.infer<typeof lowStockThresholdList>;

export const dashboardEndpoints = {
  '/get_sales_dashboard/': { method: 'GET', data: salesDashboard, rule: RULES.salesReports },
  '/low_stock_thresholds/': {
    method: 'GET',
    query: lowStockThresholdsQuery,
    data: lowStockThresholdList,
    rule: RULES.inventory,
  },
  '/set_low_stock_threshold/': { body: lowStockThresholdBody, data: lowStockThreshold, rule: RULES.inventory },
} satisfies Record<string, EndpointSchemas>;
