import type { texts as german, reclamationsDe, reclamationsErrorCodesDe, reclamationsScreensDe } from './de.ts';

export const reclamationsScreensTr: typeof reclamationsScreensDe = {
  sellerReclaimRequests: 'Şikâyetler',
  resellerReclaimRequests: 'Mağazaların şikâyetleri',
  reclaimRequests: 'Şikâyetler (platform stoku)',
  reclaimRequest: 'Şikâyet',
};

export const reclamationsErrorCodesTr: typeof reclamationsErrorCodesDe = {
  reclamation_transition_invalid: 'Bu adım şikâyetin mevcut durumunda mümkün değil. Lütfen sayfayı yenileyin.',
  reclamation_wrong_party: 'Bu adım diğer tarafa aittir: mağazanın bayisi veya stok sahibi.',
  reclamation_pin_taken: '{{pin_id}} numaralı PIN zaten şikâyet edildi. Her PIN yalnızca bir kez şikâyet edilebilir.',
  reclamation_pin_not_in_sale: '{{pin_id}} numaralı PIN {{sale_id}} numaralı satışa ait değil.',
  reclamation_reason_required: 'Lütfen ret gerekçesini girin.',
  reclamation_sale_refunded:
    '{{sale_id}} numaralı soft pin sağlayıcısı tarafından iptal edilip iade edildi: artık şikâyet edilemez.',
};

export const reclamationsTr: typeof reclamationsDe = {
  descriptions: {
    seller: "Çalışmayan satılmış PIN'leri bildirin ve şikâyetlerinizi takip edin.",
    reseller: 'Mağazalarınızın şikâyetleri: üstlenin, kontrol edin, kabul edin veya reddedin.',
    owner: 'Platform stoku şikâyetleri: inceleyin, onaylayın veya reddedin, fatura düzeltmesi düzenleyin.',
    scoped: 'Takip ettiğiniz mağazaların, görmeye yetkili olduğunuz reklamasyonları.',
  },
  title: 'Şikâyet {{id}}',
  id: 'No.',
  statusLabel: 'Durum',
  allStatuses: 'Tüm durumlar',
  status: {
    new: 'Yeni',
    in_progress: 'İşlemde',
    accepted: 'Kabul edildi',
    in_review: 'İncelemede',
    approved: 'Onaylandı',
    rejected: 'Reddedildi',
    credited: 'İade edildi',
  },
  actions: {
    file: 'Gönderildi',
    open: 'Üstlen',
    accept: 'Kabul et',
    reject: 'Reddet',
    forward: 'İncelemeye gönder',
    approve: 'Onayla',
    issue_credit_note: 'Fatura düzeltmesi düzenle',
  },
  shop: 'Mağaza',
  product: 'Ürün',
  quantity: 'PIN',
  amount: 'Tutar',
  resellerAmount: 'Bayi tutarı',
  requestedUser: 'Gönderen',
  transactionDate: 'Satış tarihi',
  filedAt: 'Gönderim tarihi',
  stock: 'Stok',
  stockOf: { platform: 'Platform', reseller: 'Bayi' },
  reason: 'Gerekçe',
  rejectReason: 'Ret gerekçesi',
  rejectTitle: 'Şikâyet {{id}} reddet',
  pins_one: '{{count}} PIN',
  pins_other: '{{count}} PIN',
  pin: 'PIN',
  serial: 'Seri numarası',
  history: 'Geçmiş',
  creditNotes: 'Fatura düzeltmeleri',
  empty: 'Henüz şikâyet yok.',
  file: 'Şikâyet gönder',
  fileBy: 'Şikâyet türü',
  bySale: 'Satış',
  byPin: 'PIN',
  saleId: 'Satış numarası',
  showPins: "PIN'leri göster",
  pickPins: "Çalışmayan PIN'ler",
  pinsRequired: 'Lütfen en az bir PIN seçin.',
  submit: 'Gönder',
  filed: 'Şikâyet {{id}} gönderildi.',
  reclaimSale: 'Şikâyet et',
  softPinSale: '{{id}} numaralı satışın soft pini (bir PIN)',
};

export const texts: typeof german = {
  screen: reclamationsScreensTr,
  errors: { codes: reclamationsErrorCodesTr },
  reclamations: reclamationsTr,
};
