import type { LowStockThresholdBody } from '@portal/contract/dashboard';
import { ROLE, type Role } from '@portal/contract/roles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

// The platform (superadmin) has no customer wallet; web_support sees its seller's.
export const BALANCE_ROLES: readonly Role[] = [ROLE.reseller, ROLE.seller, ROLE.webSupport];

export const homeKeys = {
  all: ['home'] as const,
  balance: (customerId: number) => [...homeKeys.all, 'balance', customerId] as const,
  dashboard: () => [...homeKeys.all, 'dashboard'] as const,
  thresholds: (productId: number) => [...homeKeys.all, 'thresholds', productId] as const,
};

export const balanceQuery = (customerId: number) =>
  queryOptions({
    queryKey: homeKeys.balance(customerId),
    queryFn: ({ signal }) => api.get('/dynamic_balance/', undefined, { abort: signal }),
    staleTime: 15_000,
  });

export function useBalance(customerId: number, enabled = true) {
  return useQuery({ ...balanceQuery(customerId), enabled });
}

/** The home figures: today, this month, 30 days, tops, low stock and customers near their credit limit. */
export const salesDashboardQuery = () =>
  queryOptions({
    queryKey: homeKeys.dashboard(),
    queryFn: ({ signal }) => api.get('/get_sales_dashboard/', undefined, { abort: signal }),
    staleTime: 60_000,
  });

export function useSalesDashboard(enabled = true) {
  return useQuery({ ...salesDashboardQuery(), enabled });
}

export function useLowStockThresholds(productId: number) {
  return useQuery({
    queryKey: homeKeys.thresholds(productId),
    queryFn: ({ signal }) => api.get('/low_stock_thresholds/', { product_id: productId }, { abort: signal }),
  });
}

export function useSetLowStockThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LowStockThresholdBody) => api.call('/set_low_stock_threshold/', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: homeKeys.dashboard() }),
        queryClient.invalidateQueries({ queryKey: [...homeKeys.all, 'thresholds'] }),
      ]),
  });
}
