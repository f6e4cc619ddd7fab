/** Refusals of the DATEV exports (decision 0147), by their error code. */
export const datevErrorCodesDe = {
  datev_settings_missing:
    'Für den DATEV-Export fehlen noch Berater- und Mandantennummer. Bitte tragen Sie sie in den DATEV-Einstellungen ein.',
  datev_debtor_numbers_exhausted:
    'Alle Debitorennummern bis {{max}} sind vergeben. Bitte sprechen Sie mit Ihrem Steuerberater über einen größeren Nummernkreis.',
  tax_audit_period_too_long:
    'Ein Export für die Betriebsprüfung umfasst höchstens {{max_days}} Tage. Bitte exportieren Sie längere Zeiträume jahresweise.',
};

export const datevScreensDe = { datevExport: 'DATEV-Export' };

/** Texts of the DATEV screen. */
export const datevDe = {
  description:
    'Die Rechnungen, Rechnungskorrekturen und Zahlungseingänge eines Monats als Buchungsstapel und Debitorenstammdaten im DATEV-Format für Ihren Steuerberater.',
  exportTitle: 'Monat exportieren',
  exportDescription:
    'Ein Monat Ihrer eigenen Buchhaltung: ausgestellte Belege nach Ausstellungsdatum, erhaltene Zahlungen nach Buchungstag.',
  downloadZip: 'Beide Dateien (ZIP)',
  downloadBookings: 'Buchungsstapel',
  downloadDebtors: 'Debitoren',
  settingsFirstTitle: 'Zuerst die Einstellungen',
  settingsFirst:
    'Tragen Sie Berater- und Mandantennummer Ihres Steuerberaters unten ein und speichern Sie; danach lassen sich die Dateien herunterladen.',
  settingsTitle: 'DATEV-Einstellungen',
  settingsDescription: 'Die Nummern, unter denen Ihr Steuerberater Ihre Buchhaltung in DATEV führt.',
  consultantNumber: 'Beraternummer',
  clientNumber: 'Mandantennummer',
  chart: 'Kontenrahmen',
  fiscalYearStart: 'Beginn des Wirtschaftsjahres',
  accountsTitle: 'Konten',
  accountsDescription:
    'Worauf gebucht wird. Vorgabe sind die Konten des gewählten Kontenrahmens; bitte mit dem Steuerberater abstimmen. Bei einem Automatikkonto ermittelt DATEV die Umsatzsteuer selbst, die Buchung trägt dann keinen Steuerschlüssel.',
  bookedAs: 'Buchung',
  account: 'Konto',
  automatic: 'Automatikkonto',
  accountOf: 'Konto für {{what}}',
  automaticOf: '{{what}}: Automatikkonto',
  auditTitle: 'Datenüberlassung für die Betriebsprüfung (GDPdU/Z3)',
  auditDescription:
    'Buchungen und Buchungszeilen, Belege und Positionen, Kunden- und Produktstammdaten und das Änderungsprotokoll eines Zeitraums (höchstens ein Jahr) als CSV mit index.xml nach dem GDPdU-Beschreibungsstandard, für die Prüfsoftware des Finanzamts.',
  auditFrom: 'Von',
  auditTo: 'Bis',
  auditDownload: 'Daten herunterladen (ZIP)',
  month: 'Monat',
  saved: 'DATEV-Einstellungen gespeichert.',
  validation: {
    consultantNumber: 'Die Beraternummer ist eine ganze Zahl von 1001 bis 9999999.',
    clientNumber: 'Die Mandantennummer ist eine ganze Zahl von 1 bis 99999.',
    account: 'Eine Kontonummer hat vier Stellen (1000 bis 9999).',
  },
  keys: {
    spv_19: 'Erlöse 19 % USt (Waren, Einzweckgutscheine)',
    spv_7: 'Erlöse 7 % USt (Einzweckgutscheine)',
    mpv: 'Mehrzweckgutscheine (nicht steuerbar)',
    carrier: 'Fahrkarten im Namen des Beförderers (durchlaufend)',
    bank: 'Zahlungseingang Bank',
    cash: 'Zahlungseingang Kasse',
  },
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: datevScreensDe, errors: { codes: datevErrorCodesDe }, datev: datevDe };
