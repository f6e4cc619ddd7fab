/** Texts of the reclamations (decision 0091); merged into each language's messages. */
export const reclamationsScreensDe = {
  sellerReclaimRequests: 'Reklamationen',
  resellerReclaimRequests: 'Reklamationen der Shops',
  reclaimRequests: 'Reklamationen (Plattformbestand)',
  reclaimRequest: 'Reklamation',
};

/** Refusals of the reclamation calls, by their error code. */
export const reclamationsErrorCodesDe = {
  reclamation_transition_invalid:
    'Dieser Schritt ist im aktuellen Status der Reklamation nicht möglich. Bitte laden Sie die Seite neu.',
  reclamation_wrong_party: 'Diesen Schritt macht die andere Seite: der Reseller des Shops oder der Bestandseigentümer.',
  reclamation_pin_taken: 'Die PIN {{pin_id}} wurde bereits reklamiert. Jede PIN kann nur einmal reklamiert werden.',
  reclamation_pin_not_in_sale: 'Die PIN {{pin_id}} gehört nicht zum Verkauf {{sale_id}}.',
  reclamation_reason_required: 'Bitte geben Sie den Grund für die Ablehnung an.',
  reclamation_sale_refunded:
    'Der Soft-Pin {{sale_id}} wurde vom Anbieter storniert und erstattet: Er kann nicht mehr reklamiert werden.',
};

export const reclamationsDe = {
  descriptions: {
    seller: 'Melden Sie verkaufte PINs, die nicht funktionieren, und verfolgen Sie Ihre Reklamationen.',
    reseller: 'Reklamationen Ihrer Shops: übernehmen, prüfen, annehmen oder ablehnen.',
    owner: 'Reklamationen auf Plattformbestand: prüfen, genehmigen oder ablehnen, Rechnungskorrektur ausstellen.',
    scoped: 'Die Reklamationen der Shops, die Sie betreuen, soweit Sie sie sehen dürfen.',
  },
  title: 'Reklamation {{id}}',
  id: 'Nr.',
  statusLabel: 'Status',
  allStatuses: 'Alle Status',
  status: {
    new: 'Neu',
    in_progress: 'In Bearbeitung',
    accepted: 'Angenommen',
    in_review: 'In Prüfung',
    approved: 'Genehmigt',
    rejected: 'Abgelehnt',
    credited: 'Erstattet',
  },
  actions: {
    file: 'Eingereicht',
    open: 'Übernehmen',
    accept: 'Annehmen',
    reject: 'Ablehnen',
    forward: 'Zur Prüfung weiterleiten',
    approve: 'Genehmigen',
    issue_credit_note: 'Rechnungskorrektur ausstellen',
  },
  shop: 'Shop',
  product: 'Produkt',
  quantity: 'PINs',
  amount: 'Betrag',
  resellerAmount: 'Betrag Reseller',
  requestedUser: 'Eingereicht von',
  transactionDate: 'Verkaufsdatum',
  filedAt: 'Eingereicht am',
  stock: 'Bestand',
  stockOf: { platform: 'Plattform', reseller: 'Reseller' },
  reason: 'Grund',
  rejectReason: 'Ablehnungsgrund',
  rejectTitle: 'Reklamation {{id}} ablehnen',
  pins_one: '{{count}} PIN',
  pins_other: '{{count}} PINs',
  pin: 'PIN',
  serial: 'Seriennummer',
  history: 'Verlauf',
  creditNotes: 'Rechnungskorrekturen',
  empty: 'Keine Reklamationen vorhanden.',
  file: 'Reklamation einreichen',
  fileBy: 'Reklamieren nach',
  bySale: 'Verkauf',
  byPin: 'PIN',
  saleId: 'Verkaufsnummer',
  showPins: 'PINs anzeigen',
  pickPins: 'PINs, die nicht funktionieren',
  pinsRequired: 'Bitte wählen Sie mindestens eine PIN.',
  submit: 'Einreichen',
  filed: 'Reklamation {{id}} eingereicht.',
  reclaimSale: 'Reklamieren',
  softPinSale: 'Soft-Pin aus Verkauf {{id}} (eine PIN)',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = {
  screen: reclamationsScreensDe,
  errors: { codes: reclamationsErrorCodesDe },
  reclamations: reclamationsDe,
};
