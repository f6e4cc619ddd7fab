import type { DecidedImportView, MarginWarning, stepThreeBody } from '@portal/contract/inventory-import';
import { priceAfterDiscount } from '@portal/contract/pricing';
import { Decimal } from 'decimal.js';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ImportRow } from './import.repository.ts';
import { toImportView } from './inventory.mapper.ts';
import type { ImportKind, InventoryImportDeps } from './inventory-import.service.ts';

/** Step 3 of the PIN import: approval into stock or cancel, with the margin warnings of the new cost. */
export function createImportApprovalService(
  deps: Pick<
    InventoryImportDeps,
    'db' | 'repo' | 'products' | 'storage' | 'clock' | 'ledger' | 'findPlansBrokenByCost' | 'onStockAdded'
  > & {
    getOwnImport: (actor: Actor, importId: number, kind: ImportKind) => Promise<{ import: ImportRow }>;
  },
) {
  const { db, repo, products, storage, clock, ledger, getOwnImport } = deps;

  /**
   * Step 3: approve the good rows into stock in one transaction, or cancel (the spec's cancel flag). An
   * approval answers the plans whose price the new cost per PIN undercuts: a warning, not a refusal.
   */
  async function decideImport(
    actor: Actor,
    kind: ImportKind,
    body: z.output<typeof stepThreeBody>,
  ): Promise<DecidedImportView> {
    const found = await getOwnImport(actor, body.import_id, kind);
    const warnings = await db.transaction(async (tx): Promise<MarginWarning[]> => {
      const imp = await repo.lockImport(found.import.id, tx);
      if (!imp) throw notFound('Import');
      if (imp.status === 'approved') throw new AppError('conflict', 'The import is already approved');
      if (imp.status === 'cancelled') throw new AppError('conflict', 'The import is cancelled');
      if (body.cancel) {
        await repo.deleteImportRows(imp.id, false, tx);
        await repo.updateImport(
          imp.id,
          { status: 'cancelled', fileId: null, approvedBy: actor.userId, decidedAt: clock.now() },
          tx,
        );
        if (imp.fileId) await storage.delete(imp.fileId, tx);
        return [];
      }
      if (imp.status !== 'validated')
        throw new AppError('conflict', 'The import is not checked yet; wait for step 2 to finish');
      const config = await products.findConfiguration(imp.configurationId!, tx);
      if (!config) throw notFound('Configuration');
      const buyingDiscount = new Decimal(imp.buyingDiscount ?? '0');
      // Cost C = F × (1 − supplier buying discount), half-up to the cent (DOMAIN.md); the approve step shows the same.
      const cost = priceAfterDiscount(config.value, buyingDiscount);
      // Stock may have changed since step 2, and under another key during a rotation, which the unique blind
      // index below cannot see (decision 0148): checked again under every key.
      await repo.markStockDuplicates(imp.id, config.productId, tx);
      const skipped = await repo.insertPinsFromImport(
        {
          id: imp.id,
          ownerCustomerId: imp.ownerCustomerId,
          productId: config.productId,
          configurationId: config.id,
          supplierId: imp.supplierId!,
        },
        { buyingDiscount: buyingDiscount.toFixed(4), cost: cost.toFixed(4), published: body.publish },
        tx,
      );
      await repo.markRowsDuplicate(imp.id, skipped, tx);
      if (body.publish) await repo.publishImport(imp.id, tx);
      await repo.deleteImportRows(imp.id, true, tx);
      const imported = await repo.countImportPins(imp.id, tx);
      // The books (decision 0136): the PINs' cost C × n enters the owner's inventory against what it owes the
      // supplier, in this transaction; a sale later moves each PIN's C from inventory to cost of sales.
      const stockCost = cost.times(imported);
      const entry = stockCost.isZero()
        ? null
        : await ledger.postEntry(tx, {
            kind: 'stock_import',
            customerId: imp.ownerCustomerId,
            actorCustomerId: actor.customerId,
            createdBy: actor.userId,
            reference: `inventory_import:${imp.id}`,
            memo: `${config.value} × ${imported}`,
            lines: [
              { customerId: imp.ownerCustomerId, account: 'inventory', amount: stockCost },
              { customerId: imp.ownerCustomerId, account: 'supplier_payables', amount: stockCost.negated() },
            ],
          });
      await repo.updateImport(
        imp.id,
        {
          status: 'approved',
          importedPins: imported,
          validRows: imported,
          failedRows: (imp.totalRows ?? 0) - imported,
          published: body.publish,
          fileId: null,
          approvedBy: actor.userId,
          decidedAt: clock.now(),
          entryId: entry?.entryId ?? null,
        },
        tx,
      );
      if (imp.fileId) await storage.delete(imp.fileId, tx);
      if (imported === 0) return [];
      return deps.findPlansBrokenByCost(tx, {
        ownerCustomerId: imp.ownerCustomerId,
        configurationId: config.id,
        cost: cost.toFixed(2),
      });
    });
    if (!body.cancel) await askLowStockScan();
    return { ...toImportView((await repo.findImport(found.import.id))!), margin_warnings: warnings };
  }

  /** The approval is committed whatever this does: a scan not asked for now runs within the minute anyway. */
  async function askLowStockScan() {
    try {
      await deps.onStockAdded?.();
    } catch {
      // The minute's scan resolves the notices instead.
    }
  }

  return { decideImport };
}
export type ImportApprovalService = ReturnType<typeof createImportApprovalService>;

/** The message of step 3's answer: the approval happened, and says so when its cost breaks plans. */
export function decidedMessage(cancel: boolean, decided: DecidedImportView): string {
  if (cancel) return 'Import cancelled';
  const broken = decided.margin_warnings.length;
  return broken === 0 ? 'Import approved' : `Import approved; its cost is above the price of ${broken} assignment(s)`;
}
