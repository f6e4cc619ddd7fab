import type { texts as german, productsDe, productsScreensDe } from './de.ts';

export const productsScreensTr: typeof productsScreensDe = {
  products: 'Ürünler',
  productAdd: 'Ürün ekle',
  productDetails: 'Ürün ayrıntıları',
};

export const productsTr: typeof productsDe = {
  listDescription: 'Kataloğunuzdaki ürünler ve değerleri.',
  name: 'Ürün adı',
  type: 'Ürün türü',
  pinLength: 'PIN uzunluğu',
  vat: 'KDV',
  vatHint: 'Vergi danışmanınıza onaylatın; faturalardaki KDV’yi belirler.',
  vatOptions: {
    mpv: 'Çok amaçlı kupon (KDV kapsamı dışında)',
    spv_19: 'Tek amaçlı kupon %19',
    spv_7: 'Tek amaçlı kupon %7',
  },
  customerCare: 'Müşteri hizmetleri',
  instructions: 'Kullanım talimatı',
  image: 'Ürün görseli',
  imageHint: 'PNG, JPEG, WebP veya GIF, en fazla 1 MB',
  imageUpload: 'Görsel yükle',
  imageSaved: 'Görsel kaydedildi',
  noImage: 'Görsel yok',
  isConfiguration: 'Değerlerle',
  denominations: 'Değerler',
  value: 'Nominal değer (EUR)',
  info: 'Bilgi',
  addDenomination: 'Değer ekle',
  removeDenomination: 'Değeri kaldır',
  newDenomination: 'Yeni değer',
  added: 'Ürün eklendi',
  updated: 'Ürün kaydedildi',
  configurationCount: 'Değerler',
  types: {
    cash_card: 'Nakit kart',
    gift_card: 'Hediye kartı',
    calling_card: 'Telefon kartı',
  },
  allTypes: 'Tüm türler',
  assigned: {
    badge: 'Platform tarafından atandı',
    readOnly:
      'Platform bu ürünü size satış için atadı. Ürün, değerleri ve stoğu platforma aittir ve burada salt okunurdur.',
  },
  giftCard: {
    listDescription: 'Hediye kartları ve partileri.',
    added: 'Hediye kartı eklendi',
    updated: 'Hediye kartı kaydedildi',
  },
  common: {
    search: 'Ara',
    status: 'Durum',
    allStatuses: 'Tümü',
    active: 'Etkin',
    inactive: 'Etkin değil',
    activate: 'Etkinleştir',
    deactivate: 'Devre dışı bırak',
    details: 'Ayrıntılar',
    edit: 'Düzenle',
    add: 'Ekle',
  },
  validation: {
    value: 'Tutar 0’dan büyük olmalıdır',
    required: 'Zorunlu alan',
    pinLength: '4 ile 64 karakter arasında',
    configurations: 'En az bir değer',
  },
};

export const texts: typeof german = { screen: productsScreensTr, products: productsTr };
