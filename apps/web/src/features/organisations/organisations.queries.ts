import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const organisationKeys = {
  all: ['organisations'] as const,
  current: (host: string) => [...organisationKeys.all, 'current', host] as const,
};

/** The organisation (branding, support details, sign-in key) the current host resolves to. */
export function useOrganisation() {
  const host = window.location.hostname;
  return useQuery({
    queryKey: organisationKeys.current(host),
    queryFn: ({ signal }) => api.call('/p_check/', { organisation_name: host }, { abort: signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
