import type { AddCustomerBody, CustomerListRow, EditCustomerBody } from '@portal/contract/customers';
import type { UpdatePlatformDetailsBody } from '@portal/contract/platform-details';
import type { ProviderDiscountsBody } from '@portal/contract/provider-discounts';
import type { RegisterBody, RegistrationRow, RegistrationStatus } from '@portal/contract/registrations';
import { type SellerTerminals, TERMINAL_FILTERS, type TerminalFilter } from '@portal/contract/terminals';
import { type MutationMeta, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { customerKeys } from '../../lib/customer-lookup.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type { CustomerListRow, RegistrationRow };

export type CustomerListFilters = { search_text: string };

export async function findCustomers(
  isActive: 0 | 1,
  { page, limit, filters, abort }: PageRequest<CustomerListFilters>,
): Promise<PageResult<CustomerListRow>> {
  const data = await api.call(
    '/view_customers/',
    { page, limit, is_active: isActive, ...(filters.search_text ? { search_text: filters.search_text } : {}) },
    { abort },
  );
  return { items: data.customers, filters: data.filters };
}

/** Whether a username is free (spec section 5: "Username must be available"); asked once the user paused typing. */
export function useUsernameAvailable(username: string, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.username(username.toLowerCase()),
    queryFn: ({ signal }) =>
      api.call('/check_customer/', { username }, { abort: signal }).then((d) => d.available === 1),
    enabled: enabled && username.length >= 3,
    staleTime: 10_000,
    retry: false,
  });
}

function useCustomerMutation<I, R>(call: (input: I) => Promise<R>, meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** The platform's own legal and invoice data (`/platform-details`). */
export function usePlatformDetails() {
  return useQuery({
    queryKey: customerKeys.platform(),
    queryFn: ({ signal }) => api.get('/platform_details/', undefined, { abort: signal }),
  });
}

export const useSavePlatformDetails = () =>
  useCustomerMutation((body: UpdatePlatformDetailsBody) => api.call('/update_platform_details/', body));

/** One of the caller's customers' discounts per provider (decision 0107). */
export function useProviderDiscounts(customerId: number) {
  return useQuery({
    queryKey: customerKeys.providerDiscounts(customerId),
    queryFn: ({ signal }) => api.call('/provider_discounts/', { customer_id: customerId }, { abort: signal }),
  });
}

export function useSaveProviderDiscounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProviderDiscountsBody) => api.call('/provider_discounts/', body),
    onSuccess: (data, body) => queryClient.setQueryData(customerKeys.providerDiscounts(body.customer_id), data),
  });
}

export type SaveCustomerInput = { add: AddCustomerBody } | { edit: EditCustomerBody };

/** Adds or edits a customer; answers the customer's id either way. */
export const useSaveCustomer = () =>
  useCustomerMutation(
    (input: SaveCustomerInput): Promise<{ customer_id: number }> =>
      'add' in input ? api.call('/add_customer/', input.add) : api.call('/edit_customer/', input.edit),
  );

export const useUpdateCustomerStatus = () =>
  useCustomerMutation((body: { customer_id: number; is_active: 0 | 1 }) => api.call('/update_customer_status/', body), {
    errorToast: true,
  });

export const useUpdateRemarks = () =>
  useCustomerMutation((body: { customer_id: number; remarks: string }) => api.call('/update_customer_remarks/', body));

export const useUpdateOtp = () =>
  useCustomerMutation((body: { customer_id: number; enable_otp: boolean; otp_type: 'sms' | 'email' }) =>
    api.call('/update_customer_otp_type/', body),
  );

export interface ApiDetailsInput {
  customer_id: number;
  api_enabled: boolean;
  api_allowed_ips: string[];
  api_callback_url: string | null;
}

export const useUpdateApiDetails = () =>
  useCustomerMutation((body: ApiDetailsInput) => api.call('/update_customer_api_details/', body));

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { username: string; new_password: string; confirm_password: string }) =>
      api.call('/change_password/', body),
  });

export type RegistrationFilter = RegistrationStatus | 'all';
export const REGISTRATION_FILTERS: readonly RegistrationFilter[] = ['pending', 'accepted', 'rejected', 'all'];
export type RegistrationFilters = { status: RegistrationFilter };

export async function findRegistrations({
  page,
  limit,
  filters,
  abort,
}: PageRequest<RegistrationFilters>): Promise<PageResult<RegistrationRow>> {
  const data = await api.call('/view_registration/', { page, limit, status: filters.status }, { abort });
  return { items: data.registrations, filters: data.filters };
}

/** The reject dialog shows a refusal in itself; accepting from the list reports it as a notification. */
export const useDecideRegistration = (meta?: MutationMeta) =>
  useCustomerMutation(
    (body: { registration_id: number; status: 'accepted' | 'rejected'; reject_reason?: string }) =>
      api.call('/update_registration/', body),
    meta,
  );

/** The public form of `/user/register`. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => api.call('/register/', body),
  });
}

export type { SellerTerminals };
export type TerminalListFilter = TerminalFilter | 'all';
export const TERMINAL_LIST_FILTERS: readonly TerminalListFilter[] = ['all', ...TERMINAL_FILTERS];
export type TerminalFilters = { search: string; status: TerminalListFilter };

/** `/customers/terminals`: shops with their EPay terminal ids. */
export async function findSellerTerminals({
  page,
  limit,
  filters,
  abort,
}: PageRequest<TerminalFilters>): Promise<PageResult<SellerTerminals>> {
  const data = await api.call(
    '/list_sellers_with_terminal_ids/',
    {
      page,
      limit,
      ...(filters.search ? { search: filters.search } : {}),
      ...(filters.status === 'all' ? {} : { status: filters.status }),
    },
    { abort },
  );
  return { items: data.sellers, filters: data.filters };
}

/** Registers a terminal id to a shop (with `customer_id`) or switches a registered one on or off. */
export const useActivateTerminal = (meta?: MutationMeta) =>
  useCustomerMutation(
    (body: { terminal_id: string; is_active: 0 | 1; customer_id?: number }) => api.call('/activate_terminal_id/', body),
    meta,
  );
