export const searchDe = {
  open: 'Suchen',
  shortcut: 'Strg+K',
  title: 'Alles finden',
  label: 'Suchbegriff',
  placeholder: 'Kunde, Benutzer, Verkauf, PIN, Seriennummer, Rufnummer, Rechnungsnummer …',
  hint: 'Ganze PINs, Seriennummern, Rufnummern und Rechnungsnummern werden nur vollständig gefunden.',
  results: 'Suchergebnisse',
  nothing: 'Nichts gefunden',
  nothingHint: 'Für „{{q}}“ gibt es in Ihrem Bereich keinen Treffer.',
  searching: 'Suche läuft …',
  keys: '↑ ↓ wählen · Enter öffnen · Esc schließen',
  kinds: {
    customer: 'Kunde',
    user: 'Benutzer',
    sale: 'PIN-Verkauf',
    provider_sale: 'Anbieter-Verkauf',
    invoice: 'Beleg',
    reclamation: 'Reklamation',
    bank_record: 'Bankumsatz',
  },
  matches: {
    id: 'Nummer',
    name: 'Name',
    username: 'Benutzername',
    serial: 'Seriennummer',
    pin: 'PIN',
    phone: 'Rufnummer',
    number: 'Belegnummer',
    text: 'Text',
  },
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { search: searchDe };
