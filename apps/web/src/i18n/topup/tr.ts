import type { topupErrorCodesDe } from './de.ts';

export const topupErrorCodesTr: typeof topupErrorCodesDe = {
  provider_unavailable:
    'Sağlayıcı şu anda yanıt vermiyor. Hiçbir şey satılmadı veya tahsil edilmedi; lütfen birazdan tekrar deneyin.',
};
