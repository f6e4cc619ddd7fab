import type { datevDe, datevErrorCodesDe, datevScreensDe, texts as german } from './de.ts';

export const datevErrorCodesEn: typeof datevErrorCodesDe = {
  datev_settings_missing:
    "The DATEV export needs your tax adviser's consultant and client numbers. Please enter them in the DATEV settings.",
  datev_debtor_numbers_exhausted:
    'All debtor numbers up to {{max}} are taken. Please talk to your tax adviser about a larger number range.',
  tax_audit_period_too_long:
    'One tax audit export covers at most {{max_days}} days. Please export longer periods one year at a time.',
};

export const datevScreensEn: typeof datevScreensDe = { datevExport: 'DATEV export' };

export const datevEn: typeof datevDe = {
  description:
    'A month’s invoices, invoice corrections and received payments as a DATEV booking batch and debtor master data for your tax adviser.',
  exportTitle: 'Export a month',
  exportDescription:
    'One month of your own books: documents issued by their issue date, payments received by their booking day.',
  downloadZip: 'Both files (ZIP)',
  downloadBookings: 'Booking batch',
  downloadDebtors: 'Debtors',
  settingsFirstTitle: 'Settings first',
  settingsFirst:
    'Enter your tax adviser’s consultant and client numbers below and save; then the files can be downloaded.',
  settingsTitle: 'DATEV settings',
  settingsDescription: 'The numbers under which your tax adviser keeps your books in DATEV.',
  consultantNumber: 'Consultant number',
  clientNumber: 'Client number',
  chart: 'Chart of accounts',
  fiscalYearStart: 'Start of the fiscal year',
  accountsTitle: 'Accounts',
  accountsDescription:
    'What is booked where. The defaults are the chosen chart’s accounts; please agree them with your tax adviser. On an automatic account DATEV works out the VAT itself, so the booking carries no tax key.',
  bookedAs: 'Booking',
  account: 'Account',
  automatic: 'Automatic account',
  accountOf: 'Account for {{what}}',
  automaticOf: '{{what}}: automatic account',
  auditTitle: 'Data access for a tax audit (GDPdU/Z3)',
  auditDescription:
    'Ledger entries and lines, documents and their lines, customer and product master data and the change log of a period (a year at most) as CSV with an index.xml after the GDPdU description standard, for the tax office’s audit software.',
  auditFrom: 'From',
  auditTo: 'To',
  auditDownload: 'Download data (ZIP)',
  month: 'Month',
  saved: 'DATEV settings saved.',
  validation: {
    consultantNumber: 'The consultant number is a whole number from 1001 to 9999999.',
    clientNumber: 'The client number is a whole number from 1 to 99999.',
    account: 'An account number has four digits (1000 to 9999).',
  },
  keys: {
    spv_19: 'Revenue 19 % VAT (goods, single-purpose vouchers)',
    spv_7: 'Revenue 7 % VAT (single-purpose vouchers)',
    mpv: 'Multi-purpose vouchers (outside the scope of VAT)',
    carrier: 'Tickets in the carrier’s name (pass-through)',
    bank: 'Payments received by bank',
    cash: 'Payments received in cash',
  },
};

export const texts: typeof german = { screen: datevScreensEn, errors: { codes: datevErrorCodesEn }, datev: datevEn };
