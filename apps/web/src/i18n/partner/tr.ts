import type { texts as german, partnerDe, partnerErrorCodesDe, partnerScreensDe } from './de.ts';

export const partnerErrorCodesTr: typeof partnerErrorCodesDe = {
  api_key_invalid: 'Bilinmeyen veya iptal edilmiş API anahtarı.',
  api_key_expired: 'API anahtarının süresi doldu; yeni bir anahtar oluşturun.',
  ip_not_allowed: '{{ip}} adresinden gelen isteklere bu mağaza için izin verilmiyor.',
  api_disabled: 'Mağazanın API erişimi kapalı.',
  api_keys_shops_only:
    'Yalnızca mağazalar API anahtarı alır; bir bayi çevrimiçi satışı mağazalarından biri üzerinden yapar.',
};

export const partnerScreensTr: typeof partnerScreensDe = {
  sellerApi: 'API erişimi',
};

export const partnerTr: typeof partnerDe = {
  title: 'API anahtarları',
  hint: 'Bir anahtarla mağazanın kasası veya web mağazası, seçilen kullanıcı olarak partner API üzerinden PIN satın alır ve yükleme gönderir.',
  pageHint: 'Kasanız veya web mağazanız için partner API anahtarları.',
  docs: 'Partner API belgeleri',
  disabled: 'API erişimi kapalı; bayiniz API ayrıntılarından açar.',
  allowedIps: 'İzin verilen adresler: {{ips}}',
  noAllowedIps: 'Henüz izin verilen adres yok: bir adres girilene kadar istekler reddedilir.',
  noKeys: 'Henüz anahtar yok.',
  name: 'Ad',
  namePlaceholder: 'örn. Kasa 1',
  key: 'Anahtar',
  user: 'Kullanıcı',
  userHint: 'Anahtarın satışları bu kullanıcıya yazılır; kullanıcının yetkileri geçerlidir.',
  createdAt: 'Oluşturuldu',
  lastUsed: 'Son kullanım',
  neverUsed: 'Hiç',
  expiresAt: 'Geçerlilik sonu',
  neverExpires: 'Süresiz',
  expiresHint:
    'Tarih girilmezse anahtar iptal edilene kadar geçerlidir; tarih girilirse o günün sonuna kadar (Berlin saati).',
  status: 'Durum',
  active: 'Etkin',
  revoked: 'İptal edildi',
  expired: 'Süresi doldu',
  revoke: 'İptal et',
  create: 'Anahtar oluştur',
  createdTitle: '"{{name}}" anahtarı oluşturuldu',
  shownOnce: 'Anahtarı şimdi kopyalayın: yalnızca bu kez gösterilir ve hiçbir yerde saklanmaz.',
  copy: 'Kopyala',
  copied: 'Kopyalandı',
  stored: 'Kaydettim',
  revokeTitle: '"{{name}}" anahtarı iptal edilsin mi?',
  revokeText: 'Bu anahtarla yapılan istekler hemen reddedilir. Bu işlem geri alınamaz.',
  revokedNotice: '"{{name}}" anahtarı iptal edildi.',
  webhooksTitle: "Webhook'lar",
  webhooksHint:
    'Satışlarda, sonuçlanan yüklemelerde, bakiye kayıtlarında ve düşük bakiyede geri çağırma URL\'si imzalı bir olay alır (PIN\'ler olmadan). İmza: gizli anahtarla "zaman damgası.gövde" üzerinden HMAC-SHA256, X-Portal-Signature başlığında. Başarısız gönderimler 28 saate kadar yeniden denenir.',
  callbackUrl: "Geri çağırma URL'si: {{url}}",
  noCallbackUrl: "Geri çağırma URL'si girilmemiş: olay gönderilmez.",
  secretSince: 'İmza anahtarı tarihi',
  noSecret: 'Henüz imza anahtarı yok: olay gönderilmez.',
  createSecret: 'Anahtar oluştur',
  rotateSecret: 'Anahtarı yenile',
  secretTitle: 'Yeni imza anahtarı',
  secretShownOnce: 'Anahtarı şimdi kopyalayın: yalnızca bu kez gösterilir. Önceki anahtar hemen geçersiz olur.',
  noDeliveries: 'Henüz gönderim yok.',
  deliveryLog: 'Webhook gönderim kaydı',
  event: 'Olay',
  attempts: 'Denemeler',
  lastAnswer: 'Son yanıt',
  lastAttempt: 'Son deneme',
  resend: 'Yeniden gönder',
  resent: 'Gönderim yeniden planlandı.',
  deliveryStatus: {
    pending: 'Bekliyor',
    delivered: 'Teslim edildi',
    failed: 'Başarısız',
  },
  eventType: {
    sale_completed: 'Satış tamamlandı',
    topup_completed: 'Yükleme başarılı',
    topup_failed: 'Yükleme başarısız',
    topup_refunded: 'Yükleme iade edildi',
    balance_low: 'Bakiye düşük',
    credit_booked: 'Kredi kaydedildi',
  },
};

export const texts: typeof german = {
  screen: partnerScreensTr,
  errors: { codes: partnerErrorCodesTr },
  partner: partnerTr,
};
