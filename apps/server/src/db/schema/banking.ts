import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money } from '../columns.ts';
import { customers, users } from './customers.ts';
import { storedFiles } from './storage.ts';

/** One uploaded bank statement (CSV of a German bank or CAMT.053) of a reseller, and its booking progress. */
export const bankImports = pgTable(
  'bank_imports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    filename: text().notNull(),
    /** `camt053` or the CSV layout it was read as. */
    format: text().notNull(),
    /** parsed → booking → booked; booking again after new mappings goes back to booking. */
    status: text().notNull().default('parsed'),
    lineCount: integer('line_count').notNull(),
    newLines: integer('new_lines').notNull(),
    /** Who asked for the booking: the job books only to customers this user may see. */
    bookingUserId: integer('booking_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** The file as uploaded, unchanged (decision 0127): what every line of this import was read from. */
    fileId: uuid('file_id').references(() => storedFiles.id),
    fileSha256: text('file_sha256'),
    /** CAMT: `Stmt/Id`, account and `Stmt/ElctrncSeqNb` of the (first) statement in the file. */
    statementRef: text('statement_ref'),
    accountIban: text('account_iban'),
    sequenceNumber: integer('sequence_number'),
    /** The sequence number the account's previous statement made expect, when this one skipped some. */
    expectedSequence: integer('expected_sequence'),
    /** Who booked despite the skipped sequence numbers, and when. */
    gapConfirmedBy: integer('gap_confirmed_by').references(() => users.id),
    gapConfirmedAt: timestamp('gap_confirmed_at', { withTimezone: true }),
    /** Step 2 was reached: the lines now count as imported and show in `/banking-list`. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('bank_imports_owner_idx').on(t.ownerCustomerId, t.createdAt)],
);

/**
 * One statement line. `lineKey` is its identity within the owner's statements (decision 0127: a digest of
 * account, booking date, amount, direction, payer and bank reference, and its place among identical lines
 * of its file), so a statement imported twice adds no line and books nothing twice. Lines are soft-deleted
 * and restorable.
 */
export const bankRecords = pgTable(
  'bank_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    importId: integer('import_id')
      .notNull()
      .references(() => bankImports.id),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    lineKey: text('line_key').notNull(),
    position: integer().notNull(),
    accountIban: text('account_iban'),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    /** Always positive; `direction` says whether money came in (credit) or went out (debit). */
    amount: money().notNull(),
    currency: text().notNull(),
    direction: text().notNull(),
    payerName: text('payer_name').notNull(),
    payerIban: text('payer_iban'),
    purpose: text().notNull(),
    reference: text(),
    customerId: integer('customer_id').references(() => customers.id),
    /**
     * new (bookable once mapped), skipped (`skipReason`: debit, currency, zero_amount), booked, failed (refused
     * by the ledger, `errorCode`), duplicate (matches an earlier line loosely: booked only once confirmed).
     */
    status: text().notNull(),
    skipReason: text('skip_reason'),
    /** Digest of account, booking date, amount, direction and payer: equal for one transfer in CSV and CAMT. */
    looseKey: text('loose_key').notNull().default(''),
    /** The earlier line this one possibly repeats, and who confirmed that it does not. */
    duplicateOfId: integer('duplicate_of_id').references((): AnyPgColumn => bankRecords.id),
    duplicateConfirmedBy: integer('duplicate_confirmed_by').references(() => users.id),
    duplicateConfirmedAt: timestamp('duplicate_confirmed_at', { withTimezone: true }),
    endToEndId: text('end_to_end_id'),
    /**
     * A debit that returns an earlier booked credit (same end-to-end id, or a return code and the same payer and
     * amount): booked as the reversal of that payment instead of being skipped.
     */
    reversalOfId: integer('reversal_of_id').references((): AnyPgColumn => bankRecords.id),
    returnCode: text('return_code'),
    /** An invoice number (RE-000123) the payer named in the purpose. */
    invoiceNumber: text('invoice_number'),
    errorCode: text('error_code'),
    entryId: bigint('entry_id', { mode: 'number' }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('bank_records_line_key_uq').on(t.ownerCustomerId, t.lineKey),
    index('bank_records_import_idx').on(t.importId, t.position),
    index('bank_records_owner_idx').on(t.ownerCustomerId, t.bookingDate),
    index('bank_records_loose_idx').on(t.ownerCustomerId, t.looseKey),
  ],
);

/** A payer (by IBAN, else by name) mapped to one of the reseller's customers, remembered for later statements. */
export const bankNameMappings = pgTable(
  'bank_name_mappings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ownerCustomerId: integer('owner_customer_id')
      .notNull()
      .references(() => customers.id),
    /** `iban:<IBAN>` or `name:<lower-case name>`. */
    matchKey: text('match_key').notNull(),
    payerName: text('payer_name').notNull(),
    payerIban: text('payer_iban'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_name_mappings_key_uq').on(t.ownerCustomerId, t.matchKey).where(sql`${t.deletedAt} is null`),
  ],
);
