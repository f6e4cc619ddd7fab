import type { texts as german, suppliersDe, suppliersScreensDe } from './de.ts';

export const suppliersScreensNl: typeof suppliersScreensDe = {
  suppliers: 'Leveranciers',
  supplierAdd: 'Leverancier toevoegen',
  supplierEdit: 'Leverancier bewerken',
};

export const suppliersNl: typeof suppliersDe = {
  listDescription: 'De leveranciers bij wie u PIN’s inkoopt.',
  full_name: 'Naam',
  company: 'Bedrijf',
  email: 'E-mail',
  mobile: 'Mobiel',
  telephone: 'Telefoon',
  address: 'Adres',
  city: 'Plaats',
  postalcode: 'Postcode',
  country: 'Land',
  ustidnr: 'Btw-nummer',
  stnr: 'Belastingnummer',
  remarks: 'Opmerkingen',
  added: 'Leverancier toegevoegd',
  updated: 'Leverancier opgeslagen',
  statusChanged: 'Status gewijzigd',
  common: {
    search: 'Zoeken',
    status: 'Status',
    allStatuses: 'Alle',
    active: 'Actief',
    inactive: 'Inactief',
    edit: 'Bewerken',
  },
  validation: {
    required: 'Verplicht veld',
    email: 'Voer een geldig e-mailadres in',
  },
};

export const texts: typeof german = { screen: suppliersScreensNl, suppliers: suppliersNl };
