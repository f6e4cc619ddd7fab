import type { CatalogueProvider, ProviderOffer } from '@portal/contract/provider-catalogues';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import type { PageRequest, PageResult } from '../../ui/data-table.tsx';
import { dynamicProductsKeys } from './dynamic-products.queries.ts';

export const providerCataloguesKeys = {
  offers: (provider: CatalogueProvider) => [...dynamicProductsKeys.all, 'provider-offers', provider] as const,
  health: () => [...dynamicProductsKeys.all, 'provider-health'] as const,
};

export type OfferFilters = { search: string };
export const NO_OFFER_FILTERS: OfferFilters = { search: '' };

/** One page of a provider's offers, as `/api/provider_offers/` pages and searches them. */
export function findProviderOffers(provider: CatalogueProvider) {
  return async ({ page, limit, filters, abort }: PageRequest<OfferFilters>): Promise<PageResult<ProviderOffer>> => {
    const data = await api.get(
      '/provider_offers/',
      { provider, page, limit, ...(filters.search ? { search: filters.search } : {}) },
      { abort },
    );
    return { items: data.offers, filters: data.filters };
  };
}

/** How each provider prices (per product or per booking) and its default reseller discount: page 1 tells. */
export function useProviderPricing(provider: CatalogueProvider) {
  return useQuery({
    queryKey: [...providerCataloguesKeys.offers(provider), 'pricing'] as const,
    queryFn: ({ signal }) =>
      api
        .get('/provider_offers/', { provider, page: 1, limit: 1 }, { abort: signal })
        .then((d) => ({ pricing: d.pricing, discount: d.default_reseller_discount })),
  });
}

/** Whether each provider answers: a live check through its adapter, never cached longer than the screen shows. */
export function useProviderHealth() {
  return useQuery({
    queryKey: providerCataloguesKeys.health(),
    queryFn: ({ signal }) => api.get('/provider_health/', undefined, { abort: signal }).then((d) => d.providers),
    staleTime: 0,
  });
}
