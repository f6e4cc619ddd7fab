import type {
  DiscountSlabDetail,
  DiscountSlabRow,
  PadChangeBody,
  PadRow,
  PadView,
  ProductDiscountRow,
  ProductType,
} from '@portal/contract/assignments';
import { PRODUCT_TYPES } from '@portal/contract/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerWith, api, oneOf } from '../../lib/api.ts';
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
  const data = answerWith(await api.call('/view_discount_plan/', { page, limit }, { abort }), 'discount_slabs');
  return { items: data.discount_slabs, filters: data.filters };
}

export function useSlabChoices(enabled = true) {
  return useQuery({
    queryKey: assignmentKeys.slabChoices(),
    queryFn: ({ signal }) =>
      api
        .call('/view_discount_plan/', { page: 1, limit: CHOICES_LIMIT }, { abort: signal })
        .then((d) => answerWith(d, 'discount_slabs').discount_slabs),
    enabled,
    staleTime: 60_000,
  });
}

export function useSlab(slabId: number) {
  return useQuery({
    queryKey: assignmentKeys.slab(slabId),
    queryFn: ({ signal }) =>
      api
        .call('/view_discount_plan/', { discount_slab_id: slabId }, { abort: signal })
        .then((d) => answerWith(d, 'discount_slab_id')),
  });
}

export interface SlabInput {
  name: string;
  items: { configuration_id: number; discount: string }[];
}

export function useAddSlab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlabInput) => api.call('/add_discount_plan/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

export function useUpdateSlab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SlabInput & { discount_slab_id: number }) => api.call('/update_configuration_slab/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
  });
}

export function usePad(customerId: number) {
  return useQuery({
    queryKey: assignmentKeys.pad(customerId),
    queryFn: ({ signal }) =>
      api.call('/view_pad/', { customer_id: customerId }, { abort: signal }).then((d) => answerWith(d, 'pad_list')),
  });
}

export function useChangePad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PadChangeBody) => api.call('/add_update_delete_disable_pad/', body),
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
  const data = await api.call(
    '/product_discounts_list/',
    {
      page,
      limit,
      ...(filters.customer_id ? { customer_id: Number(filters.customer_id) } : {}),
      ...(filters.product_type ? { product_type: oneOf(PRODUCT_TYPES, filters.product_type) } : {}),
      ...(filters.search_text ? { search_text: filters.search_text } : {}),
    },
    { abort },
  );
  return { items: data.product_discounts, filters: data.filters };
}
