import type { FailedReason, MarginWarning, stepTwoBody } from '@portal/contract/inventory-import';
import { LIMITS } from '@portal/contract/limits';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { startsLikeFormula } from '../../platform/csv.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { type PinCrypto, pinHint } from '../../platform/pin-crypto.ts';
import type { Storage, UploadedFile } from '../../platform/storage.ts';
import type { LedgerService } from '../credit/ledger.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { SuppliersService } from '../suppliers/suppliers.service.ts';
import type { ImportRepository, NewImportRow } from './import.repository.ts';
import { createImportApprovalService } from './import-approval.service.ts';
import { csvText, fileRefusal, inspectCsv, nonEmptyLineCount, parseCsv } from './inventory.csv.ts';
import { VALIDATE_IMPORT_JOB } from './inventory.job-defs.ts';
import { maskedPin, toFailedRow, toImportView } from './inventory.mapper.ts';

/** Uploaded CSVs hold PINs: encrypted at rest and gone after a week if never approved or cancelled. */
const UPLOAD_TTL_MS = 7 * 24 * 3_600_000;
const PIN_CHARS = /^[A-Za-z0-9-]+$/;

export type ImportKind = 'product' | 'pool';

export interface InventoryImportDeps {
  db: Db;
  repo: ImportRepository;
  products: ProductsService;
  suppliers: SuppliersService;
  storage: Storage;
  pinCrypto: PinCrypto;
  jobs: Jobs;
  clock: Clock;
  /** Posts the approval's `stock_import` entry in the approval's transaction (decision 0136). */
  ledger: Pick<LedgerService, 'postEntry'>;
  /** The assignments module's reading of the plans a cost breaks (DOMAIN.md: approving warns). */
  findPlansBrokenByCost: (
    tx: Tx,
    q: { ownerCustomerId: number; configurationId: number; cost: string },
  ) => Promise<MarginWarning[]>;
  /**
   * After an approval committed: the alerts module's low-stock scan, now rather than within the minute, so the
   * notices of stock the import refilled resolve at once (issue 40).
   */
  onStockAdded?: () => Promise<void>;
}

/**
 * The three-step PIN import (spec section 4), shared by product stock and calling-card pools:
 * 1 upload (stored through the storage interface), 2 mapping → a pg-boss job parses and checks every
 * row, 3 approve (one transaction) or cancel. Step 2 and approval lock the import row, so a retried
 * job, a second worker or a double click can neither double nor half-apply an import.
 */
export function createInventoryImportService(deps: InventoryImportDeps) {
  const { db, repo, products, suppliers, storage, pinCrypto, jobs, clock } = deps;

  async function getOwnImport(actor: Actor, importId: number, kind: ImportKind) {
    const found = await repo.findImport(importId);
    if (!found || found.import.ownerCustomerId !== actor.customerId || found.import.kind !== kind)
      throw notFound('Import');
    return found;
  }

  async function upload(actor: Actor, kind: ImportKind, file: UploadedFile | null, delimiter: string) {
    if (!file)
      throw validationError([{ field: 'csv_file', rule: 'required', message: 'csv_file: a file is required' }]);
    const info = inspectCsv(file.filename, file.data, delimiter);
    const created = await db.transaction(async (tx) => {
      const stored = await storage.put(
        {
          purpose: 'inventory_import',
          ownerCustomerId: actor.customerId,
          name: file.filename,
          contentType: 'text/csv',
          data: file.data,
          encrypt: true,
          expiresAt: new Date(clock.now().getTime() + UPLOAD_TTL_MS),
        },
        tx,
      );
      return repo.insertImport(
        {
          ownerCustomerId: actor.customerId,
          kind,
          fileId: stored.id,
          fileName: file.filename.slice(0, 200),
          delimiter,
          lineCount: info.lineCount,
          columnCount: info.columnCount,
          detectedHeader: info.detectedHeader,
          createdBy: actor.userId,
        },
        tx,
      );
    });
    const view = toImportView((await repo.findImport(created.id))!);
    // The preview lets the operator map columns; every cell below a detected header is masked like a PIN.
    const preview = info.preview.map((r, i) =>
      i === 0 && info.detectedHeader ? r.cells : r.cells.map((c) => maskedPin(pinHint(c), c.length)),
    );
    return { ...view, preview };
  }

  async function mapImport(actor: Actor, kind: ImportKind, body: z.output<typeof stepTwoBody>, poolProductId?: number) {
    const imp = await getOwnImport(actor, body.import_id, kind);
    const config = await products.getOwnConfiguration(actor, body.configuration_id);
    if (poolProductId !== undefined && config.productId !== poolProductId) throw notFound('Configuration');
    const supplier = await suppliers.getOwnSupplier(actor, body.supplier_id);
    if (!supplier.status)
      throw new AppError('conflict', 'The supplier is inactive', {
        errors: [{ field: 'supplier_id', rule: 'inactive', message: 'supplier_id: the supplier is inactive' }],
      });
    const columns = [body.pin_sequence, body.batch_sequence, body.serial_sequence].filter((c) => c !== undefined);
    if (new Set(columns).size !== columns.length)
      throw validationError([
        {
          field: 'pin_sequence',
          rule: 'distinct',
          message: 'pin_sequence: PIN, batch and serial need different columns',
        },
      ]);
    for (const [field, col] of [
      ['pin_sequence', body.pin_sequence],
      ['batch_sequence', body.batch_sequence],
      ['serial_sequence', body.serial_sequence],
    ] as const) {
      if (col !== undefined && col > imp.import.columnCount)
        throw validationError([
          { field, rule: 'range', message: `${field}: the file has ${imp.import.columnCount} column(s)` },
        ]);
    }
    await db.transaction(async (tx) => {
      const locked = await repo.lockImport(imp.import.id, tx);
      if (!locked) throw notFound('Import');
      if (!['uploaded', 'validated'].includes(locked.status))
        throw new AppError('conflict', `The import is ${locked.status}; it cannot be mapped again`);
      const file = locked.fileId ? await storage.get(locked.fileId, tx) : null;
      if (!file) throw new AppError('conflict', 'The uploaded file has expired; upload it again');
      const dataRows = nonEmptyLineCount(csvText(locked.fileName, file.data)) - (body.has_header ? 1 : 0);
      if (dataRows > LIMITS.maxPinsPerImport)
        throw fileRefusal(
          'import_too_many_pins',
          'too_many_rows',
          `at most ${LIMITS.maxPinsPerImport} PINs per import (the file has ${dataRows})`,
          { max: LIMITS.maxPinsPerImport, rows: dataRows },
        );
      if (dataRows < 1) throw fileRefusal('import_file_empty', 'empty', 'no data rows below the header');
      await repo.updateImport(
        locked.id,
        {
          status: 'validating',
          configurationId: config.id,
          pinSequence: body.pin_sequence,
          batchSequence: body.batch_sequence ?? null,
          serialSequence: body.serial_sequence ?? null,
          hasHeader: body.has_header,
          importBatch: body.import_batch ?? null,
          supplierId: supplier.id,
          buyingDiscount: body.buying_discount,
          totalRows: null,
          validRows: null,
          failedRows: null,
        },
        tx,
      );
    });
    await jobs.send(VALIDATE_IMPORT_JOB, { importId: imp.import.id });
    return toImportView((await repo.findImport(imp.import.id))!);
  }

  /**
   * Step 2, the job: parses and checks every row in one transaction with the import row locked. A
   * crash rolls it back whole; the retried (or re-sent) job starts again from the stored file.
   */
  async function validateImport(importId: number) {
    await db.transaction(async (tx) => {
      const imp = await repo.lockImport(importId, tx);
      if (imp?.status !== 'validating') return;
      const config = await products.findConfiguration(imp.configurationId!, tx);
      const file = imp.fileId ? await storage.get(imp.fileId, tx) : null;
      if (!config || !file) {
        // Nothing left to check against: back to step 2, where the operator sees why.
        await repo.updateImport(imp.id, { status: 'uploaded' }, tx);
        return;
      }
      const rows = parseCsv(csvText(imp.fileName, file.data), imp.delimiter);
      const dataRows = imp.hasHeader ? rows.slice(1) : rows;
      const defaultLot = imp.importBatch ?? `IMPORT-${imp.id}`;
      const seen = new Set<string>();
      const staged: NewImportRow[] = dataRows.slice(0, LIMITS.maxPinsPerImport).map((r) => {
        const pin = (r.cells[imp.pinSequence! - 1] ?? '').trim();
        const lotCell = imp.batchSequence ? (r.cells[imp.batchSequence - 1] ?? '').trim() : '';
        const serialCell = imp.serialSequence ? (r.cells[imp.serialSequence - 1] ?? '').trim() : '';
        const base = {
          importId: imp.id,
          rowNo: r.line,
          pinHint: pinHint(pin),
          pinLength: Math.min(pin.length, 999),
          lot: (lotCell || defaultLot).slice(0, 100),
          serial: serialCell ? serialCell.slice(0, 100) : null,
        };
        const reason = rowProblem(pin, config.pinLength);
        if (reason) return { ...base, ok: false, reason };
        // Under every key of the ring (the active one first): stock not yet re-indexed by a rotation is met too.
        const [index, ...others] = pinCrypto.indexes(pin);
        if (index === undefined) throw new Error('the PIN index key ring is empty');
        if (seen.has(index)) return { ...base, ok: false, reason: 'duplicate_in_file' };
        seen.add(index);
        const pinIndexOthers = others.length > 0 ? others : null;
        return { ...base, ok: true, pinIndex: index, pinIndexOthers, pinCiphertext: pinCrypto.encrypt(pin) };
      });
      // Staged first, then checked against stored stock in one statement: a crash anywhere here rolls back both.
      await repo.replaceImportRows(imp.id, staged, tx);
      await repo.markStockDuplicates(imp.id, config.productId, tx);
      const { total, valid } = await repo.countImportRows(imp.id, tx);
      await repo.updateImport(
        imp.id,
        {
          status: 'validated',
          totalRows: total,
          validRows: valid,
          failedRows: total - valid,
          validatedAt: clock.now(),
        },
        tx,
      );
    });
  }

  const approval = createImportApprovalService({ ...deps, getOwnImport });

  async function findFailedRows(actor: Actor, kind: ImportKind, importId: number, pageNo: number, limit: number) {
    const imp = await getOwnImport(actor, importId, kind);
    const { items, total } = await repo.findFailedRows(imp.import.id, limit, (pageNo - 1) * limit);
    return { import: toImportView(imp), items: items.map(toFailedRow), total };
  }

  async function findImports(actor: Actor, kind: ImportKind, statuses: string[], pageNo: number, limit: number) {
    const { items, total } = await repo.findImportPage({
      ownerCustomerId: actor.customerId,
      kind,
      statuses,
      limit,
      offset: (pageNo - 1) * limit,
    });
    return { items: items.map(toImportView), total };
  }

  async function getImport(actor: Actor, kind: ImportKind, importId: number) {
    return toImportView(await getOwnImport(actor, importId, kind));
  }

  async function previousDiscount(actor: Actor, supplierId: number, configurationId?: number) {
    await suppliers.getOwnSupplier(actor, supplierId);
    if (configurationId) await products.getOwnConfiguration(actor, configurationId);
    const row =
      (configurationId ? await repo.findPreviousDiscount(supplierId, configurationId) : undefined) ??
      (await repo.findPreviousDiscount(supplierId));
    return {
      supplier_id: supplierId,
      configuration_id: configurationId ?? null,
      buying_discount: row?.buyingDiscount ?? null,
      used_at: row?.decidedAt?.toISOString() ?? null,
    };
  }

  /** At start: imports whose step 2 a dead worker left unfinished get their job again. */
  async function resumeImports() {
    for (const importId of await repo.findValidatingImportIds()) {
      await jobs.send(VALIDATE_IMPORT_JOB, { importId });
    }
  }

  return {
    upload,
    mapImport,
    validateImport,
    findFailedRows,
    decideImport: approval.decideImport,
    findImports,
    getImport,
    previousDiscount,
    resumeImports,
  };
}
export type InventoryImportService = ReturnType<typeof createInventoryImportService>;

/** The row checks of the issue, in order; null when the PIN may go to stock (duplicates are checked after). */
export function rowProblem(pin: string, pinLength: number): FailedReason | null {
  if (pin === '') return 'missing';
  if (startsLikeFormula(pin)) return 'formula_prefix';
  if (!PIN_CHARS.test(pin)) return 'invalid_characters';
  if (pin.length !== pinLength) return 'wrong_length';
  return null;
}
