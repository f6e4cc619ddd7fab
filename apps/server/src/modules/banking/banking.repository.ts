import type { BankRecordsQuery } from '@portal/contract/banking';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/connect.ts';
import { bankImports, bankRecords } from '../../db/schema/banking.ts';
import { ledgerLines } from '../../db/schema/credit.ts';
import { customers, users } from '../../db/schema/customers.ts';
import { visibleCustomers } from '../../db/scopes.ts';
import { likePattern, pageWindow } from '../../db/sql.ts';
import type { Viewer } from '../../platform/actor.ts';
import { createBankMappingsQueries } from './bank-mappings.queries.ts';
import type { StatementLine } from './statement-parser.ts';

export type BankRecordInsert = StatementLine & { customerId: number | null; status: 'new' | 'skipped' };

/** The earlier line a possible duplicate matched, and the import it came with. */
const dup = alias(bankRecords, 'dup');
const dupImport = alias(bankImports, 'dup_import');
/** The booked credit a return debit reverses. */
const rev = alias(bankRecords, 'rev');

const recordColumns = {
  id: bankRecords.id,
  importId: bankRecords.importId,
  position: bankRecords.position,
  accountIban: bankRecords.accountIban,
  bookingDate: bankRecords.bookingDate,
  valueDate: bankRecords.valueDate,
  amount: bankRecords.amount,
  currency: bankRecords.currency,
  direction: bankRecords.direction,
  payerName: bankRecords.payerName,
  payerIban: bankRecords.payerIban,
  purpose: bankRecords.purpose,
  reference: bankRecords.reference,
  customerId: bankRecords.customerId,
  customerName: customers.name,
  status: bankRecords.status,
  skipReason: bankRecords.skipReason,
  errorCode: bankRecords.errorCode,
  entryId: bankRecords.entryId,
  bookedAt: bankRecords.bookedAt,
  deletedAt: bankRecords.deletedAt,
  duplicateConfirmedAt: bankRecords.duplicateConfirmedAt,
  endToEndId: bankRecords.endToEndId,
  returnCode: bankRecords.returnCode,
  invoiceNumber: bankRecords.invoiceNumber,
  dupId: dup.id,
  dupImportId: dup.importId,
  dupFilename: dupImport.filename,
  dupBookingDate: dup.bookingDate,
  dupAmount: dup.amount,
  dupPayerName: dup.payerName,
  dupStatus: dup.status,
  dupEntryId: dup.entryId,
  reversalOfId: bankRecords.reversalOfId,
  revBookingDate: rev.bookingDate,
  revAmount: rev.amount,
  revEntryId: rev.entryId,
};

/** The select of lines with their customer's name and the earlier line a possible duplicate matched. */
function selectRecords(tx: Tx) {
  return tx
    .select(recordColumns)
    .from(bankRecords)
    .leftJoin(customers, eq(customers.id, bankRecords.customerId))
    .leftJoin(dup, eq(dup.id, bankRecords.duplicateOfId))
    .leftJoin(dupImport, eq(dupImport.id, dup.importId))
    .leftJoin(rev, eq(rev.id, bankRecords.reversalOfId));
}

/** A line that may be booked: a credit, or a return debit of a booked credit; mapped, not deleted, not booked. */
const bookable = and(
  eq(bankRecords.status, 'new'),
  or(eq(bankRecords.direction, 'credit'), isNotNull(bankRecords.reversalOfId)),
  isNotNull(bankRecords.customerId),
  isNull(bankRecords.deletedAt),
);

export function createBankingRepository(db: Db) {
  const importSummary = (where: SQL) =>
    db
      .select({
        id: bankImports.id,
        filename: bankImports.filename,
        format: bankImports.format,
        status: bankImports.status,
        lineCount: bankImports.lineCount,
        newLines: bankImports.newLines,
        createdAt: bankImports.createdAt,
        // Written out: in a one-table select drizzle leaves columns unqualified, which a subquery would misread.
        toBook: sql<number>`(select count(*)::int from bank_records br where br.import_id = bank_imports.id
          and br.status = 'new' and (br.direction = 'credit' or br.reversal_of_id is not null)
          and br.customer_id is not null and br.deleted_at is null)`,
        booked: sql<number>`(select count(*)::int from bank_records br where br.import_id = bank_imports.id
          and br.status = 'booked')`,
        failed: sql<number>`(select count(*)::int from bank_records br where br.import_id = bank_imports.id
          and br.status = 'failed' and br.deleted_at is null)`,
        duplicates: sql<number>`(select count(*)::int from bank_records br where br.import_id = bank_imports.id
          and br.status = 'duplicate' and br.deleted_at is null)`,
        fileSha256: bankImports.fileSha256,
        statementRef: bankImports.statementRef,
        sequenceNumber: bankImports.sequenceNumber,
        expectedSequence: bankImports.expectedSequence,
        gapConfirmedAt: bankImports.gapConfirmedAt,
        confirmedAt: bankImports.confirmedAt,
      })
      .from(bankImports)
      .where(where);

  return {
    ...createBankMappingsQueries(db),
    /** One of the user's own customers (for staff: assigned to them), or undefined. */
    async findVisibleCustomer(viewer: Viewer, customerId: number, tx: Tx = db) {
      const rows = await tx
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(and(eq(customers.id, customerId), visibleCustomers(viewer)));
      return rows[0];
    },

    /**
     * Serialises the imports of one owner: identity and possible duplicates are decided against every line
     * stored before, which a concurrent import of an overlapping file would otherwise not see yet.
     */
    async lockOwner(ownerCustomerId: number, tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bank_import'), ${ownerCustomerId})`);
    },

    /** The highest sequence number of the owner's earlier statements of this account. */
    async lastSequence(ownerCustomerId: number, accountIban: string, tx: Tx) {
      const [row] = await tx
        .select({ n: sql<number | null>`max(${bankImports.sequenceNumber})` })
        .from(bankImports)
        .where(and(eq(bankImports.ownerCustomerId, ownerCustomerId), eq(bankImports.accountIban, accountIban)));
      return row?.n ?? null;
    },

    async insertImport(
      v: {
        ownerCustomerId: number;
        uploadedBy: number;
        filename: string;
        format: string;
        lineCount: number;
        at: Date;
        fileId: string;
        fileSha256: string;
        statementRef: string | null;
        accountIban: string | null;
        sequenceNumber: number | null;
        expectedSequence: number | null;
      },
      tx: Tx,
    ) {
      const [row] = await tx
        .insert(bankImports)
        .values({ ...v, newLines: 0, createdAt: v.at })
        .returning({ id: bankImports.id });
      return row!.id; // insert … returning answers the row it inserted
    },

    /** Inserts the lines not seen before (by their identity) and answers those it inserted. */
    async insertNewRecords(importId: number, ownerCustomerId: number, lines: BankRecordInsert[], tx: Tx) {
      if (lines.length === 0) return [];
      const inserted = await tx
        .insert(bankRecords)
        .values(
          lines.map((l) => ({
            importId,
            ownerCustomerId,
            lineKey: l.lineKey,
            position: l.position,
            accountIban: l.accountIban,
            bookingDate: l.bookingDate,
            valueDate: l.valueDate,
            amount: l.amount,
            currency: l.currency,
            direction: l.direction,
            payerName: l.payerName,
            payerIban: l.payerIban,
            purpose: l.purpose,
            reference: l.reference,
            customerId: l.customerId,
            status: l.status,
            skipReason: l.skipReason,
            looseKey: l.looseKey,
            endToEndId: l.endToEndId,
            returnCode: l.returnCode,
            invoiceNumber: l.invoiceNumber,
          })),
        )
        .onConflictDoNothing({ target: [bankRecords.ownerCustomerId, bankRecords.lineKey] })
        .returning({ id: bankRecords.id, lineKey: bankRecords.lineKey });
      return inserted;
    },

    /**
     * Lines a read that was never confirmed (step 1 only) left behind belong to the newest read of them: the
     * abandoned read loses them, so they are not "already imported" by a statement nobody imported.
     */
    async adoptUnconfirmed(importId: number, ownerCustomerId: number, lines: BankRecordInsert[], tx: Tx) {
      if (lines.length === 0) return [];
      const adopted = await tx
        .update(bankRecords)
        .set({ importId, position: sql`v.position` })
        .from(
          sql`unnest(array[${sql.join(
            lines.map((l) => sql`${l.lineKey}`),
            sql`, `,
          )}]::text[], array[${sql.join(
            lines.map((l) => sql`${l.position}`),
            sql`, `,
          )}]::int[]) as v(line_key, position)`,
        )
        .where(
          and(
            eq(bankRecords.ownerCustomerId, ownerCustomerId),
            sql`${bankRecords.lineKey} = v.line_key`,
            ne(bankRecords.importId, importId),
            sql`${bankRecords.importId} in (select id from bank_imports where owner_customer_id = ${ownerCustomerId}
              and confirmed_at is null)`,
          ),
        )
        .returning({ id: bankRecords.id, lineKey: bankRecords.lineKey });
      return adopted;
    },

    async setNewLines(importId: number, newLines: number, tx: Tx) {
      await tx.update(bankImports).set({ newLines }).where(eq(bankImports.id, importId));
    },

    /** Earlier credit lines of the owner with these loose identities, from other imports. */
    findLooseCandidates(ownerCustomerId: number, importId: number, looseKeys: string[], tx: Tx) {
      if (looseKeys.length === 0) return Promise.resolve([]);
      return tx
        .select({
          id: bankRecords.id,
          looseKey: bankRecords.looseKey,
          lineKey: bankRecords.lineKey,
          reference: bankRecords.reference,
          format: bankImports.format,
        })
        .from(bankRecords)
        .innerJoin(bankImports, eq(bankImports.id, bankRecords.importId))
        .where(
          and(
            eq(bankRecords.ownerCustomerId, ownerCustomerId),
            inArray(bankRecords.looseKey, looseKeys),
            ne(bankRecords.importId, importId),
            eq(bankRecords.direction, 'credit'),
            isNull(bankRecords.deletedAt),
            ne(bankRecords.status, 'skipped'),
          ),
        )
        .orderBy(asc(bankRecords.id));
    },

    /**
     * Booked credits of the owner a return debit may reverse: by the end-to-end id the return carries, else (a
     * return code without it) by payer IBAN and amount, the latest first; none already reversed by another line.
     */
    async findReturnedCredit(
      ownerCustomerId: number,
      l: { endToEndId: string | null; payerIban: string | null; amount: string },
      tx: Tx,
    ) {
      const match = l.endToEndId
        ? eq(bankRecords.endToEndId, l.endToEndId)
        : l.payerIban
          ? and(eq(bankRecords.payerIban, l.payerIban), eq(bankRecords.amount, l.amount))
          : sql`false`;
      const rows = await tx
        .select({ id: bankRecords.id, customerId: bankRecords.customerId })
        .from(bankRecords)
        .where(
          and(
            eq(bankRecords.ownerCustomerId, ownerCustomerId),
            eq(bankRecords.direction, 'credit'),
            eq(bankRecords.status, 'booked'),
            match,
            sql`not exists (select 1 from bank_records r where r.reversal_of_id = ${bankRecords.id}
              and r.deleted_at is null)`,
          ),
        )
        .orderBy(desc(bankRecords.bookingDate), desc(bankRecords.id))
        .limit(1);
      return rows[0];
    },

    async markReversal(id: number, reversalOfId: number, customerId: number | null, tx: Tx) {
      await tx
        .update(bankRecords)
        .set({ status: 'new', skipReason: null, reversalOfId, customerId })
        .where(eq(bankRecords.id, id));
    },

    /** The ledger lines of the payment a reversal undoes. */
    findEntryLines(entryId: number, tx: Tx) {
      return tx
        .select({ customerId: ledgerLines.customerId, account: ledgerLines.account, amount: ledgerLines.amount })
        .from(ledgerLines)
        .where(eq(ledgerLines.entryId, entryId));
    },

    async findRecordEntry(id: number, tx: Tx) {
      const rows = await tx
        .select({ entryId: bankRecords.entryId, bookingDate: bankRecords.bookingDate })
        .from(bankRecords)
        .where(eq(bankRecords.id, id));
      return rows[0];
    },

    async markDuplicate(id: number, duplicateOfId: number, tx: Tx) {
      await tx.update(bankRecords).set({ status: 'duplicate', duplicateOfId }).where(eq(bankRecords.id, id));
    },

    /** Step 2 reached: the import's lines count as imported. */
    async confirmImport(importId: number, at: Date, tx: Tx = db) {
      await tx
        .update(bankImports)
        .set({ confirmedAt: at })
        .where(and(eq(bankImports.id, importId), isNull(bankImports.confirmedAt)));
    },

    async confirmGap(importId: number, userId: number, at: Date) {
      await db
        .update(bankImports)
        .set({ gapConfirmedAt: at, gapConfirmedBy: userId })
        .where(eq(bankImports.id, importId));
    },

    findRecordsByKeys(ownerCustomerId: number, keys: string[], tx: Tx = db) {
      if (keys.length === 0) return Promise.resolve([]);
      return selectRecords(tx)
        .where(and(eq(bankRecords.ownerCustomerId, ownerCustomerId), inArray(bankRecords.lineKey, keys)))
        .orderBy(asc(bankRecords.importId), asc(bankRecords.position));
    },

    findImportRecords(importId: number, tx: Tx = db) {
      return selectRecords(tx).where(eq(bankRecords.importId, importId)).orderBy(asc(bankRecords.position));
    },

    async findImport(ownerCustomerId: number, importId: number) {
      const rows = await importSummary(
        and(eq(bankImports.id, importId), eq(bankImports.ownerCustomerId, ownerCustomerId)) as SQL,
      );
      return rows[0];
    },

    async lockRecord(ownerCustomerId: number, id: number, tx: Tx) {
      const rows = await tx
        .select({
          id: bankRecords.id,
          importId: bankRecords.importId,
          status: bankRecords.status,
          direction: bankRecords.direction,
          amount: bankRecords.amount,
          customerId: bankRecords.customerId,
          deletedAt: bankRecords.deletedAt,
          payerName: bankRecords.payerName,
          bookingDate: bankRecords.bookingDate,
          purpose: bankRecords.purpose,
          duplicateOfId: bankRecords.duplicateOfId,
          invoiceNumber: bankRecords.invoiceNumber,
          reversalOfId: bankRecords.reversalOfId,
          returnCode: bankRecords.returnCode,
        })
        .from(bankRecords)
        .where(and(eq(bankRecords.id, id), eq(bankRecords.ownerCustomerId, ownerCustomerId)))
        .for('update');
      return rows[0];
    },

    async updateRecord(
      id: number,
      v: Partial<{
        customerId: number;
        status: string;
        errorCode: string | null;
        entryId: number;
        bookedAt: Date;
        deletedAt: Date | null;
        deletedBy: number | null;
        duplicateConfirmedBy: number;
        duplicateConfirmedAt: Date;
      }>,
      tx: Tx,
    ) {
      await tx.update(bankRecords).set(v).where(eq(bankRecords.id, id));
    },

    async findRecord(id: number, tx: Tx = db) {
      const rows = await selectRecords(tx).where(eq(bankRecords.id, id));
      return rows[0];
    },

    /** The import's lines the booking user may book: mapped credit lines to customers it sees. */
    async findBookableIds(importId: number, booker: Viewer) {
      const rows = await db
        .select({ id: bankRecords.id })
        .from(bankRecords)
        .innerJoin(customers, eq(customers.id, bankRecords.customerId))
        .where(and(eq(bankRecords.importId, importId), bookable, visibleCustomers(booker)))
        .orderBy(asc(bankRecords.position));
      return rows.map((r) => r.id);
    },

    async countBookable(importId: number, booker: Viewer) {
      const [row] = await db
        .select({ n: count() })
        .from(bankRecords)
        .innerJoin(customers, eq(customers.id, bankRecords.customerId))
        .where(and(eq(bankRecords.importId, importId), bookable, visibleCustomers(booker)));
      return row!.n; // count() answers one row
    },

    /** Marks the import as booking for this user; false when another booking of it is still running. */
    async startBooking(ownerCustomerId: number, importId: number, userId: number) {
      const rows = await db
        .update(bankImports)
        .set({ status: 'booking', bookingUserId: userId })
        .where(
          and(
            eq(bankImports.id, importId),
            eq(bankImports.ownerCustomerId, ownerCustomerId),
            sql`${bankImports.status} <> 'booking'`,
          ),
        )
        .returning({ id: bankImports.id });
      return rows.length === 1;
    },

    async finishBooking(importId: number, at: Date) {
      await db.update(bankImports).set({ status: 'booked', bookedAt: at }).where(eq(bankImports.id, importId));
    },

    async findBooking(importId: number) {
      const rows = await db
        .select({
          id: bankImports.id,
          status: bankImports.status,
          ownerCustomerId: bankImports.ownerCustomerId,
          customerId: users.customerId,
          userId: users.id,
          account_role: users.accountRole,
          internal_role: users.internalRole,
        })
        .from(bankImports)
        .innerJoin(users, eq(users.id, bankImports.bookingUserId))
        .where(eq(bankImports.id, importId));
      return rows[0];
    },

    async findBookingImportIds() {
      const rows = await db.select({ id: bankImports.id }).from(bankImports).where(eq(bankImports.status, 'booking'));
      return rows.map((r) => r.id);
    },

    async findRecordsPage(ownerCustomerId: number, q: BankRecordsQuery & { limit: number }) {
      const where = and(
        eq(bankRecords.ownerCustomerId, ownerCustomerId),
        // A statement only read (step 1) is not imported yet: its lines show once step 2 confirmed it.
        q.import_id === undefined
          ? sql`${bankRecords.importId} in (select id from bank_imports where owner_customer_id = ${ownerCustomerId}
              and confirmed_at is not null)`
          : undefined,
        q.deleted === 1 ? isNotNull(bankRecords.deletedAt) : isNull(bankRecords.deletedAt),
        q.import_id === undefined ? undefined : eq(bankRecords.importId, q.import_id),
        q.status === undefined ? undefined : eq(bankRecords.status, q.status),
        q.search
          ? or(
              ilike(bankRecords.payerName, likePattern(q.search)),
              ilike(bankRecords.purpose, likePattern(q.search)),
              ilike(bankRecords.payerIban, likePattern(q.search.replace(/\s/g, ''))),
            )
          : undefined,
      );
      const { limit, offset } = pageWindow({ page: q.page, limit: q.limit });
      const [items, [total]] = await Promise.all([
        selectRecords(db)
          .where(where)
          .orderBy(desc(bankRecords.bookingDate), desc(bankRecords.importId), asc(bankRecords.position))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(bankRecords).where(where),
      ]);
      return { items, total: total!.n }; // count() answers one row
    },
  };
}
export type BankingRepository = ReturnType<typeof createBankingRepository>;
export type BankRecordRow = Awaited<ReturnType<BankingRepository['findImportRecords']>>[number];
export type BankImportRow = NonNullable<Awaited<ReturnType<BankingRepository['findImport']>>>;
export type MappingRow = Awaited<ReturnType<BankingRepository['findMappingsPage']>>['items'][number];
