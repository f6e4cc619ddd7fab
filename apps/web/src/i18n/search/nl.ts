import type { texts as german, searchDe } from './de.ts';

export const searchNl: typeof searchDe = {
  open: 'Zoeken',
  shortcut: 'Ctrl+K',
  title: 'Alles vinden',
  label: 'Zoekterm',
  placeholder: 'Klant, gebruiker, verkoop, PIN, serienummer, telefoonnummer, factuurnummer …',
  hint: 'Volledige PIN’s, serienummers, telefoonnummers en factuurnummers worden alleen in hun geheel gevonden.',
  results: 'Zoekresultaten',
  nothing: 'Niets gevonden',
  nothingHint: 'Niets binnen uw bereik komt overeen met “{{q}}”.',
  searching: 'Bezig met zoeken …',
  keys: '↑ ↓ kiezen · Enter openen · Esc sluiten',
  kinds: {
    customer: 'Klant',
    user: 'Gebruiker',
    sale: 'PIN-verkoop',
    provider_sale: 'Verkoop via aanbieder',
    invoice: 'Document',
    reclamation: 'Reclamatie',
    bank_record: 'Banktransactie',
  },
  matches: {
    id: 'Nummer',
    name: 'Naam',
    username: 'Gebruikersnaam',
    serial: 'Serienummer',
    pin: 'PIN',
    phone: 'Telefoonnummer',
    number: 'Documentnummer',
    text: 'Tekst',
  },
};

export const texts: typeof german = { search: searchNl };
