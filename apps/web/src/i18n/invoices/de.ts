/** Texts of the invoices; merged into each language's messages. */
export const invoicesScreensDe = {
  invoiceGenerate: 'Rechnungen erstellen',
  invoicesAll: 'Rechnungen',
  myInvoicesAll: 'Meine Rechnungen',
  customerInvoices: 'Rechnungen des Kunden',
  invoiceNet: 'Rechnung (netto)',
  invoicesAllReclamation: 'Reklamationsrechnungen',
  myReclamationInvoicesAll: 'Meine Reklamationsrechnungen',
  invoiceCreditNote: 'Rechnungskorrektur',
  invoiceGenerateReclamation: 'Reklamationsrechnungen erstellen',
  invoiceReclamation: 'Reklamationsrechnung (netto)',
  invoiceGrossReclamation: 'Reklamationsrechnung (brutto)',
  invoiceReclamationCombined: 'Rechnung mit Reklamationen verrechnet',
  invoiceGross: 'Rechnung (brutto)',
};

/** Refusals of the invoice calls, by their error code. */
export const invoicesErrorCodesDe = {
  issuer_tax_id_missing:
    'Für Rechnungen fehlen Ihre USt-IdNr. oder Steuernummer. Bitte lassen Sie sie in Ihren Kundendaten eintragen.',
  invoice_period_open:
    'Der Monat {{month}} ist noch nicht abgeschlossen. Rechnungen gibt es nur für vergangene Monate.',
  einvoice_party_incomplete:
    'Für die E-Rechnung fehlen Angaben ({{field}}) des Ausstellers oder Empfängers: Adresse, E-Mail-Adresse, Telefon oder die Registerangaben (bei GmbH, UG und AG auch Sitz und Geschäftsführung). Bitte ergänzen Sie die Kundendaten.',
  einvoice_rules_broken:
    'Die E-Rechnung verletzt geprüfte Regeln ({{rules}}); sie wurde nicht ausgestellt. Bitte melden Sie das dem Betreiber.',
  invoice_recipient_abroad:
    'Der Empfänger sitzt nicht in Deutschland ({{evidence}}). Rechnungen ins Ausland (innergemeinschaftlich, Reverse-Charge) stellt das Portal noch nicht aus; es wurde nichts ausgestellt.',
  einvoice_not_an_invoice:
    '{{invoice_no}} ist eine Übersicht, keine Rechnung: dazu gibt es keine E-Rechnung. Die aufgeführten Rechnungskorrekturen sind die E-Rechnungen.',
};

export const invoicesDe = {
  descriptions: {
    generate:
      'Wählen Sie einen abgeschlossenen Monat und die Kunden, die eine Rechnung über ihre Einkäufe erhalten sollen.',
    issued: 'Die Rechnungen, die Sie Ihren Kunden gestellt haben.',
    received: 'Die Rechnungen, die Sie erhalten haben.',
    customer: 'Alle Rechnungen an diesen Kunden.',
    generateReclamation:
      'Wählen Sie einen abgeschlossenen Monat und die Kunden, deren Rechnungskorrekturen des Monats zusammengefasst werden.',
    creditNotesIssued: 'Die Rechnungskorrekturen, die Sie für Reklamationen ausgestellt haben.',
    creditNotesReceived: 'Die Rechnungskorrekturen für Reklamationen, die Sie erhalten haben.',
  },
  month: 'Monat',
  allMonths: 'Alle Monate',
  search: 'Kunde suchen',
  customer: 'Kunde',
  purchases: 'Einkäufe (brutto)',
  salesCount: 'Verkäufe',
  invoice: 'Rechnung',
  notInvoiced: 'Noch nicht abgerechnet',
  nothingBought: 'Keine Einkäufe',
  select: 'Auswählen',
  selectCustomer: '{{customer}} auswählen',
  generate_one: '{{count}} Rechnung erstellen',
  generate_other: '{{count}} Rechnungen erstellen',
  running: 'Rechnungen werden erstellt: {{done}} von {{total}} Kunden',
  finished_one: 'Fertig: {{count}} Rechnung liegt für die gewählten Kunden vor.',
  finished_other: 'Fertig: {{count}} Rechnungen liegen für die gewählten Kunden vor.',
  held: 'Zurückgehalten: {{reason}}',
  heldHint: 'Nicht ausgestellt, keine Nummer vergeben. Nach dem Ergänzen der Daten erneut erstellen.',
  finishedHeld_one:
    '{{count}} Kunde wurde zurückgehalten, weil seine E-Rechnung nicht erstellt werden konnte (Grund in der Liste).',
  finishedHeld_other:
    '{{count}} Kunden wurden zurückgehalten, weil ihre E-Rechnung nicht erstellt werden konnte (Grund in der Liste).',
  number: 'Nummer',
  issuer: 'Aussteller',
  recipient: 'Empfänger',
  period: 'Leistungszeitraum',
  issuedAt: 'Rechnungsdatum',
  net: 'Netto',
  vat: 'USt.',
  gross: 'Brutto',
  actions: 'Aktionen',
  open: 'Rechnung {{number}} öffnen',
  pdfNet: 'PDF Nettoansicht',
  pdfGross: 'PDF Rechnung',
  downloadPdf: 'PDF herunterladen',
  showNet: 'Nettoansicht',
  showGross: 'Bruttoansicht',
  product: 'Produkt',
  faceValue: 'Nennwert',
  quantity: 'Menge',
  unitNet: 'Einzelpreis netto',
  unitGross: 'Einzelpreis brutto',
  amountNet: 'Betrag netto',
  amountGross: 'Betrag brutto',
  vatRate: 'USt.-Satz',
  mpv: 'Mehrzweck-Gutschein',
  mpvTotal: 'Mehrzweck-Gutscheine (nicht steuerbar)',
  mpvNote:
    'Mehrzweck-Gutscheine: Die Übertragung ist nicht steuerbar (§ 3 Abs. 15 UStG); die Umsatzsteuer entsteht erst bei Einlösung.',
  carrier: 'Fahrpreis (Beförderer)',
  carrierTotal: 'Fahrpreise im Namen des Beförderers (durchlaufende Posten)',
  carrierNote:
    'Fahrpreise: im Namen und für Rechnung des Beförderers vereinnahmt (durchlaufender Posten); der Fahrausweis weist die Umsatzsteuer aus.',
  vatOn: 'USt. {{rate}} auf {{net}}',
  totalNet: 'Summe netto',
  totalGross: 'Gesamtbetrag brutto',
  vatId: 'USt-IdNr.',
  taxNumber: 'Steuernummer',
  emptyIssued: 'Noch keine Rechnungen gestellt.',
  emptyReceived: 'Noch keine Rechnungen erhalten.',
  emptyCustomers: 'Keine Kunden für diesen Monat gefunden.',
  nothingCredited: 'Keine Rechnungskorrekturen',
  creditNotesCount: 'Rechnungskorrekturen',
  credited: 'Erstattet (brutto)',
  document: 'Dokument',
  kinds: { reclamation: 'Reklamationsrechnungen', credit_note: 'Rechnungskorrekturen' },
  showReclamation: 'Reklamationsrechnung',
  showCombined: 'Mit Rechnung verrechnet',
  reclamationText:
    'Monatsübersicht der Rechnungskorrekturen – keine Rechnung. Sie ändert keinen Betrag; maßgeblich sind die einzelnen Rechnungskorrekturen.',
  combinedWithout: 'Im Monat gab es keine Rechnung: nur die Erstattungen.',
  combinedText: 'Rechnung {{invoice}} des Monats, verrechnet mit den Erstattungen (negative Zeilen).',
  emptyCreditNotes: 'Noch keine Rechnungskorrekturen.',
  creditNoteTitle: 'Rechnungskorrektur',
  creditNoteText: 'Erstattung der Reklamation {{id}}: die aufgeführten Beträge werden Ihnen erstattet.',
  refundCorrectionText:
    'Erstattung vom {{date}} nach Ausstellung der Rechnung (§ 17 UStG): die aufgeführten Beträge werden Ihnen erstattet.',
  stornoTitle: 'Stornorechnung',
  listedCorrections: 'Keine Rechnung. Aufgeführte Rechnungskorrekturen: {{numbers}}',
  linesEmpty: 'Diese Rechnung hat keine Positionen.',
  einvoice: {
    xrechnung: 'XRechnung',
    zugferd: 'ZUGFeRD',
    xrechnungLabel: 'XRechnung {{number}} herunterladen',
    zugferdLabel: 'ZUGFeRD-PDF {{number}} herunterladen',
  },
  precedingInvoice: 'Korrigiert die Rechnung {{number}}.',
  precedingNone: 'Die Rechnung für den Monat des Verkaufs ist noch nicht ausgestellt.',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: invoicesScreensDe, errors: { codes: invoicesErrorCodesDe }, invoices: invoicesDe };
