/** Texts of the stock reports; merged into each language's messages. */
export const stockReportsScreensDe = {
  stockReport: 'Lagerbericht',
  inventoryReport: 'Importbericht',
};

export const stockReportsDe = {
  stockDescription: 'Bestand und Bestandswert je Nennwert.',
  historyDescription: 'Freigegebene und abgebrochene Importe.',
  stockCost: 'Lagerwert (EK)',
  soldCost: 'Verkauft (EK)',
  faceValueUnsold: 'Nennwert unverkauft',
  importedPins: 'Importierte PINs',
  failedRows: 'Abgelehnt',
  decidedAt: 'Entschieden am',
  decidedBy: 'Von',
  historyStatus: {
    approved: 'Freigegeben',
    cancelled: 'Abgebrochen',
    all: 'Alle',
  },
  common: {
    status: 'Status',
    from: 'Von',
    to: 'Bis',
    product: 'Produkt',
    allProducts: 'Alle Produkte',
    supplier: 'Lieferant',
    allSuppliers: 'Alle Lieferanten',
  },
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: stockReportsScreensDe, stockReports: stockReportsDe };
