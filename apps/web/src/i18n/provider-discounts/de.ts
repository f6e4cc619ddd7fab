/** Each customer's discount per provider (decision 0107): the customer details' services discounts. */
export const providerDiscountsErrorCodesDe = {
  discount_above_own:
    'Ein Rabatt von {{discount}} liegt über Ihrem eigenen Rabatt von {{own_discount}} für diesen Dienst.',
};

export const providerDiscountsDe = {
  title: 'Rabatte für Dienste',
  description: 'Der Rabatt dieses Kunden auf den Preis des Anbieters, je Dienst. Leer: der Standard der Plattform.',
  service: 'Dienst',
  providers: {
    dtone: 'Internationale Aufladung (DT One)',
    direct_recharge: 'Direktaufladung',
    flixbus: 'Busfahrkarten (FlixBus)',
  },
  defaultDiscount: 'Standard',
  discount: 'Rabatt (%)',
  effective: 'Gilt',
  ownDiscount: 'Ihr Rabatt',
  saved: 'Rabatte für Dienste gespeichert.',
  defaultPlaceholder: 'Standard',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { errors: { codes: providerDiscountsErrorCodesDe }, providerDiscounts: providerDiscountsDe };
