import { describe, expect, it } from 'vitest';
import { escapeFormula } from './csv.ts';

describe('formula escaping of values shown on screen (lots, serials, file names)', () => {
  it('escapes values a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+49', '-5+1', '-A1', '@SUM(A1)', '\tx', '\rx']) expect(escapeFormula(v)).toBe(`'${v}`);
    expect(escapeFormula('1234')).toBe('1234');
    // A negative amount is a number to a spreadsheet, not a formula: it stays one.
    expect(escapeFormula('-14.85')).toBe('-14.85');
    expect(escapeFormula('A=B')).toBe('A=B');
  });
});
