import type { PageFilters } from '@portal/contract/envelope';
import type {
  PostReclamPinsBody,
  ReclamationDetails,
  ReclamationStatus,
  ReclamationSummary,
  ReclamationView,
  UpdateReclamationBody,
} from '@portal/contract/reclamations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import { invoicesKeys } from '../invoices/invoices.queries.ts';

export const reclamationsKeys = {
  all: ['reclamations'] as const,
  list: (view: ReclamationView) => [...reclamationsKeys.all, 'list', view] as const,
  one: (id: number) => [...reclamationsKeys.all, 'one', id] as const,
};

export type ReclamationFilters = { status: ReclamationStatus | '' };

export function findReclamations(view: ReclamationView) {
  return async ({
    page,
    limit,
    filters,
    abort,
  }: PageRequest<ReclamationFilters>): Promise<PageResult<ReclamationSummary>> => {
    const data = await api.post<{ reclamations: ReclamationSummary[]; filters: PageFilters }>(
      '/view_update_reclam_pins/',
      { view, status: filters.status || undefined, page, limit },
      { abort },
    );
    return { items: data.reclamations, filters: data.filters };
  };
}

export function useReclamation(id: number) {
  return useQuery({
    queryKey: reclamationsKeys.one(id),
    queryFn: ({ signal }) =>
      api.post<ReclamationDetails>('/reclam_pin_details/', { reclamation_id: id }, { abort: signal }),
  });
}

export function useFileReclamation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PostReclamPinsBody) => api.post<ReclamationDetails>('/post_reclam_pins/', body),
    onSuccess: () => client.invalidateQueries({ queryKey: reclamationsKeys.all }),
  });
}

/** A move of the state machine; a credit note also changes balances and the credit-note lists. */
export function useMoveReclamation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReclamationBody) => api.post<ReclamationDetails>('/view_update_reclam_pins/', body),
    onSuccess: async (r) => {
      client.setQueryData(reclamationsKeys.one(r.reclamation_id), r);
      await client.invalidateQueries({ queryKey: [...reclamationsKeys.all, 'list'] });
      if (r.status === 'credited') await client.invalidateQueries({ queryKey: invoicesKeys.all });
    },
  });
}
