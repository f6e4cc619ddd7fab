import type { datevDe, datevErrorCodesDe, datevScreensDe, texts as german } from './de.ts';

export const datevErrorCodesTr: typeof datevErrorCodesDe = {
  datev_settings_missing:
    'DATEV dışa aktarımı için danışman ve müşteri numaraları eksik. Lütfen bunları DATEV ayarlarına girin.',
  datev_debtor_numbers_exhausted:
    '{{max}} numarasına kadar tüm borçlu numaraları kullanıldı. Lütfen daha geniş bir numara aralığı için vergi danışmanınızla görüşün.',
  tax_audit_period_too_long:
    'Bir vergi denetimi dışa aktarımı en fazla {{max_days}} günü kapsar. Lütfen daha uzun dönemleri yıl yıl dışa aktarın.',
};

export const datevScreensTr: typeof datevScreensDe = { datevExport: 'DATEV dışa aktarımı' };

export const datevTr: typeof datevDe = {
  description:
    'Bir ayın faturaları, fatura düzeltmeleri ve alınan ödemeleri, vergi danışmanınız için DATEV biçiminde kayıt grubu ve borçlu ana verileri olarak.',
  exportTitle: 'Ayı dışa aktar',
  exportDescription:
    'Kendi muhasebenizin bir ayı: düzenlenen belgeler düzenlenme tarihine, alınan ödemeler kayıt gününe göre.',
  downloadZip: 'İki dosya (ZIP)',
  downloadBookings: 'Kayıt grubu',
  downloadDebtors: 'Borçlular',
  settingsFirstTitle: 'Önce ayarlar',
  settingsFirst:
    'Vergi danışmanınızın danışman ve müşteri numaralarını aşağıya girip kaydedin; ardından dosyalar indirilebilir.',
  settingsTitle: 'DATEV ayarları',
  settingsDescription: 'Vergi danışmanınızın muhasebenizi DATEV’de tuttuğu numaralar.',
  consultantNumber: 'Danışman numarası',
  clientNumber: 'Müşteri numarası',
  chart: 'Hesap planı',
  fiscalYearStart: 'Mali yılın başlangıcı',
  accountsTitle: 'Hesaplar',
  accountsDescription:
    'Neyin nereye kaydedildiği. Varsayılanlar seçilen hesap planının hesaplarıdır; lütfen vergi danışmanınızla netleştirin. Otomatik hesapta DATEV KDV’yi kendisi hesaplar, kayıt vergi anahtarı taşımaz.',
  bookedAs: 'Kayıt',
  account: 'Hesap',
  automatic: 'Otomatik hesap',
  accountOf: '{{what}} için hesap',
  automaticOf: '{{what}}: otomatik hesap',
  auditTitle: 'Vergi denetimi için veri erişimi (GDPdU/Z3)',
  auditDescription:
    'Bir dönemin kayıtları ve kayıt satırları, belgeler ve kalemleri, müşteri ve ürün ana verileri ile değişiklik günlüğü (en fazla bir yıl), vergi dairesinin denetim yazılımı için GDPdU tanım standardına göre index.xml ile CSV olarak.',
  auditFrom: 'Başlangıç',
  auditTo: 'Bitiş',
  auditDownload: 'Verileri indir (ZIP)',
  month: 'Ay',
  saved: 'DATEV ayarları kaydedildi.',
  validation: {
    consultantNumber: 'Danışman numarası 1001 ile 9999999 arasında bir tam sayıdır.',
    clientNumber: 'Müşteri numarası 1 ile 99999 arasında bir tam sayıdır.',
    account: 'Hesap numarası dört basamaklıdır (1000 ile 9999 arası).',
  },
  keys: {
    spv_19: 'Gelir %19 KDV (mal, tek amaçlı kuponlar)',
    spv_7: 'Gelir %7 KDV (tek amaçlı kuponlar)',
    mpv: 'Çok amaçlı kuponlar (KDV kapsamı dışında)',
    carrier: 'Taşıyıcı adına biletler (geçici kalem)',
    bank: 'Banka ile alınan ödemeler',
    cash: 'Nakit alınan ödemeler',
  },
};

export const texts: typeof german = { screen: datevScreensTr, errors: { codes: datevErrorCodesTr }, datev: datevTr };
