import { expect } from 'vitest';
import { germanCsvFindings } from './csv-checks.fixtures.ts';
import { zipEntries } from './zip.fixtures.ts';

export { csvCells, FORMULA, GERMAN_NUMBER } from './csv-checks.fixtures.ts';

/**
 * The check every localised CSV export passes (issue 40): a UTF-8 BOM, parsed at `;` with RFC 4180 quotes, no text
 * cell starting like a formula, and every cell of the named number columns empty or a number with a decimal
 * comma (`germanCsvFindings`, which the browser tests use on downloaded files). Answers the header and the rows for
 * the caller's own checks.
 */
export function expectGermanCsv(file: Buffer, numberHeaders: readonly string[]) {
  const { header, rows, problems } = germanCsvFindings(file, numberHeaders);
  expect(problems).toEqual([]);
  return { header, rows };
}

/** An XLSX's first sheet as XML, checked to hold no formula cell. */
export function xlsxSheet(file: Buffer): string {
  const sheet = zipEntries(file).get('xl/worksheets/sheet1.xml') ?? '';
  expect(sheet).toContain('<sheetData');
  expect(sheet).not.toMatch(/<f[ >]/);
  return sheet;
}
