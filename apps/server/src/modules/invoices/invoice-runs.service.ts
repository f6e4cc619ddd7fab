import type { CustomersForInvoiceBody, GenerateInvoicesBody, InvoiceRun } from '@portal/contract/invoices';
import { berlinToday } from '@portal/contract/report-periods';
import { Decimal } from 'decimal.js';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { pageOf } from './invoice-reads.service.ts';
import { RUN_INVOICES_JOB } from './invoices.job-defs.ts';
import type { InvoicesRepository, IssuedKind, Period } from './invoices.repository.ts';

/** A Berlin calendar month (`YYYY-MM`) as its first and last day. */
export function periodOf(month: string): Period {
  const [y, m] = month.split('-').map(Number);
  if (y === undefined || m === undefined) throw new RangeError(`not a YYYY-MM month: ${month}`);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** The Berlin month before the one `now` falls in: what the monthly run invoices on the 1st. */
export function previousMonth(now: Date): string {
  const [y, m] = berlinToday(now).split('-').map(Number);
  if (y === undefined || m === undefined) throw new RangeError(`not a calendar day: ${berlinToday(now)}`);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export const taxIdMissing = () =>
  new AppError('issuer_tax_id_missing', 'The issuer needs a VAT id or tax number before invoices can be issued');

/**
 * Runs (decision 0090): on demand for chosen customers, or monthly for every issuer; a job issues recipient after
 * recipient with `issueInvoice`, which finds what exists, so a run can stop anywhere and start again.
 */
export function createInvoiceRuns(deps: {
  repo: InvoicesRepository;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
  issueInvoice: (
    issuerId: number,
    recipientId: number,
    period: Period,
    createdBy: number | null,
    kind?: IssuedKind,
  ) => Promise<{ invoiceId: number | null; created: boolean; held?: boolean }>;
}) {
  const { repo, jobs, clock, issueInvoice } = deps;

  /** Only finished months: a month still running would be frozen without its remaining purchases. */
  function assertMonthOver(month: string) {
    if (periodOf(month).end >= berlinToday(clock.now())) {
      throw new AppError('invoice_period_open', `The month ${month} is not over yet`, { params: { month } });
    }
  }

  /** The issuer's customers with what the month's document would sum up: purchases, or credit notes. */
  async function findCustomersForInvoice(actor: Actor, body: CustomersForInvoiceBody, kind: IssuedKind = 'invoice') {
    const p = pageOf(body);
    const period = periodOf(body.month);
    const r = await repo.findCustomersPage(actor, period, body.search, p, kind);
    const holds = await repo.findHolds(
      actor.customerId,
      r.items.map((c) => c.id),
      period.start,
      kind,
    );
    const items = r.items.map((c) => ({
      customer_id: c.id,
      name: c.name,
      purchases_gross: new Decimal(c.gross).toFixed(2),
      sales_count: c.n,
      invoice_id: c.invoice_id,
      invoice_no: c.invoice_no,
      held: (() => {
        const h = c.invoice_id === null ? holds.get(c.id) : undefined;
        return h ? { code: h.code, params: h.params, held_at: new Date(h.held_at).toISOString() } : null;
      })(),
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
      held: await repo.countHeld(run.issuerCustomerId, run.recipientIds, run.periodStart, run.kind as IssuedKind),
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
    const recipients = await repo.findRecipients(actor, wanted);
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
        await issueInvoice(run.issuerCustomerId, run.recipientIds[i]!, period, run.createdBy, run.kind as IssuedKind);
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

  return { findCustomersForInvoice, generateInvoices, getRun, workRun, startMonthlyRuns };
}
