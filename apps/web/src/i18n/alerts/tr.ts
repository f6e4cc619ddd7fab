import type { alertsDe, texts as german } from './de.ts';

export const alertsTr: typeof alertsDe = {
  bell: 'Bildirimler',
  unread_one: '{{count}} okunmamış bildirim',
  unread_other: '{{count}} okunmamış bildirim',
  markAllRead: 'Tümünü okundu olarak işaretle',
  none: 'Bildirim yok.',
  kinds: {
    low_balance: 'Düşük bakiye: {{customer}} bakiyesi {{balance}}, {{trigger}} eşiğinin altında.',
    low_stock: 'Düşük stok: {{name}} için {{available}} PIN kaldı (eşik {{threshold}}).',
    provider_alert: '{{provider}} bir yüklemeyi reddetti: {{reason}}',
    invoice_mail_failed:
      '{{customer}} için {{invoice_no}} numaralı fatura birkaç denemeden sonra gönderilemedi. Lütfen indirip kendiniz gönderin.',
    reclamation: '{{customer}} tarafından açılan {{id}} numaralı reklamasyon işleminizi bekliyor.',
  },
  providerCodes: {
    '1006001': 'platformun {{provider}} bakiyesi yetersiz (1006001).',
    '1000401': '{{provider}} platformun API anahtarını kabul etmiyor (1000401).',
  },
  providerBalanceLow: 'Platformun {{provider}} bakiyesi {{available}}, {{threshold}} uyarı eşiğinin altında.',
};

export const texts: typeof german = { alerts: alertsTr };
