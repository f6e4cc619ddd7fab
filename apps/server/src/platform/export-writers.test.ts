import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_DIALECTS, type ExportColumn, MACHINE_CSV, writeCsv } from './csv.ts';
import { exportFile } from './export-file.ts';
import { toXlsx } from './xlsx.ts';
import { zipEntries } from './zip.fixtures.ts';

/** What a spreadsheet would run as a formula at the start of a text cell. */
const FORMULA = /^[=+\-@\t\r]/;
const GERMAN_NUMBER = /^-?\d+(,\d+)?$/;

const columns: ExportColumn[] = [
  { key: 'shop', header: 'Shop', kind: 'text' },
  { key: 'memo', header: 'Bemerkung', kind: 'text' },
  { key: 'phone', header: 'Rufnummer', kind: 'text' },
  { key: 'amount', header: 'Betrag', kind: 'money' },
  { key: 'count', header: 'Menge', kind: 'integer' },
  { key: 'at', header: 'Datum', kind: 'datetime' },
];
const AMOUNTS = new Set(['Betrag', 'Menge']);
/** Rows a hostile shop could type, with amounts that do not divide evenly and a refund. */
const hostile = [
  {
    shop: 'Kiosk;=1+1',
    memo: '=HYPERLINK("http://x";"y")',
    phone: '+49 170 1234567',
    amount: '-14.85',
    count: 3,
    at: new Date('2026-11-28T22:55:00Z'),
  },
  { shop: '@SUM(A1)', memo: '-5', phone: '\t017012', amount: '1234.567', count: 1, at: '2026-03-29 02:30:00' },
  { shop: 'Späti, Nord', memo: 'Zeile 1\r\n=2+2', phone: '\rCR', amount: '0.1', count: 0, at: null },
  { shop: 'Kiosk,-3+3', memo: 'A "quoted" word', phone: '', amount: '333.33', count: 12, at: null },
];

/** Splits a CSV as a spreadsheet does: at the dialect's separator, honouring RFC 4180 quotes. */
const cellsOf = (file: Buffer, delimiter: string) =>
  parse(file.toString('utf8').replace(/^\uFEFF/, ''), { delimiter, relax_column_count: false }) as string[][];

describe('the German CSV', () => {
  const file = writeCsv(hostile, columns, CSV_DIALECTS.de);
  const [header = [], ...body] = cellsOf(file, ';');

  it('starts with a UTF-8 BOM, separates with ; and ends records with CRLF (RFC 4180)', () => {
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.toString('utf8')).toContain('\uFEFFShop;Bemerkung;Rufnummer;Betrag;Menge;Datum\r\n');
    expect(header).toEqual(columns.map((c) => c.header));
    expect(body).toHaveLength(hostile.length);
  });

  it('leaves no text cell starting like a formula, and every amount a number with a decimal comma', () => {
    for (const row of body) {
      row.forEach((cell, i) => {
        if (AMOUNTS.has(header[i] ?? '')) expect(cell).toMatch(GERMAN_NUMBER);
        else expect(cell).not.toMatch(FORMULA);
      });
    }
    expect(body.map((r) => r[3])).toEqual(['-14,85', '1234,567', '0,10', '333,33']);
  });

  it('keeps a cell holding ; or a line break whole, and writes Berlin times as a German Excel reads them', () => {
    expect(body[0]![0]).toBe('Kiosk;=1+1');
    expect(body[2]![1]).toBe('Zeile 1\r\n=2+2');
    expect(body[3]![1]).toBe('A "quoted" word');
    expect(body[0]![5]).toBe('28.11.2026 23:55:00');
    expect(body[1]![5]).toBe('29.03.2026 02:30:00');
  });

  it('splits into no extra cell at , either (a spreadsheet guessing the other separator)', () => {
    const text = file.toString('utf8');
    expect(text).toContain('"Kiosk,-3+3"');
    expect(text).toContain('"Späti, Nord"');
  });
});

describe('the English and the machine CSV', () => {
  it('English: , and dot decimals, BOM, ISO times, hostile text still guarded', () => {
    const file = writeCsv(hostile, columns, CSV_DIALECTS.en);
    const [, ...body] = cellsOf(file, ',');
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(body.map((r) => r[3])).toEqual(['-14.85', '1234.567', '0.10', '333.33']);
    expect(body[0]![5]).toBe('2026-11-28 23:55:00');
    for (const row of body) for (const c of [row[0], row[1], row[2]]) expect(c).not.toMatch(FORMULA);
    // Read at ; (a German spreadsheet), the hostile name still stays inside its quotes.
    expect(file.toString('utf8')).toContain('"Kiosk;=1+1"');
  });

  it('machine: no BOM, , and dot decimals', () => {
    const file = writeCsv(hostile.slice(0, 1), columns, MACHINE_CSV);
    expect(file.toString('utf8').startsWith('Shop,')).toBe(true);
    expect(cellsOf(file, ',')[1]![3]).toBe('-14.85');
  });

  it('French, Dutch and Turkish spreadsheets read ; and the decimal comma too', () => {
    for (const l of ['fr', 'nl', 'tr'] as const) {
      const [, row] = cellsOf(writeCsv(hostile.slice(0, 1), columns, CSV_DIALECTS[l]), ';');
      expect(row?.[3]).toBe('-14,85');
    }
  });
});

describe('the XLSX', () => {
  it('writes text as text cells without a visible quote, numbers as numbers, and no formula cell at all', async () => {
    const xml = zipEntries(await toXlsx('Kontobuch', columns, hostile)).get('xl/worksheets/sheet1.xml') ?? '';
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml).toContain('+49 170 1234567');
    expect(xml).not.toContain("'+49");
    expect(xml).not.toContain("'=HYPERLINK");
    // The refund is a number cell, not a string.
    expect(xml).toMatch(/<c r="D2"[^>]*><v>-14\.85<\/v><\/c>/);
    expect(xml).toMatch(/<c r="A2"[^>]*t="(inlineStr|str|s)"/);
  });

  it('the export building block gives the same rows as CSV or XLSX with their types and names', async () => {
    const csv = await exportFile({ format: 'csv', language: 'de', name: 'x', sheet: 's', columns, rows: hostile });
    expect(csv.name).toBe('x.csv');
    expect(csv.contentType).toContain('text/csv');
    expect(csv.data.toString('utf8')).toContain(';');
    const xlsx = await exportFile({ format: 'xlsx', language: 'en', name: 'x', sheet: 's', columns, rows: hostile });
    expect(xlsx.name).toBe('x.xlsx');
    expect(zipEntries(xlsx.data).has('xl/worksheets/sheet1.xml')).toBe(true);
  });
});
