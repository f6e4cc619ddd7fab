import type { flixbusDe, flixbusErrorCodesDe, flixbusScreensDe, texts as german } from './de.ts';

export const flixbusErrorCodesTr: typeof flixbusErrorCodesDe = {
  trip_fully_booked: 'Bu sefer tamamen dolu.',
  ebike_not_allowed: 'Bu seferde elektrikli bisikletlere izin verilmiyor.',
  invalid_voucher: 'Bu kupon geçerli değil.',
  booking_not_open: 'Bu rezervasyon zaten ödendi veya iptal edildi ve artık değiştirilemez.',
  reservation_expired: 'Rezervasyonun süresi doldu. Lütfen seferi yeniden arayın.',
  passengers_missing: 'Lütfen ödemeden önce tüm yolcuları girin.',
  ticket_not_ready: 'Bilet, rezervasyon kesinleştiğinde hazır olur.',
};

export const flixbusScreensTr: typeof flixbusScreensDe = {
  flixbus: 'Otobüs biletleri',
};

export const flixbusTr: typeof flixbusDe = {
  description:
    'Şehirlerarası otobüs bileti satın: kalkış, varış ve tarihi seçin, sefer ve koltukları ayırın, yolcuları girin, ödeyin, bileti yazdırın.',
  from: 'Nereden',
  to: 'Nereye',
  date: 'Tarih',
  seats: 'Koltuk',
  ebikes: 'Elektrikli bisiklet',
  search: 'Sefer ara',
  sameCity: 'Kalkış ve varış farklı olmalı.',
  noTrips: 'Bu tarihte sefer yok.',
  trips: 'Seferler',
  line: 'Hat',
  seatsLeft: '{{count}} boş koltuk',
  perSeat: 'koltuk başına',
  ebikeAllowed: 'Elektrikli bisiklet serbest',
  ebikeNotAllowed: 'Elektrikli bisiklet yok',
  choose: 'Seç',
  heldUntil: 'Koltuklar {{time}} saatine kadar ayrıldı',
  passengers: 'Yolcular',
  passenger: 'Yolcu {{n}}',
  firstName: 'Ad',
  lastName: 'Soyad',
  contactPhone: 'İletişim telefonu',
  contactPhoneHint: 'örn. 0176 1234 5678 veya +43 …',
  invalidPhone: 'Geçerli bir telefon numarası değil.',
  savePassengers: 'Ödemeye geç',
  voucher: 'Kupon',
  applyVoucher: 'Kullan',
  summary: 'Rezervasyonunuz',
  total: 'Bilet fiyatı',
  yourPrice: 'Sizin fiyatınız',
  pay: 'Öde',
  cancel: 'Rezervasyonu iptal et',
  cancelled: 'Rezervasyon iptal edildi; hiçbir ücret alınmadı.',
  outcome: {
    pending: 'Ödeme onaylanıyor …',
    successful: 'Rezervasyon onaylandı.',
    failed: 'Rezervasyon başarısız oldu; tutar iade edildi.',
    refunded: 'Rezervasyon iade edildi.',
  },
  ticketCode: 'Bilet kodu',
  download: 'Bileti indir (PDF)',
  again: 'Yeni rezervasyon',
};

export const texts: typeof german = {
  screen: flixbusScreensTr,
  errors: { codes: flixbusErrorCodesTr },
  flixbus: flixbusTr,
};
