import type { texts as german, loginRequestsDe } from './de.ts';

export const loginRequestsTr: typeof loginRequestsDe = {
  description: 'Yeni cihazlardan yapılan ve onayınızı bekleyen girişler.',
  filterStatus: 'Durum',
  status: {
    pending: 'Bekliyor',
    approved: 'Onaylandı',
    rejected: 'Reddedildi',
    expired: 'Süresi doldu',
    all: 'Tümü',
  },
  reference: 'Referans',
  username: 'Kullanıcı adı',
  name: 'Ad',
  customer: 'Müşteri',
  ip: 'IP adresi',
  device: 'Cihaz',
  created: 'Talep zamanı',
  expires: 'Geçerlilik sonu',
  approve: 'Onayla',
  reject: 'Reddet',
  approved: 'Giriş onaylandı',
  rejected: 'Giriş reddedildi',
};

export const texts: typeof german = { loginRequests: loginRequestsTr, screen: { loginRequests: 'Giriş talepleri' } };
