import type { texts as german, suppliersDe, suppliersScreensDe } from './de.ts';

export const suppliersScreensTr: typeof suppliersScreensDe = {
  suppliers: 'Tedarikçiler',
  supplierAdd: 'Tedarikçi ekle',
  supplierEdit: 'Tedarikçiyi düzenle',
};

export const suppliersTr: typeof suppliersDe = {
  listDescription: 'PIN satın aldığınız tedarikçiler.',
  full_name: 'Ad',
  company: 'Şirket',
  email: 'E-posta',
  mobile: 'Cep telefonu',
  telephone: 'Telefon',
  address: 'Adres',
  city: 'Şehir',
  postalcode: 'Posta kodu',
  country: 'Ülke',
  ustidnr: 'KDV numarası',
  stnr: 'Vergi numarası',
  remarks: 'Notlar',
  added: 'Tedarikçi eklendi',
  updated: 'Tedarikçi kaydedildi',
  statusChanged: 'Durum değiştirildi',
  common: {
    search: 'Ara',
    status: 'Durum',
    allStatuses: 'Tümü',
    active: 'Etkin',
    inactive: 'Etkin değil',
    edit: 'Düzenle',
  },
  validation: {
    required: 'Zorunlu alan',
    email: 'Geçerli bir e-posta adresi girin',
  },
};

export const texts: typeof german = { screen: suppliersScreensTr, suppliers: suppliersTr };
