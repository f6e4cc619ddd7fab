import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { escapeFormula, toCsv } from './csv.ts';

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

describe('CSV files', () => {
  it('escapes values a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+49', '-5+1', '-A1', '@SUM(A1)', '\tx', '\rx']) expect(escapeFormula(v)).toBe(`'${v}`);
    expect(escapeFormula('1234')).toBe('1234');
    // A negative amount is a number to a spreadsheet, not a formula: it stays one.
    expect(escapeFormula('-14.85')).toBe('-14.85');
    expect(escapeFormula('A=B')).toBe('A=B');
  });

  const rows = [
    { shop: 'Kiosk;=1+1', memo: '=HYPERLINK("http://x")', amount: '-14.85', note: 'Späti, Nord' },
    { shop: '@SUM(A1)', memo: '+49 170 1234567', amount: '3.00', note: '\tTab' },
  ];
  const text = toCsv(rows, ['shop', 'memo', 'amount', 'note']).toString('utf8');
  const [header, ...body] = parse(text.replace(/^\uFEFF/, '')) as string[][];

  it('starts with a BOM and a header row', () => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(header).toEqual(['shop', 'memo', 'amount', 'note']);
  });

  it('leaves no text cell starting a formula, and every amount a number, a refund too', () => {
    const cells = body.flat();
    expect(cells.filter((c) => !NUMBER.test(c) && FORMULA.test(c))).toEqual([]);
    expect(body.map((r) => r[2])).toEqual(['-14.85', '3.00']);
  });

  it("quotes a cell holding ';', so a spreadsheet splitting at ';' keeps it one cell", () => {
    expect(text).toContain('"Kiosk;=1+1"');
    expect(body[0][0]).toBe('Kiosk;=1+1');
  });
});
