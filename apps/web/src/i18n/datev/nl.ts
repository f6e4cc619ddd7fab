import type { datevDe, datevErrorCodesDe, datevScreensDe, texts as german } from './de.ts';

export const datevErrorCodesNl: typeof datevErrorCodesDe = {
  datev_settings_missing:
    'Voor de DATEV-export ontbreken nog het adviseurs- en cliëntnummer. Vul ze in bij de DATEV-instellingen.',
  datev_debtor_numbers_exhausted:
    'Alle debiteurnummers tot {{max}} zijn vergeven. Overleg met uw belastingadviseur over een groter nummerbereik.',
  tax_audit_period_too_long:
    'Eén export voor de belastingcontrole beslaat hoogstens {{max_days}} dagen. Exporteer langere perioden per jaar.',
};

export const datevScreensNl: typeof datevScreensDe = { datevExport: 'DATEV-export' };

export const datevNl: typeof datevDe = {
  description:
    'De facturen, factuurcorrecties en ontvangen betalingen van een maand als DATEV-boekingsbatch en debiteurenstamgegevens voor uw belastingadviseur.',
  exportTitle: 'Maand exporteren',
  exportDescription:
    'Eén maand van uw eigen boekhouding: uitgegeven documenten op uitgiftedatum, ontvangen betalingen op boekingsdag.',
  downloadZip: 'Beide bestanden (ZIP)',
  downloadBookings: 'Boekingsbatch',
  downloadDebtors: 'Debiteuren',
  settingsFirstTitle: 'Eerst de instellingen',
  settingsFirst:
    'Vul hieronder het adviseurs- en cliëntnummer van uw belastingadviseur in en sla op; daarna kunnen de bestanden worden gedownload.',
  settingsTitle: 'DATEV-instellingen',
  settingsDescription: 'De nummers waaronder uw belastingadviseur uw boekhouding in DATEV voert.',
  consultantNumber: 'Adviseursnummer',
  clientNumber: 'Cliëntnummer',
  chart: 'Rekeningschema',
  fiscalYearStart: 'Begin van het boekjaar',
  accountsTitle: 'Rekeningen',
  accountsDescription:
    'Wat waarop wordt geboekt. Standaard de rekeningen van het gekozen schema; stem ze af met uw belastingadviseur. Op een automatische rekening berekent DATEV de btw zelf en draagt de boeking geen belastingsleutel.',
  bookedAs: 'Boeking',
  account: 'Rekening',
  automatic: 'Automatische rekening',
  accountOf: 'Rekening voor {{what}}',
  automaticOf: '{{what}}: automatische rekening',
  auditTitle: 'Gegevenstoegang voor de belastingcontrole (GDPdU/Z3)',
  auditDescription:
    'Boekingen en boekingsregels, documenten en hun regels, stamgegevens van klanten en producten en het wijzigingslogboek van een periode (hoogstens een jaar) als CSV met een index.xml volgens de GDPdU-beschrijvingsstandaard, voor de controlesoftware van de belastingdienst.',
  auditFrom: 'Van',
  auditTo: 'Tot',
  auditDownload: 'Gegevens downloaden (ZIP)',
  month: 'Maand',
  saved: 'DATEV-instellingen opgeslagen.',
  validation: {
    consultantNumber: 'Het adviseursnummer is een geheel getal van 1001 tot en met 9999999.',
    clientNumber: 'Het cliëntnummer is een geheel getal van 1 tot en met 99999.',
    account: 'Een rekeningnummer heeft vier cijfers (1000 tot en met 9999).',
  },
  keys: {
    spv_19: 'Omzet 19 % btw (goederen, vouchers voor enkelvoudig gebruik)',
    spv_7: 'Omzet 7 % btw (vouchers voor enkelvoudig gebruik)',
    mpv: 'Vouchers voor meervoudig gebruik (buiten de btw)',
    carrier: 'Vervoerbewijzen op naam van de vervoerder (doorlopende post)',
    bank: 'Betalingen ontvangen per bank',
    cash: 'Betalingen ontvangen contant',
  },
};

export const texts: typeof german = { screen: datevScreensNl, errors: { codes: datevErrorCodesNl }, datev: datevNl };
