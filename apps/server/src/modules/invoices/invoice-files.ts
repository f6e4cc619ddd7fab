import type { InvoiceReport } from '@portal/contract/invoices';
import { AppError } from '../../platform/errors.ts';
import { readCii } from './invoices.cii-read.ts';
import { ciiSyntaxFindings } from './invoices.cii-syntax.ts';
import { type ContactFallback, renderXRechnung, renderZugferd } from './invoices.einvoice.ts';
import { brokenRules } from './invoices.en16931.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';

/** A document's files as issued: what the recipient is mailed and every download serves (decision 0092). */
export interface IssuedFiles {
  pdf: Buffer;
  /** None for the monthly overview of corrections, which is no invoice (decision 0091, issue 35). */
  xrechnung: Buffer | null;
  zugferd: Buffer | null;
}

/**
 * Builds the three files of a document being issued and checks its CII against every checked rule (business
 * rules, the XSD's order, the syntax rules), inside the issuing transaction: a document that cannot be built
 * (`einvoice_party_incomplete`) or breaks a rule (`einvoice_rules_broken`, the rule ids in params) throws, so
 * the transaction rolls back and no number is used.
 */
export async function buildIssuedFiles(report: InvoiceReport, fallback: ContactFallback): Promise<IssuedFiles> {
  if (report.kind === 'reclamation')
    return { pdf: await renderInvoicePdf(report, 'net'), xrechnung: null, zugferd: null };
  const xml = await renderXRechnung(report, fallback);
  const findings = [...brokenRules(readCii(xml)), ...ciiSyntaxFindings(xml)];
  if (findings.length > 0) {
    throw new AppError('einvoice_rules_broken', `The e-invoice breaks ${findings.join(', ')}`, {
      params: { rules: findings.join(', ') },
    });
  }
  const pdf = await renderInvoicePdf(report, 'gross');
  const zugferd = await renderZugferd(report, pdf, fallback);
  return { pdf, xrechnung: Buffer.from(xml, 'utf8'), zugferd };
}

/** Refusals that hold a recipient's month instead of failing its run. */
const HOLDING = new Set(['einvoice_party_incomplete', 'einvoice_rules_broken', 'invoice_recipient_abroad']);
export const isEinvoiceRefusal = (err: unknown): err is AppError => err instanceof AppError && HOLDING.has(err.code);
