import type { AddSupplierBody, SupplierView } from '@portal/contract/suppliers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

export type SupplierFilters = { search_text: string; status: string };

export const supplierKeys = {
  all: ['suppliers'] as const,
  lists: () => [...supplierKeys.all, 'list'] as const,
  detail: (id: number) => [...supplierKeys.all, 'detail', id] as const,
  options: () => [...supplierKeys.all, 'options'] as const,
};

export async function findSuppliers({
  page,
  limit,
  filters,
  abort,
}: PageRequest<SupplierFilters>): Promise<PageResult<SupplierView>> {
  const data = await api.call(
    '/view_suppliers/',
    {
      page,
      limit,
      search_text: filters.search_text || undefined,
      filters: { status: filters.status === '' ? undefined : filters.status === '1' ? 1 : 0 },
    },
    { abort },
  );
  return { items: data.suppliers, filters: data.filters };
}

export function useSupplier(supplierId: number | null) {
  return useQuery({
    queryKey: supplierKeys.detail(supplierId ?? 0),
    enabled: supplierId !== null,
    // Only enabled with a supplier.
    queryFn: async ({ signal }) =>
      // The server answers 404 for a supplier it does not have, so the list holds the one asked for.
      (await api.call('/view_suppliers/', { supplier_id: supplierId ?? undefined }, { abort: signal })).suppliers[0]!,
  });
}

/** Active suppliers for pickers (the import's step 2). */
export function useSupplierOptions() {
  return useQuery({
    queryKey: supplierKeys.options(),
    queryFn: async ({ signal }) =>
      (await api.call('/view_suppliers/', { limit: 100, filters: { status: 1 } }, { abort: signal })).suppliers,
  });
}

export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ supplier_id, ...fields }: AddSupplierBody & { supplier_id?: number }) =>
      supplier_id ? api.call('/edit_supplier/', { ...fields, supplier_id }) : api.call('/add_supplier/', fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}

export function useToggleSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true, successMessage: 'suppliers.statusChanged' },
    mutationFn: (input: { supplier_id: number; status: 0 | 1 }) => api.call('/edit_supplier/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
