import type { topupErrorCodesDe } from './de.ts';

export const topupErrorCodesEn: typeof topupErrorCodesDe = {
  provider_unavailable:
    'The provider is not answering right now. Nothing was sold or charged; please try again in a moment.',
};
