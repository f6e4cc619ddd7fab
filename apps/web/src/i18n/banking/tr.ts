import type { bankingDe, bankingErrorCodesDe, bankingScreensDe, texts as german } from './de.ts';

export const bankingScreensTr: typeof bankingScreensDe = {
  bankingUpload: 'CSV içe aktar',
  bankingList: 'Banka kayıtları',
  bankingCustomers: 'Eşleştirilmiş müşteriler',
  bankingDeleted: 'Silinen kayıtlar',
};

export const bankingErrorCodesTr: typeof bankingErrorCodesDe = {
  bank_file_unreadable:
    'Banka ekstresi okunamıyor. Bankanızın CSV dışa aktarımını (noktalı virgülle ayrılmış) veya bir CAMT.053 dosyası yükleyin.',
  bank_record_booked: 'Bu kayıt zaten işlendi ve artık değiştirilemez.',
  nothing_to_book: 'İşlenmeyi bekleyen eşleştirilmiş ödeme yok.',
};

export const bankingTr: typeof bankingDe = {
  uploadDescription: 'Bir banka ekstresini okuyun, ödeyenleri müşterilerinizle eşleştirin ve gelen ödemeleri işleyin.',
  listDescription: 'İçe aktarılan tüm kayıtlar. Açık gelen ödemeler burada bir müşteriyle eşleştirilebilir.',
  customersDescription: 'Sonraki ekstrelerde müşterileriyle otomatik eşleştirilen ödeyenler.',
  deletedDescription: 'Silinen kayıtlar. Geri yüklenebilirler.',
  stepRead: 'Oku',
  stepMap: 'Eşleştir',
  stepBook: 'İşle',
  file: 'Banka ekstresi',
  fileHint: 'Bankanızın CSV dışa aktarımı (Sparkasse, Volksbank, ING vb.) veya CAMT.053 (XML)',
  fileRequired: 'Lütfen bir dosya seçin.',
  read: 'Oku',
  formats: {
    camt053: 'CAMT.053',
    'csv-sparkasse': 'CSV (Sparkasse)',
    'csv-volksbank': 'CSV (Volksbank)',
    'csv-ing': 'CSV (ING)',
    csv: 'CSV',
  },
  lineCount_one: '{{count}} kayıt',
  lineCount_other: '{{count}} kayıt',
  alreadyImported_one: '{{count}} kayıt daha önce içe aktarıldı ve tekrar işlenmeyecek.',
  alreadyImported_other: '{{count}} kayıt daha önce içe aktarıldı ve tekrar işlenmeyecek.',
  nothingOpen: 'Bu ekstrede açık gelen ödeme yok.',
  toMapping: 'Eşleştirmeye geç',
  mapHint: 'Her ödeyen için müşteriyi seçin. Eşleştirme sonraki ekstreler için hatırlanır.',
  back: 'Geri',
  bookingDate: 'İşlem tarihi',
  payer: 'Ödeyen',
  iban: 'IBAN',
  byName: 'ada göre',
  purpose: 'Açıklama',
  amount: 'Tutar',
  customer: 'Müşteri',
  customerFor: '{{payer}} için müşteri',
  status: 'Durum',
  allStatuses: 'Tüm durumlar',
  statuses: { new: 'Açık', booked: 'İşlendi', skipped: 'Giden', failed: 'Reddedildi' },
  saveMapping: 'Eşleştirmeyi kaydet',
  mappingSaved: 'Eşleştirme kaydedildi.',
  book_one: '{{count}} ödemeyi işle',
  book_other: '{{count}} ödemeyi işle',
  progress: '{{total}} kayıttan {{booked}} işlendi',
  finished: 'Tamamlandı: {{booked}} işlendi, {{failed}} reddedildi.',
  importAnother: 'Başka bir ekstre içe aktar',
  search: 'Ödeyen, IBAN veya açıklama',
  actions: 'İşlemler',
  delete: 'Sil',
  deleteLine: '{{payer}} kaydını sil',
  restore: 'Geri yükle',
  restoreLine: '{{payer}} kaydını geri yükle',
  deletedAt: 'Silinme tarihi',
  mappedSince: 'Eşleştirme tarihi',
  forget: 'Eşleştirmeyi sil',
  forgetPayer: '{{payer}} eşleştirmesini sil',
  mappingDeleted: 'Eşleştirme silindi.',
};

export const texts: typeof german = {
  screen: bankingScreensTr,
  errors: { codes: bankingErrorCodesTr },
  banking: bankingTr,
};
