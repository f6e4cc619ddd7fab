import type { texts as german, stockReportsDe, stockReportsScreensDe } from './de.ts';

export const stockReportsScreensFr: typeof stockReportsScreensDe = {
  stockReport: 'Rapport de stock',
  inventoryReport: 'Rapport des imports',
};

export const stockReportsFr: typeof stockReportsDe = {
  stockDescription: 'Stock et valeur du stock par valeur faciale.',
  historyDescription: 'Imports validés et annulés.',
  stockCost: 'Valeur du stock (achat)',
  soldCost: 'Vendu (achat)',
  faceValueUnsold: 'Valeur faciale invendue',
  importedPins: 'PIN importés',
  failedRows: 'Refusés',
  decidedAt: 'Décidé le',
  decidedBy: 'Par',
  historyStatus: {
    approved: 'Validés',
    cancelled: 'Annulés',
    all: 'Tous',
  },
  common: {
    status: 'Statut',
    from: 'Du',
    to: 'Au',
    product: 'Produit',
    allProducts: 'Tous les produits',
    supplier: 'Fournisseur',
    allSuppliers: 'Tous les fournisseurs',
  },
};

export const texts: typeof german = { screen: stockReportsScreensFr, stockReports: stockReportsFr };
