import type { topupErrorCodesDe } from './de.ts';

export const topupErrorCodesNl: typeof topupErrorCodesDe = {
  provider_unavailable:
    'De aanbieder antwoordt op dit moment niet. Er is niets verkocht of afgeschreven; probeer het zo opnieuw.',
};
