import {
  type DtOneCatalogue,
  type HeldResolution,
  type PendingTopup,
  type ProviderReconciliation,
  type RechargeSummary,
  type RechargeSummaryQuery,
  TOPUP_STATUSES,
  type TopupSale,
  type TopupStatus,
} from '@portal/contract/topup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerWith, api, oneOf } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import { useInvalidateAfterPurchase } from '../selling/selling.queries.ts';

export type { DtOneCatalogue, TopupSale, TopupStatus };

export const topupKeys = {
  all: ['topup'] as const,
  lookup: (mobileNumber: string) => [...topupKeys.all, 'lookup', mobileNumber] as const,
  products: (by: ProductsBy) => [...topupKeys.all, 'products', by] as const,
  sale: (transactionKey: string) => [...topupKeys.all, 'sale', transactionKey] as const,
  history: () => [...topupKeys.all, 'history'] as const,
  providerSale: (saleId: number) => [...topupKeys.all, 'provider-sale', saleId] as const,
};

export type ProductsBy = { operator_id: number } | { country_iso_code: string };

/** Configuration 1: the operators DT One knows for the number (page 1, 100 per page). */
export function useNumberLookup(mobileNumber: string | null) {
  return useQuery({
    queryKey: topupKeys.lookup(mobileNumber ?? ''),
    enabled: mobileNumber !== null,
    // Only enabled with a number.
    queryFn: ({ signal }) =>
      api
        .call('/dt_one/', { configuration: 1, mobile_number: mobileNumber ?? undefined }, { abort: signal })
        .then((d) => answerWith(d, 'operators').operators),
  });
}

/** Configuration 2: what can be sent, by operator or, when the number was not identified, by country. */
export function useTopupProducts(by: ProductsBy | null) {
  return useQuery({
    queryKey: topupKeys.products(by ?? { operator_id: 0 }),
    enabled: by !== null,
    queryFn: ({ signal }) =>
      api
        .call('/dt_one/', { configuration: 2, ...by }, { abort: signal })
        .then((d) => answerWith(d, 'products').products),
  });
}

export type FinalStatus = Exclude<TopupStatus, 'pending'>;
export const isFinal = (s: TopupStatus): s is FinalStatus => s !== 'pending';

/** Configuration 41, asked again every two seconds until DT One's answer is final. */
export function useTopupStatus(transactionKey: string | null, initial?: TopupSale) {
  return useQuery({
    queryKey: topupKeys.sale(transactionKey ?? ''),
    enabled: transactionKey !== null,
    initialData: initial,
    refetchInterval: (q) => (q.state.data && isFinal(q.state.data.status) ? false : 2_000),
    // Only enabled with a key.
    queryFn: ({ signal }) =>
      api
        .call('/dt_one/', { configuration: 41, transaction_key: transactionKey ?? undefined }, { abort: signal })
        .then((d) => answerWith(d, 'sale').sale),
  });
}

export function fetchTransactionKey() {
  return api.get('/get_transaction_session_key/').then((d) => d.transaction_key);
}

export interface SendTopup {
  transaction_key: string;
  product_id: number;
  mobile_number: string;
}

/**
 * Asks DT One for the offer (configuration 3's other path, decision 0080): nothing is reserved; what the number
 * receives and what the shop pays come back with it.
 */
export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTopup) => api.call('/international_top_up_transaction/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: topupKeys.history() }),
  });
}

/**
 * Configuration 6 on the offer's key: confirms it (the money reserved, then DT One confirms) or, with `cancel`,
 * rejects it. The balance shown and the history are refreshed whatever the answer.
 */
export function useDecideOffer(customerId: number | undefined) {
  const queryClient = useQueryClient();
  const invalidatePurchase = useInvalidateAfterPurchase();
  return useMutation({
    mutationFn: ({ transactionKey, reject }: { transactionKey: string; reject: boolean }) =>
      api
        .call('/dt_one/', {
          configuration: 6,
          transaction_key: transactionKey,
          ...(reject ? { cancel: 1 as const } : {}),
        })
        .then((d) => answerWith(d, 'sale').sale),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: topupKeys.history() }),
        customerId === undefined ? undefined : invalidatePurchase(customerId),
      ]);
    },
  });
}

export type TopupFilters = { status: string };
export const NO_TOPUP_FILTERS: TopupFilters = { status: '' };

export async function findTopups({
  page,
  limit,
  filters,
  abort,
}: PageRequest<TopupFilters>): Promise<PageResult<TopupSale>> {
  const data = await api.call(
    '/get_international_top_up/',
    { page, limit, ...(filters.status ? { status: oneOf(TOPUP_STATUSES, filters.status) } : {}) },
    { abort },
  );
  return { items: data.top_ups, filters: data.filters };
}

export type { PendingTopup, RechargeSummary, RechargeSummaryQuery };

/** `/seller/recharge-summary`: the shop's provider sales of the period, grouped, with totals. */
export function useRechargeSummary(q: RechargeSummaryQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...topupKeys.all, 'summary', q],
    enabled,
    queryFn: ({ signal }) => api.call('/get_recharge_summary/', q, { abort: signal }),
  });
}

/** The platform's top-ups pending for more than 24 hours (superadmin). */
export async function findPendingTopups({
  page,
  limit,
  abort,
}: PageRequest<Record<string, string>>): Promise<PageResult<PendingTopup>> {
  const data = await api.call('/view_pending_top_ups/', { page, limit }, { abort });
  return { items: data.top_ups, filters: data.filters };
}

/** Asks the provider about one pending top-up now; the list is read again afterwards. */
export function useCheckTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saleId: number) => api.call('/check_top_up_status/', { sale_id: saleId }),
    meta: { errorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: topupKeys.all }),
  });
}

/** The superadmin's decision on a held top-up (decision 0080): settled as failed, or the provider's one followed. */
export function useResolveHeldTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { sale_id: number; resolution: HeldResolution }) => api.call('/resolve_held_top_up/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: topupKeys.all }),
  });
}

/** DT One's balance and the last daily reconciliation (superadmin, decision 0080). */
export function useProviderReconciliation() {
  return useQuery({
    queryKey: [...topupKeys.all, 'reconciliation-summary'],
    queryFn: ({ signal }) => api.call('/view_provider_reconciliation/', { page: 1, limit: 1 }, { abort: signal }),
  });
}

/** The differences the daily reconciliation found, newest day first. */
export async function findReconciliationDifferences({
  page,
  limit,
  abort,
}: PageRequest<Record<string, string>>): Promise<PageResult<ProviderReconciliation['differences'][number]>> {
  const data = await api.call('/view_provider_reconciliation/', { page, limit }, { abort });
  return { items: data.differences, filters: data.filters };
}

/** One provider sale of any kind by its id, as a ledger line opens it (decision 0123); nothing while `saleId` is null. */
export function useProviderSaleDetails(saleId: number | null) {
  return useQuery({
    queryKey: topupKeys.providerSale(saleId ?? 0),
    enabled: saleId !== null,
    queryFn: ({ signal }) => api.get('/get_provider_sale_details/', { sale_id: saleId ?? 0 }, { abort: signal }),
  });
}
