import type { texts as german, providerDiscountsDe, providerDiscountsErrorCodesDe } from './de.ts';

export const providerDiscountsErrorCodesNl: typeof providerDiscountsErrorCodesDe = {
  discount_above_own: 'Een korting van {{discount}} ligt boven uw eigen korting van {{own_discount}} voor deze dienst.',
};

export const providerDiscountsNl: typeof providerDiscountsDe = {
  title: 'Kortingen op diensten',
  description:
    'De korting van deze klant op de prijs van de aanbieder, per dienst. Leeg: de standaard van het platform.',
  service: 'Dienst',
  providers: {
    dtone: 'Internationale opwaardering (DT One)',
    direct_recharge: 'Directe opwaardering',
    flixbus: 'Buskaartjes (FlixBus)',
  },
  defaultDiscount: 'Standaard',
  discount: 'Korting (%)',
  effective: 'Geldt',
  ownDiscount: 'Uw korting',
  saved: 'Kortingen op diensten opgeslagen.',
  defaultPlaceholder: 'Standaard',
};

export const texts: typeof german = {
  errors: { codes: providerDiscountsErrorCodesNl },
  providerDiscounts: providerDiscountsNl,
};
