import type { ImportView } from '@portal/contract/inventory-import';
import type { TFunction } from 'i18next';

/**
 * What came of an import, in the same words and counts on the list and in the stepper: the PINs taken into
 * stock once approved, nothing once cancelled (its checked rows are deleted with the file), the checked rows before.
 */
export function importOutcome(t: TFunction, imp: ImportView): string {
  if (imp.status === 'approved') return t('catalogue.import.approved', { count: imp.imported_pins ?? 0 });
  if (imp.status === 'cancelled') return t('catalogue.import.cancelledSummary', { total: imp.total_rows ?? 0 });
  return t('catalogue.import.summary', {
    total: imp.total_rows ?? 0,
    valid: imp.valid_rows ?? 0,
    failed: imp.failed_rows ?? 0,
  });
}
