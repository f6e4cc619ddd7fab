import type { texts as german, topupDe, topupErrorCodesDe, topupScreensDe } from './de.ts';

/** Refusals of the international top-up calls, by their error code. */
export const topupErrorCodesEn: typeof topupErrorCodesDe = {
  provider_unavailable:
    'The provider is not answering right now. Nothing was sold or charged; please try again in a moment.',
  provider_product_unavailable: 'This top-up is no longer offered. Please choose another product.',
  top_up_not_held: 'This top-up is not (or no longer) waiting for a decision. Please reload the list.',
  provider_transaction_not_found:
    'The provider has no transaction under this top-up. It can only be settled as failed.',
  topup_offer_closed: 'This offer was rejected, has expired or is already confirmed. Please ask for a new offer.',
};

export const topupScreensEn: typeof topupScreensDe = {
  internationalTopup: 'International top-up',
  rechargeSummary: 'Recharge summary',
  topupsPending: 'Pending top-ups',
};

// 'No Services Available' is the spec's label (section 8), translated like its other labels.
export const topupEn: typeof topupDe = {
  description: 'Send credit abroad: enter the country and number, choose the operator and product, confirm.',
  country: 'Country',
  region: 'Region',
  allRegions: 'All regions',
  regions: {
    africa: 'Africa',
    asia: 'Asia',
    europe: 'Europe',
    north_america: 'North America',
    south_america: 'South America',
    oceania: 'Oceania',
  },
  mobileNumber: 'Mobile number',
  mobileNumberHint: 'The number within the country, without its dial code',
  findOperator: 'Find operator',
  invalidNumber: 'Not a valid mobile number in {{country}}.',
  operator: 'Operator',
  operatorUnknown: "The number's operator was not identified; the country's products are shown.",
  product: 'Product',
  receives: 'Recipient gets',
  retailPrice: 'Retail price',
  yourPrice: 'Your price',
  charged: 'Charged',
  buy: 'Buy',
  confirmTitle: 'Confirm the top-up',
  confirmText: 'Please check the details. Once you confirm, the top-up is sent and your balance is charged.',
  confirm: 'Confirm and send',
  status: 'Status',
  reference: 'Reference',
  print: 'Print receipt',
  again: 'New top-up',
  date: 'Date',
  soldBy: 'Sold by',
  history: 'Your top-ups',
  allStatuses: 'All statuses',
  noServices: 'No Services Available',
  statuses: {
    pending: 'Pending',
    successful: 'Successful',
    failed: 'Failed',
    refunded: 'Refunded',
  },
  summary: {
    range: 'The period may cover at most 366 days and must not end before it starts.',
    description: 'Your top-ups by day, kind, operator and status, with totals.',
    from: 'From',
    to: 'To',
    day: 'Day',
    kind: 'Kind',
    count: 'Count',
    retailTotal: 'Retail value',
    sellerTotal: 'Your cost',
    total: 'Total',
    totalOf: 'Total {{status}}',
    empty: 'No top-ups in this period.',
  },
  kinds: {
    international_topup: 'International top-up',
    direct_recharge: 'Direct recharge',
    bus_ticket: 'Bus ticket',
    soft_pin: 'Soft pin',
  },
  /** One provider sale, as a ledger line opens it. */
  details: {
    title: '{{kind}} {{id}}',
    sale: 'Provider sale {{id}}',
    shop: 'Shop',
    finalAt: 'Completed',
    providerReference: 'Provider reference',
  },
  pending: {
    description:
      "Top-ups pending for more than 24 hours. Only the provider's final answer moves money; ask for it again here.",
    shop: 'Shop',
    provider: 'Provider',
    providerStatus: 'Provider status',
    lastAsked: 'Last asked',
    check: 'Ask now',
    checked: 'Status asked: {{status}}',
    empty: 'No top-up has been pending for more than 24 hours.',
    hold: 'Held',
    holds: {
      external_id_mismatch:
        'Held: the provider has another top-up under this reference. The money stays reserved; please settle it with the provider’s support.',
      confirmed_without_reservation:
        'Held: the provider is carrying out an offer the shop never confirmed; nothing is reserved. It can only be settled as failed.',
    },
    resolve: {
      fail: 'Settle as failed',
      follow: 'Follow the provider’s top-up',
      failTitle: 'Settle as failed?',
      failText:
        'The reserved amount goes back to the shop and its reseller. The provider is not asked: should it deliver the other top-up after all, the platform bears the cost.',
      followTitle: 'Follow the provider’s top-up?',
      followText:
        'The transaction the provider holds under this reference is followed as this sale; its final status moves the reserved money, even if it went to another number.',
      done: 'Decided: {{status}}',
    },
  },
  offer: {
    asking: 'Asking DT One for the offer …',
    askAgain: 'Ask again',
    validUntil: 'Offer valid until',
    reject: 'Reject offer',
    rejected: 'Offer rejected; nothing was charged.',
  },
  reconciliation: {
    title: 'DT One: balance and daily reconciliation',
    balance: 'Balance at DT One',
    balanceUnknown: 'DT One is not answering right now',
    threshold: 'Alert threshold',
    below: 'The balance at DT One is below the alert threshold. Please top it up before top-ups are refused.',
    lastRun: 'Last reconciliation: {{day}}, {{count}} transactions ({{status}})',
    noRun: 'No reconciliation has run yet.',
    runStatus: { running: 'running', done: 'done' },
    differences: 'Differences found by the daily reconciliation',
    empty: 'No differences found.',
    day: 'Day',
    kind: 'Difference',
    kinds: {
      unknown_transaction: 'Transaction at DT One the portal does not know',
      status_differs: 'Status differs',
      offer_not_cancelled: 'Offer never cancelled at DT One',
    },
    providerTransaction: 'DT One transaction',
    portalStatus: 'Sale in the portal',
    found: 'Found',
  },
  outcome: {
    pending: 'The top-up is on its way …',
    successful: 'The top-up has arrived.',
    failed: 'The top-up failed; the amount was credited back.',
    refunded: 'The top-up was reversed; the amount was refunded.',
  },
};

export const texts: typeof german = { screen: topupScreensEn, errors: { codes: topupErrorCodesEn }, topup: topupEn };
