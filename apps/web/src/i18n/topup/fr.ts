import type { topupErrorCodesDe } from './de.ts';

export const topupErrorCodesFr: typeof topupErrorCodesDe = {
  provider_unavailable:
    "Le fournisseur ne répond pas pour le moment. Rien n'a été vendu ni débité ; veuillez réessayer dans un instant.",
};
