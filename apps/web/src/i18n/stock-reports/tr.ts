import type { texts as german, stockReportsDe, stockReportsScreensDe } from './de.ts';

export const stockReportsScreensTr: typeof stockReportsScreensDe = {
  stockReport: 'Stok raporu',
  inventoryReport: 'İçe aktarma raporu',
};

export const stockReportsTr: typeof stockReportsDe = {
  stockDescription: 'Değer başına stok ve stok değeri.',
  historyDescription: 'Onaylanan ve iptal edilen içe aktarımlar.',
  stockCost: 'Stok değeri (alış)',
  soldCost: 'Satılan (alış)',
  faceValueUnsold: 'Satılmayan nominal değer',
  importedPins: 'İçe aktarılan PIN',
  failedRows: 'Reddedilen',
  decidedAt: 'Karar tarihi',
  decidedBy: 'Karar veren',
  historyStatus: {
    approved: 'Onaylanan',
    cancelled: 'İptal edilen',
    all: 'Tümü',
  },
  common: {
    status: 'Durum',
    from: 'Başlangıç',
    to: 'Bitiş',
    product: 'Ürün',
    allProducts: 'Tüm ürünler',
    supplier: 'Tedarikçi',
    allSuppliers: 'Tüm tedarikçiler',
  },
};

export const texts: typeof german = { screen: stockReportsScreensTr, stockReports: stockReportsTr };
