import { createHash } from 'node:crypto';
import type {
  BankRecordsQuery,
  BankStepOneResult,
  BankStepTwoBody,
  BankStepTwoResult,
  UpdateBankRecordBody,
} from '@portal/contract/banking';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Storage, UploadedFile } from '../../platform/storage.ts';
import { nameKey } from './bank-mappings.queries.ts';
import { bankImportOf, bankRecordOf, mappingOf } from './banking.mapper.ts';
import type { BankingRepository, BankRecordInsert } from './banking.repository.ts';
import { type ParsedStatement, parseStatement } from './statement-parser.ts';

/** The bank's family of formats: CAMT, or one bank's CSV layout. */
const family = (format: string) => (format === 'camt053' ? 'camt' : format);

/**
 * Which new credit lines possibly repeat an earlier line (decision 0127): same loose identity (account, date,
 * amount, direction, payer), from another import, and not itself the exact match of another line of this
 * file. Two lines of one format with different bank references are two transfers; across formats the
 * references differ by nature (a CSV's end-to-end id, a CAMT's `AcctSvcrRef`), so they do not tell.
 * Each earlier line is taken by one new line at most, in file order.
 */
export function possibleDuplicates(
  format: string,
  fileKeys: Set<string>,
  lines: (BankRecordInsert & { id: number })[],
  candidates: { id: number; looseKey: string; lineKey: string; reference: string | null; format: string }[],
): Map<number, number> {
  const taken = new Set<number>();
  const out = new Map<number, number>();
  for (const l of lines) {
    if (l.direction !== 'credit' || l.status !== 'new') continue;
    const match = candidates.find(
      (c) =>
        c.looseKey === l.looseKey &&
        !taken.has(c.id) &&
        !fileKeys.has(c.lineKey) &&
        !(family(c.format) === family(format) && c.reference !== null && l.reference !== null),
    );
    if (!match) continue;
    taken.add(match.id);
    out.set(l.id, match.id);
  }
  return out;
}

/** PostgreSQL's data exceptions (class 22: out of range, too long, bad encoding) a file's content can cause. */
const isDataError = (err: unknown): err is { code: string; column?: string } =>
  typeof (err as { code?: unknown })?.code === 'string' && (err as { code: string }).code.startsWith('22');

/**
 * `/banking-upload`, `/banking-list`, `/banking-customers`, `/banking-deleted`: statements read and shown
 * before anything is booked, payers mapped to customers once and remembered, lines deleted and restored.
 * A reseller's statements are its own; its staff map only to the customers assigned to them.
 */
export function createBankStatementsService(deps: {
  db: Db;
  repo: BankingRepository;
  clock: Clock;
  storage: Pick<Storage, 'put'>;
}) {
  const { db, repo, clock, storage } = deps;

  async function visibleCustomer(actor: Actor, customerId: number) {
    const c = await repo.findVisibleCustomer(actor, customerId);
    if (!c) throw notFound('Customer');
    return c;
  }

  async function getImport(actor: Actor, importId: number) {
    const row = await repo.findImport(actor.customerId, importId);
    if (!row) throw notFound('Bank import');
    return row;
  }

  /** Step 1: the file's lines stored once each; those seen in an earlier statement are answered apart. */
  async function uploadStatement(actor: Actor, file: UploadedFile | null): Promise<BankStepOneResult> {
    if (!file)
      throw new AppError('bank_file_unreadable', 'The bank statement cannot be read: empty', {
        params: { reason: 'empty' },
      });
    const statement = parseStatement(file.data);
    let importId: number;
    try {
      importId = await db.transaction((tx) => storeStatement(tx, actor, file, statement));
    } catch (err) {
      // Whatever the parser let through and the database still refuses is the file's fault, not the server's.
      if (!isDataError(err)) throw err;
      throw new AppError('bank_file_unreadable', 'The bank statement cannot be read: database', {
        params: { reason: 'database', field: err.column ?? '' },
      });
    }
    const records = (
      await repo.findRecordsByKeys(
        actor.customerId,
        statement.lines.map((l) => l.lineKey),
      )
    ).map(bankRecordOf);
    return {
      import: bankImportOf(await getImport(actor, importId)),
      bank_records: records.filter((r) => r.import_id === importId),
      already_imported: records.filter((r) => r.import_id !== importId),
    };
  }

  /** The file kept as uploaded, its lines stored once each, possible duplicates flagged; in one transaction. */
  async function storeStatement(tx: Tx, actor: Actor, file: UploadedFile, statement: ParsedStatement) {
    await repo.lockOwner(actor.customerId, tx);
    const stored = await storage.put(
      {
        purpose: 'bank_statement',
        ownerCustomerId: actor.customerId,
        name: file.filename.slice(0, 200),
        contentType: statement.format === 'camt053' ? 'application/xml' : 'text/csv',
        data: file.data,
      },
      tx,
    );
    const first = statement.statements[0];
    const last =
      first?.accountIban && first.sequenceNumber !== null
        ? await repo.lastSequence(actor.customerId, first.accountIban, tx)
        : null;
    // The bank numbers an account's statements without gaps: a number past the next one means some were skipped.
    const expected =
      first && last !== null && first.sequenceNumber !== null && first.sequenceNumber > last + 1 ? last + 1 : null;
    const mappings = new Map(
      (await repo.findActiveMappings(actor.customerId, tx)).map((m) => [m.matchKey, m.customerId]),
    );
    const id = await repo.insertImport(
      {
        ownerCustomerId: actor.customerId,
        uploadedBy: actor.userId,
        filename: file.filename.slice(0, 200),
        format: statement.format,
        lineCount: statement.lines.length,
        at: clock.now(),
        fileId: stored.id,
        fileSha256: createHash('sha256').update(file.data).digest('hex'),
        statementRef: first?.id ?? null,
        accountIban: first?.accountIban ?? statement.lines[0]?.accountIban ?? null,
        sequenceNumber: first?.sequenceNumber ?? null,
        expectedSequence: expected,
      },
      tx,
    );
    const lines: BankRecordInsert[] = statement.lines.map((l) => {
      const customerId =
        l.direction === 'credit' && l.skipReason === null
          ? ((l.payerIban ? mappings.get(`iban:${l.payerIban}`) : undefined) ??
            mappings.get(`name:${nameKey(l.payerName)}`) ??
            null)
          : null;
      return { ...l, customerId, status: l.skipReason === null ? ('new' as const) : ('skipped' as const) };
    });
    const inserted = await repo.insertNewRecords(id, actor.customerId, lines, tx);
    const adopted = await repo.adoptUnconfirmed(id, actor.customerId, lines, tx);
    await repo.setNewLines(id, inserted.length + adopted.length, tx);
    const byKey = new Map(lines.map((l) => [l.lineKey, l]));
    const fresh = inserted.map((r) => ({ ...(byKey.get(r.lineKey) as BankRecordInsert), id: r.id }));
    const candidates = await repo.findLooseCandidates(
      actor.customerId,
      id,
      [...new Set(fresh.map((l) => l.looseKey))],
      tx,
    );
    const flagged = possibleDuplicates(statement.format, new Set(byKey.keys()), fresh, candidates);
    for (const [lineId, earlierId] of flagged) await repo.markDuplicate(lineId, earlierId, tx);
    // A debit returning a booked credit is offered as its reversal, to the same customer, rather than skipped
    // while the customer keeps the money.
    for (const l of fresh) {
      if (l.direction !== 'debit' || l.skipReason !== 'debit' || (!l.endToEndId && !l.returnCode)) continue;
      const credit = await repo.findReturnedCredit(actor.customerId, l, tx);
      if (credit) await repo.markReversal(l.id, credit.id, credit.customerId, tx);
    }
    return id;
  }

  /** Step 2: each payer mapped to a customer, remembered for later statements, applied to open lines. */
  async function mapPayers(actor: Actor, body: BankStepTwoBody): Promise<BankStepTwoResult> {
    await getImport(actor, body.import_id);
    for (const m of body.mappings) await visibleCustomer(actor, m.customer_id);
    await db.transaction(async (tx) => {
      // Step 2 imports the statement: from now on its lines are in the list of bank records.
      await repo.confirmImport(body.import_id, clock.now(), tx);
      for (const m of body.mappings) {
        await repo.saveMapping(
          {
            ownerCustomerId: actor.customerId,
            payerName: m.payer_name,
            payerIban: m.payer_iban || null,
            customerId: m.customer_id,
            createdBy: actor.userId,
            at: clock.now(),
          },
          tx,
        );
      }
    });
    return {
      import: bankImportOf(await getImport(actor, body.import_id)),
      bank_records: (await repo.findImportRecords(body.import_id)).map(bankRecordOf),
    };
  }

  /** One line: mapped to a customer by hand, deleted or restored. A booked line is never changed. */
  async function updateRecord(actor: Actor, body: UpdateBankRecordBody) {
    if (body.action === 'assign') await visibleCustomer(actor, body.customer_id);
    await db.transaction(async (tx) => {
      const r = await repo.lockRecord(actor.customerId, body.id, tx);
      if (!r) throw notFound('Bank record');
      if (r.status === 'booked') {
        throw new AppError('bank_record_booked', 'This bank record is already booked', { params: { id: r.id } });
      }
      if (body.action === 'assign') {
        // Money out, another currency than the euro and lines of 0.00 are never booked.
        if (r.direction !== 'credit' || r.status === 'skipped') {
          throw new AppError('validation_failed', 'customer_id: only incoming payments in euros can be booked', {
            errors: [
              {
                field: 'customer_id',
                rule: 'credit_only',
                message: 'customer_id: only incoming payments in euros can be booked',
              },
            ],
          });
        }
        // A possible duplicate stays one until confirmed: mapping it books nothing.
        const status = r.status === 'duplicate' ? 'duplicate' : 'new';
        await repo.updateRecord(r.id, { customerId: body.customer_id, status, errorCode: null }, tx);
      } else if (body.action === 'confirm_duplicate') {
        // The user names the earlier line it was taken for: a confirmation given while looking at another
        // line (a stale screen) is refused.
        if (r.status !== 'duplicate' || r.duplicateOfId !== body.duplicate_of) {
          throw new AppError('bank_duplicate_mismatch', 'This line is not a possible duplicate of that line', {
            params: { id: r.id, duplicate_of: body.duplicate_of },
          });
        }
        await repo.updateRecord(
          r.id,
          { status: 'new', duplicateConfirmedBy: actor.userId, duplicateConfirmedAt: clock.now() },
          tx,
        );
      } else if (body.action === 'delete') {
        await repo.updateRecord(r.id, { deletedAt: clock.now(), deletedBy: actor.userId }, tx);
      } else {
        await repo.updateRecord(r.id, { deletedAt: null, deletedBy: null }, tx);
      }
    });
    const updated = await repo.findRecord(body.id);
    return bankRecordOf(updated!); // locked above, and a line is only ever marked deleted
  }

  async function findRecords(actor: Actor, q: BankRecordsQuery & { limit: number }) {
    const [{ items, total }, summary] = await Promise.all([
      repo.findRecordsPage(actor.customerId, q),
      q.import_id === undefined ? undefined : getImport(actor, q.import_id),
    ]);
    return { items: items.map(bankRecordOf), total, import: summary ? bankImportOf(summary) : null };
  }

  async function findMappings(actor: Actor, q: { page: number; limit: number; search?: string }) {
    const { items, total } = await repo.findMappingsPage(actor.customerId, q);
    return { items: items.map(mappingOf), total };
  }

  /** Forgets a mapping (staff: only one to a customer assigned to them); mapped lines keep their customer. */
  async function deleteMapping(actor: Actor, id: number) {
    const mapping = await repo.findMapping(actor.customerId, id);
    if (!mapping || !(await repo.findVisibleCustomer(actor, mapping.customerId))) throw notFound('Mapping');
    await repo.deleteMapping(id, clock.now());
    return { id };
  }

  return { uploadStatement, mapPayers, updateRecord, findRecords, findMappings, deleteMapping, getImport };
}
export type BankStatementsService = ReturnType<typeof createBankStatementsService>;
