import type { texts as german, stockReportsDe, stockReportsScreensDe } from './de.ts';

export const stockReportsScreensNl: typeof stockReportsScreensDe = {
  stockReport: 'Voorraadrapport',
  inventoryReport: 'Importrapport',
};

export const stockReportsNl: typeof stockReportsDe = {
  stockDescription: 'Voorraad en voorraadwaarde per waarde.',
  historyDescription: 'Goedgekeurde en geannuleerde imports.',
  stockCost: 'Voorraadwaarde (inkoop)',
  soldCost: 'Verkocht (inkoop)',
  faceValueUnsold: 'Nominale waarde onverkocht',
  importedPins: 'Geïmporteerde PIN’s',
  failedRows: 'Geweigerd',
  decidedAt: 'Besloten op',
  decidedBy: 'Door',
  historyStatus: {
    approved: 'Goedgekeurd',
    cancelled: 'Geannuleerd',
    all: 'Alle',
  },
  common: {
    status: 'Status',
    from: 'Van',
    to: 'Tot en met',
    product: 'Product',
    allProducts: 'Alle producten',
    supplier: 'Leverancier',
    allSuppliers: 'Alle leveranciers',
  },
};

export const texts: typeof german = { screen: stockReportsScreensNl, stockReports: stockReportsNl };
