import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

describe('CSV files', () => {
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
