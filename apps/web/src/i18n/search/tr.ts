import type { texts as german, searchDe } from './de.ts';

export const searchTr: typeof searchDe = {
  open: 'Ara',
  shortcut: 'Ctrl+K',
  title: 'Her şeyi bul',
  label: 'Arama terimi',
  placeholder: 'Müşteri, kullanıcı, satış, PIN, seri numarası, telefon numarası, fatura numarası …',
  hint: 'Tam PIN’ler, seri numaraları, telefon numaraları ve fatura numaraları yalnızca eksiksiz yazıldığında bulunur.',
  results: 'Arama sonuçları',
  nothing: 'Hiçbir şey bulunamadı',
  nothingHint: 'Yetki alanınızda “{{q}}” için sonuç yok.',
  searching: 'Aranıyor …',
  keys: '↑ ↓ seç · Enter aç · Esc kapat',
  kinds: {
    customer: 'Müşteri',
    user: 'Kullanıcı',
    sale: 'PIN satışı',
    provider_sale: 'Sağlayıcı satışı',
    invoice: 'Belge',
    reclamation: 'Reklamasyon',
    bank_record: 'Banka hareketi',
  },
  matches: {
    id: 'Numara',
    name: 'Ad',
    username: 'Kullanıcı adı',
    serial: 'Seri numarası',
    pin: 'PIN',
    phone: 'Telefon numarası',
    number: 'Belge numarası',
    text: 'Metin',
  },
};

export const texts: typeof german = { search: searchTr };
