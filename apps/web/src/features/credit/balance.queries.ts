import { ROLE, type Role } from '@portal/contract/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/*
 * The wallet's balance, shown on the home page, the seller's dashboard, the ledger and in the purchase dialog: apart
 * from credit.queries.ts so that the dashboard's first queries (app/first-queries.ts) load without the money screens'
 * code. Its key is under `creditKeys.all`, so a change of money refreshes it with the credit queries.
 */

// The platform (superadmin) has no customer wallet; web_support sees its seller's.
export const BALANCE_ROLES: readonly Role[] = [ROLE.reseller, ROLE.seller, ROLE.webSupport];

export const balanceKey = (customerId: number) => ['credit', 'balance', customerId] as const;

export const balanceQuery = (customerId: number) =>
  queryOptions({
    queryKey: balanceKey(customerId),
    queryFn: ({ signal }) => api.get('/dynamic_balance/', undefined, { abort: signal }),
    staleTime: 15_000,
  });

export function useBalance(customerId: number, enabled = true) {
  return useQuery({ ...balanceQuery(customerId), enabled });
}
