import type { texts as german, safeActionsDe } from './de.ts';

export const safeActionsEn: typeof safeActionsDe = {
  undo: 'Undo',
  block: {
    title: 'Deactivate {{name}}?',
    withShops_one: '{{name}} and its shop are blocked and signed out.',
    withShops_other: '{{name}} and its {{count}} shops are blocked and signed out.',
    alone: '{{name}} is blocked and signed out.',
    signedOut_one: '{{count}} user loses access at once, until the account is active again.',
    signedOut_other: '{{count}} users lose access at once, until the account is active again.',
    confirm: 'Deactivate',
  },
  creditNote: {
    title: 'Issue the credit note for reclamation {{id}}?',
    shop: '{{shop}} gets {{amount}} back on its balance.',
    reseller: "The shop's reseller gets {{amount}} back.",
    final: 'The document is issued at once and can only be corrected by a new document.',
    done: 'Credit note for reclamation {{id}} issued.',
  },
  hardwareCancel: {
    title: 'Cancel order {{id}}?',
    consequence:
      '{{shop}} gets {{amount}} for {{quantity}} × {{product}} back on its balance. The refund is a ledger entry and stays.',
    done: 'Order {{id}} cancelled, {{amount}} refunded.',
  },
  hardwareOrder: {
    title: 'Place the order?',
    consequence:
      '{{quantity}} × {{product}} are ordered from your reseller; {{amount}} is taken from your balance at once.',
    confirm: 'Order and pay',
    done: '{{quantity}} × {{product}} ordered.',
  },
  catalogueDelete: {
    categoryTitle: 'Delete the category {{name}}?',
    category: "The category {{name}} disappears from your shops' hardware catalogue.",
    productTitle: 'Delete the product {{name}}?',
    product: "The product {{name}} disappears from your shops' hardware catalogue; existing orders stay.",
    done: '{{name}} deleted.',
  },
  device: {
    title: 'Delete the device {{tag}}?',
    consequence: 'The device {{tag}} (serial number {{serial}}) is deleted.',
    withShop: 'The device {{tag}} (serial number {{serial}}) is deleted and taken from the shop {{shop}}.',
    done: 'Device {{tag}} deleted.',
  },
  bankLine: {
    title: 'Delete the bank line?',
    consequence: 'The payment from {{payer}} of {{amount}} on {{date}} is deleted and credited to no customer.',
    debit: 'The debit to {{payer}} of {{amount}} on {{date}} is deleted from the list.',
    done: 'Bank line from {{payer}} deleted.',
    undone: 'Bank line from {{payer}} restored.',
  },
  mapping: {
    title: 'Delete the mapping?',
    consequence: 'Payments from {{payer}} are no longer matched to {{customer}} automatically.',
    done: 'Mapping of {{payer}} deleted.',
  },
  favourite: {
    title: 'Remove the favourite?',
    consequence: '{{product}} disappears from your favourites on the home page.',
    confirm: 'Remove',
    done: '{{product}} removed from the favourites.',
    undone: '{{product}} is a favourite again.',
    resetTitle: 'Reset the favourites?',
    reset_one: 'Your own favourite is deleted; the home page shows your best sellers again.',
    reset_other: 'Your {{count}} own favourites are deleted; the home page shows your best sellers again.',
    resetDone: 'Favourites reset.',
    resetUndone: 'Your own favourites are back.',
  },
  busTicket: {
    title: 'Pay for the ticket?',
    consequence_one:
      '{{amount}} is taken from your balance at once: {{from}} → {{to}}, {{departure}}, {{count}} passenger.',
    consequence_other:
      '{{amount}} is taken from your balance at once: {{from}} → {{to}}, {{departure}}, {{count}} passengers.',
    masked_one: 'The ticket is paid from your balance at once: {{from}} → {{to}}, {{departure}}, {{count}} passenger.',
    masked_other:
      'The ticket is paid from your balance at once: {{from}} → {{to}}, {{departure}}, {{count}} passengers.',
    confirm: 'Pay now',
    done: 'Payment sent: {{from}} → {{to}}.',
  },
  credit: {
    customer: 'Customer no. {{id}}',
    creditTitle: 'Book {{amount}} of credit for {{name}}?',
    credit: '{{name}} receives {{amount}} of credit: its balance and its outstanding credit rise by {{amount}}.',
    paymentTitle: 'Record a payment from {{name}}?',
    payment:
      'A payment from {{name}} of {{amount}} ({{method}}) is booked: it settles the outstanding credit first, the rest raises the balance.',
    final: 'The booking stays and is corrected only by a new booking.',
    creditDone: '{{amount}} of credit booked for {{name}}.',
    paymentDone: 'Payment from {{name}} of {{amount}} booked.',
    multiTitle_one: 'Book {{count}} entry?',
    multiTitle_other: 'Book {{count}} entries?',
    multiCredit_one: '{{count}} customer receives {{total}} of credit:',
    multiCredit_other: '{{count}} customers receive {{total}} of credit in total:',
    multiPayment_one: '{{count}} payment of {{total}} ({{method}}) is booked:',
    multiPayment_other: '{{count}} payments of {{total}} in total ({{method}}) are booked:',
    row: '{{name}}: {{amount}}',
    more_one: '… and {{count}} more customer',
    more_other: '… and {{count}} more customers',
    multiFinal:
      'Each entry is booked on its own; a refusal does not hold up the others. What is booked is corrected only by new bookings.',
  },
  deleteConfirm: 'Delete',
};

export const texts: typeof german = { safeActions: safeActionsEn };
