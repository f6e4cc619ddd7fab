import type { Language } from '@portal/contract/limits';

/** The headers of the books' exports (decision 0136) in the reader's language, as the web's screens say them. */
const de = {
  total: 'Summe',
  ownerTotal: 'Summe des Eigentümers',
  sources: { supplier: 'Lieferant (PINs)', provider: 'Anbieter' },
  stockValue: {
    sheet: 'Lagerwert',
    owner: 'Eigentümer',
    product: 'Produkt',
    product_type: 'Produkttyp',
    value: 'Nennwert',
    pins: 'PINs auf Lager',
    stock_value: 'Lagerwert (Einkauf)',
  },
  supplierDebt: {
    sheet: 'Lieferantenverbindlichkeiten',
    source: 'Art',
    name: 'Lieferant / Anbieter',
    quantity: 'Menge',
    debt: 'Verbindlichkeit',
  },
};
export type BooksWords = typeof de;

const en: BooksWords = {
  total: 'Total',
  ownerTotal: "Owner's total",
  sources: { supplier: 'Supplier (PINs)', provider: 'Provider' },
  stockValue: {
    sheet: 'Stock value',
    owner: 'Owner',
    product: 'Product',
    product_type: 'Product type',
    value: 'Face value',
    pins: 'PINs in stock',
    stock_value: 'Stock value (cost)',
  },
  supplierDebt: {
    sheet: 'Supplier payables',
    source: 'Kind',
    name: 'Supplier / provider',
    quantity: 'Quantity',
    debt: 'Amount owed',
  },
};

const tr: BooksWords = {
  total: 'Toplam',
  ownerTotal: 'Sahibin toplamı',
  sources: { supplier: 'Tedarikçi (PIN’ler)', provider: 'Sağlayıcı' },
  stockValue: {
    sheet: 'Stok değeri',
    owner: 'Sahip',
    product: 'Ürün',
    product_type: 'Ürün türü',
    value: 'Nominal değer',
    pins: 'Stoktaki PIN’ler',
    stock_value: 'Stok değeri (maliyet)',
  },
  supplierDebt: {
    sheet: 'Tedarikçi borçları',
    source: 'Tür',
    name: 'Tedarikçi / sağlayıcı',
    quantity: 'Adet',
    debt: 'Borç',
  },
};

const fr: BooksWords = {
  total: 'Total',
  ownerTotal: 'Total du propriétaire',
  sources: { supplier: 'Fournisseur (PIN)', provider: 'Prestataire' },
  stockValue: {
    sheet: 'Valeur du stock',
    owner: 'Propriétaire',
    product: 'Produit',
    product_type: 'Type de produit',
    value: 'Valeur faciale',
    pins: 'PIN en stock',
    stock_value: 'Valeur du stock (coût)',
  },
  supplierDebt: {
    sheet: 'Dettes fournisseurs',
    source: 'Type',
    name: 'Fournisseur / prestataire',
    quantity: 'Quantité',
    debt: 'Montant dû',
  },
};

const nl: BooksWords = {
  total: 'Totaal',
  ownerTotal: 'Totaal van de eigenaar',
  sources: { supplier: 'Leverancier (pincodes)', provider: 'Aanbieder' },
  stockValue: {
    sheet: 'Voorraadwaarde',
    owner: 'Eigenaar',
    product: 'Product',
    product_type: 'Producttype',
    value: 'Nominale waarde',
    pins: 'Pincodes op voorraad',
    stock_value: 'Voorraadwaarde (inkoop)',
  },
  supplierDebt: {
    sheet: 'Crediteuren',
    source: 'Soort',
    name: 'Leverancier / aanbieder',
    quantity: 'Aantal',
    debt: 'Verschuldigd',
  },
};

const WORDS: Record<Language, BooksWords> = { de, en, tr, fr, nl };

export function booksWords(language: Language): BooksWords {
  return WORDS[language] ?? de;
}
