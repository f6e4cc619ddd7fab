import type {
  PostReclamPinsBody,
  ReclamationStatus,
  ReclamationSummary,
  ReclamationView,
  UpdateReclamationBody,
} from '@portal/contract/reclamations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerWith, api } from '../../lib/api.ts';
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
    const data = await api.call(
      '/view_update_reclam_pins/',
      { view, status: filters.status || undefined, page, limit },
      { abort },
    );
    const list = answerWith(data, 'reclamations');
    return { items: list.reclamations, filters: list.filters };
  };
}

export function useReclamation(id: number) {
  return useQuery({
    queryKey: reclamationsKeys.one(id),
    queryFn: ({ signal }) => api.call('/reclam_pin_details/', { reclamation_id: id }, { abort: signal }),
  });
}

export function useFileReclamation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PostReclamPinsBody) => api.call('/post_reclam_pins/', body),
    onSuccess: () => client.invalidateQueries({ queryKey: reclamationsKeys.all }),
  });
}

/** A move of the state machine; a credit note also changes balances and the credit-note lists. */
export function useMoveReclamation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReclamationBody) =>
      api.call('/view_update_reclam_pins/', body).then((r) => answerWith(r, 'reclamation_id')),
    onSuccess: async (r) => {
      client.setQueryData(reclamationsKeys.one(r.reclamation_id), r);
      await client.invalidateQueries({ queryKey: [...reclamationsKeys.all, 'list'] });
      if (r.status === 'credited') await client.invalidateQueries({ queryKey: invoicesKeys.all });
    },
  });
}
