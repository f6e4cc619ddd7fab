import { AUDIT_WORDS } from '@portal/contract/audit-words';
import type { auditDe, texts as german } from './de.ts';

export const auditTr: typeof auditDe = {
  tabs: { details: 'Genel bakış', changes: 'Değişiklikler' },
  description:
    'Bu müşteride ve kullanıcılarında, atamalarında, indirimlerinde ve anahtarlarında kim neyi ne zaman değiştirdi.',
  logDescription: 'Platformunuzdaki her değişiklik: kim, ne zaman, ne, önce ve sonra.',
  empty: 'Henüz kaydedilmiş değişiklik yok.',
  error: 'Değişiklikler yüklenemedi.',
  record: '{{kind}} {{key}}',
  filters: {
    actor: 'Kim',
    customer: 'Müşteri',
    kind: 'Ne',
    allKinds: 'Hepsi',
    all: 'Tümü: {{what}}',
    from: 'Başlangıç',
    to: 'Bitiş',
    nothingFound: 'Hiçbir şey bulunamadı',
    searching: 'Aranıyor …',
    error: 'Seçenekler yüklenemedi.',
  },
  columns: AUDIT_WORDS.tr.columns,
  kinds: AUDIT_WORDS.tr.kinds,
  actions: AUDIT_WORDS.tr.actions,
};

export const texts: typeof german = { screen: { auditLog: 'Değişiklik günlüğü' }, audit: auditTr };
