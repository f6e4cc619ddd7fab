import type { bankingDe, bankingErrorCodesDe, bankingScreensDe, texts as german } from './de.ts';

export const bankingScreensNl: typeof bankingScreensDe = {
  bankingUpload: 'CSV importeren',
  bankingList: 'Bankboekingen',
  bankingCustomers: 'Gekoppelde klanten',
  bankingDeleted: 'Verwijderde boekingen',
};

export const bankingErrorCodesNl: typeof bankingErrorCodesDe = {
  bank_file_unreadable:
    'Het bankafschrift kan niet worden gelezen. Upload de CSV-export van uw bank (gescheiden door puntkomma’s) of een CAMT.053-bestand.',
  bank_record_booked: 'Deze boeking is al verwerkt en kan niet meer worden gewijzigd.',
  nothing_to_book: 'Er wacht geen gekoppelde betaling op verwerking.',
};

export const bankingNl: typeof bankingDe = {
  uploadDescription: 'Lees een bankafschrift in, koppel de betalers aan uw klanten en verwerk de ontvangen betalingen.',
  listDescription: 'Alle ingelezen boekingen. Open ontvangen betalingen kunnen hier aan een klant worden gekoppeld.',
  customersDescription: 'Betalers die latere afschriften automatisch aan hun klant koppelen.',
  deletedDescription: 'Verwijderde boekingen. Ze kunnen worden hersteld.',
  stepRead: 'Inlezen',
  stepMap: 'Koppelen',
  stepBook: 'Verwerken',
  file: 'Bankafschrift',
  fileHint: 'CSV-export van uw bank (Sparkasse, Volksbank, ING e.a.) of CAMT.053 (XML)',
  fileRequired: 'Kies een bestand.',
  read: 'Inlezen',
  formats: {
    camt053: 'CAMT.053',
    'csv-sparkasse': 'CSV (Sparkasse)',
    'csv-volksbank': 'CSV (Volksbank)',
    'csv-ing': 'CSV (ING)',
    csv: 'CSV',
  },
  lineCount_one: '{{count}} boeking',
  lineCount_other: '{{count}} boekingen',
  alreadyImported_one: '{{count}} boeking is eerder ingelezen en wordt niet nogmaals verwerkt.',
  alreadyImported_other: '{{count}} boekingen zijn eerder ingelezen en worden niet nogmaals verwerkt.',
  nothingOpen: 'Dit afschrift bevat geen open ontvangen betalingen.',
  toMapping: 'Verder naar koppelen',
  mapHint: 'Kies voor elke betaler de klant. De koppeling wordt voor latere afschriften onthouden.',
  back: 'Terug',
  bookingDate: 'Boekdatum',
  payer: 'Betaler',
  iban: 'IBAN',
  byName: 'op naam',
  purpose: 'Omschrijving',
  amount: 'Bedrag',
  customer: 'Klant',
  customerFor: 'Klant voor {{payer}}',
  status: 'Status',
  allStatuses: 'Alle statussen',
  statuses: { new: 'Open', booked: 'Verwerkt', skipped: 'Uitgaand', failed: 'Geweigerd' },
  saveMapping: 'Koppeling opslaan',
  mappingSaved: 'Koppeling opgeslagen.',
  book_one: '{{count}} betaling verwerken',
  book_other: '{{count}} betalingen verwerken',
  progress: '{{booked}} van {{total}} verwerkt',
  finished: 'Klaar: {{booked}} verwerkt, {{failed}} geweigerd.',
  importAnother: 'Nog een afschrift inlezen',
  search: 'Betaler, IBAN of omschrijving',
  actions: 'Acties',
  delete: 'Verwijderen',
  deleteLine: 'Boeking van {{payer}} verwijderen',
  restore: 'Herstellen',
  restoreLine: 'Boeking van {{payer}} herstellen',
  deletedAt: 'Verwijderd op',
  mappedSince: 'Gekoppeld op',
  forget: 'Koppeling verwijderen',
  forgetPayer: 'Koppeling van {{payer}} verwijderen',
  mappingDeleted: 'Koppeling verwijderd.',
};

export const texts: typeof german = {
  screen: bankingScreensNl,
  errors: { codes: bankingErrorCodesNl },
  banking: bankingNl,
};
