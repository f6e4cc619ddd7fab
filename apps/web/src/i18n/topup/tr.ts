import type { texts as german, topupDe, topupErrorCodesDe, topupScreensDe } from './de.ts';

/** Refusals of the international top-up calls, by their error code. */
export const topupErrorCodesTr: typeof topupErrorCodesDe = {
  provider_unavailable:
    'Sağlayıcı şu anda yanıt vermiyor. Hiçbir şey satılmadı veya tahsil edilmedi; lütfen biraz sonra tekrar deneyin.',
  provider_product_unavailable: 'Bu yükleme artık sunulmuyor. Lütfen başka bir ürün seçin.',
  top_up_not_held: 'Bu yükleme bir karar beklemiyor (artık). Lütfen listeyi yenileyin.',
  provider_transaction_not_found:
    'Sağlayıcıda bu yüklemeye ait bir işlem yok. Yalnızca başarısız olarak kapatılabilir.',
  topup_offer_closed: 'Bu teklif reddedildi, süresi doldu veya zaten onaylandı. Lütfen yeni bir teklif isteyin.',
};

export const topupScreensTr: typeof topupScreensDe = {
  internationalTopup: 'Uluslararası yükleme',
  rechargeSummary: 'Yükleme özeti',
  topupsPending: 'Bekleyen yüklemeler',
};

export const topupTr: typeof topupDe = {
  description: 'Yurt dışına kontör gönderin: ülkeyi ve numarayı girin, operatörü ve ürünü seçin, onaylayın.',
  country: 'Ülke',
  region: 'Bölge',
  allRegions: 'Tüm bölgeler',
  regions: {
    africa: 'Afrika',
    asia: 'Asya',
    europe: 'Avrupa',
    north_america: 'Kuzey Amerika',
    south_america: 'Güney Amerika',
    oceania: 'Okyanusya',
  },
  mobileNumber: 'Cep telefonu numarası',
  mobileNumberHint: 'Ülke kodu olmadan ülke içindeki numara',
  findOperator: 'Operatörü bul',
  invalidNumber: '{{country}} için geçerli bir cep telefonu numarası değil.',
  operator: 'Operatör',
  operatorUnknown: 'Numaranın operatörü belirlenemedi; ülkenin ürünleri gösteriliyor.',
  product: 'Ürün',
  receives: 'Alıcının alacağı',
  retailPrice: 'Satış fiyatı',
  yourPrice: 'Sizin fiyatınız',
  charged: 'Tahsil edilen',
  buy: 'Satın al',
  confirmTitle: 'Yüklemeyi onaylayın',
  confirmText: 'Lütfen bilgileri kontrol edin. Onayladığınızda yükleme gönderilir ve bakiyenizden düşülür.',
  confirm: 'Onayla ve gönder',
  status: 'Durum',
  reference: 'Referans',
  print: 'Fişi yazdır',
  again: 'Yeni yükleme',
  date: 'Tarih',
  soldBy: 'Satan',
  history: 'Yüklemeleriniz',
  allStatuses: 'Tüm durumlar',
  noServices: 'Kullanılabilir hizmet yok',
  statuses: {
    pending: 'Beklemede',
    successful: 'Başarılı',
    failed: 'Başarısız',
    refunded: 'İade edildi',
  },
  summary: {
    range: 'Dönem en fazla 366 gün olabilir ve başlangıcından önce bitemez.',
    description: 'Yüklemeleriniz gün, tür, operatör ve duruma göre, toplamlarla.',
    from: 'Başlangıç',
    to: 'Bitiş',
    day: 'Gün',
    kind: 'Tür',
    count: 'Adet',
    retailTotal: 'Satış değeri',
    sellerTotal: 'Maliyetiniz',
    total: 'Toplam',
    totalOf: 'Toplam {{status}}',
    empty: 'Bu dönemde yükleme yok.',
  },
  kinds: {
    international_topup: 'Uluslararası yükleme',
    direct_recharge: 'Doğrudan yükleme',
    bus_ticket: 'Otobüs bileti',
    soft_pin: 'Dijital PIN',
  },
  /** One provider sale, as a ledger line opens it. */
  details: {
    title: '{{kind}} {{id}}',
    sale: 'Sağlayıcı satışı {{id}}',
    shop: 'Mağaza',
    finalAt: 'Tamamlandı',
    providerReference: 'Sağlayıcı referansı',
  },
  pending: {
    description:
      '24 saatten uzun süredir bekleyen yüklemeler. Parayı yalnızca sağlayıcının kesin yanıtı hareket ettirir; burada yeniden sorgulayın.',
    shop: 'Mağaza',
    provider: 'Sağlayıcı',
    providerStatus: 'Sağlayıcıdaki durum',
    lastAsked: 'Son sorgu',
    check: 'Şimdi sorgula',
    checked: 'Durum sorgulandı: {{status}}',
    empty: '24 saatten uzun süredir bekleyen yükleme yok.',
    hold: 'Bekletiliyor',
    holds: {
      external_id_mismatch:
        'Bekletiliyor: sağlayıcıda bu referansla başka bir yükleme var. Tutar ayrılmış kalır; lütfen sağlayıcının destek ekibiyle çözün.',
      confirmed_without_reservation:
        'Bekletiliyor: sağlayıcı, mağazanın hiç onaylamadığı bir teklifi yürütüyor; hiçbir şey ayrılmadı. Yalnızca başarısız olarak kapatılabilir.',
    },
    resolve: {
      fail: 'Başarısız olarak kapat',
      follow: 'Sağlayıcının yüklemesini takip et',
      failTitle: 'Başarısız olarak kapatılsın mı?',
      failText:
        'Ayrılan tutar mağazaya ve bayisine geri döner. Sağlayıcıya sorulmaz: diğer yüklemeyi yine de teslim ederse maliyeti platform üstlenir.',
      followTitle: 'Sağlayıcının yüklemesi takip edilsin mi?',
      followText:
        'Sağlayıcının bu referansla tuttuğu işlem bu satış olarak takip edilir; başka bir numaraya gitmiş olsa bile kesin durumu ayrılan tutarı hareket ettirir.',
      done: 'Karar verildi: {{status}}',
    },
  },
  offer: {
    asking: 'DT One’dan teklif isteniyor …',
    askAgain: 'Tekrar sor',
    validUntil: 'Teklif geçerlilik sonu',
    reject: 'Teklifi reddet',
    rejected: 'Teklif reddedildi; hiçbir şey tahsil edilmedi.',
  },
  reconciliation: {
    title: 'DT One: bakiye ve günlük mutabakat',
    balance: 'DT One bakiyesi',
    balanceUnknown: 'DT One şu anda yanıt vermiyor',
    threshold: 'Uyarı eşiği',
    below: 'DT One bakiyesi uyarı eşiğinin altında. Yüklemeler reddedilmeden önce lütfen bakiye yükleyin.',
    lastRun: 'Son mutabakat: {{day}}, {{count}} işlem ({{status}})',
    noRun: 'Henüz mutabakat yapılmadı.',
    runStatus: { running: 'sürüyor', done: 'tamamlandı' },
    differences: 'Günlük mutabakatın bulduğu farklar',
    empty: 'Fark bulunmadı.',
    day: 'Gün',
    kind: 'Fark',
    kinds: {
      unknown_transaction: 'Portalın tanımadığı DT One işlemi',
      status_differs: 'Durum farklı',
      offer_not_cancelled: 'DT One’da hiç iptal edilmemiş teklif',
    },
    providerTransaction: 'DT One işlemi',
    portalStatus: 'Portaldaki satış',
    found: 'Bulundu',
  },
  outcome: {
    pending: 'Yükleme yolda …',
    successful: 'Yükleme ulaştı.',
    failed: 'Yükleme başarısız oldu; tutar iade edildi.',
    refunded: 'Yükleme geri alındı; tutar iade edildi.',
  },
};

export const texts: typeof german = { screen: topupScreensTr, errors: { codes: topupErrorCodesTr }, topup: topupTr };
