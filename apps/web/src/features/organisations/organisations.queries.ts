import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const organisationKeys = {
  all: ['organisations'] as const,
  current: (host: string) => [...organisationKeys.all, 'current', host] as const,
};

/** The organisation (branding, support details, sign-in key) the current host resolves to. */
export function organisationQuery() {
  const host = window.location.hostname;
  return queryOptions({
    queryKey: organisationKeys.current(host),
    queryFn: async ({ signal }) => {
      const details = await api.call('/p_check/', { organisation_name: host }, { abort: signal });
      // How far this computer's clock is off the server's: the sign-in payload is dated by the server's clock.
      return { ...details, clockOffsetMs: Date.parse(details.server_time) - Date.now() };
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

export function useOrganisation() {
  return useQuery(organisationQuery());
}
