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
import type { PageFilters } from '@portal/contract/envelope';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../../lib/session.ts';
import { saveFile } from '../../lib/upload.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import type { MoneyFilters, WalletHistorySource } from '../../ui/ledger-table.tsx';
import { authKeys } from '../auth/auth.queries.ts';
import { customerKeys } from '../customers/customers.queries.ts';
import { homeKeys } from '../home/home.queries.ts';

export type { AutoCreditRow, AutoCreditSettings, CreditLogRow, LedgerRow, MoneyKind, MultiTopupResult, WalletResult };

export const creditKeys = {
  all: ['credit'] as const,
  ownLedger: () => [...creditKeys.all, 'own-ledger'] as const,
  customerLedger: (customerId: number) => [...creditKeys.all, 'customer-ledger', customerId] as const,
  wallet: (customerId: number | 'own') => [...creditKeys.all, 'wallet', customerId] as const,
  logs: () => [...creditKeys.all, 'logs'] as const,
  autoLedger: (customerId: number | 'all') => [...creditKeys.all, 'auto-ledger', customerId] as const,
  autoSettings: (customerId: number) => [...creditKeys.all, 'auto-settings', customerId] as const,
};

/** Filters of the money lists, as they stand in the URL (dates as YYYY-MM-DD, Berlin days). */

function moneyBody(filters: Partial<MoneyFilters> & { customer_id?: string | number }) {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) if (value !== '' && value !== undefined) out[key] = value;
  if (out.customer_id !== undefined) out.customer_id = Number(out.customer_id);
  return out;
}

type Page<K extends string, Row> = { [key in K]: Row[] } & { filters: PageFilters };

async function moneyPage<K extends string, Row>(
  path: string,
  key: K,
  { page, limit, filters, abort }: PageRequest<Record<string, string>>,
  extra: Record<string, number> = {},
): Promise<PageResult<Row>> {
  const data = await api.post<Page<K, Row>>(path, { page, limit, ...moneyBody(filters), ...extra }, { abort });
  return { items: data[key], filters: data.filters };
}

/** `/admin/ledger` and `/seller/ledger`: the user's own customer's lines (a shop's staff: only their own). */
export const findOwnLedger = (request: PageRequest<MoneyFilters>) =>
  moneyPage<'ledger', LedgerRow>('/view_ledger/', 'ledger', request);

export const findCustomerLedger = (customerId: number, request: PageRequest<MoneyFilters>) =>
  moneyPage<'customer_ledger', LedgerRow>('/view_customer_ledger/', 'customer_ledger', request, {
    customer_id: customerId,
  });

/** A customer's balance movements; without a customer, the user's own. */
export const findWalletHistory = (customerId: number | undefined, request: PageRequest<MoneyFilters>) =>
  moneyPage<'wallet_history_transactions', LedgerRow>(
    '/view_wallet_history/',
    'wallet_history_transactions',
    request,
    customerId ? { customer_id: customerId } : {},
  );

export type CreditLogFilters = MoneyFilters & { customer_id: string };
export const findCreditLogs = (request: PageRequest<CreditLogFilters>) =>
  moneyPage<'credit_logs', CreditLogRow>('/view_credit_logs/', 'credit_logs', request);

export const findAutoCreditLedger = (customerId: number | undefined, request: PageRequest<Record<string, never>>) =>
  moneyPage<'auto_credit_ledger', AutoCreditRow>(
    '/view_auto_credit_ledger/',
    'auto_credit_ledger',
    request,
    customerId ? { customer_id: customerId } : {},
  );

/**
 * The wallet history as a CSV file (`/api/process_wallet_history/`). The answer is the file itself, not the
 * envelope, so this is the one call that does not go through the JSON client; a refusal still comes as an envelope.
 */
export function downloadWalletHistory(customerId: number | undefined, filters: MoneyFilters): Promise<void> {
  return saveFile('/process_wallet_history/', {
    body: moneyBody({ ...filters, ...(customerId ? { customer_id: customerId } : {}) }),
    fileName: `wallet-history${customerId ? `-${customerId}` : ''}.csv`,
  });
}

/** A customer's wallet history for the shared table; without a customer, the user's own. */
export function walletHistorySource(customerId?: number): WalletHistorySource {
  return {
    queryKey: creditKeys.wallet(customerId ?? 'own'),
    find: (request) => findWalletHistory(customerId, request),
    download: (filters) => downloadWalletHistory(customerId, filters),
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
    queryClient.invalidateQueries({ queryKey: homeKeys.all }),
    queryClient.invalidateQueries({ queryKey: customerKeys.all }),
    queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  ]);
}

export function useAddCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCreditBody) => api.post<WalletResult>('/add_customer_credit/', body),
    onSettled: () => refreshAfterMoney(queryClient),
  });
}

export function useMultiTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MultiTopupBody) => api.post<MultiTopupResult>('/process_top_up_with_multi_customers/', body),
    onSettled: () => refreshAfterMoney(queryClient),
  });
}

export function useAutoCreditSettings(customerId: number) {
  return useQuery({
    queryKey: creditKeys.autoSettings(customerId),
    queryFn: ({ signal }) =>
      api.post<AutoCreditSettings>('/view_auto_credit/', { customer_id: customerId }, { abort: signal }),
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
    }) => api.post<AutoCreditSettings>('/update_auto_credit/', body),
    onSuccess: (settings) => queryClient.setQueryData(creditKeys.autoSettings(settings.customer_id), settings),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      ]),
  });
}
