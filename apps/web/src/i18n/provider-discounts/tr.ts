import type { texts as german, providerDiscountsDe, providerDiscountsErrorCodesDe } from './de.ts';

export const providerDiscountsErrorCodesTr: typeof providerDiscountsErrorCodesDe = {
  discount_above_own: '{{discount}} indirim, bu hizmetteki kendi indiriminiz olan {{own_discount}} değerinin üzerinde.',
};

export const providerDiscountsTr: typeof providerDiscountsDe = {
  title: 'Hizmet indirimleri',
  description: 'Bu müşterinin sağlayıcı fiyatı üzerindeki indirimi, hizmet başına. Boş: platformun varsayılanı.',
  service: 'Hizmet',
  providers: {
    dtone: 'Uluslararası yükleme (DT One)',
    direct_recharge: 'Doğrudan yükleme',
    flixbus: 'Otobüs biletleri (FlixBus)',
  },
  defaultDiscount: 'Varsayılan',
  discount: 'İndirim (%)',
  effective: 'Geçerli',
  ownDiscount: 'Sizin indiriminiz',
  saved: 'Hizmet indirimleri kaydedildi.',
  defaultPlaceholder: 'Varsayılan',
};

export const texts: typeof german = {
  errors: { codes: providerDiscountsErrorCodesTr },
  providerDiscounts: providerDiscountsTr,
};
