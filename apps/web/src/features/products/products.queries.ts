import type { PageFilters } from '@portal/contract/envelope';
import type { ConfigurationView, ProductType, ProductVat, ProductView } from '@portal/contract/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { uploadFile } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type ProductListFilters = { search_text: string; product_type: string; is_active: string };

export interface ProductWithConfigurations extends ProductView {
  configurations: ConfigurationView[];
}

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
  const data = await api.post<{ products: ProductView[]; filters: PageFilters }>(
    '/view_products/',
    {
      view_type: 0,
      page,
      total_items: limit,
      search_text: filters.search_text || undefined,
      filters: {
        product_type: filters.product_type || undefined,
        is_active: filters.is_active === '' ? undefined : Number(filters.is_active),
      },
    },
    { abort },
  );
  return { items: data.products, filters: data.filters };
}

/** Gift cards are the products of type gift card; their list has its own call (spec section 7). */
export async function findGiftCards({
  page,
  limit,
  filters,
  abort,
}: PageRequest<ProductListFilters>): Promise<PageResult<ProductView>> {
  const data = await api.post<{ gift_cards: ProductView[]; filters: PageFilters }>(
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
      const data = await api.post<{ product: ProductView; configurations: ConfigurationView[] }>(
        '/view_products/',
        { view_type: 1, product_id: productId, total_items: 100 },
        { abort: signal },
      );
      return { ...data.product, configurations: data.configurations } as ProductWithConfigurations;
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
    mutationFn: (input: ProductInput) =>
      input.product_type === 'gift_card'
        ? api.post<ProductWithConfigurations>('/add_gift_cards/', { ...input, product_type: undefined })
        : api.post<ProductWithConfigurations>('/add_product/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export interface ProductUpdate {
  product_id: number;
  product_name?: string;
  pin_length?: number;
  customer_care?: string;
  instructions?: string;
  is_active?: 0 | 1;
  configurations?: { id?: number; value?: string; info?: string; is_active?: 0 | 1 }[];
}

export function useUpdateProduct(giftCard = false) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (input: ProductUpdate) =>
      api.post<ProductWithConfigurations>(giftCard ? '/update_gift_cards/' : '/update_product_details/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (input: { product_id: number; file: File }) =>
      uploadFile<ProductView>(
        '/update_product_image/',
        { product_id: String(input.product_id) },
        'product_image',
        input.file,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
