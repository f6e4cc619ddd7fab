import type {
  AddStaffBody,
  AssignedCustomer,
  AssignHistoryRow,
  StaffAccount,
  UpdateStaffBody,
} from '@portal/contract/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type { AssignedCustomer, AssignHistoryRow, StaffAccount };

export const staffKeys = {
  all: ['staff'] as const,
  lists: () => [...staffKeys.all, 'list'] as const,
  choices: () => [...staffKeys.all, 'choices'] as const,
  user: (userId: number) => [...staffKeys.all, 'user', userId] as const,
  history: () => [...staffKeys.all, 'history'] as const,
};

export type StaffFilters = { search_text: string };

export async function findStaff({
  page,
  limit,
  filters,
  abort,
}: PageRequest<StaffFilters>): Promise<PageResult<StaffAccount>> {
  const data = await api.call(
    '/view_internal_permission/',
    { page, limit, ...(filters.search_text ? { search_text: filters.search_text } : {}) },
    { abort },
  );
  return { items: data.staff_accounts, filters: data.filters };
}

/** One user of the own customer with the customers assigned to it. */
export function useStaffUser(userId: number) {
  return useQuery({
    queryKey: staffKeys.user(userId),
    queryFn: async ({ signal }) => {
      const data = await api.call('/view_internal_permission/', { user_id: userId }, { abort: signal });
      return {
        account: data.staff_accounts[0] ?? null,
        assigned: data.assigned_customers ?? [],
        customerFeatures: data.customer_features,
      };
    },
  });
}

/** The users of the own customer (largest page the server gives) and the flags its customer holds. */
export function useStaffChoices() {
  return useQuery({
    queryKey: staffKeys.choices(),
    queryFn: ({ signal }) =>
      api
        .call('/view_internal_permission/', { page: 1, limit: 100 }, { abort: signal })
        .then((d) => ({ users: d.staff_accounts, customerFeatures: d.customer_features })),
    staleTime: 60_000,
  });
}

export type SaveStaffInput = { add: AddStaffBody } | { update: UpdateStaffBody };

export function useSaveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveStaffInput) =>
      'add' in input
        ? api.call('/add_internal_permission/', input.add)
        : api.call('/update_internal_permission/', input.update),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useAssignCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; assign: number[]; unassign: number[] }) => api.call('/staff_assign/', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export type HistoryFilters = { user_id: string };

export async function findAssignHistory({
  page,
  limit,
  filters,
  abort,
}: PageRequest<HistoryFilters>): Promise<PageResult<AssignHistoryRow>> {
  const data = await api.call(
    '/staff_assign_history/',
    { page, limit, ...(filters.user_id ? { user_id: Number(filters.user_id) } : {}) },
    { abort },
  );
  return { items: data.assign_history, filters: data.filters };
}
