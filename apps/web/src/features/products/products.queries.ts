import {
  PRODUCT_TYPES,
  type ProductType,
  type ProductVat,
  type ProductView,
  type ProductWithConfigurations,
  type UpdateProductBody,
} from '@portal/contract/products';
import { type MutationMeta, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerWith, api, oneOf } from '../../lib/api.ts';
import { upload } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type ProductListFilters = { search_text: string; product_type: string; is_active: string };

export type { ProductWithConfigurations };

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
};

export async function findProducts({
  page,
  limit,
  filters,
  abort,
}: PageRequest<ProductListFilters>): Promise<PageResult<ProductView>> {
  const data = await api.call(
    '/view_products/',
    {
      view_type: 0,
      page,
      total_items: limit,
      search_text: filters.search_text || undefined,
      filters: {
        product_type: oneOf(PRODUCT_TYPES, filters.product_type),
        is_active: filters.is_active === '' ? undefined : filters.is_active === '1' ? 1 : 0,
      },
    },
    { abort },
  );
  const list = answerWith(data, 'products');
  return { items: list.products, filters: list.filters };
}

/** Gift cards are the products of type gift card; their list has its own call (spec section 7). */
export async function findGiftCards({
  page,
  limit,
  filters,
  abort,
}: PageRequest<ProductListFilters>): Promise<PageResult<ProductView>> {
  const data = await api.call(
    '/view_gift_cards/',
    { page, limit, search_text: filters.search_text || undefined },
    { abort },
  );
  return { items: data.gift_cards, filters: data.filters };
}

export function useProduct(productId: number) {
  return useQuery({
    queryKey: productKeys.detail(productId),
    queryFn: async ({ signal }) => {
      const data = await api.call(
        '/view_products/',
        { view_type: 1, product_id: productId, total_items: 100 },
        { abort: signal },
      );
      const one = answerWith(data, 'product');
      return { ...one.product, configurations: one.configurations };
    },
  });
}

export interface ProductInput {
  product_name: string;
  product_type: ProductType;
  pin_length: number;
  customer_care: string;
  instructions: string;
  vat_treatment: ProductVat;
  configurations: { value: string; info: string }[];
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: ({ product_type, ...fields }: ProductInput) =>
      product_type === 'gift_card'
        ? api.call('/add_gift_cards/', fields)
        : api.call('/add_product/', { ...fields, product_type }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export type ProductUpdate = UpdateProductBody;

/** `meta` asks for a notification of a refusal where no form shows it (the activate buttons). */
export function useUpdateProduct(giftCard = false, meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: (input: ProductUpdate) =>
      api.call(giftCard ? '/update_gift_cards/' : '/update_product_details/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (input: { product_id: number; file: File }) =>
      upload.call('/update_product_image/', { product_id: input.product_id, product_image: input.file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
