import type { CustomersForInvoiceBody, GenerateInvoicesBody, InvoiceRun } from '@portal/contract/invoices';
import { berlinToday } from '@portal/contract/report-periods';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { MAIL_INVOICE_JOB } from './invoice-documents.service.ts';
import { createInvoiceReads, pageOf } from './invoice-reads.service.ts';
import { lineRowOf, partyOf, totalsOf } from './invoices.mapper.ts';
import type { InvoicesRepository, IssuedKind, Period } from './invoices.repository.ts';

export const RUN_INVOICES_JOB = 'invoices.run';

/** A Berlin calendar month (`YYYY-MM`) as its first and last day. */
export function periodOf(month: string): Period {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** The Berlin month before the one `now` falls in: what the monthly run invoices on the 1st. */
export function previousMonth(now: Date): string {
  const [y, m] = berlinToday(now).split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * Gap-free per issuer; the issuer's number alone identifies the invoice (decision 0090). Credit notes take
 * their number from the same series (one series per issuer, decision 0091), marked `RK` (Rechnungskorrektur).
 */
const numberOf = (prefix: string, n: number) => `${prefix}-${String(n).padStart(6, '0')}`;
/** `RS`: a reclamation invoice, the month's credit notes summed up (Sammelaufstellung, decision 0091). */
const PREFIX: Record<IssuedKind, string> = { invoice: 'RE', reclamation: 'RS' };

/** What a credit note refunds: PINs of one product and denomination at the price the recipient paid. */
export interface CreditNoteLine {
  productId: number;
  configurationId: number;
  faceValue: string;
  unitPrice: string;
  quantity: number;
}

const taxIdMissing = () =>
  new AppError('issuer_tax_id_missing', 'The issuer needs a VAT id or tax number before invoices can be issued');

/**
 * Invoices (issue 12): issuing one recipient's month at most once with the issuer's next number, runs that
 * issue many, and the lists and documents each side may read.
 */
export function createInvoicesService(deps: {
  db: Db;
  repo: InvoicesRepository;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
}) {
  const { db, repo, jobs, clock } = deps;

  /**
   * Issues the recipient's invoice for the period, or finds the one issued before. The issuer's counter row
   * is locked first, so concurrent attempts queue behind it and the second one finds the first's invoice;
   * the unique (issuer, recipient, period, kind) index is the last guard. Null when nothing was purchased
   * (a reclamation invoice: when no credit note was issued to the recipient in the period).
   */
  async function issueInvoice(
    issuerId: number,
    recipientId: number,
    period: Period,
    createdBy: number | null,
    kind: IssuedKind = 'invoice',
  ) {
    const result = await db.transaction(async (tx) => {
      const last = await repo.lockCounter(issuerId, tx);
      const existing = await repo.findIssuedFor(issuerId, recipientId, period.start, tx, kind);
      if (existing !== null) return { invoiceId: existing, created: false };
      const issuer = await repo.findParty(issuerId, tx);
      const recipient = await repo.findParty(recipientId, tx);
      if (!issuer || !recipient || recipient.parent_id !== issuerId) throw notFound('Customer');
      if (!issuer.vat_id && !issuer.tax_number) throw taxIdMissing();
      const lines =
        kind === 'invoice'
          ? await repo.findPurchaseLines(recipientId, period, tx)
          : await repo.findCreditNoteLines(recipientId, period, tx);
      if (lines.length === 0) return { invoiceId: null, created: false };
      const totals = totalsOf(lines);
      const number = last + 1;
      const invoiceId = await repo.insertInvoice(
        {
          kind,
          issuerCustomerId: issuerId,
          recipientCustomerId: recipientId,
          number,
          invoiceNo: numberOf(PREFIX[kind], number),
          periodStart: period.start,
          periodEnd: period.end,
          issuedAt: clock.now(),
          issuer: partyOf(issuer),
          recipient: partyOf(recipient),
          netTotal: totals.net.toFixed(4),
          vatTotal: totals.vat.toFixed(4),
          grossTotal: totals.gross.toFixed(4),
          vatBreakdown: totals.breakdown,
          createdBy,
        },
        lines.map(lineRowOf),
        tx,
      );
      await repo.setCounter(issuerId, number, tx);
      return { invoiceId, created: true };
    });
    // After commit: a lost job only delays the mail (the sweep finds the document), never the invoice.
    if (result.created && result.invoiceId !== null) {
      await jobs.send(
        MAIL_INVOICE_JOB,
        { invoiceId: result.invoiceId },
        { singletonKey: `invoice-mail-${result.invoiceId}` },
      );
    }
    return result;
  }

  /**
   * A reclamation's credit note from `issuerId` to `recipientId`, inside the caller's transaction (which also
   * posts the refund): the next number of the issuer's series under its counter lock, the lines at the price
   * paid with the product's VAT treatment, the parties frozen like an invoice's. The unique
   * (reclamation, issuer) index refuses a second note for the same reclamation and party.
   */
  async function issueCreditNote(
    tx: Tx,
    note: { issuerId: number; recipientId: number; reclamationId: number; day: string; createdBy: number },
    items: CreditNoteLine[],
  ): Promise<number> {
    const last = await repo.lockCounter(note.issuerId, tx);
    const issuer = await repo.findParty(note.issuerId, tx);
    const recipient = await repo.findParty(note.recipientId, tx);
    if (!issuer || !recipient) throw notFound('Customer');
    if (!issuer.vat_id && !issuer.tax_number) throw taxIdMissing();
    const products = await repo.findVatOf(
      items.map((i) => i.productId),
      tx,
    );
    const lines = items.map((i) => {
      const p = products.get(i.productId)!;
      return {
        product_id: i.productId,
        configuration_id: i.configurationId,
        product_name: p.product_name,
        face_value: i.faceValue,
        unit_price: i.unitPrice,
        quantity: i.quantity,
        gross_amount: new Decimal(i.unitPrice).times(i.quantity).toFixed(4),
        vat_treatment: p.vat_treatment,
        vat_rate: p.vat_rate,
      };
    });
    const totals = totalsOf(lines);
    const number = last + 1;
    const id = await repo.insertInvoice(
      {
        kind: 'credit_note',
        reclamationId: note.reclamationId,
        issuerCustomerId: note.issuerId,
        recipientCustomerId: note.recipientId,
        number,
        invoiceNo: numberOf('RK', number),
        periodStart: note.day,
        periodEnd: note.day,
        issuedAt: clock.now(),
        issuer: partyOf(issuer),
        recipient: partyOf(recipient),
        netTotal: totals.net.toFixed(4),
        vatTotal: totals.vat.toFixed(4),
        grossTotal: totals.gross.toFixed(4),
        vatBreakdown: totals.breakdown,
        createdBy: note.createdBy,
      },
      lines.map(lineRowOf),
      tx,
    );
    await repo.setCounter(note.issuerId, number, tx);
    return id;
  }

  /** Only finished months: a month still running would be frozen without its remaining purchases. */
  function assertMonthOver(month: string) {
    if (periodOf(month).end >= berlinToday(clock.now())) {
      throw new AppError('invoice_period_open', `The month ${month} is not over yet`, { params: { month } });
    }
  }

  /** The issuer's customers with what the month's document would sum up: purchases, or credit notes. */
  async function findCustomersForInvoice(actor: Actor, body: CustomersForInvoiceBody, kind: IssuedKind = 'invoice') {
    const p = pageOf(body);
    const r = await repo.findCustomersPage(
      actor.customerId,
      visibleCustomers(actor),
      periodOf(body.month),
      body.search,
      p,
      kind,
    );
    const items = r.items.map((c) => ({
      customer_id: c.id,
      name: c.name,
      purchases_gross: new Decimal(c.gross).toFixed(2),
      sales_count: c.n,
      invoice_id: c.invoice_id,
      invoice_no: c.invoice_no,
    }));
    return { items, total: r.total, page: p, applied: { month: body.month, search: body.search } };
  }

  async function runView(run: NonNullable<Awaited<ReturnType<InvoicesRepository['getRun']>>>): Promise<InvoiceRun> {
    return {
      run_id: run.id,
      status: run.status as InvoiceRun['status'],
      month: run.periodStart.slice(0, 7),
      total: run.recipientIds.length,
      done: run.done,
      issued: await repo.countIssued(run.issuerCustomerId, run.recipientIds, run.periodStart, run.kind as IssuedKind),
    };
  }

  /** `/api/generate_invoices_with_customer_ids/`: checks what it can at once, then a job issues the invoices. */
  async function generateInvoices(
    actor: Actor,
    body: GenerateInvoicesBody,
    kind: IssuedKind = 'invoice',
  ): Promise<InvoiceRun> {
    assertMonthOver(body.month);
    const issuer = await repo.findParty(actor.customerId);
    if (!issuer?.vat_id && !issuer?.tax_number) throw taxIdMissing();
    const wanted = [...new Set(body.customer_ids)];
    const recipients = await repo.findRecipients(actor.customerId, wanted, visibleCustomers(actor));
    // Another tenant's customer, or one the caller's staff role is not assigned, does not exist for it.
    if (recipients.length !== wanted.length) throw notFound('Customer');
    const period = periodOf(body.month);
    const runId = await repo.insertRun({
      issuerCustomerId: actor.customerId,
      recipientIds: recipients,
      periodStart: period.start,
      periodEnd: period.end,
      kind,
      createdBy: actor.userId,
      createdAt: clock.now(),
    });
    await jobs.send(RUN_INVOICES_JOB, { runId });
    return runView((await repo.getRun(runId))!);
  }

  async function getRun(actor: Actor, runId: number): Promise<InvoiceRun> {
    const run = await repo.getRun(runId);
    if (!run || run.issuerCustomerId !== actor.customerId) throw notFound('Invoice run');
    return runView(run);
  }

  /**
   * The run's job: recipients in order from where it stopped. A crash between an invoice and the progress
   * update repeats that recipient, which finds its invoice and issues nothing twice.
   */
  async function workRun(runId: number) {
    const run = await repo.getRun(runId);
    if (!run || run.status === 'done' || run.status === 'refused') return;
    await repo.updateRun(runId, { status: 'running' });
    const period = { start: run.periodStart, end: run.periodEnd };
    for (let i = run.done; i < run.recipientIds.length; i++) {
      try {
        await issueInvoice(run.issuerCustomerId, run.recipientIds[i], period, run.createdBy, run.kind as IssuedKind);
      } catch (err) {
        if (err instanceof AppError && err.code === 'issuer_tax_id_missing') {
          await repo.updateRun(runId, { status: 'refused', refusal: err.code, finishedAt: clock.now() });
          return;
        }
        throw err;
      }
      await repo.updateRun(runId, { done: i + 1 });
    }
    await repo.updateRun(runId, { status: 'done', finishedAt: clock.now() });
  }

  /**
   * The 1st of each month: every issuer's runs for the month before — invoices for the customers that bought
   * in it, reclamation invoices for those it wrote credit notes to. Each run issues a recipient's month once,
   * so a repeated schedule (or an on-demand run before it) issues nothing twice.
   */
  async function startMonthlyRuns() {
    const period = periodOf(previousMonth(clock.now()));
    for (const issuerId of await repo.findIssuers()) {
      for (const kind of ['invoice', 'reclamation'] as const) {
        const recipients =
          kind === 'invoice'
            ? await repo.findBuyingRecipients(issuerId, period)
            : await repo.findCreditedRecipients(issuerId, period);
        if (recipients.length === 0) continue;
        const runId = await repo.insertRun({
          issuerCustomerId: issuerId,
          recipientIds: recipients,
          periodStart: period.start,
          periodEnd: period.end,
          kind,
          createdAt: clock.now(),
        });
        await jobs.send(RUN_INVOICES_JOB, { runId });
      }
    }
  }

  return {
    issueInvoice,
    issueCreditNote,
    findCreditNotesOf: repo.findCreditNotesOf,
    findCustomersForInvoice,
    generateInvoices,
    getRun,
    workRun,
    startMonthlyRuns,
    ...createInvoiceReads({ repo }),
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
