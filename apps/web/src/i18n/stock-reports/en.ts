import type { texts as german, stockReportsDe, stockReportsScreensDe } from './de.ts';

export const stockReportsScreensEn: typeof stockReportsScreensDe = {
  stockReport: 'Stock report',
  inventoryReport: 'Inventory report',
};

export const stockReportsEn: typeof stockReportsDe = {
  stockDescription: 'Stock and stock value per denomination.',
  historyDescription: 'Approved and cancelled imports.',
  stockCost: 'Stock value (cost)',
  soldCost: 'Sold (cost)',
  faceValueUnsold: 'Face value unsold',
  importedPins: 'Imported PINs',
  failedRows: 'Refused',
  decidedAt: 'Decided',
  decidedBy: 'By',
  historyStatus: {
    approved: 'Approved',
    cancelled: 'Cancelled',
    all: 'All',
  },
  common: {
    status: 'Status',
    from: 'From',
    to: 'To',
    product: 'Product',
    allProducts: 'All products',
    supplier: 'Supplier',
    allSuppliers: 'All suppliers',
  },
};

export const texts: typeof german = { screen: stockReportsScreensEn, stockReports: stockReportsEn };
