import {
  type ApiDiscountsInput,
  DYNAMIC_LOG_ACTIONS,
  DYNAMIC_LOG_OUTCOMES,
  type DynamicProductLog,
  type OfferDynamicProductBody,
  type SaveDynamicProductBody,
  type SoftPinSale,
  type SoftPinType,
} from '@portal/contract/dynamic-products';
import type { SetProviderVatBody } from '@portal/contract/provider-vat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerWith, api, oneOf } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type { SoftPinSale, SoftPinType };

export const dynamicProductsKeys = {
  all: ['dynamic-products'] as const,
  softApi: () => [...dynamicProductsKeys.all, 'softapi'] as const,
  reseller: () => [...dynamicProductsKeys.all, 'reseller'] as const,
  shop: (type: SoftPinType) => [...dynamicProductsKeys.all, 'shop', type] as const,
  sale: (saleId: number) => [...dynamicProductsKeys.all, 'sale', saleId] as const,
  discounts: (scope: 'platform' | 'parent', customerId: number) =>
    [...dynamicProductsKeys.all, 'discounts', scope, customerId] as const,
  logs: () => [...dynamicProductsKeys.all, 'logs'] as const,
};

/** Whether a sale's status is final (the receipt prints then). */
export const isFinalSale = (s: Pick<SoftPinSale, 'status'>) => s.status !== 'pending';

/** The shop's soft pins of one type (cash or gift cards), when the shop sells them. */
export function useSoftPins(type: SoftPinType | null) {
  return useQuery({
    queryKey: dynamicProductsKeys.shop(type ?? 'cash_card'),
    enabled: type !== null,
    queryFn: ({ signal }) =>
      api
        .call('/dynamic_products/', { action: 'list', product_type: type ?? 'cash_card' }, { abort: signal })
        .then((d) => answerWith(d, 'products').products),
  });
}

/**
 * Buys one soft pin under a transaction key; the soft pins and what the seller's screens show of a purchase
 * (`afterPurchase`, from the selling feature that opens the dialog) are refreshed whatever the answer.
 */
export function useBuySoftPin(afterPurchase: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dynamicProductId: number) => {
      const { transaction_key } = await api.get('/get_transaction_session_key/');
      const d = await api.call('/dynamic_products/', {
        action: 'buy',
        transaction_key,
        dynamic_product_id: dynamicProductId,
      });
      return answerWith(d, 'sale').sale;
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...dynamicProductsKeys.all, 'shop'] }),
        afterPurchase(),
      ]);
    },
  });
}

/** A sale's status (and PIN once delivered), asked again every two seconds until it is final. */
export function useSoftPinStatus(initial: SoftPinSale) {
  return useQuery({
    queryKey: dynamicProductsKeys.sale(initial.sale_id),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && isFinalSale(q.state.data) ? false : 2_000),
    queryFn: ({ signal }) =>
      api
        .call('/dynamic_products/', { action: 'status', sale_id: initial.sale_id }, { abort: signal })
        .then((d) => answerWith(d, 'sale').sale),
  });
}

/** The provider's catalogue beside the platform's configuration (superadmin). */
export function useSoftApiProducts() {
  return useQuery({
    queryKey: dynamicProductsKeys.softApi(),
    queryFn: ({ signal }) => api.get('/get_softapi_products/', undefined, { abort: signal }).then((d) => d.products),
  });
}

export function useSaveDynamicProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDynamicProductBody) => api.call('/save_dynamic_product/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dynamicProductsKeys.all }),
  });
}

/** A reseller's dynamic products at its own price, each offered to its shops or not (decision 0110). */
export function useResellerDynamicProducts() {
  return useQuery({
    queryKey: dynamicProductsKeys.reseller(),
    queryFn: ({ signal }) => api.get('/my_dynamic_products/', undefined, { abort: signal }).then((d) => d.products),
  });
}

export function useOfferDynamicProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferDynamicProductBody) => api.call('/offer_dynamic_product/', body),
    meta: { errorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dynamicProductsKeys.reseller() }),
  });
}

/**
 * One customer's discounts: the platform's call shows the provider's cost and the platform's margin, the parent's
 * call (a reseller for its shops) does not.
 */
export function useDynamicDiscounts(scope: 'platform' | 'parent', customerId: number | null) {
  return useQuery({
    queryKey: dynamicProductsKeys.discounts(scope, customerId ?? 0),
    enabled: customerId !== null && customerId > 0,
    queryFn: ({ signal }) =>
      api.call(
        scope === 'platform' ? '/view_update_super_admin_discounts/' : '/api_discounts/',
        { customer_id: customerId ?? 0 },
        { abort: signal },
      ),
  });
}

export function useSaveDynamicDiscounts(scope: 'platform' | 'parent') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiDiscountsInput) =>
      api.call(scope === 'platform' ? '/view_update_super_admin_discounts/' : '/api_discounts/', body),
    onSuccess: (_d, body) =>
      queryClient.invalidateQueries({ queryKey: dynamicProductsKeys.discounts(scope, body.customer_id) }),
  });
}

export type LogFilters = { action: string; outcome: string };
export const NO_LOG_FILTERS: LogFilters = { action: '', outcome: '' };

export async function findDynamicProductLogs({
  page,
  limit,
  filters,
  abort,
}: PageRequest<LogFilters>): Promise<PageResult<DynamicProductLog>> {
  const data = await api.call(
    '/view_dynamic_product_logs/',
    {
      page,
      limit,
      action: oneOf(DYNAMIC_LOG_ACTIONS, filters.action),
      outcome: oneOf(DYNAMIC_LOG_OUTCOMES, filters.outcome),
    },
    { abort },
  );
  return { items: data.logs, filters: data.filters };
}

/** The VAT treatments of provider goods, per provider and soft-pin product (decision 0132; the superadmin's). */
export function useProviderVat() {
  return useQuery({
    queryKey: [...dynamicProductsKeys.all, 'vat'] as const,
    queryFn: ({ signal }) =>
      api.get('/provider_vat_treatments/', undefined, { abort: signal }).then((d) => d.treatments),
  });
}

export function useSetProviderVat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetProviderVatBody) => api.call('/set_provider_vat_treatment/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...dynamicProductsKeys.all, 'vat'] }),
  });
}
