import type { flixbusDe, flixbusErrorCodesDe, flixbusScreensDe, texts as german } from './de.ts';

export const flixbusErrorCodesFr: typeof flixbusErrorCodesDe = {
  trip_fully_booked: 'Ce trajet est complet.',
  ebike_not_allowed: 'Les vélos électriques ne sont pas autorisés sur ce trajet.',
  invalid_voucher: "Ce bon n'est pas valable.",
  booking_not_open: 'Cette réservation est déjà payée ou annulée et ne peut plus être modifiée.',
  reservation_expired: 'La réservation a expiré. Veuillez rechercher le trajet à nouveau.',
  passengers_missing: 'Veuillez saisir tous les passagers avant de payer.',
  ticket_not_ready: 'Le billet est disponible dès que la réservation est définitive.',
};

export const flixbusScreensFr: typeof flixbusScreensDe = {
  flixbus: 'Billets de bus',
};

export const flixbusFr: typeof flixbusDe = {
  description:
    'Vendre des billets de bus longue distance : départ, arrivée et date, réserver le trajet et les places, saisir les passagers, payer, imprimer le billet.',
  from: 'De',
  to: 'À',
  date: 'Date',
  seats: 'Places',
  ebikes: 'Vélos électriques',
  search: 'Rechercher des trajets',
  sameCity: "Le départ et l'arrivée doivent être différents.",
  noTrips: "Il n'y a aucun trajet ce jour-là.",
  trips: 'Trajets',
  line: 'Ligne',
  seatsLeft: '{{count}} places libres',
  perSeat: 'par place',
  ebikeAllowed: 'Vélos électriques autorisés',
  ebikeNotAllowed: 'Pas de vélos électriques',
  choose: 'Choisir',
  heldUntil: "Places réservées jusqu'à {{time}}",
  passengers: 'Passagers',
  passenger: 'Passager {{n}}',
  firstName: 'Prénom',
  lastName: 'Nom',
  contactPhone: 'Téléphone de contact',
  contactPhoneHint: 'p. ex. 0176 1234 5678 ou +43 …',
  invalidPhone: 'Numéro de téléphone non valable.',
  savePassengers: 'Continuer vers le paiement',
  voucher: 'Bon',
  applyVoucher: 'Utiliser',
  summary: 'Votre réservation',
  total: 'Prix du billet',
  yourPrice: 'Votre prix',
  pay: 'Payer',
  cancel: 'Annuler la réservation',
  cancelled: "La réservation a été annulée ; rien n'a été facturé.",
  outcome: {
    pending: 'Le paiement est en cours de confirmation …',
    successful: 'La réservation est confirmée.',
    failed: 'La réservation a échoué ; le montant a été recrédité.',
    refunded: 'La réservation a été remboursée.',
  },
  ticketCode: 'Code du billet',
  download: 'Télécharger le billet (PDF)',
  again: 'Nouvelle réservation',
};

export const texts: typeof german = {
  screen: flixbusScreensFr,
  errors: { codes: flixbusErrorCodesFr },
  flixbus: flixbusFr,
};
