import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { createInvoiceCorrections } from './invoice-corrections.service.ts';
import { assertRecipientInGermany } from './invoice-country.ts';
import { buildIssuedFiles, isEinvoiceRefusal } from './invoice-files.ts';
import { type InvoicePart, splitByPart } from './invoice-parts.ts';
import { createInvoiceReads, reportWithReference } from './invoice-reads.service.ts';
import { createInvoiceRuns, taxIdMissing } from './invoice-runs.service.ts';
import { MAIL_INVOICE_JOB } from './invoices.job-defs.ts';
import { documentColumnsOf, lineRowOf } from './invoices.mapper.ts';
import type {
  InvoicesRepository,
  IssuedKind,
  PartyRecord,
  Period,
  PurchaseLineRecord,
  Series,
} from './invoices.repository.ts';

/**
 * What issuing a recipient's month found or made: every document of the month (one per part), the first of them,
 * and those this call issued (to be mailed). Held: nothing issued, the reason kept for the issuer's screen.
 */
export type Issued = {
  invoiceId: number | null;
  invoiceIds: number[];
  createdIds: number[];
  created: boolean;
  held?: boolean;
};

/**
 * Gap-free per issuer and series (issue 35, decision 0090): `RE` invoices, `RK` corrections (credit notes of
 * reclamations and of late refunds). The series and number identify the document.
 */
const numberOf = (series: Series, n: number) => `${series}-${String(n).padStart(6, '0')}`;
/** `RS`: the month's corrections listed (a Monatsübersicht, no invoice; decision 0091), numbered on their own. */
const SERIES: Record<IssuedKind, Series> = { invoice: 'RE', reclamation: 'RS' };

/** What a credit note refunds: PINs of one product and denomination at the price the recipient paid. */
export interface CreditNoteLine {
  productId: number;
  configurationId: number;
  faceValue: string;
  unitPrice: string;
  quantity: number;
  /**
   * A provider sale's line (a soft pin, issue 37): no product of ours carries its VAT setting, so the line takes
   * the sale's own name and VAT treatment (the provider's in force at the sale, decision 0132) and is a `topup`
   * line as on the invoice that listed it (decision 0096).
   */
  providerSale?: { productName: string; vatTreatment: 'mpv' | 'spv' | 'carrier'; vatRate: string };
  /** When the PINs were sold: a stock line keeps the product's VAT treatment in force then (decision 0132). */
  soldAt: Date;
}

/**
 * Invoices: issuing one recipient's month at most once with the issuer's next number, runs that
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
  /**
   * Inside the issuing transaction: the document read back as stored, its files built and checked (a refusal
   * rolls the transaction back, so no number is used) and kept write-once (decision 0092).
   */
  async function freezeFiles(invoiceId: number, issuer: PartyRecord, tx: Tx) {
    const report = await reportWithReference(repo, (await repo.getInvoice(invoiceId, tx))!, tx);
    const files = await buildIssuedFiles(report, {
      contact_name: issuer.contact_name,
      phone: issuer.phone,
      email: issuer.email ?? issuer.contact_email,
    });
    await repo.insertFiles(invoiceId, files, clock.now(), tx);
  }

  async function issueInvoice(
    issuerId: number,
    recipientId: number,
    period: Period,
    createdBy: number | null,
    kind: IssuedKind = 'invoice',
  ): Promise<Issued> {
    let result: Issued;
    try {
      result = await issueInTransaction(issuerId, recipientId, period, createdBy, kind);
    } catch (err) {
      if (!isEinvoiceRefusal(err)) throw err;
      // Held: nothing issued; the issuer's screen shows why, and a later run issues it once the data are fixed.
      const params = Object.fromEntries(Object.entries(err.details?.params ?? {}).map(([k, v]) => [k, String(v)]));
      await repo.hold(
        {
          issuerCustomerId: issuerId,
          recipientCustomerId: recipientId,
          periodStart: period.start,
          kind,
          code: err.code,
          params,
        },
        clock.now(),
      );
      return { invoiceId: null, invoiceIds: [], createdIds: [], created: false, held: true };
    }
    // After commit: a lost job only delays the mail (the sweep finds the document), never the invoice.
    for (const invoiceId of result.createdIds) {
      await jobs.send(MAIL_INVOICE_JOB, { invoiceId }, { singletonKey: `invoice-mail-${invoiceId}` });
    }
    return result;
  }

  function issueInTransaction(
    issuerId: number,
    recipientId: number,
    period: Period,
    createdBy: number | null,
    kind: IssuedKind,
  ) {
    return db.transaction(async (tx): Promise<Issued> => {
      const last = await repo.lockCounter(issuerId, SERIES[kind], tx);
      const existing = await repo.findIssuedParts(issuerId, recipientId, period.start, tx, kind);
      const found = (createdIds: number[]): Issued => {
        const invoiceIds = [...existing.map((e) => e.id), ...createdIds].sort((a, b) => a - b);
        return { invoiceId: invoiceIds[0] ?? null, invoiceIds, createdIds, created: createdIds.length > 0 };
      };
      // A month issued in one piece before the split stays as it was issued.
      if (existing.some((e) => e.part === 'all')) return found([]);
      const issuer = await repo.findParty(issuerId, tx);
      const recipient = await repo.findParty(recipientId, tx);
      if (!issuer || !recipient || recipient.parent_id !== issuerId) throw notFound('Customer');
      if (!issuer.vat_id && !issuer.tax_number) throw taxIdMissing();
      // Refunds seen so far leave their sales out; a later one is on the invoice and gets its correction.
      if (kind === 'invoice') await repo.leaveOutRefunds(issuerId, recipientId, period, clock.now(), tx);
      const lines =
        kind === 'invoice'
          ? await repo.findPurchaseLines(recipientId, period, tx)
          : await repo.findCreditNoteLines(recipientId, period, tx);
      if (lines.length === 0) return found([]);
      assertRecipientInGermany(recipient);
      // Invoices in parts (not taxable, taxable; decision 0092), each part once: a rerun issues only what is
      // missing. The reclamation summary stays one piece.
      const parts = kind === 'invoice' ? splitByPart(lines) : [{ part: 'all' as const, lines }];
      let number = last;
      const createdIds: number[] = [];
      for (const { part, lines: partLines } of parts) {
        if (existing.some((e) => e.part === part)) continue;
        number += 1;
        createdIds.push(await issuePart(tx, { issuer, recipient, kind, part, number, period, createdBy }, partLines));
      }
      if (createdIds.length === 0) return found([]);
      await repo.setCounter(issuerId, SERIES[kind], number, tx);
      await repo.releaseHold(issuerId, recipientId, period.start, kind, tx);
      return found(createdIds);
    });
  }

  /** One document of a recipient's month under the number given, its files built and kept in the same transaction. */
  async function issuePart(
    tx: Tx,
    d: {
      issuer: PartyRecord;
      recipient: PartyRecord;
      kind: IssuedKind;
      part: InvoicePart;
      number: number;
      period: Period;
      createdBy: number | null;
    },
    lines: PurchaseLineRecord[],
  ) {
    const { issuer, recipient, kind, number, period, createdBy } = d;
    const invoiceId = await repo.insertInvoice(
      {
        kind,
        part: d.part,
        issuerCustomerId: issuer.id,
        recipientCustomerId: recipient.id,
        number,
        invoiceNo: numberOf(SERIES[kind], number),
        periodStart: period.start,
        periodEnd: period.end,
        issuedAt: clock.now(),
        ...documentColumnsOf(issuer, recipient, lines),
        createdBy,
      },
      lines.map(lineRowOf),
      tx,
    );
    await freezeFiles(invoiceId, issuer, tx);
    return invoiceId;
  }

  /**
   * A reclamation's credit note from `issuerId` to `recipientId`, inside the caller's transaction (which also
   * posts the refund): the next number of the issuer's series under its counter lock, the lines at the price
   * paid with the product's VAT treatment at the sale's time, the parties frozen like an invoice's. The unique
   * (reclamation, issuer) index refuses a second note for the same reclamation and party.
   */
  async function issueCreditNote(
    tx: Tx,
    note: { issuerId: number; recipientId: number; reclamationId: number; day: string; createdBy: number },
    items: CreditNoteLine[],
  ): Promise<number> {
    const last = await repo.lockCounter(note.issuerId, 'RK', tx);
    const issuer = await repo.findParty(note.issuerId, tx);
    const recipient = await repo.findParty(note.recipientId, tx);
    if (!issuer || !recipient) throw notFound('Customer');
    if (!issuer.vat_id && !issuer.tax_number) throw taxIdMissing();
    assertRecipientInGermany(recipient);
    const lines = [];
    for (const i of items) {
      const p = i.providerSale
        ? {
            product_name: i.providerSale.productName,
            vat_treatment: i.providerSale.vatTreatment,
            vat_rate: i.providerSale.vatRate,
          }
        : (await repo.findVatOf(i.productId, i.soldAt, tx))!;
      lines.push({
        line_kind: i.providerSale ? ('topup' as const) : ('voucher' as const),
        product_id: i.productId,
        configuration_id: i.configurationId,
        product_name: p.product_name,
        face_value: i.faceValue,
        unit_price: i.unitPrice,
        quantity: i.quantity,
        gross_amount: new Decimal(i.unitPrice).times(i.quantity).toFixed(4),
        vat_treatment: p.vat_treatment,
        vat_rate: p.vat_rate,
      });
    }
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
        ...documentColumnsOf(issuer, recipient, lines),
        createdBy: note.createdBy,
      },
      lines.map(lineRowOf),
      tx,
    );
    await repo.setCounter(note.issuerId, 'RK', number, tx);
    // A credit note whose e-invoice cannot be made refuses the refund's transaction with the reason.
    await freezeFiles(id, issuer, tx);
    return id;
  }

  const corrections = createInvoiceCorrections({ db, repo, jobs, clock, freezeFiles, numberOf });

  return {
    issueInvoice,
    issueCreditNote,
    ...corrections,
    findCreditNotesOf: repo.findCreditNotesOf,
    ...createInvoiceRuns({ repo, jobs, clock, issueInvoice }),
    ...createInvoiceReads({ repo }),
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
