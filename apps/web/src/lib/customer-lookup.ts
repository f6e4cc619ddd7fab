import type { CustomerChoice } from '@portal/contract/customers';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/*
 * The customer look-ups other features use (credit, pad, banking, devices, staff…): kept below the features so that
 * those features do not import the customers feature, which itself imports some of them (no cycle between features).
 */

export type { CustomerChoice };

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  choices: () => [...customerKeys.all, 'choices'] as const,
  detail: (customerId: number) => [...customerKeys.all, 'detail', customerId] as const,
  username: (username: string) => [...customerKeys.all, 'username', username] as const,
  registrations: () => [...customerKeys.all, 'registrations'] as const,
  terminals: () => [...customerKeys.all, 'terminals'] as const,
  platform: () => [...customerKeys.all, 'platform'] as const,
  providerDiscounts: (customerId: number) => [...customerKeys.all, 'provider-discounts', customerId] as const,
};

/** Every customer the user may see, small enough for a picker (the server caps it). */
export function useCustomerChoices(enabled = true) {
  return useQuery({
    queryKey: customerKeys.choices(),
    queryFn: ({ signal }) =>
      api.call('/view_customers_list_with_less_data/', undefined, { abort: signal }).then((d) => d.customers),
    enabled,
    staleTime: 60_000,
  });
}

/** Customers whose name, number or username matches, searched on the server (`/api/search_customer/`). */
export function useCustomerSearch(text: string) {
  return useQuery({
    queryKey: [...customerKeys.all, 'search', text],
    queryFn: ({ signal }) =>
      api.call('/search_customer/', { search_text: text, limit: 50 }, { abort: signal }).then((d) => d.customers),
    staleTime: 30_000,
  });
}

type CustomerOption = { customer_id: number; name: string };

/** The customer calls a picker reads: the short list of the user's customers and the search as the user types. */
export interface CustomerSource {
  useChoices: () => UseQueryResult<CustomerOption[]>;
  useSearch: (text: string) => UseQueryResult<CustomerOption[]>;
}

/** What the shared customer picker reads. */
export const customerSource: CustomerSource = {
  useChoices: () => useCustomerChoices(),
  useSearch: useCustomerSearch,
};

export function useCustomerDetails(customerId: number, enabled = true) {
  return useQuery({
    queryKey: customerKeys.detail(customerId),
    queryFn: ({ signal }) => api.call('/customer_details/', { customer_id: customerId }, { abort: signal }),
    enabled: enabled && customerId > 0,
  });
}
