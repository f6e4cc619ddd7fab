import type { InvoiceReport } from '@portal/contract/invoices';

/**
 * A document's title on the PDF, in the e-invoice's first note (BT-22) and in the mail's subject. A correction is a
 * "Rechnungskorrektur", or a "Stornorechnung" when it reverses its invoice in full; never "Gutschrift" (that is
 * self-billing, § 14 Abs. 2 UStG). The monthly overview of corrections is no invoice (decision 0091, issue 35).
 */
export function titleOf(report: Pick<InvoiceReport, 'kind' | 'cancels_invoice'>): string {
  if (report.kind === 'invoice') return 'Rechnung';
  if (report.kind === 'credit_note') return report.cancels_invoice ? 'Stornorechnung' : 'Rechnungskorrektur';
  return 'Monatsübersicht Rechnungskorrekturen – keine Rechnung';
}
