import type { PageFilters } from '@portal/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export interface StockReportRow {
  configuration_id: number;
  product_id: number;
  product_name: string;
  product_type: 'cash_card' | 'gift_card' | 'calling_card';
  value: string;
  total: number;
  sold: number;
  unsold: number;
  published: number;
  unpublished: number;
  stock_cost: string;
  sold_cost: string;
  face_value_unsold: string;
}

export interface HistoryRow {
  import_id: number;
  status: 'approved' | 'cancelled';
  file_name: string;
  batch: string | null;
  product_name: string | null;
  value: string | null;
  supplier_name: string | null;
  buying_discount: string | null;
  imported_pins: number | null;
  failed_rows: number | null;
  decided_at: string | null;
  decided_by: string | null;
}

export interface ProductFilterOptions {
  products: {
    product_id: number;
    product_name: string;
    product_type: string;
    configurations: { id: number; value: string }[];
  }[];
  suppliers: { supplier_id: number; full_name: string }[];
}

export type StockReportFilters = { product_type: string; product_id: string; supplier_id: string };
export type HistoryFilters = { from: string; to: string; product_id: string; supplier_id: string; status: string };

export const reportKeys = {
  all: ['stock-reports'] as const,
  stock: () => [...reportKeys.all, 'stock'] as const,
  history: () => [...reportKeys.all, 'history'] as const,
  options: () => [...reportKeys.all, 'options'] as const,
};

const id = (v: string) => (v ? Number(v) : undefined);

export function stockReportBody(filters: StockReportFilters) {
  return {
    filters: {
      product_type: filters.product_type || undefined,
      product_id: id(filters.product_id),
      supplier_id: id(filters.supplier_id),
    },
  };
}

export function historyBody(filters: HistoryFilters) {
  return {
    filters: {
      from: filters.from || undefined,
      to: filters.to || undefined,
      product_id: id(filters.product_id),
      supplier_id: id(filters.supplier_id),
      status: filters.status,
    },
  };
}

export async function findStockReport({
  page,
  limit,
  filters,
  abort,
}: PageRequest<StockReportFilters>): Promise<PageResult<StockReportRow>> {
  const data = await api.post<{ stock_report: StockReportRow[]; filters: PageFilters }>(
    '/get_stock_report/',
    { page, limit, ...stockReportBody(filters) },
    { abort },
  );
  return { items: data.stock_report, filters: data.filters };
}

export async function findHistory({
  page,
  limit,
  filters,
  abort,
}: PageRequest<HistoryFilters>): Promise<PageResult<HistoryRow>> {
  const data = await api.post<{ inventory_history: HistoryRow[]; filters: PageFilters }>(
    '/get_inventory_history_report/',
    { page, limit, ...historyBody(filters) },
    { abort },
  );
  return { items: data.inventory_history, filters: data.filters };
}

export function useFilterOptions() {
  return useQuery({
    queryKey: reportKeys.options(),
    queryFn: ({ signal }) => api.get<ProductFilterOptions>('/get_product_filters/', undefined, { abort: signal }),
  });
}
