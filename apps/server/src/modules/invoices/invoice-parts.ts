import type { VatTreatment } from '@portal/contract/invoices';

/**
 * The parts a month's invoice is issued in (issue 35, decision 0092 "Not taxable beside taxable"): EN 16931 allows
 * category O (not taxable) only on a document with nothing else (BR-O-11 … BR-O-14), and typing not-taxable amounts
 * as E (exempt) beside taxable ones would put them into the recipient's VAT return. So the not-taxable lines
 * (multi-purpose vouchers, fares passed through for the carrier) go on an O-only document and the taxable lines
 * (single-purpose vouchers, hardware) on another; both are RE invoices of the month and together equal its
 * purchases. `all`: a document of one piece — what every month issued before the split is, and the reclamation
 * summary.
 */
export const INVOICE_PARTS = ['all', 'not_taxable', 'taxable'] as const;
export type InvoicePart = (typeof INVOICE_PARTS)[number];

export const partOf = (treatment: VatTreatment): Exclude<InvoicePart, 'all'> =>
  treatment === 'spv' ? 'taxable' : 'not_taxable';

/** The month's lines per part, the not-taxable document first; parts without lines are not issued. */
export function splitByPart<L extends { vat_treatment: VatTreatment }>(
  lines: L[],
): { part: InvoicePart; lines: L[] }[] {
  return (['not_taxable', 'taxable'] as const)
    .map((part) => ({ part, lines: lines.filter((l) => partOf(l.vat_treatment) === part) }))
    .filter((p) => p.lines.length > 0);
}
