import type { InvoiceReport } from '@portal/contract/invoices';
import { type DocumentKind, documentName } from '../outbox/message-texts.ts';

/** The note § 14 UStG needs where no VAT is charged: multi-purpose vouchers are taxed when redeemed. */
export const MPV_NOTE =
  'Mehrzweck-Gutscheine: Die Übertragung ist nicht steuerbar (§ 3 Abs. 15 UStG); die Umsatzsteuer entsteht erst bei Einlösung.';

/** Bus fares sold in the carrier's name (decision 0132): passed through, not the issuer's supply. */
export const CARRIER_NOTE =
  'Fahrpreise: im Namen und für Rechnung des Beförderers vereinnahmt (durchlaufender Posten, § 10 Abs. 1 Satz 6 UStG); der Fahrausweis des Beförderers weist die Umsatzsteuer aus.';

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
