import type { EinvoiceFormat, InvoiceReport } from '@portal/contract/invoices';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { documentName, languageOf, messageText } from '../outbox/message-texts.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import type { InvoiceMailsRepository } from './invoice-mails.repository.ts';
import { documentKindOf } from './invoice-titles.ts';
import { type ContactFallback, renderXRechnung, renderZugferd } from './invoices.einvoice.ts';
import { MAIL_INVOICE_JOB } from './invoices.job-defs.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';
import type { InvoicesRepository } from './invoices.repository.ts';
import type { InvoicesService } from './invoices.service.ts';

/** Failed attempts at one document's mail before it is marked `failed` (decision 0092). */
export const MAX_MAIL_ATTEMPTS = 5;
/** How long the sweep leaves a document alone after a failed attempt. */
export const MAIL_RETRY_PAUSE_MS = 15 * 60_000;

export interface DocumentFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The documents of an issued invoice, credit note or reclamation invoice — the A4 PDF, XRechnung XML and the
 * ZUGFeRD PDF — for download by issuer and recipient, and the one mail that brings them to the recipient.
 */
const notAnInvoice = (report: InvoiceReport) =>
  new AppError('einvoice_not_an_invoice', `${report.invoice_no} is an overview, not an invoice: it has no e-invoice`, {
    params: { invoice_no: report.invoice_no },
  });

export function createInvoiceDocumentsService(deps: {
  db: Db;
  repo: Pick<InvoicesRepository, 'findParty' | 'findFiles'>;
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

  /**
   * A document's file: the bytes kept at issue (decision 0092), so a download serves what the recipient was
   * mailed. Documents issued before the files were kept (issue 35) are rendered as they always were.
   */
  async function fileOf(report: InvoiceReport, format: 'pdf' | EinvoiceFormat): Promise<DocumentFile> {
    const kept = await repo.findFiles(report.id);
    if (kept) {
      if (format === 'pdf')
        return { filename: `${report.invoice_no}.pdf`, contentType: 'application/pdf', content: kept.pdf };
      // An overview issued since issue 35 kept no e-invoice; one issued before keeps serving what was sent.
      const content = format === 'xrechnung' ? kept.xrechnung : kept.zugferd;
      if (!content) throw notAnInvoice(report);
      if (format === 'xrechnung')
        return { filename: `${report.invoice_no}.xml`, contentType: 'application/xml', content };
      return { filename: `${report.invoice_no}-zugferd.pdf`, contentType: 'application/pdf', content };
    }
    if (format !== 'pdf' && report.kind === 'reclamation') throw notAnInvoice(report);
    if (format === 'xrechnung') {
      const xml = await renderXRechnung(report, await fallbackOf(report));
      return { filename: `${report.invoice_no}.xml`, contentType: 'application/xml', content: Buffer.from(xml) };
    }
    const pdf = await renderInvoicePdf(report, 'gross');
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
   * The `invoices.mail` job: reads the kept files before the transaction, then claims the document's mail row and
   * queues the message in one transaction. A retry or a concurrent job finds the claim and queues nothing; the
   * outbox sends each message once and re-sends nothing it marked sent. Every document since issue 35 is an
   * e-invoice (its files were built at issue), so there is no PDF-only mail any more. A failure is counted
   * (`invoice_mail_attempts`); after MAX_MAIL_ATTEMPTS the mail is marked `failed` and the sweep stops.
   */
  async function mailInvoice({ invoiceId }: { invoiceId: number }) {
    if (await mails.isClaimed(invoiceId)) return;
    const report = await invoices.getIssued(invoiceId);
    if (!report) return; // Not committed yet (a credit note in its reclamation's transaction): the sweep returns.
    let messageId: number | null;
    try {
      messageId = await queueMail(report);
    } catch (err) {
      const attempts = await mails.recordFailure(invoiceId, String((err as Error)?.message ?? err), clock.now());
      if (attempts < MAX_MAIL_ATTEMPTS) throw err;
      // A lasting failure: marked once, so neither the job nor the sweep tries again, and the issuer is told in
      // the same transaction (one notice, whichever attempt got here first).
      await db.transaction(async (tx) => {
        if (!(await mails.claim(invoiceId, 'failed', clock.now(), tx))) return;
        await mails.insertFailureNotice(
          {
            issuerId: report.issuer_id,
            invoiceId,
            invoiceNo: report.invoice_no,
            recipientName: report.recipient.legal_name || report.recipient.name,
            link: report.kind === 'invoice' ? '/invoices-all' : '/invoices-all-reclamation',
            at: clock.now(),
          },
          tx,
        );
      });
      return;
    }
    if (messageId !== null) await outbox.dispatch(messageId);
  }

  async function queueMail(report: InvoiceReport): Promise<number | null> {
    const to = report.recipient.email;
    const overview = report.kind === 'reclamation';
    // The overview is no invoice: its PDF alone. Every other document: the ZUGFeRD PDF and the XRechnung.
    const files = !to
      ? undefined
      : overview
        ? [await fileOf(report, 'pdf')]
        : [await fileOf(report, 'zugferd'), await fileOf(report, 'xrechnung')];
    // The mail in the recipient's language; the documents it brings stay German.
    const language = languageOf(await mails.recipientLanguage(report.recipient_id));
    const text = messageText(language, overview ? 'overview_mail' : 'invoice_mail', {
      document: documentName(language, documentKindOf(report)),
      invoice_no: report.invoice_no,
      issuer: report.issuer.legal_name || report.issuer.name,
    });
    return db.transaction(async (tx) => {
      if (!(await mails.claim(report.id, to && files ? 'queued' : 'no_address', clock.now(), tx))) return null;
      if (!to || !files) return null;
      const id = await outbox.queue({ channel: 'email', recipient: to, ...text, attachments: files }, tx);
      await mails.setMessage(report.id, id, tx);
      return id;
    });
  }

  /** After issue, outside the issuing transaction: the mail must never hold up or roll back an invoice. */
  async function scheduleMail(invoiceId: number) {
    await jobs.send(MAIL_INVOICE_JOB, { invoiceId }, { singletonKey: `invoice-mail-${invoiceId}` });
  }

  /**
   * Every minute: documents without a mail (credit notes, and any job lost in a crash) get their job, unless a
   * failed attempt was made within the last MAIL_RETRY_PAUSE_MS (the job's own retries cover that time).
   */
  async function sweepMails() {
    for (const id of await mails.findUnmailed(new Date(clock.now().getTime() - MAIL_RETRY_PAUSE_MS))) {
      await scheduleMail(id);
    }
  }

  return { getEinvoice, fileOf, mailInvoice, scheduleMail, sweepMails };
}
export type InvoiceDocumentsService = ReturnType<typeof createInvoiceDocumentsService>;
