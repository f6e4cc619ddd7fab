import type { LoginRequest } from '@portal/contract/auth';

export type { LoginRequest };

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export const LOGIN_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'all'] as const;
export type LoginRequestStatusFilter = (typeof LOGIN_REQUEST_STATUSES)[number];
export type LoginRequestFilters = { status: LoginRequestStatusFilter };

export const loginRequestKeys = {
  all: ['login-requests'] as const,
  lists: () => [...loginRequestKeys.all, 'list'] as const,
};

export async function findLoginRequests({
  page,
  limit,
  filters,
  abort,
}: PageRequest<LoginRequestFilters>): Promise<PageResult<LoginRequest>> {
  const data = await api.call('/view_login_requests/', { page, limit, status: filters.status }, { abort });
  return { items: data.login_requests, filters: data.filters };
}

export function useDecideLoginRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (input: { reference_id: string; status: 'approved' | 'rejected' }) =>
      api.call('/update_login_requests/', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loginRequestKeys.all }),
  });
}
