export const directRechargeScreensDe = {
  directRecharge: 'Direktaufladung',
  directRechargeHistory: 'Direktaufladungen',
};

export const directRechargeDe = {
  description: 'Guthaben auf ein deutsches Handy laden: Betreiber und Betrag wählen, Nummer eingeben, kaufen.',
  numberHint: 'Deutsche Mobilnummer, z. B. 0176 1234 5678',
  invalidNumber: 'Keine gültige deutsche Mobilnummer.',
  confirmTitle: 'Aufladung bestätigen',
  confirmText: 'Bitte prüfen Sie die Angaben. Nach der Bestätigung wird aufgeladen und Ihr Guthaben belastet.',
  confirm: 'Bestätigen und aufladen',
  again: 'Neue Aufladung',
  historyDescription: 'Die Direktaufladungen Ihres Shops, die neuesten zuerst.',
  historyEmpty: 'Noch keine Direktaufladungen.',
  toHistory: 'Alle Direktaufladungen',
  outcome: {
    pending: 'Die Aufladung wird ausgeführt …',
    successful: 'Die Aufladung ist angekommen.',
    failed: 'Die Aufladung ist fehlgeschlagen; der Betrag wurde gutgeschrieben.',
    refunded: 'Die Aufladung wurde storniert; der Betrag wurde erstattet.',
  },
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: directRechargeScreensDe, directRecharge: directRechargeDe };
