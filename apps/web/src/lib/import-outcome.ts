import type { ImportView } from '@portal/contract/inventory-import';
import type { TFunction } from 'i18next';

/** The counts of an import that say what came of it: an import's own view, or a row of the import history. */
export type ImportCounts = Pick<ImportView, 'status' | 'total_rows' | 'imported_pins' | 'failed_rows'> &
  Partial<Pick<ImportView, 'valid_rows'>>;

/**
 * What came of an import, in the same words and counts on the list, in the stepper and in the inventory report:
 * the PINs taken into stock once approved, nothing once cancelled (its checked rows are deleted with the file), the
 * checked rows before.
 */
export function importOutcome(t: TFunction, imp: ImportCounts): string {
  if (imp.status === 'approved') return t('inventory.import.approved', { count: imp.imported_pins ?? 0 });
  if (imp.status === 'cancelled') return t('inventory.import.cancelledSummary', { total: imp.total_rows ?? 0 });
  return t('inventory.import.summary', {
    total: imp.total_rows ?? 0,
    valid: imp.valid_rows ?? 0,
    failed: imp.failed_rows ?? 0,
  });
}

/**
 * The refused rows a list may count beside the imported PINs: none for a cancelled import, whose checked rows were
 * deleted with its file and which took no PIN (its outcome says how many rows were checked).
 */
export function refusedRows(imp: ImportCounts): number | null {
  return imp.status === 'cancelled' ? null : (imp.failed_rows ?? 0);
}
