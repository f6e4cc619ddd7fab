import type { LowStockThresholdBody } from '@portal/contract/dashboard';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * The sales dashboard's figures and its low-stock thresholds (the server's reports module, dashboard.service.ts):
 * apart from reports.queries.ts so that the home page and the seller's dashboard load without the report screens'
 * code. A change of money invalidates `dashboardKeys.all` (customers near their credit limit).
 */
export const dashboardKeys = {
  all: ['reports', 'dashboard'] as const,
  figures: () => [...dashboardKeys.all, 'figures'] as const,
  thresholds: (productId: number) => [...dashboardKeys.all, 'thresholds', productId] as const,
};

/** The home figures: today, this month, 30 days, tops, low stock and customers near their credit limit. */
export const salesDashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.figures(),
    queryFn: ({ signal }) => api.get('/get_sales_dashboard/', undefined, { abort: signal }),
    staleTime: 60_000,
  });

export function useSalesDashboard(enabled = true) {
  return useQuery({ ...salesDashboardQuery(), enabled });
}

export function useLowStockThresholds(productId: number) {
  return useQuery({
    queryKey: dashboardKeys.thresholds(productId),
    queryFn: ({ signal }) => api.get('/low_stock_thresholds/', { product_id: productId }, { abort: signal }),
  });
}

export function useSetLowStockThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LowStockThresholdBody) => api.call('/set_low_stock_threshold/', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.figures() }),
        queryClient.invalidateQueries({ queryKey: [...dashboardKeys.all, 'thresholds'] }),
      ]),
  });
}
