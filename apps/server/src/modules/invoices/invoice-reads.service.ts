import type { InvoiceKind, InvoiceReport, ViewInvoicesBody } from '@portal/contract/invoices';
import { LIMITS } from '@portal/contract/limits';
import { berlinToday } from '@portal/contract/report-periods';
import { ROLE } from '@portal/contract/roles';
import type { Tx } from '../../db/connect.ts';
import type { Actor, Viewer } from '../../platform/actor.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { partOf } from './invoice-parts.ts';
import { combinedOf, m2, reportOf, summaryOf } from './invoices.mapper.ts';
import type { InvoiceList, InvoicesRepository } from './invoices.repository.ts';

export const pageOf = (b: { page: number; limit?: number }) => ({ page: b.page, limit: b.limit ?? LIMITS.pageSize });

/** The lists and documents each side may read: the issuer (who sees the recipient) and the recipient's managers. */
export function createInvoiceReads(deps: { repo: InvoicesRepository }) {
  const { repo } = deps;

  /** Which invoices a list shows: those the caller's customer issued (to customers it sees) or received. */
  function listOf(actor: Viewer, body: ViewInvoicesBody, kind: InvoiceKind): InvoiceList {
    const month = body.month === undefined ? undefined : `${body.month}-01`;
    if (body.view === 'issued') {
      if (actor.account_role !== ROLE.superadmin && actor.account_role !== ROLE.reseller) throw forbidden();
      return { kind, month, issuer: actor, recipientId: body.customer_id };
    }
    // A customer's invoices are its books: its managers see them, its staff do not.
    if (!canReadReceived(actor)) throw forbidden();
    return { kind, month, recipientId: actor.customerId };
  }

  /** `/api/view_invoices/` lists invoices, `/api/view_reclamation_invoices/` the reclamations' documents. */
  async function findInvoices(actor: Actor, body: ViewInvoicesBody, kind: InvoiceKind = 'invoice') {
    const p = pageOf(body);
    const r = await repo.findInvoicesPage(listOf(actor, body, kind), p);
    const applied = { view: body.view, customer_id: body.customer_id, month: body.month };
    return { items: r.items.map(summaryOf), total: r.total, page: p, applied };
  }

  /**
   * The combined view of a reclamation invoice: the same issuer's invoice to the same recipient for the same
   * month, netted with it (its lines as negative lines); a view, not a document of its own.
   */
  async function getCombined(actor: Actor, invoiceId: number) {
    const reclamation = await getInvoice(actor, invoiceId);
    if (reclamation.kind !== 'reclamation') throw notFound('Reclamation invoice');
    const parts = await repo.findIssuedParts(reclamation.issuer_id, reclamation.recipient_id, reclamation.period_start);
    const invoices = await Promise.all(parts.map(async (p) => reportOf((await repo.getInvoice(p.id))!)));
    // A month issued in parts (not taxable, taxable) is netted as one: every part's lines.
    const [first] = invoices;
    const invoice =
      first === undefined
        ? undefined
        : {
            ...first,
            invoice_no: invoices.map((i) => i.invoice_no).join(', '),
            lines: invoices.flatMap((i) => i.lines),
          };
    return combinedOf(reclamation, invoice);
  }

  /** One invoice for its issuer (who sees its recipient) or its recipient; anyone else gets 404. */
  async function getInvoice(actor: Actor, invoiceId: number): Promise<InvoiceReport> {
    const invoice = await repo.getInvoice(invoiceId);
    if (!invoice) throw notFound('Invoice');
    const asRecipient = invoice.recipientCustomerId === actor.customerId && canReadReceived(actor);
    const asIssuer =
      invoice.issuerCustomerId === actor.customerId &&
      (await repo.findRecipients(actor, [invoice.recipientCustomerId])).length === 1;
    if (!asRecipient && !asIssuer) throw notFound('Invoice');
    return withReference(invoice);
  }

  /** An issued document for the server's own jobs (the mail), without a caller to check. */
  async function getIssued(invoiceId: number): Promise<InvoiceReport | undefined> {
    const invoice = await repo.getInvoice(invoiceId);
    return invoice && withReference(invoice);
  }

  const withReference = (invoice: StoredInvoice) => reportWithReference(repo, invoice);

  return { findInvoices, getInvoice, getIssued, getCombined };
}

type StoredInvoice = NonNullable<Awaited<ReturnType<InvoicesRepository['getInvoice']>>>;

/** A stored document as its report, a credit note with the invoice it names (BT-25); `tx` while issuing. */
export async function reportWithReference(
  repo: Pick<InvoicesRepository, 'findPrecedingInvoice' | 'findInvoiceRef' | 'findListedCorrections'>,
  invoice: StoredInvoice,
  tx?: Tx,
): Promise<InvoiceReport> {
  const report = reportOf(invoice);
  if (report.kind === 'reclamation') {
    // The overview names the corrections it lists: they, not it, are the tax documents (decision 0091).
    const listed = await repo.findListedCorrections(
      invoice.issuerCustomerId,
      invoice.recipientCustomerId,
      { start: invoice.periodStart, end: invoice.periodEnd },
      tx,
    );
    return {
      ...report,
      listed_corrections: listed.map((c) => ({
        invoice_no: c.invoice_no,
        issued_at: new Date(c.issued_at).toISOString(),
        gross_total: m2(c.gross_total),
      })),
    };
  }
  if (report.kind !== 'credit_note') return report;
  // BT-25: a late refund's correction names the invoice it corrects; a reclamation's credit note the invoice of
  // the reclaimed sale's Berlin month, if the issuer had issued it by then; of a month issued in parts, the part
  // that holds what the note corrects (decision 0092).
  const preceding = invoice.correctsInvoiceId
    ? await repo.findInvoiceRef(invoice.correctsInvoiceId, tx)
    : await repo.findPrecedingInvoice(
        invoice.issuerCustomerId,
        invoice.recipientCustomerId,
        `${invoice.periodStart.slice(0, 7)}-01`,
        invoice.issuedAt,
        tx,
        [...new Set(report.lines.map((l) => partOf(l.vat_treatment)))],
      );
  return {
    ...report,
    preceding_invoice_no: preceding?.invoice_no ?? null,
    preceding_invoice_date: preceding ? berlinToday(new Date(preceding.issued_at)) : null,
  };
}

const canReadReceived = (actor: Viewer) =>
  actor.internal_role === 0 && (actor.account_role === ROLE.reseller || actor.account_role === ROLE.seller);
