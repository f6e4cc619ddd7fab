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
    done: 'Payment from {{payer}} deleted.',
    undone: 'Payment from {{payer}} restored.',
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
  deleteConfirm: 'Delete',
};

export const texts: typeof german = { safeActions: safeActionsEn };
