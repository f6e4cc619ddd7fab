import type { DirectRechargeOperator } from '@portal/contract/direct-recharge';
import { TOPUP_STATUSES, type TopupSale } from '@portal/contract/topup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { api, oneOf } from '../../../lib/api.ts';
import type { PageRequest, PageResult } from '../../../ui/data-table.tsx';
import { useInvalidateAfterPurchase } from '../../selling/selling.queries.ts';
import { isFinal } from '../topup.queries.ts';

export type { DirectRechargeOperator };

export const directRechargeKeys = {
  all: ['direct-recharge'] as const,
  products: () => [...directRechargeKeys.all, 'products'] as const,
  sale: (saleId: number) => [...directRechargeKeys.all, 'sale', saleId] as const,
  history: () => [...directRechargeKeys.all, 'history'] as const,
};

/**
 * A German mobile number as dialled (0176 …, +49 176 …) in E.164, or null when it is not one. German mobile numbers
 * are the 015x, 016x and 017x ranges with 10 or 11 digits after the 0; the small metadata the app bundles can tell
 * neither a number's type nor these lengths.
 */
export function germanMobileE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'DE');
  if (!parsed?.isValid() || parsed.country !== 'DE') return null;
  return /^1[567][0-9]{8,9}$/.test(parsed.nationalNumber) ? parsed.number : null;
}

/** The operators and products the shop can recharge (empty: the provider offers none). */
export function useDirectRechargeProducts() {
  return useQuery({
    queryKey: directRechargeKeys.products(),
    queryFn: ({ signal }) =>
      api.get('/get_direct_recharge_products_with_dr_and_cc/', undefined, { abort: signal }).then((d) => d.operators),
  });
}

/** The recharge's status, asked again every two seconds until the provider's answer is final. */
export function useDirectRechargeStatus(initial: TopupSale) {
  return useQuery({
    queryKey: directRechargeKeys.sale(initial.sale_id),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && isFinal(q.state.data.status) ? false : 2_000),
    queryFn: ({ signal }) =>
      api.call('/check_direct_recharge_transaction/', { sale_id: initial.sale_id }, { abort: signal }),
  });
}

export interface SendRecharge {
  transaction_key: string;
  product_id: number;
  mobile_number: string;
}

/** Sends the recharge; the balance shown and the history are refreshed whatever the answer. */
export function useSendRecharge(customerId: number | undefined) {
  const queryClient = useQueryClient();
  const invalidatePurchase = useInvalidateAfterPurchase();
  return useMutation({
    mutationFn: (body: SendRecharge) => api.call('/direct_recharge_with_mobile_with_dr_and_cc/', body),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: directRechargeKeys.history() }),
        customerId === undefined ? undefined : invalidatePurchase(customerId),
      ]);
    },
  });
}

export type RechargeFilters = { status: string };
export const NO_RECHARGE_FILTERS: RechargeFilters = { status: '' };

export async function findRecharges({
  page,
  limit,
  filters,
  abort,
}: PageRequest<RechargeFilters>): Promise<PageResult<TopupSale>> {
  const data = await api.call(
    '/get_direct_recharge_history/',
    { page, limit, ...(filters.status ? { status: oneOf(TOPUP_STATUSES, filters.status) } : {}) },
    { abort },
  );
  return { items: data.recharges, filters: data.filters };
}
