import type { bankingDe, bankingErrorCodesDe, bankingScreensDe, texts as german } from './de.ts';

export const bankingScreensEn: typeof bankingScreensDe = {
  bankingUpload: 'Import CSV',
  bankingList: 'Bank records',
  bankingCustomers: 'Mapped customers',
  bankingDeleted: 'Deleted records',
};

export const bankingErrorCodesEn: typeof bankingErrorCodesDe = {
  bank_file_unreadable:
    "The bank statement cannot be read. Upload your bank's CSV export (separated by semicolons) or a CAMT.053 file.",
  bank_record_booked: 'This record is already booked and can no longer be changed.',
  nothing_to_book: 'No mapped payment is waiting to be booked.',
};

export const bankingEn: typeof bankingDe = {
  uploadDescription: 'Read a bank statement, map its payers to your customers and book the incoming payments.',
  listDescription: 'Every imported record. Open incoming payments can be mapped to a customer here.',
  customersDescription: 'Payers that later statements map to their customer automatically.',
  deletedDescription: 'Deleted records. They can be restored.',
  stepRead: 'Read',
  stepMap: 'Map',
  stepBook: 'Book',
  file: 'Bank statement',
  fileHint: "Your bank's CSV export (Sparkasse, Volksbank, ING and others) or CAMT.053 (XML)",
  fileRequired: 'Please choose a file.',
  read: 'Read',
  formats: {
    camt053: 'CAMT.053',
    'csv-sparkasse': 'CSV (Sparkasse)',
    'csv-volksbank': 'CSV (Volksbank)',
    'csv-ing': 'CSV (ING)',
    csv: 'CSV',
  },
  lineCount_one: '{{count}} record',
  lineCount_other: '{{count}} records',
  alreadyImported_one: '{{count}} record was imported before and will not be booked again.',
  alreadyImported_other: '{{count}} records were imported before and will not be booked again.',
  nothingOpen: 'This statement has no open incoming payments.',
  toMapping: 'Continue to mapping',
  mapHint: 'Choose the customer for each payer. The mapping is remembered for later statements.',
  back: 'Back',
  bookingDate: 'Booking date',
  payer: 'Payer',
  iban: 'IBAN',
  byName: 'by name',
  purpose: 'Purpose',
  amount: 'Amount',
  customer: 'Customer',
  customerFor: 'Customer for {{payer}}',
  status: 'Status',
  allStatuses: 'All statuses',
  statuses: { new: 'Open', booked: 'Booked', skipped: 'Outgoing', failed: 'Refused' },
  saveMapping: 'Save mapping',
  mappingSaved: 'Mapping saved.',
  book_one: 'Book {{count}} payment',
  book_other: 'Book {{count}} payments',
  progress: '{{booked}} of {{total}} booked',
  finished: 'Done: {{booked}} booked, {{failed}} refused.',
  importAnother: 'Import another statement',
  search: 'Payer, IBAN or purpose',
  actions: 'Actions',
  delete: 'Delete',
  deleteLine: 'Delete the record of {{payer}}',
  restore: 'Restore',
  restoreLine: 'Restore the record of {{payer}}',
  deletedAt: 'Deleted on',
  mappedSince: 'Mapped on',
  forget: 'Delete mapping',
  forgetPayer: 'Delete the mapping of {{payer}}',
  mappingDeleted: 'Mapping deleted.',
};

export const texts: typeof german = {
  screen: bankingScreensEn,
  errors: { codes: bankingErrorCodesEn },
  banking: bankingEn,
};
