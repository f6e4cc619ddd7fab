import type { booksDe, booksScreensDe, texts as german } from './de.ts';

export const booksScreensNl: typeof booksScreensDe = {
  stockValue: 'Voorraadwaarde op een datum',
  supplierDebt: 'Crediteuren',
};

export const booksNl: typeof booksDe = {
  day: 'Aan het eind van de dag',
  owner: 'Eigenaar',
  allOwners: 'Alle eigenaren',
  product: 'Product',
  value: 'Nominale waarde',
  pins: 'Pincodes op voorraad',
  stockValue: 'Voorraadwaarde (inkoop)',
  ownerTotal: 'Totaal {{owner}}',
  total: 'Totaal',
  stockValueDescription:
    'De pincodes op voorraad aan het eind van de gekozen dag tegen hun kostprijs (nominale waarde min de leverancierskorting), zoals de voorraadrekening ze boekt.',
  stockValueEmpty: 'Aan het eind van deze dag was er geen pincode op voorraad.',
  supplierDebtDescription:
    'Wat het platform aan het eind van de gekozen dag verschuldigd is aan zijn leveranciers (pincodes tegen kostprijs) en aanbieders (aanbiedersgoederen tegen hun kosten in euro), zoals de rekening crediteuren het boekt.',
  supplierDebtEmpty: 'Aan het eind van deze dag was het platform geen enkele leverancier iets verschuldigd.',
  source: 'Soort',
  sources: { supplier: 'Leverancier (pincodes)', provider: 'Aanbieder' },
  name: 'Leverancier / aanbieder',
  quantity: 'Aantal',
  debt: 'Verschuldigd',
};

export const texts: typeof german = { screen: booksScreensNl, books: booksNl };
