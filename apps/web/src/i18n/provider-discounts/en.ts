import type { texts as german, providerDiscountsDe, providerDiscountsErrorCodesDe } from './de.ts';

export const providerDiscountsErrorCodesEn: typeof providerDiscountsErrorCodesDe = {
  discount_above_own: 'A discount of {{discount}} is above your own discount of {{own_discount}} for this service.',
};

export const providerDiscountsEn: typeof providerDiscountsDe = {
  title: 'Services discounts',
  description: 'The customer’s discount off the provider’s price, per service. Empty: the platform’s default.',
  service: 'Service',
  providers: {
    dtone: 'International top-up (DT One)',
    direct_recharge: 'Direct recharge',
    flixbus: 'Bus tickets (FlixBus)',
  },
  defaultDiscount: 'Default',
  discount: 'Discount (%)',
  effective: 'Applies',
  ownDiscount: 'Your discount',
  saved: 'Services discounts saved.',
  defaultPlaceholder: 'Default',
};

export const texts: typeof german = {
  errors: { codes: providerDiscountsErrorCodesEn },
  providerDiscounts: providerDiscountsEn,
};
