/** Texts of the invoices (issue 12); merged into each language's messages. */
export const invoicesScreensDe = {
  invoiceGenerate: 'Rechnungen erstellen',
  invoicesAll: 'Rechnungen',
  myInvoicesAll: 'Meine Rechnungen',
  customerInvoices: 'Rechnungen des Kunden',
  invoiceNet: 'Rechnung (netto)',
  invoiceGross: 'Rechnung (brutto)',
};

/** Refusals of the invoice calls, by their error code. */
export const invoicesErrorCodesDe = {
  issuer_tax_id_missing:
    'Für Rechnungen fehlen Ihre USt-IdNr. oder Steuernummer. Bitte lassen Sie sie in Ihren Kundendaten eintragen.',
  invoice_period_open:
    'Der Monat {{month}} ist noch nicht abgeschlossen. Rechnungen gibt es nur für vergangene Monate.',
};

export const invoicesDe = {
  descriptions: {
    generate:
      'Wählen Sie einen abgeschlossenen Monat und die Kunden, die eine Rechnung über ihre Einkäufe erhalten sollen.',
    issued: 'Die Rechnungen, die Sie Ihren Kunden gestellt haben.',
    received: 'Die Rechnungen, die Sie erhalten haben.',
    customer: 'Alle Rechnungen an diesen Kunden.',
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
  pdfNet: 'PDF netto',
  pdfGross: 'PDF brutto',
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
  vatOn: 'USt. {{rate}} auf {{net}}',
  totalNet: 'Summe netto',
  totalGross: 'Gesamtbetrag brutto',
  vatId: 'USt-IdNr.',
  taxNumber: 'Steuernummer',
  emptyIssued: 'Noch keine Rechnungen gestellt.',
  emptyReceived: 'Noch keine Rechnungen erhalten.',
  emptyCustomers: 'Keine Kunden für diesen Monat gefunden.',
  linesEmpty: 'Diese Rechnung hat keine Positionen.',
};
