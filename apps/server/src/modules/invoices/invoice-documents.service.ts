import type { EinvoiceFormat, InvoiceReport } from '@portal/contract/invoices';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { MessageAttachment } from '../../providers/messaging.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import type { InvoiceMailsRepository } from './invoice-mails.repository.ts';
import { type ContactFallback, renderXRechnung, renderZugferd } from './invoices.einvoice.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';
import type { InvoicesRepository } from './invoices.repository.ts';
import type { InvoicesService } from './invoices.service.ts';

export const MAIL_INVOICE_JOB = 'invoices.mail';
export const SWEEP_INVOICE_MAILS_JOB = 'invoices.mail-sweep';

export interface DocumentFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

const SUBJECTS: Record<InvoiceReport['kind'], string> = {
  invoice: 'Rechnung',
  credit_note: 'Rechnungskorrektur',
  reclamation: 'Sammelaufstellung Rechnungskorrekturen',
};

/**
 * The documents of an issued invoice, credit note or reclamation invoice — the A4 PDF, XRechnung XML and the
 * ZUGFeRD PDF — for download by issuer and recipient, and the one mail that brings them to the recipient.
 */
export function createInvoiceDocumentsService(deps: {
  db: Db;
  repo: Pick<InvoicesRepository, 'findParty'>;
  mails: InvoiceMailsRepository;
  invoices: Pick<InvoicesService, 'getInvoice' | 'getIssued'>;
  outbox: Pick<OutboxService, 'queue' | 'dispatch'>;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
}) {
  const { db, repo, mails, invoices, outbox, jobs, clock } = deps;

  /** The seller's contact where the frozen issuer predates it: the issuer's main user today. */
  async function fallbackOf(report: InvoiceReport): Promise<ContactFallback> {
    if (report.issuer.phone && report.issuer.email) return { contact_name: null, phone: null, email: null };
    const p = await repo.findParty(report.issuer_id);
    return {
      contact_name: p?.contact_name ?? null,
      phone: p?.phone ?? null,
      email: p?.email ?? p?.contact_email ?? null,
    };
  }

  async function fileOf(report: InvoiceReport, format: 'pdf' | EinvoiceFormat): Promise<DocumentFile> {
    if (format === 'xrechnung') {
      const xml = await renderXRechnung(report, await fallbackOf(report));
      return { filename: `${report.invoice_no}.xml`, contentType: 'application/xml', content: Buffer.from(xml) };
    }
    const pdf = await renderInvoicePdf(report, 'net');
    if (format === 'pdf') return { filename: `${report.invoice_no}.pdf`, contentType: 'application/pdf', content: pdf };
    return {
      filename: `${report.invoice_no}-zugferd.pdf`,
      contentType: 'application/pdf',
      content: await renderZugferd(report, pdf, await fallbackOf(report)),
    };
  }

  /** A download for the issuer or the recipient; 404 to anyone else, as the PDF. */
  async function getEinvoice(actor: Actor, invoiceId: number, format: EinvoiceFormat): Promise<DocumentFile> {
    return fileOf(await invoices.getInvoice(actor, invoiceId), format);
  }

  /**
   * The mail's attachments: the ZUGFeRD PDF (readable, with the CII inside) and the XRechnung XML. A document
   * whose parties lack what an e-invoice needs still goes out, as the plain PDF.
   */
  async function attachmentsOf(report: InvoiceReport): Promise<{ files: MessageAttachment[]; complete: boolean }> {
    try {
      return { files: [await fileOf(report, 'zugferd'), await fileOf(report, 'xrechnung')], complete: true };
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'einvoice_party_incomplete') throw err;
      return { files: [await fileOf(report, 'pdf')], complete: false };
    }
  }

  /**
   * The `invoices.mail` job: renders before the transaction (it is slow and needs no lock), then claims the
   * document's mail row and queues the message in one transaction. A retry or a concurrent job finds the claim
   * and queues nothing; the outbox sends each message once and re-sends nothing it marked sent.
   */
  async function mailInvoice({ invoiceId }: { invoiceId: number }) {
    if (await mails.isClaimed(invoiceId)) return;
    const report = await invoices.getIssued(invoiceId);
    if (!report) return; // Not committed yet (a credit note in its reclamation's transaction): the sweep returns.
    const to = report.recipient.email;
    const files = to ? await attachmentsOf(report) : undefined;
    const messageId = await db.transaction(async (tx) => {
      const status = !to || !files ? 'no_address' : files.complete ? 'queued' : 'pdf_only';
      if (!(await mails.claim(invoiceId, status, clock.now(), tx))) return null;
      if (!to || !files) return null;
      const id = await outbox.queue(
        {
          channel: 'email',
          recipient: to,
          subject: `${SUBJECTS[report.kind]} ${report.invoice_no}`,
          body: [
            `Guten Tag,`,
            ``,
            `anbei erhalten Sie ${SUBJECTS[report.kind]} ${report.invoice_no} von ${report.issuer.legal_name || report.issuer.name}.`,
            files.complete
              ? 'Die PDF-Datei enthält die E-Rechnung (ZUGFeRD, EN 16931); die XML-Datei ist dieselbe Rechnung als XRechnung.'
              : 'Eine E-Rechnung konnte nicht erstellt werden, weil Angaben der Parteien fehlen; die PDF-Datei ist die Rechnung.',
          ].join('\n'),
          attachments: files.files,
        },
        tx,
      );
      await mails.setMessage(invoiceId, id, tx);
      return id;
    });
    if (messageId !== null) await outbox.dispatch(messageId);
  }

  /** After issue, outside the issuing transaction: the mail must never hold up or roll back an invoice. */
  async function scheduleMail(invoiceId: number) {
    await jobs.send(MAIL_INVOICE_JOB, { invoiceId }, { singletonKey: `invoice-mail-${invoiceId}` });
  }

  /** Every minute: documents without a mail (credit notes, and any job lost in a crash) get their job. */
  async function sweepMails() {
    for (const id of await mails.findUnmailed()) await scheduleMail(id);
  }

  return { getEinvoice, fileOf, mailInvoice, scheduleMail, sweepMails };
}
export type InvoiceDocumentsService = ReturnType<typeof createInvoiceDocumentsService>;
