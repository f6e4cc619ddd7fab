import type { texts as german, reclamationsDe, reclamationsErrorCodesDe, reclamationsScreensDe } from './de.ts';

export const reclamationsScreensNl: typeof reclamationsScreensDe = {
  sellerReclaimRequests: 'Reclamaties',
  resellerReclaimRequests: 'Reclamaties van winkels',
  reclaimRequests: 'Reclamaties (platformvoorraad)',
  reclaimRequest: 'Reclamatie',
};

export const reclamationsErrorCodesNl: typeof reclamationsErrorCodesDe = {
  reclamation_transition_invalid:
    'Deze stap is in de huidige status van de reclamatie niet mogelijk. Laad de pagina opnieuw.',
  reclamation_wrong_party:
    'Deze stap is aan de andere partij: de reseller van de winkel of de eigenaar van de voorraad.',
  reclamation_pin_taken: 'PIN {{pin_id}} is al gereclameerd. Elke PIN kan maar één keer worden gereclameerd.',
  reclamation_pin_not_in_sale: 'PIN {{pin_id}} hoort niet bij verkoop {{sale_id}}.',
  reclamation_reason_required: 'Geef de reden van de afwijzing op.',
  reclamation_sale_refunded:
    'Soft pin {{sale_id}} is door de aanbieder geannuleerd en terugbetaald: hij kan niet meer worden gereclameerd.',
};

export const reclamationsNl: typeof reclamationsDe = {
  descriptions: {
    seller: 'Meld verkochte pincodes die niet werken en volg uw reclamaties.',
    reseller: 'De reclamaties van uw winkels: overnemen, controleren, accepteren of afwijzen.',
    owner: 'Reclamaties op platformvoorraad: beoordelen, goedkeuren of afwijzen, de correctiefactuur uitreiken.',
    scoped: 'De reclamaties van de winkels die u volgt, voor zover u ze mag zien.',
  },
  title: 'Reclamatie {{id}}',
  id: 'Nr.',
  statusLabel: 'Status',
  allStatuses: 'Alle statussen',
  status: {
    new: 'Nieuw',
    in_progress: 'In behandeling',
    accepted: 'Geaccepteerd',
    in_review: 'In beoordeling',
    approved: 'Goedgekeurd',
    rejected: 'Afgewezen',
    credited: 'Terugbetaald',
  },
  actions: {
    file: 'Ingediend',
    open: 'Overnemen',
    accept: 'Accepteren',
    reject: 'Afwijzen',
    forward: 'Doorsturen ter beoordeling',
    approve: 'Goedkeuren',
    issue_credit_note: 'Correctiefactuur uitreiken',
  },
  shop: 'Winkel',
  product: 'Product',
  quantity: "PIN's",
  amount: 'Bedrag',
  resellerAmount: 'Bedrag reseller',
  requestedUser: 'Ingediend door',
  transactionDate: 'Verkoopdatum',
  filedAt: 'Ingediend op',
  stock: 'Voorraad',
  stockOf: { platform: 'Platform', reseller: 'Reseller' },
  reason: 'Reden',
  rejectReason: 'Reden van afwijzing',
  rejectTitle: 'Reclamatie {{id}} afwijzen',
  pins_one: '{{count}} PIN',
  pins_other: "{{count}} PIN's",
  pin: 'PIN',
  serial: 'Serienummer',
  history: 'Verloop',
  creditNotes: 'Correctiefacturen',
  empty: 'Nog geen reclamaties.',
  file: 'Reclamatie indienen',
  fileBy: 'Reclameren per',
  bySale: 'Verkoop',
  byPin: 'PIN',
  saleId: 'Verkoopnummer',
  showPins: "PIN's tonen",
  pickPins: "PIN's die niet werken",
  pinsRequired: 'Kies ten minste één PIN.',
  submit: 'Indienen',
  filed: 'Reclamatie {{id}} ingediend.',
  reclaimSale: 'Reclameren',
  softPinSale: 'Soft pin van verkoop {{id}} (één PIN)',
};

export const texts: typeof german = {
  screen: reclamationsScreensNl,
  errors: { codes: reclamationsErrorCodesNl },
  reclamations: reclamationsNl,
};
