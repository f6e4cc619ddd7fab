import type { devicesDe, devicesErrorCodesDe, devicesScreensDe, texts as german } from './de.ts';

export const devicesErrorCodesTr: typeof devicesErrorCodesDe = {
  terminal_limit_reached: 'Mağaza, terminal limitinin ({{terminal_limit}}) izin verdiği kadar cihaza zaten sahip.',
  serial_taken: '{{serial_no}} seri numaralı bir cihaz zaten kayıtlı.',
};

export const devicesScreensTr: typeof devicesScreensDe = {
  devices: 'Cihazlar',
  deviceAdd: 'Cihaz ekle',
  deviceEdit: 'Cihazı düzenle',
  assignDevices: 'Cihaz ata',
  userDevices: 'Cihazlarım',
  customerDevices: 'Müşterinin cihazları',
};

export const devicesTr: typeof devicesDe = {
  saved: 'Cihaz kaydedildi.',
  assignmentSaved: 'Atama kaydedildi.',
  tag: 'Etiket',
  serialNo: 'Seri numarası',
  status: 'Durum',
  statuses: {
    active: 'Aktif',
    inactive: 'Pasif',
  },
  reseller: 'Bayi',
  shop: 'Mağaza',
  actions: 'İşlemler',
  edit: 'Düzenle',
  editNamed: '{{tag}} düzenle',
  delete: 'Sil',
  deleteNamed: '{{tag}} sil',
  listDescription: 'Platformun tüm cihazları ve kimde oldukları.',
  search: 'Etiket veya seri numarası',
  required: 'Zorunlu alan.',
  device: 'Cihaz',
  notFound: 'Cihaz bulunamadı.',
  history: 'Atama geçmişi',
  noHistory: 'Henüz atama yok.',
  at: 'Zaman',
  deviceId: 'Cihaz',
  action: 'İşlem',
  by: 'Yapan',
  historyActions: {
    assigned: 'Atandı',
    unassigned: 'Geri alındı',
  },
  shopFor: '{{tag}} için mağaza',
  unassign: 'Geri al',
  assignDescription: 'Cihazlarınız ve onları tutan mağazalar; her mağazanın terminal limiti geçerlidir.',
};

export const texts: typeof german = {
  screen: devicesScreensTr,
  errors: { codes: devicesErrorCodesTr },
  devices: devicesTr,
};
