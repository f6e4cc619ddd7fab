import type { PadChangeBody, ProductPadView } from '@portal/contract/assignments';
import type { StockCounts } from '@portal/contract/inventory';
import type { ConfigurationView } from '@portal/contract/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerWith, api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export interface PoolRow extends StockCounts {
  pool_id: number;
  product_id: number;
  pool_name: string;
  pin_length: number;
  is_active: 0 | 1;
  configuration_count: number;
  created_at: string;
}

export interface PoolDetails {
  pool_id: number;
  product_id: number;
  pool_name: string;
  is_active: 0 | 1;
  configurations: ConfigurationView[];
}

export const poolKeys = {
  all: ['pools'] as const,
  lists: () => [...poolKeys.all, 'list'] as const,
  detail: (id: number) => [...poolKeys.all, 'detail', id] as const,
  pad: (productId: number) => [...poolKeys.all, 'pad', productId] as const,
};

export async function findPools({ page, abort }: PageRequest<Record<string, string>>): Promise<PageResult<PoolRow>> {
  const data = await api.call('/view_update_pool/', { page }, { abort });
  return { items: data.pools, filters: data.filters };
}

export function usePool(poolId: number | null) {
  return useQuery({
    queryKey: poolKeys.detail(poolId ?? 0),
    enabled: poolId !== null,
    // Only enabled with a pool.
    queryFn: async ({ signal }) =>
      (await api.call('/view_update_pool/', { pool_id: poolId ?? undefined, limit: 1 }, { abort: signal })).pool,
  });
}

export function useUpdatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (input: { pool_id: number; pool_name?: string; is_active?: 0 | 1 }) =>
      api.call('/view_update_pool/', { ...input, limit: 1 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolKeys.all }),
  });
}

export interface PoolInput {
  pool_name: string;
  pin_length: number;
  customer_care: string;
  instructions: string;
  configurations: { value: string; info: string }[];
}

export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (input: PoolInput) => api.call('/add_pool/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolKeys.all }),
  });
}

export type PoolPadCustomer = ProductPadView['pad_customers'][number];
export type PoolPadFilters = { search_text: string };

/** The pool's resellers, each with its assignments of the pool's denominations (`/api/view_pad/` by product). */
export function poolPadQuery(productId: number) {
  return async ({ page, limit, filters, abort }: PageRequest<PoolPadFilters>): Promise<PageResult<PoolPadCustomer>> => {
    const data = await api.call(
      '/view_pad/',
      { product_id: productId, page, limit, search_text: filters.search_text || undefined },
      { abort },
    );
    const pad = answerWith(data, 'pad_customers');
    return { items: pad.pad_customers, filters: pad.filters };
  };
}

/** The pool's assignable denominations and the operator's discount slabs, for the table's columns and the form. */
export function usePoolPadOptions(productId: number | null) {
  return useQuery({
    queryKey: [...poolKeys.pad(productId ?? 0), 'options'],
    enabled: productId !== null,
    queryFn: async ({ signal }) => {
      // Only enabled with a product.
      const body = { product_id: productId ?? undefined, limit: 1 };
      const data = answerWith(await api.call('/view_pad/', body, { abort: signal }), 'pad_customers');
      return { product: data.product, discountPlans: data.discount_plans };
    },
  });
}

export function useChangePoolPad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PadChangeBody) => api.call('/add_update_delete_disable_pad/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poolKeys.all }),
  });
}
