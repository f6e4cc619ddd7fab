import { describe, expect, it } from 'vitest';
import { detectHeader, inspectCsv, parseCsv } from './inventory.csv.ts';
import { rowProblem } from './inventory-import.service.ts';

describe('CSV reading', () => {
  it('keeps 1-based line numbers across blank lines and quoted fields', () => {
    const rows = parseCsv('a,b\n\n"x,1",2\r\n3,"4"\n', ',');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['x,1', '2'] },
      { line: 4, cells: ['3', '4'] },
    ]);
  });

  it('drops a UTF-8 BOM and counts columns', () => {
    const info = inspectCsv('x.csv', Buffer.from('\uFEFFPIN;Lot\n1234;L1\n', 'utf8'), ';');
    expect(info).toMatchObject({ lineCount: 2, columnCount: 2, detectedHeader: true });
    expect(info.preview[0]!.cells).toEqual(['PIN', 'Lot']);
  });

  it('detects a header only above a row with digits', () => {
    expect(detectHeader(parseCsv('pin\n1234\n', ','))).toBe(true);
    expect(detectHeader(parseCsv('1234\n5678\n', ','))).toBe(false);
    expect(detectHeader(parseCsv('pin\n', ','))).toBe(false);
  });
});

describe('row checks', () => {
  it.each([
    ['', 'missing'],
    ['=123456789', 'formula_prefix'],
    ['+123456789', 'formula_prefix'],
    ['-123456789', 'formula_prefix'],
    ['@123456789', 'formula_prefix'],
    ['1234_56789', 'invalid_characters'],
    ['12345 6789', 'invalid_characters'],
    ['12345678ä', 'invalid_characters'],
    ['123456789', 'wrong_length'],
    ['12345678901', 'wrong_length'],
    ['1234-ABC-9', null],
    ['1234567890', null],
  ])('%j → %s', (pin, reason) => {
    expect(rowProblem(pin, 10)).toBe(reason);
  });
});
