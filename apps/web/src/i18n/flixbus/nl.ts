import type { flixbusDe, flixbusErrorCodesDe, flixbusScreensDe, texts as german } from './de.ts';

export const flixbusErrorCodesNl: typeof flixbusErrorCodesDe = {
  trip_fully_booked: 'Deze rit is volgeboekt.',
  ebike_not_allowed: 'E-bikes zijn op deze rit niet toegestaan.',
  invalid_voucher: 'Deze voucher is niet geldig.',
  booking_not_open: 'Deze boeking is al betaald of geannuleerd en kan niet meer worden gewijzigd.',
  reservation_expired: 'De reservering is verlopen. Zoek de rit opnieuw.',
  passengers_missing: 'Vul alle passagiers in voordat u betaalt.',
  ticket_not_ready: 'Het ticket is beschikbaar zodra de boeking definitief is.',
};

export const flixbusScreensNl: typeof flixbusScreensDe = {
  flixbus: 'Bustickets',
};

export const flixbusNl: typeof flixbusDe = {
  description:
    'Verkoop busreizen: kies vertrek, bestemming en datum, boek rit en plaatsen, vul de passagiers in, betaal, druk het ticket af.',
  from: 'Van',
  to: 'Naar',
  date: 'Datum',
  seats: 'Plaatsen',
  ebikes: 'E-bikes',
  search: 'Ritten zoeken',
  sameCity: 'Vertrek en bestemming moeten verschillen.',
  noTrips: 'Er zijn geen ritten op deze dag.',
  trips: 'Ritten',
  line: 'Lijn',
  seatsLeft: '{{count}} plaatsen vrij',
  perSeat: 'per plaats',
  ebikeAllowed: 'E-bikes toegestaan',
  ebikeNotAllowed: 'Geen e-bikes',
  choose: 'Kiezen',
  heldUntil: 'Plaatsen gereserveerd tot {{time}}',
  passengers: 'Passagiers',
  passenger: 'Passagier {{n}}',
  firstName: 'Voornaam',
  lastName: 'Achternaam',
  contactPhone: 'Telefoon voor contact',
  contactPhoneHint: 'bijv. 0176 1234 5678 of +43 …',
  invalidPhone: 'Geen geldig telefoonnummer.',
  savePassengers: 'Verder naar betalen',
  voucher: 'Voucher',
  applyVoucher: 'Inwisselen',
  summary: 'Uw boeking',
  total: 'Ritprijs',
  yourPrice: 'Uw prijs',
  pay: 'Betalen',
  cancel: 'Boeking annuleren',
  cancelled: 'De boeking is geannuleerd; er is niets in rekening gebracht.',
  outcome: {
    pending: 'De betaling wordt bevestigd …',
    successful: 'De boeking is bevestigd.',
    failed: 'De boeking is mislukt; het bedrag is teruggeboekt.',
    refunded: 'De boeking is terugbetaald.',
  },
  ticketCode: 'Ticketcode',
  download: 'Ticket downloaden (PDF)',
  again: 'Nieuwe boeking',
};

export const texts: typeof german = {
  screen: flixbusScreensNl,
  errors: { codes: flixbusErrorCodesNl },
  flixbus: flixbusNl,
};
