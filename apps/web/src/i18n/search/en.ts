import type { texts as german, searchDe } from './de.ts';

export const searchEn: typeof searchDe = {
  open: 'Search',
  shortcut: 'Ctrl+K',
  title: 'Find anything',
  label: 'Search for',
  placeholder: 'Customer, user, sale, PIN, serial number, phone number, invoice number …',
  hint: 'Whole PINs, serial numbers, phone numbers and invoice numbers are found only in full.',
  results: 'Search results',
  nothing: 'Nothing found',
  nothingHint: 'Nothing in your scope matches “{{q}}”.',
  searching: 'Searching …',
  keys: '↑ ↓ choose · Enter open · Esc close',
  kinds: {
    customer: 'Customer',
    user: 'User',
    sale: 'PIN sale',
    provider_sale: 'Provider sale',
    invoice: 'Document',
    reclamation: 'Reclamation',
    bank_record: 'Bank line',
  },
  matches: {
    id: 'Number',
    name: 'Name',
    username: 'Username',
    serial: 'Serial number',
    pin: 'PIN',
    phone: 'Phone number',
    number: 'Document number',
    text: 'Text',
  },
};

export const texts: typeof german = { search: searchEn };
