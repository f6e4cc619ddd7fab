/**
 * Texts of the confirmations before an action that moves money, signs people out or deletes, and of their toasts
 * (issue 40, "Safe actions"; ui/confirm-action.tsx). Each consequence names whom or what the action touches.
 */
export const safeActionsDe = {
  undo: 'Rückgängig',
  block: {
    title: '{{name}} deaktivieren?',
    withShops_one: '{{name}} und sein Shop werden gesperrt und abgemeldet.',
    withShops_other: '{{name}} und seine {{count}} Shops werden gesperrt und abgemeldet.',
    alone: '{{name}} wird gesperrt und abgemeldet.',
    signedOut_one: '{{count}} Benutzer verliert sofort den Zugang, bis das Konto wieder aktiv ist.',
    signedOut_other: '{{count}} Benutzer verlieren sofort den Zugang, bis das Konto wieder aktiv ist.',
    confirm: 'Deaktivieren',
  },
  creditNote: {
    title: 'Rechnungskorrektur für Reklamation {{id}} ausstellen?',
    shop: '{{shop}} erhält {{amount}} auf sein Guthaben zurück.',
    reseller: 'Der Reseller des Shops erhält {{amount}} zurück.',
    final: 'Das Dokument wird sofort ausgestellt und kann nur durch ein neues Dokument berichtigt werden.',
    done: 'Rechnungskorrektur für Reklamation {{id}} ausgestellt.',
  },
  hardwareCancel: {
    title: 'Bestellung {{id}} stornieren?',
    consequence:
      '{{shop}} erhält {{amount}} für {{quantity}} × {{product}} auf sein Guthaben zurück. Die Erstattung ist eine Buchung und bleibt bestehen.',
    done: 'Bestellung {{id}} storniert, {{amount}} erstattet.',
  },
  hardwareOrder: {
    title: 'Bestellung aufgeben?',
    consequence:
      '{{quantity}} × {{product}} werden bei Ihrem Reseller bestellt; {{amount}} werden sofort von Ihrem Guthaben abgebucht.',
    confirm: 'Kostenpflichtig bestellen',
    done: '{{quantity}} × {{product}} bestellt.',
  },
  catalogueDelete: {
    categoryTitle: 'Kategorie {{name}} löschen?',
    category: 'Die Kategorie {{name}} verschwindet aus dem Hardware-Katalog Ihrer Shops.',
    productTitle: 'Produkt {{name}} löschen?',
    product: 'Das Produkt {{name}} verschwindet aus dem Hardware-Katalog Ihrer Shops; bestehende Bestellungen bleiben.',
    done: '{{name}} gelöscht.',
  },
  device: {
    title: 'Gerät {{tag}} löschen?',
    consequence: 'Das Gerät {{tag}} (Seriennummer {{serial}}) wird gelöscht.',
    withShop: 'Das Gerät {{tag}} (Seriennummer {{serial}}) wird gelöscht und dem Shop {{shop}} entzogen.',
    done: 'Gerät {{tag}} gelöscht.',
  },
  bankLine: {
    title: 'Buchung löschen?',
    consequence:
      'Die Zahlung von {{payer}} über {{amount}} vom {{date}} wird gelöscht und keinem Kunden gutgeschrieben.',
    debit: 'Die Abbuchung an {{payer}} über {{amount}} vom {{date}} wird aus der Liste gelöscht.',
    done: 'Buchung von {{payer}} gelöscht.',
    undone: 'Buchung von {{payer}} wiederhergestellt.',
  },
  mapping: {
    title: 'Zuordnung löschen?',
    consequence: 'Zahlungen von {{payer}} werden nicht mehr automatisch {{customer}} zugeordnet.',
    done: 'Zuordnung von {{payer}} gelöscht.',
  },
  favourite: {
    title: 'Favorit entfernen?',
    consequence: '{{product}} verschwindet aus Ihren Favoriten auf der Startseite.',
    confirm: 'Entfernen',
    done: '{{product}} aus den Favoriten entfernt.',
    undone: '{{product}} ist wieder ein Favorit.',
    resetTitle: 'Favoriten zurücksetzen?',
    reset_one: 'Ihr eigener Favorit wird gelöscht; die Startseite zeigt wieder Ihre meistverkauften Produkte.',
    reset_other:
      'Ihre {{count}} eigenen Favoriten werden gelöscht; die Startseite zeigt wieder Ihre meistverkauften Produkte.',
    resetDone: 'Favoriten zurückgesetzt.',
    resetUndone: 'Ihre eigenen Favoriten sind wiederhergestellt.',
  },
  busTicket: {
    title: 'Ticket bezahlen?',
    consequence_one:
      '{{amount}} werden sofort von Ihrem Guthaben abgebucht: {{from}} → {{to}}, {{departure}}, {{count}} Fahrgast.',
    consequence_other:
      '{{amount}} werden sofort von Ihrem Guthaben abgebucht: {{from}} → {{to}}, {{departure}}, {{count}} Fahrgäste.',
    masked_one:
      'Das Ticket wird sofort von Ihrem Guthaben bezahlt: {{from}} → {{to}}, {{departure}}, {{count}} Fahrgast.',
    masked_other:
      'Das Ticket wird sofort von Ihrem Guthaben bezahlt: {{from}} → {{to}}, {{departure}}, {{count}} Fahrgäste.',
    confirm: 'Kostenpflichtig bezahlen',
    done: 'Zahlung gesendet: {{from}} → {{to}}.',
  },
  credit: {
    customer: 'Kunde Nr. {{id}}',
    creditTitle: '{{amount}} Kredit für {{name}} buchen?',
    credit: '{{name}} erhält {{amount}} Kredit: Guthaben und offener Kredit steigen um {{amount}}.',
    paymentTitle: 'Zahlung von {{name}} buchen?',
    payment:
      'Eine Zahlung von {{name}} über {{amount}} ({{method}}) wird verbucht: Sie tilgt zuerst den offenen Kredit, der Rest erhöht das Guthaben.',
    final: 'Die Buchung bleibt bestehen und wird nur durch eine neue Buchung berichtigt.',
    creditDone: '{{amount}} Kredit für {{name}} gebucht.',
    paymentDone: 'Zahlung von {{name}} über {{amount}} gebucht.',
    multiTitle_one: '{{count}} Buchung ausführen?',
    multiTitle_other: '{{count}} Buchungen ausführen?',
    multiCredit_one: '{{count}} Kunde erhält {{total}} Kredit:',
    multiCredit_other: '{{count}} Kunden erhalten zusammen {{total}} Kredit:',
    multiPayment_one: '{{count}} Zahlung über {{total}} ({{method}}) wird verbucht:',
    multiPayment_other: '{{count}} Zahlungen über zusammen {{total}} ({{method}}) werden verbucht:',
    row: '{{name}}: {{amount}}',
    more_one: '… und {{count}} weiterer Kunde',
    more_other: '… und {{count}} weitere Kunden',
    multiFinal:
      'Jede Buchung wird einzeln ausgeführt; eine Ablehnung hält die anderen nicht auf. Gebuchtes wird nur durch neue Buchungen berichtigt.',
  },
  deleteConfirm: 'Löschen',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { safeActions: safeActionsDe };
