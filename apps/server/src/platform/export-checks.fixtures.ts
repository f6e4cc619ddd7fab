import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { zipEntries } from './zip.fixtures.ts';

/** What a spreadsheet would run as a formula at the start of a text cell (decision 0131). */
export const FORMULA = /^[=+\-@\t\r]/;
/** An amount or count as a German spreadsheet reads a number: decimal comma, no thousands separator, no `'`. */
export const GERMAN_NUMBER = /^-?\d+(,\d+)?$/;

/** Splits a CSV as a spreadsheet does: the BOM off, at the separator, honouring RFC 4180 quotes. */
export const csvCells = (file: Buffer, delimiter: ';' | ',') =>
  parse(file.toString('utf8').replace(/^\uFEFF/, ''), { delimiter }) as string[][];

/**
 * The check every localised CSV export passes (issue 40): a UTF-8 BOM, parsed at `;` with RFC 4180 quotes, no text
 * cell starting like a formula, and every cell of the named number columns empty or a number with a decimal
 * comma. Answers the header and the rows for the caller's own checks.
 */
export function expectGermanCsv(file: Buffer, numberHeaders: readonly string[]) {
  expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const [header, ...rows] = csvCells(file, ';');
  for (const h of numberHeaders) expect(header, `a column ${h}`).toContain(h);
  const numbers = new Set(numberHeaders.map((h) => header.indexOf(h)));
  for (const row of rows) {
    expect(row).toHaveLength(header.length);
    row.forEach((cell, i) => {
      if (numbers.has(i)) expect(cell, header[i]).toMatch(new RegExp(`^(${GERMAN_NUMBER.source.slice(1, -1)})?$`));
      else expect(cell, header[i]).not.toMatch(FORMULA);
    });
  }
  for (const h of header) expect(h).not.toMatch(FORMULA);
  return { header, rows };
}

/** An XLSX's first sheet as XML, checked to hold no formula cell. */
export function xlsxSheet(file: Buffer): string {
  const sheet = zipEntries(file).get('xl/worksheets/sheet1.xml') ?? '';
  expect(sheet).toContain('<sheetData');
  expect(sheet).not.toMatch(/<f[ >]/);
  return sheet;
}
