import type { texts as german, reclamationsDe, reclamationsErrorCodesDe, reclamationsScreensDe } from './de.ts';

export const reclamationsScreensFr: typeof reclamationsScreensDe = {
  sellerReclaimRequests: 'Réclamations',
  resellerReclaimRequests: 'Réclamations des boutiques',
  reclaimRequests: 'Réclamations (stock de la plateforme)',
  reclaimRequest: 'Réclamation',
};

export const reclamationsErrorCodesFr: typeof reclamationsErrorCodesDe = {
  reclamation_transition_invalid:
    "Cette étape n'est pas possible dans le statut actuel de la réclamation. Veuillez recharger la page.",
  reclamation_wrong_party:
    "Cette étape revient à l'autre partie : le revendeur de la boutique ou le propriétaire du stock.",
  reclamation_pin_taken: 'Le PIN {{pin_id}} a déjà été réclamé. Chaque PIN ne peut être réclamé qu’une fois.',
  reclamation_pin_not_in_sale: 'Le PIN {{pin_id}} ne fait pas partie de la vente {{sale_id}}.',
  reclamation_reason_required: 'Veuillez indiquer le motif du refus.',
  reclamation_sale_refunded:
    'Le soft pin {{sale_id}} a été annulé et remboursé par son fournisseur : il ne peut plus être réclamé.',
};

export const reclamationsFr: typeof reclamationsDe = {
  descriptions: {
    seller: 'Signalez les PIN vendus qui ne fonctionnent pas et suivez vos réclamations.',
    reseller: 'Les réclamations de vos boutiques : les prendre en charge, les vérifier, les accepter ou les refuser.',
    owner:
      'Réclamations sur le stock de la plateforme : examiner, approuver ou refuser, émettre la facture rectificative.',
    scoped: 'Les réclamations des boutiques que vous suivez, dans la mesure où vous pouvez les voir.',
  },
  title: 'Réclamation {{id}}',
  id: 'N°',
  statusLabel: 'Statut',
  allStatuses: 'Tous les statuts',
  status: {
    new: 'Nouvelle',
    in_progress: 'En cours',
    accepted: 'Acceptée',
    in_review: 'En examen',
    approved: 'Approuvée',
    rejected: 'Refusée',
    credited: 'Remboursée',
  },
  actions: {
    file: 'Déposée',
    open: 'Prendre en charge',
    accept: 'Accepter',
    reject: 'Refuser',
    forward: 'Transmettre pour examen',
    approve: 'Approuver',
    issue_credit_note: 'Émettre la facture rectificative',
  },
  shop: 'Boutique',
  product: 'Produit',
  quantity: 'PIN',
  amount: 'Montant',
  resellerAmount: 'Montant revendeur',
  requestedUser: 'Demandée par',
  transactionDate: 'Date de la vente',
  filedAt: 'Déposée le',
  stock: 'Stock',
  stockOf: { platform: 'Plateforme', reseller: 'Revendeur' },
  reason: 'Motif',
  rejectReason: 'Motif du refus',
  rejectTitle: 'Refuser la réclamation {{id}}',
  pins_one: '{{count}} PIN',
  pins_other: '{{count}} PIN',
  pin: 'PIN',
  serial: 'Numéro de série',
  history: 'Historique',
  creditNotes: 'Factures rectificatives',
  empty: 'Aucune réclamation pour le moment.',
  file: 'Déposer une réclamation',
  fileBy: 'Réclamer par',
  bySale: 'Vente',
  byPin: 'PIN',
  saleId: 'Numéro de vente',
  showPins: 'Afficher les PIN',
  pickPins: 'PIN qui ne fonctionnent pas',
  pinsRequired: 'Veuillez choisir au moins un PIN.',
  submit: 'Déposer',
  filed: 'Réclamation {{id}} déposée.',
  reclaimSale: 'Réclamer',
  softPinSale: 'Soft pin de la vente {{id}} (un PIN)',
};

export const texts: typeof german = {
  screen: reclamationsScreensFr,
  errors: { codes: reclamationsErrorCodesFr },
  reclamations: reclamationsFr,
};
