import type { AddOrderBody, HardwareCategory, HardwareOrder, HardwareProduct } from '@portal/contract/hardware';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../../lib/session.ts';
import { upload } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import { authKeys } from '../auth/auth.queries.ts';
import { creditKeys } from '../credit/credit.queries.ts';
import { dashboardKeys } from '../reports/dashboard.queries.ts';

export type { HardwareCategory, HardwareOrder, HardwareProduct };

export const hardwareKeys = {
  all: ['hardware'] as const,
  categories: () => [...hardwareKeys.all, 'categories'] as const,
  products: (categoryId: number) => [...hardwareKeys.all, 'products', categoryId] as const,
  orders: () => [...hardwareKeys.all, 'orders'] as const,
};

export type OrderFilters = { status: string; from: string; to: string };
export const NO_ORDER_FILTERS: OrderFilters = { status: '', from: '', to: '' };

function query(page: number, limit: number, filters: Record<string, string>) {
  const out: Record<string, string | number> = { page, limit };
  for (const [k, v] of Object.entries(filters)) if (v !== '') out[k] = v;
  return out;
}

/** The whole catalogue fits in one page for the shop screens (a reseller keeps a handful of categories). */
export function useCategories() {
  return useQuery({
    queryKey: hardwareKeys.categories(),
    queryFn: ({ signal }) =>
      api.get('/hardware_category/', { limit: 100 }, { abort: signal }).then((d) => d.categories),
  });
}

/** The name of one of the reseller's categories, once the categories are there. */
export function useCategoryName(categoryId: number) {
  const categories = useCategories();
  return categories.data?.find((c) => c.category_id === categoryId)?.category_name;
}

export function useProducts(categoryId: number) {
  return useQuery({
    queryKey: hardwareKeys.products(categoryId),
    queryFn: ({ signal }) =>
      api.get('/hardware_product/', { category_id: categoryId, limit: 100 }, { abort: signal }).then((d) => d.products),
  });
}

export async function findOrders({
  page,
  limit,
  filters,
  abort,
}: PageRequest<OrderFilters>): Promise<PageResult<HardwareOrder>> {
  const data = await api.get('/hardware_orders/', query(page, limit, filters), { abort });
  return { items: data.orders, filters: data.filters };
}

export interface CategoryInput {
  id?: number;
  category_name: string;
  description: string;
  image: File | null;
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image, ...fields }: CategoryInput) =>
      id === undefined
        ? upload.call('/hardware_category/', { ...fields, image })
        : upload.patch('/hardware_category/update/:id/', { ...fields, image }, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hardwareKeys.categories() }),
    meta: { successMessage: 'hardware.saved' },
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/hardware_category/delete/:id', undefined, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hardwareKeys.categories() }),
    // Asked in a confirmation, which shows the refusal and names what was deleted (ui/confirm-action.tsx).
  });
}

export interface ProductInput {
  id?: number;
  category_id: number;
  product_name: string;
  description: string;
  price: string;
  stock: string;
  image: File | null;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image, category_id, ...fields }: ProductInput) =>
      id === undefined
        ? upload.call('/hardware_product/', { ...fields, category_id, image })
        : upload.patch('/hardware_product/update/:id/', { ...fields, image }, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hardwareKeys.all }),
    meta: { successMessage: 'hardware.saved' },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/hardware_product/delete/:id/', undefined, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hardwareKeys.all }),
    // Asked in a confirmation, which shows the refusal and names what was deleted (ui/confirm-action.tsx).
  });
}

/** An order spends the shop's balance: the balance shown in the header and the money lists are refreshed. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddOrderBody) => api.call('/hardware_orders/add/', body),
    onSettled: () => {
      const sessionId = sessionStore.get().session?.session_id;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: hardwareKeys.all }),
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        sessionId ? queryClient.invalidateQueries({ queryKey: authKeys.me(sessionId) }) : undefined,
      ]);
    },
  });
}

export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'shipped' | 'delivered' | 'cancelled' }) =>
      api.patch('/hardware_orders/status/:id/', { status }, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hardwareKeys.all }),
    // The success toast is the screen's: a cancel (a refund) is confirmed first and names the amount refunded.
    meta: { errorToast: true },
  });
}
