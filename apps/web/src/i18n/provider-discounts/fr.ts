import type { texts as german, providerDiscountsDe, providerDiscountsErrorCodesDe } from './de.ts';

export const providerDiscountsErrorCodesFr: typeof providerDiscountsErrorCodesDe = {
  discount_above_own: 'Une remise de {{discount}} dépasse votre propre remise de {{own_discount}} pour ce service.',
};

export const providerDiscountsFr: typeof providerDiscountsDe = {
  title: 'Remises sur les services',
  description:
    'La remise de ce client sur le prix du fournisseur, par service. Vide : la valeur par défaut de la plateforme.',
  service: 'Service',
  providers: {
    dtone: 'Recharge internationale (DT One)',
    direct_recharge: 'Recharge directe',
    flixbus: 'Billets de bus (FlixBus)',
  },
  defaultDiscount: 'Par défaut',
  discount: 'Remise (%)',
  effective: 'Appliquée',
  ownDiscount: 'Votre remise',
  saved: 'Remises sur les services enregistrées.',
  defaultPlaceholder: 'Par défaut',
};

export const texts: typeof german = {
  errors: { codes: providerDiscountsErrorCodesFr },
  providerDiscounts: providerDiscountsFr,
};
