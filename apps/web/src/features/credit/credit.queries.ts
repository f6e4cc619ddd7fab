import type { LowBalanceNotice } from '@portal/contract/alerts';
import type {
  AddCreditBody,
  AutoCreditRow,
  AutoCreditSettings,
  CreditLogRow,
  LedgerRow,
  MoneyKind,
  MultiTopupBody,
  MultiTopupResult,
  WalletResult,
} from '@portal/contract/credit';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { customerKeys } from '../../lib/customer-lookup.ts';
import { sessionStore } from '../../lib/session.ts';
import { saveFile } from '../../lib/upload.ts';
import type { PageRequest } from '../../ui/data-table.tsx';
import type { ExportFormat } from '../../ui/export-buttons.tsx';
import type { LedgerExport, MoneyFilters, WalletHistorySource } from '../../ui/ledger-table.tsx';
import { authKeys } from '../auth/auth.queries.ts';
import { dashboardKeys } from '../reports/dashboard.queries.ts';
import { balanceKey } from './balance.queries.ts';

export type { AutoCreditRow, AutoCreditSettings, CreditLogRow, LedgerRow, MoneyKind, MultiTopupResult, WalletResult };

export const creditKeys = {
  all: ['credit'] as const,
  ownLedger: () => [...creditKeys.all, 'own-ledger'] as const,
  customerLedger: (customerId: number) => [...creditKeys.all, 'customer-ledger', customerId] as const,
  wallet: (customerId: number | 'own') => [...creditKeys.all, 'wallet', customerId] as const,
  logs: () => [...creditKeys.all, 'logs'] as const,
  autoLedger: (customerId: number | 'all') => [...creditKeys.all, 'auto-ledger', customerId] as const,
  autoSettings: (customerId: number) => [...creditKeys.all, 'auto-settings', customerId] as const,
  /** The balance's key (balance.queries.ts), under this prefix: what invalidates the credit queries invalidates it. */
  balance: balanceKey,
};

/** Filters of the money lists, as they stand in the URL (dates as YYYY-MM-DD, Berlin days). */

function moneyBody({ from, to, kind, customer_id }: Partial<MoneyFilters> & { customer_id?: string | number }) {
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(kind ? { kind } : {}),
    ...(customer_id !== undefined && customer_id !== '' ? { customer_id: Number(customer_id) } : {}),
  };
}

/** `/admin/ledger` and `/seller/ledger`: the user's own customer's lines (a shop's staff: only their own). */
export const findOwnLedger = async ({ page, limit, filters, abort }: PageRequest<MoneyFilters>) => {
  const data = await api.call('/view_ledger/', { page, limit, ...moneyBody(filters) }, { abort });
  return { items: data.ledger, filters: data.filters };
};

export const findCustomerLedger = async (
  customerId: number,
  { page, limit, filters, abort }: PageRequest<MoneyFilters>,
) => {
  const body = { page, limit, ...moneyBody(filters), customer_id: customerId };
  const data = await api.call('/view_customer_ledger/', body, { abort });
  return { items: data.customer_ledger, filters: data.filters };
};

/** A customer's balance movements; without a customer, the user's own. */
export const findWalletHistory = async (
  customerId: number | undefined,
  { page, limit, filters, abort }: PageRequest<MoneyFilters>,
) => {
  const body = { page, limit, ...moneyBody(filters), ...(customerId ? { customer_id: customerId } : {}) };
  const data = await api.call('/view_wallet_history/', body, { abort });
  return { items: data.wallet_history_transactions, filters: data.filters };
};

export type CreditLogFilters = MoneyFilters & { customer_id: string };
export const findCreditLogs = async ({ page, limit, filters, abort }: PageRequest<CreditLogFilters>) => {
  const data = await api.call('/view_credit_logs/', { page, limit, ...moneyBody(filters) }, { abort });
  return { items: data.credit_logs, filters: data.filters };
};

export const findAutoCreditLedger = async (
  customerId: number | undefined,
  { page, limit, abort }: PageRequest<Record<string, never>>,
) => {
  const body = { page, limit, ...(customerId ? { customer_id: customerId } : {}) };
  const data = await api.call('/view_auto_credit_ledger/', body, { abort });
  return { items: data.auto_credit_ledger, filters: data.filters };
};

/**
 * A ledger's lines as a file (`/api/process_wallet_history/`, `/api/export_ledger/`, `/api/export_customer_ledger/`,
 * `/api/export_credit_logs/`), CSV or XLSX, named by the server. The answer is the file itself, not the envelope, so these calls do not go
 * through the JSON client; a refusal still comes as an envelope.
 */
function downloadLines(path: string, body: object, format: ExportFormat, fileName: string): Promise<void> {
  return saveFile(path, { body: { ...body, format }, fileName: `${fileName}.${format}`, serverName: true });
}

export function downloadWalletHistory(customerId: number | undefined, filters: MoneyFilters, format: ExportFormat) {
  const body = moneyBody({ ...filters, ...(customerId ? { customer_id: customerId } : {}) });
  return downloadLines('/process_wallet_history/', body, format, 'wallet-history');
}

/** The own ledger's export (`/admin/ledger`, `/seller/ledger`). */
export const exportOwnLedger: LedgerExport = (filters, format) =>
  downloadLines('/export_ledger/', moneyBody(filters), format, 'ledger');

/** The credit log's export (`/customer/credit/history`), with the list's customer, period and kind. */
export const exportCreditLogs = (filters: CreditLogFilters, format: ExportFormat) =>
  downloadLines('/export_credit_logs/', moneyBody(filters), format, 'credit-history');

/** A customer ledger's export (`/admin/customer-ledger`). */
export const exportCustomerLedger =
  (customerId: number): LedgerExport =>
  (filters, format) =>
    downloadLines(
      '/export_customer_ledger/',
      { ...moneyBody(filters), customer_id: customerId },
      format,
      'customer-ledger',
    );

/** A customer's wallet history for the shared table; without a customer, the user's own. */
export function walletHistorySource(customerId?: number): WalletHistorySource {
  return {
    queryKey: creditKeys.wallet(customerId ?? 'own'),
    find: (request) => findWalletHistory(customerId, request),
    download: (filters, format) => downloadWalletHistory(customerId, filters, format),
  };
}

/**
 * After a wallet change the user details and balances are fetched again whether the call succeeded or not (spec
 * sections 4 and 7): a refusal may still mean the figures on screen are out of date.
 */
function refreshAfterMoney(queryClient: QueryClient) {
  const sessionId = sessionStore.get().session?.session_id;
  return Promise.all([
    sessionId ? queryClient.invalidateQueries({ queryKey: authKeys.me(sessionId) }) : undefined,
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: customerKeys.all }),
    queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  ]);
}

export function useAddCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCreditBody) => api.call('/add_customer_credit/', body),
    onSettled: () => refreshAfterMoney(queryClient),
  });
}

export function useMultiTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MultiTopupBody) => api.call('/process_top_up_with_multi_customers/', body),
    onSettled: () => refreshAfterMoney(queryClient),
  });
}

export function useAutoCreditSettings(customerId: number) {
  return useQuery({
    queryKey: creditKeys.autoSettings(customerId),
    queryFn: ({ signal }) => api.call('/view_auto_credit/', { customer_id: customerId }, { abort: signal }),
  });
}

export function useUpdateAutoCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      customer_id: number;
      auto_credit: boolean;
      balance_trigger?: string;
      balance_topup?: string;
      low_balance_notice?: LowBalanceNotice;
    }) => api.call('/update_auto_credit/', body),
    onSuccess: (settings) => queryClient.setQueryData(creditKeys.autoSettings(settings.customer_id), settings),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      ]),
  });
}
