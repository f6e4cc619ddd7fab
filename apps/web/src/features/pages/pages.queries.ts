import type { Language } from '@portal/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { loadLegalTexts } from '../../i18n/index.ts';

export const pagesKeys = {
  all: ['pages'] as const,
  legal: (language: Language) => [...pagesKeys.all, 'legal', language] as const,
};

/** The legal texts are a separate bundle per language, fetched only when a legal page is opened. */
export function useLegalTexts(language: Language) {
  return useQuery({
    queryKey: pagesKeys.legal(language),
    queryFn: async () => {
      await loadLegalTexts(language);
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
