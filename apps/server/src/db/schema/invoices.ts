import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './storage.ts';

/**
 * An issuer's last number in one series (issue 35): `RE` invoices, `RK` corrections, `RS` the monthly overviews
 * of corrections (no invoice series: they are not tax documents). Its row lock serialises issuing, so numbers are
 * gap-free per issuer and series (a sequence would leave gaps on rollback, which German invoicing does not allow;
 * decision 0090). Rows are locked in ascending (issuer, series) order wherever more than one is taken.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    issuerCustomerId: integer('issuer_customer_id').notNull(),
    series: text().notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issuerCustomerId, t.series] }),
    check('invoice_counters_series_chk', sql`${t.series} in ('RE', 'RK', 'RS')`),
  ],
);

/**
 * An issued invoice (DOMAIN.md "Invoices"): the recipient's purchases of one Berlin calendar month at
 * its buying price; or (`kind`, decision 0091) a credit note, the refund of one reclamation's PINs at the
 * recipient's buying price, its period the Berlin day of the reclaimed sale; or a reclamation invoice, the
 * month's credit notes to the recipient summed up per product. Issuer and recipient data are frozen at
 * issue; append-only (GoBD, invariant 5).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issuerCustomerId: integer('issuer_customer_id').notNull(),
    recipientCustomerId: integer('recipient_customer_id').notNull(),
    /**
     * The number's series (`RE`, `RK`, `RS`): the prefix of `invoice_no`, derived by the database so documents issued
     * before the series existed have theirs without rewriting an append-only row. Each series is gap-free on its own.
     */
    series: text().notNull().generatedAlwaysAs(sql`split_part(invoice_no, '-', 1)`),
    number: integer().notNull(),
    invoiceNo: text('invoice_no').notNull(),
    /** Berlin calendar days, both included. */
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuer: jsonb().notNull(),
    recipient: jsonb().notNull(),
    netTotal: numeric('net_total', { precision: 19, scale: 4 }).notNull(),
    vatTotal: numeric('vat_total', { precision: 19, scale: 4 }).notNull(),
    grossTotal: numeric('gross_total', { precision: 19, scale: 4 }).notNull(),
    /** Per VAT treatment and rate: gross, VAT extracted once from it, net. */
    vatBreakdown: jsonb('vat_breakdown').notNull(),
    createdBy: integer('created_by'),
    kind: text().notNull().default('invoice'),
    /** A credit note's reclamation. */
    reclamationId: bigint('reclamation_id', { mode: 'number' }),
    /**
     * A correction of a late refund (decision 0096, issue 35): the refund's journal entry (a cancelled hardware order,
     * a reversed top-up) that came after the corrected invoice was issued.
     */
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }),
    /** The invoice a late refund's correction corrects (BT-25, BT-26). */
    correctsInvoiceId: bigint('corrects_invoice_id', { mode: 'number' }),
    /** A correction that reverses its invoice in full: titled "Stornorechnung" instead of "Rechnungskorrektur". */
    cancelsInvoice: boolean('cancels_invoice').notNull().default(false),
    /**
     * Which part of the recipient's month an invoice is (`invoice-parts.ts`, decision 0092): `not_taxable` (O only),
     * `taxable`, or `all` (documents of one piece: months issued before the split, monthly overviews, corrections).
     */
    part: text().notNull().default('all'),
  },
  (t) => [
    uniqueIndex('invoices_issuer_series_number_uq').on(t.issuerCustomerId, t.series, t.number),
    // Generating the same period twice finds these rows (one per part) instead of issuing a second invoice (or
    // reclamation overview); credit notes are one per reclamation or refund instead.
    uniqueIndex('invoices_recipient_period_uq')
      .on(t.issuerCustomerId, t.recipientCustomerId, t.periodStart, t.kind, t.part)
      .where(sql`${t.kind} <> 'credit_note'`),
    // A reclamation credits each party once: the shop from its reseller, the reseller from the platform.
    uniqueIndex('invoices_reclamation_issuer_uq')
      .on(t.reclamationId, t.issuerCustomerId)
      .where(sql`${t.reclamationId} is not null`),
    check('invoices_kind_chk', sql`${t.kind} in ('invoice', 'credit_note', 'reclamation')`),
    // One correction per refund entry and issuer: a retried correction job never issues two (decision 0096).
    uniqueIndex('invoices_refund_entry_issuer_uq')
      .on(t.refundEntryId, t.issuerCustomerId)
      .where(sql`${t.refundEntryId} is not null`),
    // A credit note corrects either a reclamation or a late refund, never both.
    check(
      'invoices_credit_note_chk',
      sql`(${t.kind} = 'credit_note') = ((${t.reclamationId} is not null) <> (${t.refundEntryId} is not null))`,
    ),
    check('invoices_refund_corrects_chk', sql`(${t.refundEntryId} is null) = (${t.correctsInvoiceId} is null)`),
    // The header's search finds a document by its number, one per issuer (issue 39).
    index('invoices_invoice_no_idx').on(t.invoiceNo),
    check('invoices_part_chk', sql`${t.part} in ('all', 'not_taxable', 'taxable')`),
    index('invoices_issuer_issued_idx').on(t.issuerCustomerId, t.id.desc()),
    index('invoices_recipient_issued_idx').on(t.recipientCustomerId, t.id.desc()),
    check('invoices_period_chk', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);

/** One product and denomination of an invoice at one unit price. Append-only like its invoice. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    productId: integer('product_id').notNull(),
    configurationId: integer('configuration_id').notNull(),
    productName: text('product_name').notNull(),
    faceValue: numeric('face_value', { precision: 19, scale: 4 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 19, scale: 4 }).notNull(),
    quantity: integer().notNull(),
    grossAmount: numeric('gross_amount', { precision: 19, scale: 4 }).notNull(),
    vatTreatment: text('vat_treatment').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    /**
     * What was bought (decision 0096): PINs from stock (`voucher`), a hardware order (`hardware`, configuration 0,
     * face value = unit price) or a provider sale (`topup`, configuration 0, face value = its euro retail value).
     */
    lineKind: text('line_kind').notNull().default('voucher'),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    // 'carrier': a bus fare passed through in the carrier's name (decision 0132), no VAT of the issuer's.
    check('invoice_lines_vat_chk', sql`${t.vatTreatment} in ('mpv', 'spv', 'carrier')`),
    check('invoice_lines_kind_chk', sql`${t.lineKind} in ('voucher', 'hardware', 'topup')`),
  ],
);

/**
 * An invoice run (`/api/generate_invoices_with_customer_ids/` or the monthly schedule): the recipients
 * and period asked for, worked off by a job that can stop anywhere and start again, since each
 * recipient's invoice is issued at most once.
 */
export const invoiceRuns = pgTable(
  'invoice_runs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issuerCustomerId: integer('issuer_customer_id').notNull(),
    recipientIds: integer('recipient_ids').array().notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    status: text().notNull().default('pending'),
    /** What the run issues: invoices, or reclamation invoices. */
    kind: text().notNull().default('invoice'),
    done: integer().notNull().default(0),
    refusal: text(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('invoice_runs_issuer_idx').on(t.issuerCustomerId, t.id.desc()),
    check('invoice_runs_status_chk', sql`${t.status} in ('pending', 'running', 'done', 'refused')`),
    check('invoice_runs_kind_chk', sql`${t.kind} in ('invoice', 'reclamation')`),
  ],
);

/**
 * Whether an issued document was mailed to its recipient (decision 0092): the row is claimed in the same
 * transaction that queues the outbox message, so a retried or concurrent mail job finds it and queues nothing
 * twice. Documents issued before mailing existed are marked `predates_mailing` by the migration.
 */
export const invoiceMails = pgTable(
  'invoice_mails',
  {
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .primaryKey()
      .references(() => invoices.id),
    status: text().notNull(),
    outboxMessageId: integer('outbox_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // `pdf_only` stays for documents mailed before issue 35; since then every document is an e-invoice.
    // `failed`: the mail could not be queued after its attempts; the issuer got a notice.
    check(
      'invoice_mails_status_chk',
      sql`${t.status} in ('queued', 'pdf_only', 'no_address', 'predates_mailing', 'failed')`,
    ),
  ],
);

/**
 * The files of an issued document exactly as they were issued (decision 0092, issue 35): the A4 PDF, the
 * XRechnung XML and the ZUGFeRD PDF, built and checked inside the issuing transaction and never changed
 * (append-only like the document), so every download and the mail serve the bytes the recipient got.
 */
export const invoiceFiles = pgTable('invoice_files', {
  invoiceId: bigint('invoice_id', { mode: 'number' })
    .primaryKey()
    .references(() => invoices.id),
  pdf: bytea('pdf').notNull(),
  /** Null for the monthly overview of corrections (`RS`), which is no invoice and has no e-invoice (issue 35). */
  xrechnung: bytea('xrechnung'),
  zugferd: bytea('zugferd'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A recipient's month that could not be issued because its e-invoice could not be built or broke a checked
 * rule: nothing was issued and no number used. The issuer's invoice screen shows the reason; a later run issues
 * the month once the data are fixed and deletes the row.
 */
export const invoiceHolds = pgTable(
  'invoice_holds',
  {
    issuerCustomerId: integer('issuer_customer_id').notNull(),
    recipientCustomerId: integer('recipient_customer_id').notNull(),
    periodStart: date('period_start').notNull(),
    kind: text().notNull(),
    code: text().notNull(),
    params: jsonb().$type<Record<string, string>>().notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuerCustomerId, t.recipientCustomerId, t.periodStart, t.kind] })],
);

/**
 * A mail job's failed attempts at a document: bounded (decision 0092), so a lasting failure ends in a `failed`
 * mail and a notice instead of a retry every minute for ever.
 */
export const invoiceMailAttempts = pgTable('invoice_mail_attempts', {
  invoiceId: bigint('invoice_id', { mode: 'number' })
    .primaryKey()
    .references(() => invoices.id),
  attempts: integer().notNull(),
  lastError: text('last_error').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
});

/**
 * A refund settled as "left out" (decision 0096, issue 35): the refunded sale's invoice was not issued when the
 * refund was seen, so that invoice leaves the sale out and no correction is made. Written under the issuer's RE
 * counter lock, by the invoice that leaves it out or by the correction job, so for every refund and issuer exactly
 * one of "left out" and "a correction" happens.
 */
export const invoiceLeftOutRefunds = pgTable(
  'invoice_left_out_refunds',
  {
    refundEntryId: bigint('refund_entry_id', { mode: 'number' }).notNull(),
    issuerCustomerId: integer('issuer_customer_id').notNull(),
    recipientCustomerId: integer('recipient_customer_id').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.refundEntryId, t.issuerCustomerId] })],
);
