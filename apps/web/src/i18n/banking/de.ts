/** Texts of the bank statement import; merged into each language's messages. */
export const bankingScreensDe = {
  bankingUpload: 'CSV importieren',
  bankingList: 'Bankbuchungen',
  bankingCustomers: 'Zugeordnete Kunden',
  bankingDeleted: 'Gelöschte Einträge',
};

/** Refusals of the banking calls, by their error code. */
export const bankingErrorCodesDe = {
  bank_file_unreadable:
    'Der Kontoauszug kann nicht gelesen werden. Laden Sie den CSV-Export Ihrer Bank (mit Semikolon getrennt) oder eine CAMT.053-Datei hoch.',
  bank_record_booked: 'Diese Buchung ist bereits verbucht und kann nicht mehr geändert werden.',
  nothing_to_book: 'Es wartet keine zugeordnete Zahlung auf die Verbuchung.',
  bank_statement_currency:
    'Der Kontoauszug {{statement}} ist in {{currency}} geführt. Eingelesen werden nur Konten in Euro.',
  bank_statement_unbalanced:
    'Der Kontoauszug {{statement}} ist unvollständig: Anfangssaldo {{opening}} und die Umsätze ({{entries}}) ergeben nicht den Endsaldo {{closing}}.',
  bank_duplicate_mismatch:
    'Diese Buchung ist keine mögliche Doppelbuchung der genannten Buchung. Bitte laden Sie die Seite neu und prüfen Sie erneut.',
  bank_sequence_gap:
    'Es fehlen Kontoauszüge: Die Bank hat diesen Auszug mit Nr. {{read}} nummeriert, erwartet war Nr. {{expected}}. Bestätigen Sie, um trotzdem zu verbuchen.',
};

export const bankingDe = {
  uploadDescription:
    'Lesen Sie einen Kontoauszug ein, ordnen Sie die Zahler Ihren Kunden zu und verbuchen Sie die Zahlungseingänge.',
  listDescription: 'Alle eingelesenen Buchungen. Offene Zahlungseingänge können hier einem Kunden zugeordnet werden.',
  customersDescription: 'Zahler, die bei späteren Kontoauszügen automatisch ihrem Kunden zugeordnet werden.',
  deletedDescription: 'Gelöschte Buchungen. Sie können wiederhergestellt werden.',
  stepRead: 'Einlesen',
  stepMap: 'Zuordnen',
  stepBook: 'Verbuchen',
  file: 'Kontoauszug',
  fileHint: 'CSV-Export Ihrer Bank (Sparkasse, Volksbank, ING u. a.) oder CAMT.053 (XML)',
  fileRequired: 'Bitte wählen Sie eine Datei aus.',
  read: 'Einlesen',
  formats: {
    camt053: 'CAMT.053',
    'csv-sparkasse': 'CSV (Sparkasse)',
    'csv-volksbank': 'CSV (Volksbank)',
    'csv-ing': 'CSV (ING)',
    csv: 'CSV',
  },
  lineCount_one: '{{count}} Buchung',
  lineCount_other: '{{count}} Buchungen',
  alreadyImported_one: '{{count}} Buchung wurde bereits früher eingelesen und wird nicht noch einmal verbucht.',
  alreadyImported_other: '{{count}} Buchungen wurden bereits früher eingelesen und werden nicht noch einmal verbucht.',
  nothingOpen: 'Dieser Kontoauszug enthält keine offenen Zahlungseingänge.',
  toMapping: 'Weiter zur Zuordnung',
  mapHint: 'Wählen Sie für jeden Zahler den Kunden. Die Zuordnung wird für spätere Kontoauszüge gespeichert.',
  back: 'Zurück',
  bookingDate: 'Buchungstag',
  payer: 'Zahler',
  iban: 'IBAN',
  byName: 'nach Name',
  purpose: 'Verwendungszweck',
  amount: 'Betrag',
  customer: 'Kunde',
  customerFor: 'Kunde für {{payer}}',
  status: 'Status',
  allStatuses: 'Alle Status',
  statuses: {
    new: 'Offen',
    duplicate: 'Mögliche Doppelbuchung',
    booked: 'Verbucht',
    skipped: 'Nicht verbucht',
    failed: 'Abgelehnt',
  },
  skipReasons: {
    debit: 'Ausgang',
    currency: 'Nicht in Euro',
    zero_amount: 'Betrag 0,00',
  },
  reasons: {
    empty: 'Die Datei enthält keine Buchungen.',
    header: 'Die Spaltenüberschriften wurden nicht erkannt.',
    csv: 'Die CSV-Datei ist fehlerhaft.',
    date: 'Ein Datum ist ungültig.',
    amount: 'Ein Betrag ist ungültig.',
    amount_decimals: 'Ein Betrag hat mehr als zwei Nachkommastellen.',
    amount_range: 'Ein Betrag ist zu groß.',
    control_character: 'Die Datei enthält Steuer- oder Richtungszeichen.',
    too_long: 'Ein Text ist zu lang.',
    iban: 'Eine IBAN ist ungültig.',
    doctype: 'Die XML-Datei enthält eine DOCTYPE-Deklaration; Kontoauszüge enthalten keine.',
    nesting: 'Die XML-Datei ist zu tief verschachtelt.',
    camt: 'Die XML-Datei ist kein CAMT.053-Kontoauszug.',
    balance: 'Ein Saldo ist ungültig.',
    too_many_lines: 'Die Datei enthält zu viele Buchungen.',
    database: 'Ein Wert liegt außerhalb des zulässigen Bereichs.',
  },
  atLine: 'Zeile {{line}}',
  atField: 'Feld {{field}}',
  importStatement: 'Kontoauszug übernehmen',
  duplicateOf:
    'Möglicherweise dieselbe Überweisung wie die Buchung vom {{date}} über {{amount}} aus „{{file}}“ ({{status}}).',
  confirmDuplicate: 'Keine Doppelbuchung',
  confirmDuplicateLine: 'Bestätigen, dass die Buchung von {{payer}} eine eigene Zahlung ist',
  duplicatesWaiting_one:
    '{{count}} Buchung gleicht einer früher eingelesenen Buchung und wird erst nach Ihrer Bestätigung verbucht.',
  duplicatesWaiting_other:
    '{{count}} Buchungen gleichen früher eingelesenen Buchungen und werden erst nach Ihrer Bestätigung verbucht.',
  fileHash: 'Originaldatei SHA-256: {{hash}}',
  sequence: 'Auszug Nr. {{number}}',
  sequenceGap: 'Es fehlen Kontoauszüge dieses Kontos: erwartet war Nr. {{expected}}, eingelesen wurde Nr. {{read}}.',
  confirmGap: 'Trotz fehlender Auszüge verbuchen',
  invoice: 'Rechnung {{number}}',
  reversalOf:
    'Rücklastschrift ({{code}}) der Zahlung vom {{date}} über {{amount}}: wird als deren Rückbuchung verbucht.',
  saveMapping: 'Zuordnung speichern',
  mappingSaved: 'Zuordnung gespeichert.',
  book_one: '{{count}} Zahlung verbuchen',
  book_other: '{{count}} Zahlungen verbuchen',
  progress: '{{booked}} von {{total}} verbucht',
  finished: 'Fertig: {{booked}} verbucht, {{failed}} abgelehnt.',
  importAnother: 'Weiteren Kontoauszug einlesen',
  search: 'Zahler, IBAN oder Verwendungszweck',
  actions: 'Aktionen',
  delete: 'Löschen',
  deleteLine: 'Buchung von {{payer}} löschen',
  restore: 'Wiederherstellen',
  restoreLine: 'Buchung von {{payer}} wiederherstellen',
  deletedAt: 'Gelöscht am',
  mappedSince: 'Zugeordnet am',
  forget: 'Zuordnung löschen',
  forgetPayer: 'Zuordnung von {{payer}} löschen',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: bankingScreensDe, errors: { codes: bankingErrorCodesDe }, banking: bankingDe };
