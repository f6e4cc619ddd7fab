import type { texts as german, safeActionsDe } from './de.ts';

export const safeActionsTr: typeof safeActionsDe = {
  undo: 'Geri al',
  block: {
    title: '{{name}} devre dışı bırakılsın mı?',
    withShops_one: '{{name}} ve mağazası engellenir ve oturumları kapatılır.',
    withShops_other: '{{name}} ve {{count}} mağazası engellenir ve oturumları kapatılır.',
    alone: '{{name}} engellenir ve oturumu kapatılır.',
    signedOut_one: '{{count}} kullanıcı, hesap yeniden etkinleşene kadar erişimini hemen kaybeder.',
    signedOut_other: '{{count}} kullanıcı, hesap yeniden etkinleşene kadar erişimini hemen kaybeder.',
    confirm: 'Devre dışı bırak',
  },
  creditNote: {
    title: '{{id}} numaralı reklamasyon için fatura düzeltmesi düzenlensin mi?',
    shop: '{{shop}} bakiyesine {{amount}} geri alır.',
    reseller: 'Mağazanın bayisi {{amount}} geri alır.',
    final: 'Belge hemen düzenlenir ve yalnızca yeni bir belgeyle düzeltilebilir.',
    done: '{{id}} numaralı reklamasyon için fatura düzeltmesi düzenlendi.',
  },
  hardwareCancel: {
    title: '{{id}} numaralı sipariş iptal edilsin mi?',
    consequence:
      '{{shop}}, {{quantity}} × {{product}} için {{amount}} tutarını bakiyesine geri alır. İade bir kayıttır ve kalır.',
    done: '{{id}} numaralı sipariş iptal edildi, {{amount}} iade edildi.',
  },
  hardwareOrder: {
    title: 'Sipariş verilsin mi?',
    consequence: '{{quantity}} × {{product}} bayinizden sipariş edilir; {{amount}} hemen bakiyenizden düşülür.',
    confirm: 'Sipariş ver ve öde',
    done: '{{quantity}} × {{product}} sipariş edildi.',
  },
  catalogueDelete: {
    categoryTitle: '{{name}} kategorisi silinsin mi?',
    category: '{{name}} kategorisi mağazalarınızın donanım kataloğundan kaldırılır.',
    productTitle: '{{name}} ürünü silinsin mi?',
    product: '{{name}} ürünü mağazalarınızın donanım kataloğundan kaldırılır; mevcut siparişler kalır.',
    done: '{{name}} silindi.',
  },
  device: {
    title: '{{tag}} cihazı silinsin mi?',
    consequence: '{{tag}} cihazı (seri numarası {{serial}}) silinir.',
    withShop: '{{tag}} cihazı (seri numarası {{serial}}) silinir ve {{shop}} mağazasından alınır.',
    done: '{{tag}} cihazı silindi.',
  },
  bankLine: {
    title: 'Banka kaydı silinsin mi?',
    consequence:
      '{{payer}} tarafından {{date}} tarihinde yapılan {{amount}} ödeme silinir ve hiçbir müşteriye yatırılmaz.',
    debit: '{{payer}} adına {{date}} tarihli {{amount}} tutarındaki çıkış kaydı listeden silinir.',
    done: '{{payer}} banka kaydı silindi.',
    undone: '{{payer}} banka kaydı geri yüklendi.',
  },
  mapping: {
    title: 'Eşleştirme silinsin mi?',
    consequence: '{{payer}} ödemeleri artık otomatik olarak {{customer}} ile eşleştirilmez.',
    done: '{{payer}} eşleştirmesi silindi.',
  },
  favourite: {
    title: 'Favori kaldırılsın mı?',
    consequence: '{{product}} ana sayfadaki favorilerinizden kaldırılır.',
    confirm: 'Kaldır',
    done: '{{product}} favorilerden kaldırıldı.',
    undone: '{{product}} yeniden favori.',
    resetTitle: 'Favoriler sıfırlansın mı?',
    reset_one: 'Kendi favoriniz silinir; ana sayfa yeniden en çok satan ürünlerinizi gösterir.',
    reset_other: '{{count}} kendi favoriniz silinir; ana sayfa yeniden en çok satan ürünlerinizi gösterir.',
    resetDone: 'Favoriler sıfırlandı.',
    resetUndone: 'Kendi favorileriniz geri geldi.',
  },
  busTicket: {
    title: 'Bilet ödensin mi?',
    consequence_one: '{{amount}} hemen bakiyenizden düşülür: {{from}} → {{to}}, {{departure}}, {{count}} yolcu.',
    consequence_other: '{{amount}} hemen bakiyenizden düşülür: {{from}} → {{to}}, {{departure}}, {{count}} yolcu.',
    masked_one: 'Bilet hemen bakiyenizden ödenir: {{from}} → {{to}}, {{departure}}, {{count}} yolcu.',
    masked_other: 'Bilet hemen bakiyenizden ödenir: {{from}} → {{to}}, {{departure}}, {{count}} yolcu.',
    confirm: 'Şimdi öde',
    done: 'Ödeme gönderildi: {{from}} → {{to}}.',
  },
  credit: {
    customer: '{{id}} numaralı müşteri',
    creditTitle: '{{name}} için {{amount}} kredi işlensin mi?',
    credit: '{{name}} {{amount}} kredi alır: bakiyesi ve açık kredisi {{amount}} artar.',
    paymentTitle: '{{name}} ödemesi kaydedilsin mi?',
    payment:
      '{{name}} tarafından yapılan {{amount}} ({{method}}) ödeme kaydedilir: önce açık krediyi kapatır, kalanı bakiyeyi artırır.',
    final: 'Kayıt kalır ve yalnızca yeni bir kayıtla düzeltilir.',
    creditDone: '{{name}} için {{amount}} kredi işlendi.',
    paymentDone: '{{name}} tarafından yapılan {{amount}} ödeme kaydedildi.',
    multiTitle_one: '{{count}} kayıt işlensin mi?',
    multiTitle_other: '{{count}} kayıt işlensin mi?',
    multiCredit_one: '{{count}} müşteri {{total}} kredi alır:',
    multiCredit_other: '{{count}} müşteri toplam {{total}} kredi alır:',
    multiPayment_one: '{{count}} ödeme, {{total}} ({{method}}), kaydedilir:',
    multiPayment_other: '{{count}} ödeme, toplam {{total}} ({{method}}), kaydedilir:',
    row: '{{name}}: {{amount}}',
    more_one: '… ve {{count}} müşteri daha',
    more_other: '… ve {{count}} müşteri daha',
    multiFinal:
      'Her kayıt ayrı işlenir; bir ret diğerlerini durdurmaz. İşlenen kayıtlar yalnızca yeni kayıtlarla düzeltilir.',
  },
  deleteConfirm: 'Sil',
};

export const texts: typeof german = { safeActions: safeActionsTr };
