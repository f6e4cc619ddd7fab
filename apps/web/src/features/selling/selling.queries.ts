import { PRODUCT_TYPES, type ProductType } from '@portal/contract/products';
import type { BulkPurchaseResult, ReprintReceipt, SaleReceipt, SaleRow } from '@portal/contract/selling';
import type { ZReportListRow } from '@portal/contract/z-report';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, oneOf } from '../../lib/api.ts';
import { saveFile } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import { balanceKey, balanceQuery } from '../credit/balance.queries.ts';
import { salesDashboardQuery } from '../reports/dashboard.queries.ts';

export const sellingKeys = {
  all: ['selling'] as const,
  products: (productType: ProductType | 'all') => [...sellingKeys.all, 'products', productType] as const,
  dashboard: () => [...sellingKeys.all, 'dashboard'] as const,
  sales: () => [...sellingKeys.all, 'sales'] as const,
  sale: (saleId: number) => [...sellingKeys.all, 'sale', saleId] as const,
  zReport: (zNumber: number | null) => [...sellingKeys.all, 'z-report', zNumber ?? 'open'] as const,
  zReports: () => [...sellingKeys.all, 'z-reports'] as const,
  download: (downloadId: string) => [...sellingKeys.all, 'download', downloadId] as const,
};

const sellerProductsQuery = (productType?: ProductType) =>
  queryOptions({
    queryKey: sellingKeys.products(productType ?? 'all'),
    queryFn: ({ signal }) =>
      api.call('/view_seller_products_v2/', { product_type: productType }, { abort: signal }).then((d) => d.products),
    staleTime: 15_000,
  });

export function useSellerProducts(productType?: ProductType) {
  return useQuery(sellerProductsQuery(productType));
}

const sellerDashboardQuery = () =>
  queryOptions({
    queryKey: sellingKeys.dashboard(),
    queryFn: ({ signal }) => api.get('/seller_dashboard/', undefined, { abort: signal }),
    staleTime: 15_000,
  });

export function useDashboard() {
  return useQuery(sellerDashboardQuery());
}

/**
 * Fetches the queries of the seller's dashboard as its first render makes them (`FIRST_CALLS['/dashboard']`), for
 * the first load to have them before that render (`app/first-queries.ts`).
 */
export const prefetchDashboard = (queryClient: QueryClient, customerId: number) =>
  Promise.all([
    queryClient.prefetchQuery(sellerProductsQuery()),
    queryClient.prefetchQuery(sellerDashboardQuery()),
    queryClient.prefetchQuery(balanceQuery(customerId)),
    queryClient.prefetchQuery(salesDashboardQuery()),
  ]);

/** What a purchase changes: stock, favourites' stock, today's sales, the balance, the sales list. */
export function useInvalidateAfterPurchase() {
  const queryClient = useQueryClient();
  return (customerId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sellingKeys.all }),
      queryClient.invalidateQueries({ queryKey: balanceKey(customerId) }),
    ]);
}

export function useSaveFavourites() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (configurationIds: number[] | null) =>
      configurationIds === null
        ? api.call('/reset_favourites/')
        : api.call('/update_favourites/', { configuration_ids: configurationIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellingKeys.all }),
  });
}

export function useSaveShopTimings() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (body: {
      shop_timings: Record<string, { open: string; close: string } | null>;
      lunch: { from: string; to: string } | null;
    }) => api.call('/update_shop_open_timings/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellingKeys.dashboard() }),
  });
}

export function useSaveSupportId() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: (supportId: string) => api.call('/update_support_id/', { support_id: supportId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellingKeys.dashboard() }),
  });
}

/** The sales list's filters as kept in the address; `staff` a user id of the shop (its managers' filter). */
export type SalesFilters = { from: string; to: string; product_type: string; sale_kind: string; staff: string };

/** A filter's id as the API takes it, or nothing. */
export const filterId = (value: string): number | undefined => (/^\d{1,9}$/.test(value) ? Number(value) : undefined);

export async function findSales({
  page,
  limit,
  filters,
  abort,
}: PageRequest<SalesFilters>): Promise<PageResult<SaleRow>> {
  const data = await api.call(
    '/get_sales_report_2_with_customer_id/',
    {
      page,
      limit,
      from: filters.from || undefined,
      to: filters.to || undefined,
      product_type: oneOf(PRODUCT_TYPES, filters.product_type),
      sale_kind: filters.sale_kind || undefined,
      // The server reads it within the shop only (a user of another shop lists nothing), and not for staff.
      user_id: filterId(filters.staff),
    },
    { abort },
  );
  return { items: data.sales, filters: data.filters };
}

/** The details of a purchase's sales: one, or each step of a purchase that ran as several. */
export function usePurchaseDetails(saleIds: number[]) {
  return useQueries({
    queries: saleIds.map((saleId) => ({
      queryKey: sellingKeys.sale(saleId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get('/get_sales_record_details/', { sale_id: saleId }, { abort: signal }),
    })),
    combine: (results) => {
      const loaded = results.flatMap((r) => (r.data ? [r.data] : []));
      return {
        data: results.length > 0 && loaded.length === results.length ? loaded : null,
        error: results.find((r) => r.error)?.error ?? null,
        refetch: () => Promise.all(results.map((r) => r.refetch())),
      };
    },
  });
}

/** Shows the sold PINs again; the server records every reprint. */
export function reprintSale(saleId: number, pinIds?: number[]): Promise<ReprintReceipt> {
  return api.call('/reprint_sale/', { sale_id: saleId, pin_ids: pinIds });
}

export function useZReport(zNumber: number | null) {
  return useQuery({
    queryKey: sellingKeys.zReport(zNumber),
    queryFn: ({ signal }) => api.call('/z_report/', zNumber === null ? {} : { z_number: zNumber }, { abort: signal }),
  });
}

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: true },
    mutationFn: () => api.call('/z_report/', { action: 'close' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellingKeys.all }),
  });
}

export async function findZReports({
  page,
  limit,
  abort,
}: PageRequest<Record<string, string>>): Promise<PageResult<ZReportListRow>> {
  const data = await api.call('/view_z_reports/', { page, limit }, { abort });
  return { items: data.z_reports, filters: data.filters };
}

export function useDownload(downloadId: string) {
  return useQuery({
    queryKey: sellingKeys.download(downloadId),
    queryFn: ({ signal }) => api.get('/download/:downloadId/', undefined, { abort: signal, params: { downloadId } }),
    // The file is rendered by a job right after the purchase: ask again until it is ready.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1_500 : false),
  });
}

/** Saves a download's file; the API answers the bytes (not an envelope) only to the buyer. */
/**
 * A bulk purchase's file: the receipts PDF, the CSV in the user's language, or (`machine`) the CSV with fixed
 * English columns that shops' own software reads.
 */
export function saveDownloadFile(downloadId: string, kind: DownloadKind, fileName: string): Promise<void> {
  const path = `/download/${encodeURIComponent(downloadId)}/${kind === 'pdf' ? 'pdf' : 'csv'}/`;
  return kind === 'machine'
    ? saveFile(`${path}?format=machine`, { fileName: fileName.replace(/\.csv$/, '-machine.csv'), serverName: true })
    : saveFile(path, { fileName });
}
export type DownloadKind = 'csv' | 'machine' | 'pdf';

export type { BulkPurchaseResult, SaleReceipt };
