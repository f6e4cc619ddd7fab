import type { InvoiceReport } from '@portal/contract/invoices';
import { type DocumentKind, documentName } from '../outbox/message-texts.ts';

/**
 * A document's title on the PDF and in the e-invoice's first note (BT-22), always German (a German reader's mail
 * names it so too). A correction is a
 * "Rechnungskorrektur", or a "Stornorechnung" when it reverses its invoice in full; never "Gutschrift" (that is
 * self-billing, § 14 Abs. 2 UStG). The monthly overview of corrections is no invoice (decision 0091, issue 35).
 */
export function titleOf(report: Pick<InvoiceReport, 'kind' | 'cancels_invoice'>): string {
  return documentName('de', documentKindOf(report));
}

/** The kind of a document, which its title (German) and its mail (the reader's language) name. */
export function documentKindOf(report: Pick<InvoiceReport, 'kind' | 'cancels_invoice'>): DocumentKind {
  if (report.kind === 'invoice') return 'invoice';
  if (report.kind === 'credit_note') return report.cancels_invoice ? 'cancellation' : 'correction';
  return 'overview';
}
