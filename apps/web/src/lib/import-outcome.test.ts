import type { ImportView } from '@portal/contract/inventory-import';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { de } from '../i18n/all/de.ts';
import { importOutcome, refusedRows } from './import-outcome.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'de', resources: { de: { translation: de } }, interpolation: { escapeValue: false } });
const t = i18n.t;

/** An import of 10 rows, 8 of them valid, in each state it can end in. */
const imp = (status: ImportView['status'], imported_pins: number | null = null) =>
  ({ status, total_rows: 10, valid_rows: 8, failed_rows: 2, imported_pins }) as ImportView;

describe('what came of an import (the list and the stepper say the same)', () => {
  it('a cancelled one says so and that no PIN was taken, not its checked rows as if they were stock', () => {
    const text = importOutcome(t, imp('cancelled'));
    expect(text).toContain('Import abgebrochen: 10 Zeilen geprüft, keine PIN in den Bestand übernommen');
    expect(text).not.toContain('8');
  });

  it('an approved one counts the PINs taken into stock, not the rows valid when checked', () => {
    expect(importOutcome(t, imp('approved', 7))).toContain('7');
    expect(importOutcome(t, imp('approved', 7))).not.toContain('8');
  });

  it('one still open counts its checked rows', () => {
    expect(importOutcome(t, imp('validated'))).toBe('10 Zeilen: 8 gültig, 2 abgelehnt');
  });

  it('a cancelled one counts no refused rows beside its 0 PINs; the others count theirs', () => {
    expect(refusedRows(imp('cancelled'))).toBeNull();
    expect(refusedRows(imp('approved', 7))).toBe(2);
    expect(refusedRows(imp('validated'))).toBe(2);
  });
});
