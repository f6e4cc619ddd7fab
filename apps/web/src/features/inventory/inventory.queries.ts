import { OWNERSHIPS, type StockCounts, type VisibleStockCounts } from '@portal/contract/inventory';
import type { ImportView } from '@portal/contract/inventory-import';
import { PRODUCT_TYPES, type ProductType } from '@portal/contract/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerWith, api, oneOf } from '../../lib/api.ts';
import { upload } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';

/** A denomination with its stock figures; `assigned: 1` rows are the platform's, with their availability only. */
export type StockRow = VisibleStockCounts & {
  configuration_id: number;
  product_id: number;
  product_name: string;
  product_type: ProductType;
  value: string;
  info: string;
  is_active: 0 | 1;
};

export type ConfigurationStock = StockRow & { pin_length: number };

export interface LotRow extends StockCounts {
  batch: string;
  lot_number: string;
  imported_at: string;
  supplier_name: string | null;
  buying_discount: string;
  cost: string;
}

export type PinState = 'available' | 'sold' | 'unpublished';

export interface PinRow {
  pin_id: number;
  pin: string;
  serial: string | null;
  status: PinState;
  sold_at: string | null;
  imported_at: string;
}

export interface SearchResult {
  pin_id: number;
  pin: string;
  serial: string | null;
  batch: string;
  lot_number: string;
  status: PinState;
  sold_at: string | null;
  imported_at: string;
  product_name: string;
  product_type: ProductType;
  configuration_id: number;
  value: string;
  owner_name: string;
  supplier_name: string | null;
}

export type ImportKind = 'product' | 'pool';

/** The product screens and the pool screens call different paths for the same three steps. */
export const IMPORT_CALLS = {
  product: {
    upload: '/upload_file/',
    map: '/background_task_step_two/',
    review: '/failed_pins_list/',
    decide: '/upload_step_three/',
    previousDiscount: '/previous_supplier_discount/',
  },
  pool: {
    upload: '/pool_upload_file/',
    map: '/pool_upload_file_step_two/',
    review: '/pool_upload_file_step_three/',
    decide: '/pool_upload_file_step_three/',
    previousDiscount: '/get_previous_supplier_pool_discount/',
  },
} as const;

export const inventoryKeys = {
  all: ['inventory'] as const,
  stock: () => [...inventoryKeys.all, 'stock'] as const,
  configuration: (id: number) => [...inventoryKeys.all, 'configuration', id] as const,
  lots: (id: number) => [...inventoryKeys.all, 'lots', id] as const,
  pins: (id: number, batch: string) => [...inventoryKeys.all, 'pins', id, batch] as const,
  imports: () => [...inventoryKeys.all, 'imports'] as const,
  review: (kind: ImportKind, id: number) => [...inventoryKeys.all, 'review', kind, id] as const,
  search: () => [...inventoryKeys.all, 'search'] as const,
  options: () => [...inventoryKeys.all, 'options'] as const,
};

export type StockFilters = { search_text: string; product_type: string; ownership: string };

export async function findStock({ page, filters, abort }: PageRequest<StockFilters>): Promise<PageResult<StockRow>> {
  const data = await api.call(
    '/inventory_list/',
    {
      page,
      search_text: filters.search_text || undefined,
      filters: {
        product_type: oneOf(PRODUCT_TYPES, filters.product_type),
        ownership: oneOf(OWNERSHIPS, filters.ownership),
      },
    },
    { abort },
  );
  return { items: data.inventory, filters: data.filters };
}

/**
 * Denominations to import into (step 2): the first 100 of the owner's own catalogue, searchable in the
 * picker (the platform's assigned ones are not the reseller's to fill).
 */
export function useConfigurationOptions() {
  return useQuery({
    queryKey: inventoryKeys.options(),
    queryFn: async ({ signal }) =>
      (await api.call('/inventory_list/', { limit: 100, filters: { ownership: 'own' } }, { abort: signal })).inventory,
  });
}

export function useConfigurationStock(configurationId: number) {
  return useQuery({
    queryKey: inventoryKeys.configuration(configurationId),
    queryFn: async ({ signal }) =>
      (await api.call('/stock_details/', { configuration_id: configurationId, limit: 1 }, { abort: signal }))
        .configuration,
  });
}

export function lotsQuery(configurationId: number) {
  return async ({ page, abort }: PageRequest<Record<string, string>>): Promise<PageResult<LotRow>> => {
    const data = await api.call('/stock_details/', { configuration_id: configurationId, page }, { abort });
    return { items: data.batches, filters: data.filters };
  };
}

export type PinFilters = { status: 'all' | PinState };

export function pinsQuery(configurationId: number, batch: string) {
  return async ({ page, filters, abort }: PageRequest<PinFilters>): Promise<PageResult<PinRow>> => {
    const data = await api.call(
      '/stock_batch_details/',
      { configuration_id: configurationId, batch, page, status: filters.status },
      { abort },
    );
    return { items: data.pins, filters: data.filters };
  };
}

export function useBatchSummary(configurationId: number, batch: string) {
  return useQuery({
    queryKey: [...inventoryKeys.pins(configurationId, batch), 'summary'],
    queryFn: async ({ signal }) =>
      (
        await api.call(
          '/stock_batch_details/',
          { configuration_id: configurationId, batch, limit: 1 },
          { abort: signal },
        )
      ).batch,
  });
}

export function useSetBatchPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (input: { configuration_id: number; batch: string; publish: 0 | 1 }) =>
      api.call('/update_batch_status/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export type ImportListFilters = { status: 'pending' | 'all' };

export async function findImports({
  page,
  filters,
  abort,
}: PageRequest<ImportListFilters>): Promise<PageResult<ImportView>> {
  const data = await api.call('/inventory_imports/', { page, status: filters.status }, { abort });
  return { items: data.imports, filters: data.filters };
}

/** The upload form's values, as the call takes them; the form shows a refusal itself. */
export type CsvUpload = { csv_file: File | null; delimiter: string };

export function useUploadCsv(kind: ImportKind) {
  return useMutation({ mutationFn: (input: CsvUpload) => upload.call(IMPORT_CALLS[kind].upload, input) });
}

export interface MappingInput {
  import_id: number;
  pool_id?: number;
  configuration_id: number;
  supplier_id: number;
  pin_sequence: number;
  batch_sequence?: number;
  serial_sequence?: number;
  has_header: 0 | 1;
  import_batch?: string;
  buying_discount: string;
}

export function useMapImport(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MappingInput) => api.call(IMPORT_CALLS[kind].map, input),
    onSuccess: (imp) => queryClient.invalidateQueries({ queryKey: inventoryKeys.review(kind, imp.import_id) }),
  });
}

/** The import and a page of its refused rows; polled while the step-2 job runs. */
export function useImportReview(kind: ImportKind, importId: number | null, page = 1) {
  return useQuery({
    queryKey: [...inventoryKeys.review(kind, importId ?? 0), page],
    enabled: importId !== null,
    // Only enabled with an import.
    queryFn: ({ signal }) =>
      api
        .call(
          IMPORT_CALLS[kind].review,
          { import_id: importId ?? 0, page, limit: 10, ...(kind === 'pool' ? { failed_list: 1 } : {}) },
          { abort: signal },
        )
        .then((d) => answerWith(d, 'failed_pins')),
    refetchInterval: (query) => (query.state.data?.import.status === 'validating' ? 1000 : false),
  });
}

export function useDecideImport(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (input: { import_id: number; cancel: 0 | 1; publish: 0 | 1 }) =>
      api.call(IMPORT_CALLS[kind].decide, input).then((d) => answerWith(d, 'margin_warnings')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export function usePreviousDiscount(kind: ImportKind, supplierId: number | null, configurationId: number | null) {
  return useQuery({
    queryKey: [...inventoryKeys.all, 'previous-discount', kind, supplierId, configurationId],
    enabled: supplierId !== null,
    queryFn: ({ signal }) =>
      api.call(
        IMPORT_CALLS[kind].previousDiscount,
        // Only enabled with a supplier.
        { supplier_id: supplierId ?? 0, configuration_id: configurationId ?? undefined },
        { abort: signal },
      ),
  });
}

export type SearchFilters = { search_type: 'pin' | 'batch'; search_text: string };

export async function searchInventory({
  page,
  filters,
  abort,
}: PageRequest<SearchFilters>): Promise<PageResult<SearchResult>> {
  if (!filters.search_text) return { items: [], filters: { total_count: 0, total_pages: 0 } };
  const data = await api.call(
    '/inventory_batch_and_pin_search/',
    { search_type: filters.search_type, search_text: filters.search_text, page },
    { abort },
  );
  return { items: data.results, filters: data.filters };
}
