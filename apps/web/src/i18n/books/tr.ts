import type { booksDe, booksScreensDe, texts as german } from './de.ts';

export const booksScreensTr: typeof booksScreensDe = {
  stockValue: 'Tarihteki stok değeri',
  supplierDebt: 'Tedarikçi borçları',
};

export const booksTr: typeof booksDe = {
  day: 'Günün sonundaki durum',
  owner: 'Sahip',
  allOwners: 'Tüm sahipler',
  product: 'Ürün',
  value: 'Nominal değer',
  pins: 'Stoktaki PIN’ler',
  stockValue: 'Stok değeri (maliyet)',
  ownerTotal: 'Toplam {{owner}}',
  total: 'Toplam',
  stockValueDescription:
    'Seçilen günün sonunda stokta bulunan PIN’ler, maliyetleriyle (nominal değer eksi tedarikçi indirimi), stok hesabının kaydettiği gibi.',
  stockValueEmpty: 'Bu günün sonunda stokta hiç PIN yoktu.',
  supplierDebtDescription:
    'Platformun seçilen günün sonunda tedarikçilerine (maliyetinden PIN’ler) ve sağlayıcılarına (euro maliyetinden sağlayıcı ürünleri) borcu, tedarikçi borçları hesabının kaydettiği gibi.',
  supplierDebtEmpty: 'Bu günün sonunda platformun hiçbir tedarikçiye borcu yoktu.',
  source: 'Tür',
  sources: { supplier: 'Tedarikçi (PIN’ler)', provider: 'Sağlayıcı' },
  name: 'Tedarikçi / sağlayıcı',
  quantity: 'Adet',
  debt: 'Borç',
};

export const texts: typeof german = { screen: booksScreensTr, books: booksTr };
