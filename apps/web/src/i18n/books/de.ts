/** The books at a date (decision 0136): stock value and supplier debt at the end of a day. */
export const booksScreensDe = {
  stockValue: 'Lagerwert zum Stichtag',
  supplierDebt: 'Lieferantenverbindlichkeiten',
};

export const booksDe = {
  day: 'Stand am Ende des Tages',
  owner: 'Eigentümer',
  allOwners: 'Alle Eigentümer',
  product: 'Produkt',
  value: 'Nennwert',
  pins: 'PINs auf Lager',
  stockValue: 'Lagerwert (Einkauf)',
  ownerTotal: 'Summe {{owner}}',
  total: 'Summe',
  stockValueDescription:
    'Die PINs auf Lager am Ende des gewählten Tages zu ihren Einkaufskosten (Nennwert abzüglich Lieferantenrabatt), wie das Bestandskonto sie bucht.',
  stockValueEmpty: 'Am Ende dieses Tages war kein PIN auf Lager.',
  supplierDebtDescription:
    'Was die Plattform ihren Lieferanten (PINs zum Einkaufspreis) und Anbietern (Anbieterwaren zu deren Euro-Kosten) am Ende des gewählten Tages schuldet, wie das Konto Lieferantenverbindlichkeiten es bucht.',
  supplierDebtEmpty: 'Am Ende dieses Tages schuldete die Plattform keinem Lieferanten etwas.',
  source: 'Art',
  sources: { supplier: 'Lieferant (PINs)', provider: 'Anbieter' },
  name: 'Lieferant / Anbieter',
  quantity: 'Menge',
  debt: 'Verbindlichkeit',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: booksScreensDe, books: booksDe };
