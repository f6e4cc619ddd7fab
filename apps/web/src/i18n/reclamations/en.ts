import type { texts as german, reclamationsDe, reclamationsErrorCodesDe, reclamationsScreensDe } from './de.ts';

export const reclamationsScreensEn: typeof reclamationsScreensDe = {
  sellerReclaimRequests: 'Reclamations',
  resellerReclaimRequests: "Shops' reclamations",
  reclaimRequests: 'Reclamations (platform stock)',
  reclaimRequest: 'Reclamation',
};

export const reclamationsErrorCodesEn: typeof reclamationsErrorCodesDe = {
  reclamation_transition_invalid:
    "This step is not possible in the reclamation's current status. Please reload the page.",
  reclamation_wrong_party: "This step is the other side's: the shop's reseller or the owner of the stock.",
  reclamation_pin_taken: 'PIN {{pin_id}} has been reclaimed already. Each PIN can be reclaimed once.',
  reclamation_pin_not_in_sale: 'PIN {{pin_id}} is not part of sale {{sale_id}}.',
  reclamation_reason_required: 'Please give the reason for the rejection.',
  reclamation_sale_refunded:
    'Soft pin {{sale_id}} was voided and refunded by its provider: it can no longer be reclaimed.',
};

export const reclamationsEn: typeof reclamationsDe = {
  descriptions: {
    seller: 'Report sold PINs that do not work and follow your reclamations.',
    reseller: "Your shops' reclamations: take them, check them, accept or reject them.",
    owner: 'Reclamations on platform stock: review, approve or reject, issue the credit note.',
    scoped: 'The reclamations of the shops you follow, as far as you may see them.',
  },
  title: 'Reclamation {{id}}',
  id: 'No.',
  statusLabel: 'Status',
  allStatuses: 'All statuses',
  status: {
    new: 'New',
    in_progress: 'In progress',
    accepted: 'Accepted',
    in_review: 'In review',
    approved: 'Approved',
    rejected: 'Rejected',
    credited: 'Credited',
  },
  actions: {
    file: 'Filed',
    open: 'Take over',
    accept: 'Accept',
    reject: 'Reject',
    forward: 'Forward for review',
    approve: 'Approve',
    issue_credit_note: 'Issue credit note',
  },
  shop: 'Shop',
  product: 'Product',
  quantity: 'PINs',
  amount: 'Amount',
  resellerAmount: 'Reseller amount',
  requestedUser: 'Requested by',
  transactionDate: 'Transaction date',
  filedAt: 'Filed on',
  stock: 'Stock',
  stockOf: { platform: 'Platform', reseller: 'Reseller' },
  reason: 'Reason',
  rejectReason: 'Reject reason',
  rejectTitle: 'Reject reclamation {{id}}',
  pins_one: '{{count}} PIN',
  pins_other: '{{count}} PINs',
  pin: 'PIN',
  serial: 'Serial number',
  history: 'History',
  creditNotes: 'Credit notes',
  empty: 'No reclamations yet.',
  file: 'File a reclamation',
  fileBy: 'Reclaim by',
  bySale: 'Sale',
  byPin: 'PIN',
  saleId: 'Sale number',
  showPins: 'Show PINs',
  pickPins: 'PINs that do not work',
  pinsRequired: 'Please choose at least one PIN.',
  submit: 'File',
  filed: 'Reclamation {{id}} filed.',
  reclaimSale: 'Reclaim',
  softPinSale: 'Soft pin of sale {{id}} (one PIN)',
};

export const texts: typeof german = {
  screen: reclamationsScreensEn,
  errors: { codes: reclamationsErrorCodesEn },
  reclamations: reclamationsEn,
};
