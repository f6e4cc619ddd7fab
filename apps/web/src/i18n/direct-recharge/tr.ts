import type { directRechargeDe, directRechargeScreensDe, texts as german } from './de.ts';

export const directRechargeScreensTr: typeof directRechargeScreensDe = {
  directRecharge: 'Doğrudan yükleme',
  directRechargeHistory: 'Doğrudan yüklemeler',
};

export const directRechargeTr: typeof directRechargeDe = {
  description: 'Bir Alman cep telefonuna kontör yükleyin: operatörü ve tutarı seçin, numarayı girin, satın alın.',
  numberHint: 'Alman cep numarası, ör. 0176 1234 5678',
  invalidNumber: 'Geçerli bir Alman cep numarası değil.',
  confirmTitle: 'Yüklemeyi onaylayın',
  confirmText: 'Lütfen bilgileri kontrol edin. Onayladığınızda numaraya yükleme yapılır ve bakiyenizden düşülür.',
  confirm: 'Onayla ve yükle',
  again: 'Yeni yükleme',
  historyDescription: 'Mağazanızın doğrudan yüklemeleri, en yenisi önce.',
  historyEmpty: 'Henüz doğrudan yükleme yok.',
  toHistory: 'Tüm doğrudan yüklemeler',
  outcome: {
    pending: 'Yükleme yapılıyor …',
    successful: 'Yükleme ulaştı.',
    failed: 'Yükleme başarısız oldu; tutar iade edildi.',
    refunded: 'Yükleme geri alındı; tutar iade edildi.',
  },
};

export const texts: typeof german = { screen: directRechargeScreensTr, directRecharge: directRechargeTr };
