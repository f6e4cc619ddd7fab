import { PRODUCT_TYPES } from '@portal/contract/products';
import { berlinToday, periodRange, REPORT_PERIODS } from '@portal/contract/report-periods';
import {
  COMPARISON_GROUPS,
  COMPARISON_SORTS,
  type ExportFormat,
  PIN_SALE_KIND,
  PROVIDER_SALE_KIND,
  type ReportPickerField,
  SALE_KINDS,
  SALE_PROVIDERS,
  type SalesComparisonBody,
  type SalesComparisonRow,
  type SalesReportFilters,
  type SalesReportRow,
  type SalesSummaryRow,
  type SummaryGroup,
} from '@portal/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api, oneOf } from '../../lib/api.ts';
import { saveFile } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

/** The report filters as they live in the URL (strings; empty is "all"). */
export type ReportFilters = {
  period: string;
  from: string;
  to: string;
  reseller: string;
  shop: string;
  staff: string;
  product: string;
  product_type: string;
  denomination: string;
  kind: string;
};

export const DEFAULT_REPORT_FILTERS: ReportFilters = {
  period: 'month',
  from: '',
  to: '',
  reseller: '',
  shop: '',
  staff: '',
  product: '',
  product_type: '',
  denomination: '',
  kind: '',
};

export const ALLOWED_REPORT_FILTERS = {
  period: REPORT_PERIODS,
  product_type: ['', ...PRODUCT_TYPES],
  /** One "sale kind" choice: a purchase kind of PINs, all PINs, all provider goods or one provider's (decision 0102). */
  kind: ['', ...SALE_KINDS, PIN_SALE_KIND, PROVIDER_SALE_KIND, ...SALE_PROVIDERS],
};

const id = (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined);

/** The body of every report call from the URL's filters: the period becomes Berlin days. */
export function reportBody(f: ReportFilters, today = berlinToday()): SalesReportFilters {
  const period = oneOf(REPORT_PERIODS, f.period) ?? 'month';
  const range = periodRange(period, today, { from: f.from, to: f.to });
  return {
    from_date: range.from_date || undefined,
    to_date: range.to_date || undefined,
    reseller: id(f.reseller),
    shop: id(f.shop),
    staff: id(f.staff),
    product: id(f.product),
    product_type: oneOf(PRODUCT_TYPES, f.product_type),
    denomination: id(f.denomination),
    kind: oneOf(SALE_KINDS, f.kind),
    // The other choices of the same menu select PINs, provider goods or one provider's goods (decision 0102).
    sale_kind: oneOf([PIN_SALE_KIND, PROVIDER_SALE_KIND, ...SALE_PROVIDERS], f.kind),
  };
}

export const reportsKeys = {
  all: ['reports'] as const,
  sales: () => [...reportsKeys.all, 'sales'] as const,
  counters: (body: SalesReportFilters) => [...reportsKeys.all, 'counters', body] as const,
  summary: (group: SummaryGroup) => [...reportsKeys.all, 'summary', group] as const,
  details: (group: SummaryGroup, key: string) => [...reportsKeys.all, 'details', group, key] as const,
  comparison: () => [...reportsKeys.all, 'comparison'] as const,
  picker: (field: ReportPickerField, q: string, narrow: PickerNarrowing) =>
    [...reportsKeys.all, 'picker', field, q, narrow] as const,
  picked: (field: ReportPickerField, id: number) => [...reportsKeys.all, 'picked', field, id] as const,
  sale: (saleId: number) => [...reportsKeys.all, 'sale', saleId] as const,
  export: (exportId: string) => [...reportsKeys.all, 'export', exportId] as const,
};

export async function findSales({
  page,
  limit,
  filters,
  abort,
}: PageRequest<ReportFilters>): Promise<PageResult<SalesReportRow>> {
  const data = await api.call('/get_sales_report_list/', { ...reportBody(filters), page, limit }, { abort });
  return { items: data.sales, filters: data.filters };
}

export function useCounters(body: SalesReportFilters) {
  return useQuery({
    queryKey: reportsKeys.counters(body),
    queryFn: ({ signal }) => api.call('/get_sales_report_counters/', body, { abort: signal }).then((d) => d.counters),
  });
}

export async function findSummary(
  group: SummaryGroup,
  { page, limit, filters, abort }: PageRequest<ReportFilters>,
): Promise<PageResult<SalesSummaryRow>> {
  const data = await api.call(
    '/get_sales_summary_report_with_customer_and_products_list/',
    { ...reportBody(filters), group_by: group, page, limit },
    { abort },
  );
  return { items: data.summary, filters: data.filters };
}

export async function findSummaryDetails(
  group: SummaryGroup,
  key: string,
  { page, limit, filters, abort }: PageRequest<ReportFilters>,
): Promise<PageResult<SalesReportRow>> {
  const data = await api.call(
    '/get_sales_summary_report_details/',
    { ...reportBody(filters), group_by: group, key, page, limit },
    { abort },
  );
  return { items: data.sales, filters: data.filters };
}

/** What narrows a picker's choices: shops and staff to the reseller chosen, staff to the shop, denominations to the product. */
export type PickerNarrowing = { reseller?: number; shop?: number; product?: number };

/** A filter's choices matching a text, searched over the caller's whole report scope on the server (issue 39). */
export function useReportChoices(field: ReportPickerField, q: string, narrow: PickerNarrowing) {
  return useQuery({
    queryKey: reportsKeys.picker(field, q, narrow),
    queryFn: ({ signal }) =>
      api.call('/get_sales_report_filter_choices/', { field, q, ...narrow }, { abort: signal }).then((d) => d.choices),
    staleTime: 30_000,
    // The last choices stay while the next text is looked up, so the list does not flicker empty.
    placeholderData: (previous) => previous,
  });
}

/** The chosen filter value's own choice (its name after a reload from the URL); null when outside the scope. */
export function useReportChoice(field: ReportPickerField, value: string) {
  const id = /^\d+$/.test(value) ? Number(value) : 0;
  return useQuery({
    queryKey: reportsKeys.picked(field, id),
    enabled: id > 0,
    queryFn: ({ signal }) =>
      api
        .call('/get_sales_report_filter_choices/', { field, q: '', id }, { abort: signal })
        .then((d) => d.choices[0] ?? null),
    staleTime: 300_000,
  });
}

/**
 * Every day of a period with its figures (the summary by day, page by page: 100 days a call), for the chart of sales
 * over time; days without sales are not rows.
 */
export async function findDays(body: SalesReportFilters, abort: AbortSignal): Promise<SalesSummaryRow[]> {
  const days: SalesSummaryRow[] = [];
  for (let page = 1; ; page++) {
    const data = await api.call(
      '/get_sales_summary_report_with_customer_and_products_list/',
      { ...body, group_by: 'day', page, limit: 100 },
      { abort },
    );
    days.push(...data.summary);
    if (page >= data.filters.total_pages) return days;
  }
}

/** The comparison screen's URL: the report filters, the group, the compared period (empty: the one before) and the order. */
export type ComparisonFilters = ReportFilters & { group: string; cmp_from: string; cmp_to: string; sort: string };

/** The period before a range, of the same length in days. */
export function previousRange(from: string, to: string) {
  const day = 86_400_000;
  const start = Date.parse(`${from}T12:00:00Z`);
  const length = Math.round((Date.parse(`${to}T12:00:00Z`) - start) / day) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(start - length * day), to: iso(start - day) };
}

/**
 * The comparison call's body from the URL: the report's period against the chosen one or, by default, the period of
 * the same length just before it; null while the period has no end (a custom period being picked).
 */
export function comparisonBody(
  f: ComparisonFilters,
  today = berlinToday(),
): Omit<SalesComparisonBody, 'page' | 'limit'> | null {
  const { from_date, to_date, ...rest } = reportBody(f, today);
  if (!from_date || !to_date) return null;
  const before = previousRange(from_date, to_date);
  return {
    ...rest,
    from_date,
    to_date,
    compare_from: f.cmp_from || before.from,
    compare_to: f.cmp_to || before.to,
    group_by: oneOf(COMPARISON_GROUPS, f.group) ?? 'product',
    sort: oneOf(COMPARISON_SORTS, f.sort) ?? '-change',
  };
}

/** One page of the comparison, computed by the server over the caller's whole scope (decision 0063). */
export async function findComparison({
  page,
  limit,
  filters,
  abort,
}: PageRequest<ComparisonFilters>): Promise<PageResult<SalesComparisonRow>> {
  const body = comparisonBody(filters);
  if (!body) return { items: [], filters: { total_count: 0, total_pages: 0 } };
  const data = await api.call('/get_sales_comparison_report/', { ...body, page, limit }, { abort });
  return { items: data.comparison, filters: data.filters };
}

export interface SaleDetails {
  sale_id: number;
  customer_care: string;
  instructions: string;
  pins: { pin_id: number; pin_masked: string; serial: string | null; lot: string }[];
}

export function useSaleDetails(saleId: number) {
  return useQuery({
    queryKey: reportsKeys.sale(saleId),
    queryFn: ({ signal }) => api.get('/get_sales_record_details/', { sale_id: saleId }, { abort: signal }),
  });
}

export const startExport = (body: SalesReportFilters, format: ExportFormat) =>
  api.call('/get_sales_report_download_url/', { ...body, format });

/** The export's progress, asked again every second until its file is ready. */
export function useExport(exportId: string | null) {
  return useQuery({
    queryKey: reportsKeys.export(exportId ?? ''),
    enabled: exportId !== null,
    // Only enabled with an export.
    queryFn: ({ signal }) =>
      api.get('/report_exports/:exportId/', undefined, { abort: signal, params: { exportId: exportId ?? '' } }),
    refetchInterval: (q) => (q.state.data?.status === 'ready' ? false : 1000),
  });
}

/** Saves a ready export's file under its own name (the link answers only the user who asked for it). */
export function saveExport(url: string): Promise<void> {
  return saveFile(url.slice(API_BASE.length), { fileName: 'sales-report.csv', serverName: true });
}

/** The export calls as the shared export button takes them. */
export const reportExporter = { start: startExport, useProgress: useExport, save: saveExport };
