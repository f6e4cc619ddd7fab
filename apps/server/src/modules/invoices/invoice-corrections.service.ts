import { berlinToday } from '@portal/contract/report-periods';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { assertRecipientInGermany } from './invoice-country.ts';
import { isEinvoiceRefusal } from './invoice-files.ts';
import { MAIL_INVOICE_JOB } from './invoices.job-defs.ts';
import { documentColumnsOf, lineRowOf } from './invoices.mapper.ts';
import type {
  InvoicesRepository,
  PartyRecord,
  PurchaseLineRecord,
  RefundLegRecord,
  Series,
} from './invoices.repository.ts';

/** Refund legs one pass of the job settles; the next pass (a minute later) goes on. */
const BATCH = 50;

/**
 * Corrections of late refunds (decision 0096, issue 35): a cancelled hardware order or a top-up reversed after its
 * month's invoice was issued gets a correction in the issuer's RK series; one refunded before is left out of its
 * invoice. The job finds refund legs that are neither (no cursor: journal entry ids commit out of order, so "after
 * the last one seen" could skip an entry that committed late), so it resumes anywhere after a crash.
 */
export function createInvoiceCorrections(deps: {
  db: Db;
  repo: InvoicesRepository;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
  freezeFiles: (invoiceId: number, issuer: PartyRecord, tx: Tx) => Promise<void>;
  numberOf: (series: Series, n: number) => string;
}) {
  const { db, repo, jobs, clock, freezeFiles, numberOf } = deps;

  /**
   * One refund entry, every leg in one transaction: per leg in ascending issuer order the issuer's RE then RK
   * counter rows are locked (the order reclamations and invoices lock in: ascending issuer, then series), so an
   * invoice being issued for the same month has committed or not started. Then, re-read under the locks: an
   * issued invoice gets a correction, none yet means the sale is left out of it. Answers the corrections issued.
   */
  async function settleRefund(entryId: number): Promise<number[]> {
    const issued = await db.transaction(async (tx) => {
      const legs = (await repo.findUnsettledRefunds(10, entryId, tx)).sort((a, b) => a.issuer_id - b.issuer_id);
      const ids: number[] = [];
      for (const leg of legs) {
        await repo.lockCounter(leg.issuer_id, 'RE', tx);
        const last = await repo.lockCounter(leg.issuer_id, 'RK', tx);
        // Under the locks: settled meanwhile by the invoice (left out) or by another pass of the job.
        const still = await repo.findUnsettledRefunds(10, entryId, tx);
        if (!still.some((l) => l.issuer_id === leg.issuer_id)) continue;
        const invoice = await repo.findCorrectedInvoice(leg, tx);
        if (!invoice) {
          await repo.insertLeftOut(leg, clock.now(), tx);
          continue;
        }
        ids.push(await issueCorrection(leg, invoice, last + 1, tx));
      }
      return ids;
    });
    for (const id of issued) {
      await jobs.send(MAIL_INVOICE_JOB, { invoiceId: id }, { singletonKey: `invoice-mail-${id}` });
    }
    return issued;
  }

  async function issueCorrection(
    leg: RefundLegRecord,
    invoice: NonNullable<Awaited<ReturnType<InvoicesRepository['findCorrectedInvoice']>>>,
    number: number,
    tx: Tx,
  ): Promise<number> {
    const issuer = await repo.findParty(leg.issuer_id, tx);
    const recipient = await repo.findParty(leg.recipient_id, tx);
    if (!issuer || !recipient) throw notFound('Customer');
    assertRecipientInGermany(recipient);
    const gross = new Decimal(leg.unit_price).times(leg.quantity);
    // Each line keeps the category and rate of the line it corrects (the invoice's, as issued).
    const line: PurchaseLineRecord = {
      line_kind: leg.line_kind,
      product_id: leg.product_id,
      configuration_id: 0,
      product_name: leg.product_name,
      face_value: leg.face_value,
      unit_price: leg.unit_price,
      quantity: leg.quantity,
      gross_amount: gross.toFixed(4),
      // The invoice's line as issued; if none matches (its price changed in a way the line does not show), the
      // treatment in force at the sale, which is what that line was issued with (decision 0132).
      vat_treatment: invoice.vat_treatment ?? leg.vat_treatment,
      vat_rate: invoice.vat_rate ?? leg.vat_rate,
    };
    // A Stornorechnung when it and the corrections before it take back the whole invoice.
    const cancels = new Decimal(invoice.corrected).isZero() && gross.eq(invoice.gross_total);
    const day = berlinToday(new Date(leg.refunded_at));
    const id = await repo.insertInvoice(
      {
        kind: 'credit_note',
        refundEntryId: leg.entry_id,
        correctsInvoiceId: invoice.id,
        cancelsInvoice: cancels,
        issuerCustomerId: leg.issuer_id,
        recipientCustomerId: leg.recipient_id,
        number,
        invoiceNo: numberOf('RK', number),
        // Dated in the month of the refund (§ 17 UStG): its period is the refund's Berlin day.
        periodStart: day,
        periodEnd: day,
        issuedAt: clock.now(),
        ...documentColumnsOf(issuer, recipient, [line]),
        createdBy: null,
      },
      [lineRowOf(line)],
      tx,
    );
    await repo.setCounter(leg.issuer_id, 'RK', number, tx);
    await freezeFiles(id, issuer, tx);
    return id;
  }

  /**
   * The job: every unsettled refund, oldest first. One whose correction cannot be made (its e-invoice, a recipient
   * abroad) stays unsettled and is tried again next pass; the others go on.
   */
  async function settleRefunds(log?: { warn(o: object, m: string): void }): Promise<{ corrected: number }> {
    let corrected = 0;
    const entries = [...new Set((await repo.findUnsettledRefunds(BATCH)).map((l) => l.entry_id))];
    for (const entryId of entries) {
      try {
        corrected += (await settleRefund(entryId)).length;
      } catch (err) {
        if (!isEinvoiceRefusal(err)) throw err;
        log?.warn({ err, entryId }, 'refund correction not issued; tried again next pass');
      }
    }
    return { corrected };
  }

  return { settleRefund, settleRefunds };
}
