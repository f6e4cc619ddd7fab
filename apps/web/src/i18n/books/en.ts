import type { booksDe, booksScreensDe, texts as german } from './de.ts';

export const booksScreensEn: typeof booksScreensDe = {
  stockValue: 'Stock value at a date',
  supplierDebt: 'Supplier payables',
};

export const booksEn: typeof booksDe = {
  day: 'At the end of day',
  owner: 'Owner',
  allOwners: 'All owners',
  product: 'Product',
  value: 'Face value',
  pins: 'PINs in stock',
  stockValue: 'Stock value (cost)',
  ownerTotal: 'Total {{owner}}',
  total: 'Total',
  stockValueDescription:
    'The PINs in stock at the end of the chosen day at their cost (face value less the supplier discount), as the inventory account books them.',
  stockValueEmpty: 'No PIN was in stock at the end of this day.',
  supplierDebtDescription:
    'What the platform owes its suppliers (PINs at their cost) and providers (provider goods at their euro cost) at the end of the chosen day, as the supplier payables account books it.',
  supplierDebtEmpty: 'At the end of this day the platform owed no supplier anything.',
  source: 'Kind',
  sources: { supplier: 'Supplier (PINs)', provider: 'Provider' },
  name: 'Supplier / provider',
  quantity: 'Quantity',
  debt: 'Amount owed',
};

export const texts: typeof german = { screen: booksScreensEn, books: booksEn };
