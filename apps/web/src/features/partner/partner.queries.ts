import type { ApiKeyRow, ApiKeysAnswer, CreateApiKeyBody, CreatedApiKey } from '@portal/contract/partner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { DeliveriesSource } from '../../ui/webhooks-panel.tsx';

export type { ApiKeyRow, ApiKeysAnswer, CreatedApiKey };

/** Whose keys: the signed-in shop's own (`/seller/api`), or a shop an operator looks at (its customer id). */
export type KeyOwner = 'own' | number;

export const partnerKeys = {
  all: ['partner'] as const,
  keys: (owner: KeyOwner) => [...partnerKeys.all, 'keys', owner] as const,
  deliveries: (owner: KeyOwner) => [...partnerKeys.all, 'deliveries', owner] as const,
};

export function useApiKeys(owner: KeyOwner) {
  return useQuery({
    queryKey: partnerKeys.keys(owner),
    queryFn: ({ signal }) =>
      owner === 'own'
        ? api.get('/seller/api_keys/', undefined, { abort: signal })
        : api.call('/customer/api_keys/', { customer_id: owner }, { abort: signal }),
  });
}

export function useCreateApiKey(owner: KeyOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      owner === 'own'
        ? api.call('/seller/api_key/add/', body)
        : api.call('/customer/api_key/add/', { ...body, customer_id: owner }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.keys(owner) }),
  });
}

export function useRevokeApiKey(owner: KeyOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (apiKeyId: string) =>
      owner === 'own'
        ? api.call('/seller/api_key/revoke/', { api_key_id: apiKeyId })
        : api.call('/customer/api_key/revoke/', { api_key_id: apiKeyId, customer_id: owner }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.keys(owner) }),
  });
}

/** Everything the keys panel (`ui/api-keys-panel.tsx`) calls, for one owner. */
export function useApiKeyCalls(owner: KeyOwner) {
  return {
    keys: useApiKeys(owner),
    create: useCreateApiKey(owner),
    revoke: useRevokeApiKey(owner),
    webhooks: {
      deliveries: deliveriesSource(owner),
      rotate: useRotateSecret(owner),
      resend: useResendDelivery(owner),
    },
  };
}

/** The shop's webhook delivery log, newest first, a page at a time (the keys panel's `DataTable`). */
export function deliveriesSource(owner: KeyOwner): DeliveriesSource {
  return {
    queryKey: partnerKeys.deliveries(owner),
    find: async ({ page, limit, abort }) => {
      const data =
        owner === 'own'
          ? await api.call('/seller/webhook_deliveries/', { page, limit }, { abort })
          : await api.call('/customer/webhook_deliveries/', { page, limit, customer_id: owner }, { abort });
      return { items: data.deliveries, filters: data.filters };
    },
  };
}

export function useRotateSecret(owner: KeyOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      owner === 'own'
        ? api.call('/seller/webhook_secret/rotate/')
        : api.call('/customer/webhook_secret/rotate/', { customer_id: owner }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.keys(owner) }),
  });
}

export function useResendDelivery(owner: KeyOwner) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      owner === 'own'
        ? api.call('/seller/webhook_delivery/resend/', { delivery_id: deliveryId })
        : api.call('/customer/webhook_delivery/resend/', { delivery_id: deliveryId, customer_id: owner }),
    onSuccess: () => qc.invalidateQueries({ queryKey: partnerKeys.deliveries(owner) }),
  });
}
