/** Texts of the product screens (gift cards as products included); merged into each language's messages. */
export const productsScreensDe = {
  products: 'Produkte',
  productAdd: 'Produkt anlegen',
  productDetails: 'Produktdetails',
};

export const productsDe = {
  listDescription: 'Produkte und Nennwerte Ihres Katalogs.',
  name: 'Produktname',
  type: 'Produkttyp',
  pinLength: 'PIN-Länge',
  vat: 'Umsatzsteuer',
  vatHint: 'Bitte von der Steuerberatung bestätigen lassen; bestimmt die USt. auf Rechnungen.',
  vatOptions: {
    mpv: 'Mehrzweck-Gutschein (nicht steuerbar)',
    spv_19: 'Einzweck-Gutschein 19 %',
    spv_7: 'Einzweck-Gutschein 7 %',
  },
  customerCare: 'Kundenservice',
  instructions: 'Anleitung',
  image: 'Produktbild',
  imageHint: 'PNG, JPEG, WebP oder GIF, höchstens 1 MB',
  imageUpload: 'Bild hochladen',
  imageSaved: 'Bild gespeichert',
  noImage: 'Kein Bild',
  isConfiguration: 'Mit Nennwerten',
  denominations: 'Nennwerte',
  value: 'Nennwert (EUR)',
  info: 'Info',
  addDenomination: 'Nennwert hinzufügen',
  removeDenomination: 'Nennwert entfernen',
  newDenomination: 'Neuer Nennwert',
  added: 'Produkt angelegt',
  updated: 'Produkt gespeichert',
  configurationCount: 'Nennwerte',
  types: {
    cash_card: 'Cash-Karte',
    gift_card: 'Geschenkkarte',
    calling_card: 'Telefonkarte',
  },
  allTypes: 'Alle Typen',
  assigned: {
    badge: 'Von der Plattform zugewiesen',
    readOnly:
      'Dieses Produkt hat Ihnen die Plattform zum Verkauf zugewiesen. Produkt, Nennwerte und Bestand gehören der Plattform und sind hier schreibgeschützt.',
  },
  giftCard: {
    listDescription: 'Geschenkkarten und ihre Chargen.',
    added: 'Geschenkkarte angelegt',
    updated: 'Geschenkkarte gespeichert',
  },
  common: {
    search: 'Suchen',
    status: 'Status',
    allStatuses: 'Alle',
    active: 'Aktiv',
    inactive: 'Inaktiv',
    activate: 'Aktivieren',
    deactivate: 'Deaktivieren',
    details: 'Details',
    edit: 'Bearbeiten',
    add: 'Anlegen',
  },
  validation: {
    value: 'Der Betrag muss größer als 0 sein',
    required: 'Pflichtfeld',
    pinLength: 'Zwischen 4 und 64 Zeichen',
    configurations: 'Mindestens ein Nennwert',
  },
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: productsScreensDe, products: productsDe };
