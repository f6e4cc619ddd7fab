import type {
  BankImport,
  BankNameMappingRow,
  BankRecord,
  BankStepOneResult,
  BankStepTwoBody,
  UpdateBankRecordBody,
} from '@portal/contract/banking';
import { type QueryClient, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';
import { customerKeys } from '../../lib/customer-lookup.ts';
import { upload } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import { creditKeys } from '../credit/credit.queries.ts';

export type { BankImport, BankNameMappingRow, BankRecord, BankStepOneResult };

export const bankingKeys = {
  all: ['banking'] as const,
  records: () => [...bankingKeys.all, 'records'] as const,
  importProgress: (importId: number) => [...bankingKeys.all, 'import', importId] as const,
  mappings: () => [...bankingKeys.all, 'mappings'] as const,
};

/** Filters of the line lists, as they stand in the URL. */
export type BankRecordFilters = { status: string; search: string };
export const NO_RECORD_FILTERS: BankRecordFilters = { status: '', search: '' };

function query(page: number, limit: number, filters: Record<string, string>, extra: Record<string, number> = {}) {
  const out: Record<string, string | number> = { page, limit, ...extra };
  for (const [k, v] of Object.entries(filters)) if (v !== '') out[k] = v;
  return out;
}

/** `/banking-list` (deleted 0) and `/banking-deleted` (deleted 1). */
export async function findBankRecords(
  deleted: 0 | 1,
  { page, limit, filters, abort }: PageRequest<BankRecordFilters>,
): Promise<PageResult<BankRecord>> {
  const data = await api.get('/get_bank_records/', query(page, limit, filters, { deleted }), {
    abort,
  });
  return { items: data.bank_records, filters: data.filters };
}

export async function findMappedCustomers({
  page,
  limit,
  filters,
  abort,
}: PageRequest<{ search: string }>): Promise<PageResult<BankNameMappingRow>> {
  const data = await api.get('/get_bank_name_mapped_customers/', query(page, limit, filters), { abort });
  return { items: data.mapped_customers, filters: data.filters };
}

const refreshLines = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: bankingKeys.all });

/** The statement form's value; the form refuses to send without a file. */
export interface StatementUpload {
  file: File | null;
}

export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatementUpload) => upload.call('/bank_module_step_1/', input),
    onSuccess: () => refreshLines(queryClient),
  });
}

export function useMapPayers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankStepTwoBody) => api.call('/bank_module_step_2/', body),
    onSuccess: () => refreshLines(queryClient),
    meta: { successMessage: 'banking.mappingSaved' },
  });
}

/** Step 2 without mappings: the statement read is imported, its lines listed from now on. */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => api.call('/bank_module_step_2/', { import_id: importId, mappings: [] }),
    onSuccess: () => refreshLines(queryClient),
  });
}

export function useUpdateBankRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBankRecordBody) => api.call('/update_bank_record/', body),
    onSuccess: () => refreshLines(queryClient),
    meta: { errorToast: true },
  });
}

export function useBookImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, confirmGap }: { importId: number; confirmGap?: boolean }) =>
      api.call('/celery_process_top_up_with_multi_customers/', {
        import_id: importId,
        ...(confirmGap ? { confirm_sequence_gap: true } : {}),
      }),
    onSuccess: (started) => queryClient.setQueryData(bankingKeys.importProgress(started.import_id), started),
    meta: { errorToast: true },
  });
}

/** The import's progress; polled while its job books, then the money lists are refreshed once. */
export function useImportProgress(importId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bankingKeys.importProgress(importId ?? 0),
    queryFn:
      importId === null
        ? skipToken
        : async ({ signal }) => {
            const data = await api.get('/get_bank_records/', { import_id: importId, limit: 1 }, { abort: signal });
            // Asked for one import, the list answers it or refuses it as not found: without it the answer is broken.
            if (!data.import) throw new ApiError('unknown', `The answer carries no import ${importId}`, 200);
            if (data.import.status === 'booked') {
              await Promise.all([
                queryClient.invalidateQueries({ queryKey: bankingKeys.records() }),
                queryClient.invalidateQueries({ queryKey: creditKeys.all }),
                queryClient.invalidateQueries({ queryKey: customerKeys.all }),
              ]);
            }
            return data.import;
          },
    refetchInterval: (q) => (q.state.data?.status === 'booking' ? 1000 : false),
  });
}

export function useDeleteMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/update_delete_bank_name_mapped_customer/', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankingKeys.mappings() }),
    // Asked in a confirmation, which shows a refusal and names the payer in its toast (ui/confirm-action.tsx).
  });
}
