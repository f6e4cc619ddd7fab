import type {
  BankRecordsQuery,
  BankStepOneResult,
  BankStepTwoBody,
  BankStepTwoResult,
  UpdateBankRecordBody,
} from '@portal/contract/banking';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/storage.ts';
import { nameKey } from './bank-mappings.queries.ts';
import { bankImportOf, bankRecordOf, mappingOf } from './banking.mapper.ts';
import type { BankingRepository } from './banking.repository.ts';
import { parseStatement } from './statement-parser.ts';

/**
 * `/banking-upload`, `/banking-list`, `/banking-customers`, `/banking-deleted`: statements read and shown
 * before anything is booked, payers mapped to customers once and remembered, lines deleted and restored.
 * A reseller's statements are its own; its staff map only to the customers assigned to them.
 */
export function createBankStatementsService(deps: { db: Db; repo: BankingRepository; clock: Clock }) {
  const { db, repo, clock } = deps;

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
    const importId = await db.transaction(async (tx) => {
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
        },
        tx,
      );
      const lines = statement.lines.map((l) => {
        const customerId =
          l.direction === 'credit'
            ? ((l.payerIban ? mappings.get(`iban:${l.payerIban}`) : undefined) ??
              mappings.get(`name:${nameKey(l.payerName)}`) ??
              null)
            : null;
        return { ...l, customerId, status: l.direction === 'credit' ? ('new' as const) : ('skipped' as const) };
      });
      await repo.insertNewRecords(id, actor.customerId, lines, tx);
      return id;
    });
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

  /** Step 2: each payer mapped to a customer, remembered for later statements, applied to open lines. */
  async function mapPayers(actor: Actor, body: BankStepTwoBody): Promise<BankStepTwoResult> {
    await getImport(actor, body.import_id);
    for (const m of body.mappings) await visibleCustomer(actor, m.customer_id);
    await db.transaction(async (tx) => {
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
        if (r.direction !== 'credit') {
          throw new AppError('validation_failed', 'customer_id: only incoming payments can be booked', {
            errors: [
              {
                field: 'customer_id',
                rule: 'credit_only',
                message: 'customer_id: only incoming payments can be booked',
              },
            ],
          });
        }
        await repo.updateRecord(r.id, { customerId: body.customer_id, status: 'new', errorCode: null }, tx);
      } else if (body.action === 'delete') {
        await repo.updateRecord(r.id, { deletedAt: clock.now(), deletedBy: actor.userId }, tx);
      } else {
        await repo.updateRecord(r.id, { deletedAt: null, deletedBy: null }, tx);
      }
    });
    const updated = await repo.findRecord(body.id);
    return bankRecordOf(updated);
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
