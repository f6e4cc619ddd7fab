/** Bus tickets (decision 0103): the booking screen and its refusals. */
export const flixbusErrorCodesDe = {
  trip_fully_booked: 'Diese Fahrt ist ausgebucht.',
  ebike_not_allowed: 'E-Bikes sind auf dieser Fahrt nicht erlaubt.',
  invalid_voucher: 'Dieser Gutschein ist nicht gültig.',
  booking_not_open: 'Diese Buchung ist bereits bezahlt oder storniert und kann nicht mehr geändert werden.',
  reservation_expired: 'Die Reservierung ist abgelaufen. Bitte suchen Sie die Fahrt erneut.',
  passengers_missing: 'Bitte geben Sie vor dem Bezahlen alle Fahrgäste an.',
  ticket_not_ready: 'Das Ticket steht bereit, sobald die Buchung abgeschlossen ist.',
};

export const flixbusScreensDe = {
  flixbus: 'Bustickets',
};

export const flixbusDe = {
  description:
    'Fernbustickets verkaufen: Start, Ziel und Datum wählen, Fahrt und Plätze buchen, Fahrgäste eintragen, bezahlen, Ticket drucken.',
  from: 'Von',
  to: 'Nach',
  date: 'Datum',
  seats: 'Plätze',
  ebikes: 'E-Bikes',
  search: 'Fahrten suchen',
  sameCity: 'Start und Ziel müssen verschieden sein.',
  noTrips: 'An diesem Tag gibt es keine Fahrten.',
  trips: 'Fahrten',
  line: 'Linie',
  seatsLeft: '{{count}} Plätze frei',
  perSeat: 'pro Platz',
  ebikeAllowed: 'E-Bikes erlaubt',
  ebikeNotAllowed: 'Keine E-Bikes',
  choose: 'Auswählen',
  heldUntil: 'Plätze reserviert bis {{time}}',
  passengers: 'Fahrgäste',
  passenger: 'Fahrgast {{n}}',
  firstName: 'Vorname',
  lastName: 'Nachname',
  contactPhone: 'Telefon für Rückfragen',
  contactPhoneHint: 'z. B. 0176 1234 5678 oder +43 …',
  invalidPhone: 'Keine gültige Telefonnummer.',
  savePassengers: 'Weiter zur Zahlung',
  voucher: 'Gutschein',
  applyVoucher: 'Einlösen',
  summary: 'Ihre Buchung',
  total: 'Fahrpreis',
  yourPrice: 'Ihr Preis',
  pay: 'Bezahlen',
  cancel: 'Buchung stornieren',
  cancelled: 'Die Buchung wurde storniert; es wurde nichts berechnet.',
  outcome: {
    pending: 'Die Zahlung wird bestätigt …',
    successful: 'Die Buchung ist bestätigt.',
    failed: 'Die Buchung ist fehlgeschlagen; der Betrag wurde zurückgebucht.',
    refunded: 'Die Buchung wurde erstattet.',
  },
  ticketCode: 'Ticketcode',
  download: 'Ticket herunterladen (PDF)',
  again: 'Neue Buchung',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: flixbusScreensDe, errors: { codes: flixbusErrorCodesDe }, flixbus: flixbusDe };
