import type { texts as german, productsDe, productsScreensDe } from './de.ts';

export const productsScreensNl: typeof productsScreensDe = {
  products: 'Producten',
  productAdd: 'Product toevoegen',
  productDetails: 'Productgegevens',
};

export const productsNl: typeof productsDe = {
  listDescription: 'De producten en waarden van uw catalogus.',
  name: 'Productnaam',
  type: 'Producttype',
  pinLength: 'PIN-lengte',
  vat: 'Btw',
  vatHint: 'Laat dit door uw belastingadviseur bevestigen; het bepaalt de btw op facturen.',
  vatOptions: {
    mpv: 'Meervoudige voucher (buiten de btw-heffing)',
    spv_19: 'Enkelvoudige voucher 19 %',
    spv_7: 'Enkelvoudige voucher 7 %',
  },
  customerCare: 'Klantenservice',
  instructions: 'Instructies',
  image: 'Productafbeelding',
  imageHint: 'PNG, JPEG, WebP of GIF, maximaal 1 MB',
  imageUpload: 'Afbeelding uploaden',
  imageSaved: 'Afbeelding opgeslagen',
  noImage: 'Geen afbeelding',
  isConfiguration: 'Met waarden',
  denominations: 'Waarden',
  value: 'Nominale waarde (EUR)',
  info: 'Info',
  addDenomination: 'Waarde toevoegen',
  removeDenomination: 'Waarde verwijderen',
  newDenomination: 'Nieuwe waarde',
  added: 'Product toegevoegd',
  updated: 'Product opgeslagen',
  configurationCount: 'Waarden',
  types: {
    cash_card: 'Prepaidkaart',
    gift_card: 'Cadeaukaart',
    calling_card: 'Belkaart',
  },
  allTypes: 'Alle typen',
  assigned: {
    badge: 'Toegewezen door het platform',
    readOnly:
      'Het platform heeft dit product aan u toegewezen voor de verkoop. Het product, de nominale waarden en de voorraad zijn van het platform en hier alleen-lezen.',
  },
  giftCard: {
    listDescription: 'Cadeaukaarten en hun batches.',
    added: 'Cadeaukaart toegevoegd',
    updated: 'Cadeaukaart opgeslagen',
  },
  common: {
    search: 'Zoeken',
    status: 'Status',
    allStatuses: 'Alle',
    active: 'Actief',
    inactive: 'Inactief',
    activate: 'Activeren',
    deactivate: 'Deactiveren',
    details: 'Details',
    edit: 'Bewerken',
    add: 'Toevoegen',
  },
  validation: {
    value: 'Het bedrag moet groter zijn dan 0',
    required: 'Verplicht veld',
    pinLength: 'Tussen 4 en 64 tekens',
    configurations: 'Ten minste één waarde',
  },
};

export const texts: typeof german = { screen: productsScreensNl, products: productsNl };
