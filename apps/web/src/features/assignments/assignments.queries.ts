import type {
  DiscountSlabDetail,
  DiscountSlabRow,
  PadChangeBody,
  PadRow,
  PadView,
  ProductDiscountRow,
  ProductType,
} from '@portal/contract/assignments';
import type { PageFilters } from '@portal/contract/envelope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type { DiscountSlabDetail, DiscountSlabRow, PadRow, PadView, ProductDiscountRow, ProductType };

export const assignmentKeys = {
  all: ['assignments'] as const,
  slabs: () => [...assignmentKeys.all, 'slabs'] as const,
  slabChoices: () => [...assignmentKeys.all, 'slabs', 'choices'] as const,
  slab: (slabId: number) => [...assignmentKeys.all, 'slabs', 'detail', slabId] as const,
  pad: (customerId: number) => [...assignmentKeys.all, 'pad', customerId] as const,
  productDiscounts: () => [...assignmentKeys.all, 'product-discounts'] as const,
};

/** More than one page of slabs is not expected; the picker asks for the largest page the server gives. */
const CHOICES_LIMIT = 100;

export async function findSlabs({
  page,
  limit,
  abort,
}: PageRequest<Record<string, never>>): Promise<PageResult<DiscountSlabRow>> {
  const data = await api.post<{ discount_slabs: DiscountSlabRow[]; filters: PageFilters }>(
    '/view_discount_plan/',
    { page, limit },
    { abort },
  );
  return { items: data.discount_slabs, filters: data.filters };
}

export function useSlabChoices(enabled = true) {
  return useQuery({
    queryKey: assignmentKeys.slabChoices(),
    queryFn: ({ signal }) =>
      api
        .post<{ discount_slabs: DiscountSlabRow[] }>(
          '/view_discount_plan/',
          { page: 1, limit: CHOICES_LIMIT },
          { abort: signal },
        )
        .then((d) => d.discount_slabs),
    enabled,
    staleTime: 60_000,
  });
}

export function useSlab(slabId: number) {
  return useQuery({
    queryKey: assignmentKeys.slab(slabId),
    queryFn: ({ signal }) =>
      api.post<DiscountSlabDetail>('/view_discount_plan/', { discount_slab_id: slabId }, { abort: signal }),
  });
}

export interface SlabInput {
  name: string;
  items: { configuration_id: number; discount: string }[];
}

export function useAddSlab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlabInput) => api.post<DiscountSlabDetail>('/add_discount_plan/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

export function useUpdateSlab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlabInput & { discount_slab_id: number }) =>
      api.post<DiscountSlabDetail>('/update_configuration_slab/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

export function usePad(customerId: number) {
  return useQuery({
    queryKey: assignmentKeys.pad(customerId),
    queryFn: ({ signal }) => api.post<PadView>('/view_pad/', { customer_id: customerId }, { abort: signal }),
  });
}

export function useChangePad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PadChangeBody) => api.post<PadView>('/add_update_delete_disable_pad/', body),
    onSuccess: (view) => queryClient.setQueryData(assignmentKeys.pad(view.customer_id), view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

export type ProductDiscountFilters = { customer_id: string; product_type: string; search_text: string };

export async function findProductDiscounts({
  page,
  limit,
  filters,
  abort,
}: PageRequest<ProductDiscountFilters>): Promise<PageResult<ProductDiscountRow>> {
  const data = await api.post<{ product_discounts: ProductDiscountRow[]; filters: PageFilters }>(
    '/product_discounts_list/',
    {
      page,
      limit,
      ...(filters.customer_id ? { customer_id: Number(filters.customer_id) } : {}),
      ...(filters.product_type ? { product_type: filters.product_type } : {}),
      ...(filters.search_text ? { search_text: filters.search_text } : {}),
    },
    { abort },
  );
  return { items: data.product_discounts, filters: data.filters };
}
