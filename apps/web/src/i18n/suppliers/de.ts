/** Texts of the supplier screens; merged into each language's messages. */
export const suppliersScreensDe = {
  suppliers: 'Lieferanten',
  supplierAdd: 'Lieferant anlegen',
  supplierEdit: 'Lieferant bearbeiten',
};

export const suppliersDe = {
  listDescription: 'Lieferanten, von denen Sie PINs beziehen.',
  full_name: 'Name',
  company: 'Firma',
  email: 'E-Mail',
  mobile: 'Mobil',
  telephone: 'Telefon',
  address: 'Adresse',
  city: 'Ort',
  postalcode: 'PLZ',
  country: 'Land',
  ustidnr: 'USt-IdNr.',
  stnr: 'Steuernummer',
  remarks: 'Bemerkungen',
  added: 'Lieferant angelegt',
  updated: 'Lieferant gespeichert',
  statusChanged: 'Status geändert',
  common: {
    search: 'Suchen',
    status: 'Status',
    allStatuses: 'Alle',
    active: 'Aktiv',
    inactive: 'Inaktiv',
    edit: 'Bearbeiten',
  },
  validation: {
    required: 'Pflichtfeld',
    email: 'Bitte eine gültige E-Mail-Adresse eingeben',
  },
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: suppliersScreensDe, suppliers: suppliersDe };
