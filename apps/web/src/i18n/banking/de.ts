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
  statuses: { new: 'Offen', booked: 'Verbucht', skipped: 'Ausgang', failed: 'Abgelehnt' },
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
  mappingDeleted: 'Zuordnung gelöscht.',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: bankingScreensDe, errors: { codes: bankingErrorCodesDe }, banking: bankingDe };
