import type { DynamicBalance } from '@portal/contract/credit';
import { ROLE, type Role } from '@portal/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

// The platform (superadmin) has no customer wallet; web_support sees its seller's.
export const BALANCE_ROLES: readonly Role[] = [ROLE.reseller, ROLE.seller, ROLE.webSupport];

export const homeKeys = {
  all: ['home'] as const,
  balance: (customerId: number) => [...homeKeys.all, 'balance', customerId] as const,
};

export function useBalance(customerId: number, enabled = true) {
  return useQuery({
    queryKey: homeKeys.balance(customerId),
    queryFn: ({ signal }) => api.get<DynamicBalance>('/dynamic_balance/', undefined, { abort: signal }),
    staleTime: 15_000,
    enabled,
  });
}
