import { PRODUCT_TYPES } from '@portal/contract/products';
import {
  HISTORY_STATUSES,
  type InventoryHistoryRow,
  type ProductFilterChoices,
  type StockReportRow,
} from '@portal/contract/stock-reports';
import { useQuery } from '@tanstack/react-query';
import { api, oneOf } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type HistoryRow = InventoryHistoryRow;
export type ProductFilterOptions = ProductFilterChoices;
export type { StockReportRow };

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
      product_type: oneOf(PRODUCT_TYPES, filters.product_type),
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
      status: oneOf(HISTORY_STATUSES, filters.status),
    },
  };
}

export async function findStockReport({
  page,
  limit,
  filters,
  abort,
}: PageRequest<StockReportFilters>): Promise<PageResult<StockReportRow>> {
  const data = await api.call('/get_stock_report/', { page, limit, ...stockReportBody(filters) }, { abort });
  return { items: data.stock_report, filters: data.filters };
}

export async function findHistory({
  page,
  limit,
  filters,
  abort,
}: PageRequest<HistoryFilters>): Promise<PageResult<HistoryRow>> {
  const data = await api.call('/get_inventory_history_report/', { page, limit, ...historyBody(filters) }, { abort });
  return { items: data.inventory_history, filters: data.filters };
}

export function useFilterOptions() {
  return useQuery({
    queryKey: reportKeys.options(),
    queryFn: ({ signal }) => api.get('/get_product_filters/', undefined, { abort: signal }),
  });
}
