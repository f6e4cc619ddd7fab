import { parse } from 'csv-parse/sync';

/*
 * The CSV checks of issue 40 without a test runner's `expect`: the unit tests (export-checks.fixtures.ts) and the
 * browser tests (a file downloaded from a screen) judge a file by the same rules.
 */

/** What a spreadsheet would run as a formula at the start of a text cell (decision 0131). */
export const FORMULA = /^[=+\-@\t\r]/;
/** An amount or count as a German spreadsheet reads a number: decimal comma, no thousands separator, no `'`. */
export const GERMAN_NUMBER = /^-?\d+(,\d+)?$/;
const GERMAN_NUMBER_OR_EMPTY = new RegExp(`^(${GERMAN_NUMBER.source.slice(1, -1)})?$`);

/** Splits a CSV as a spreadsheet does: the BOM off, at the separator, honouring RFC 4180 quotes. */
export const csvCells = (file: Buffer, delimiter: ';' | ',') =>
  parse(file.toString('utf8').replace(/^\uFEFF/, ''), { delimiter }) as string[][];

/**
 * A localised German CSV read as German Excel reads it: the header and rows, and what breaks the rules — no UTF-8
 * BOM, a named number column missing, a row of another width, a text cell (or header) starting like a formula, a
 * cell of a number column that is neither empty nor a number with a decimal comma. No problems: a good file.
 */
export function germanCsvFindings(
  file: Buffer,
  numberHeaders: readonly string[],
): { header: string[]; rows: string[][]; problems: string[] } {
  const problems: string[] = [];
  if (!file.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))) problems.push('no UTF-8 BOM');
  const [header = [], ...rows] = csvCells(file, ';');
  for (const h of numberHeaders) if (!header.includes(h)) problems.push(`no column ${h}`);
  for (const h of header) if (FORMULA.test(h)) problems.push(`header ${JSON.stringify(h)} starts like a formula`);
  const numbers = new Set(numberHeaders.map((h) => header.indexOf(h)));
  rows.forEach((row, r) => {
    if (row.length !== header.length) problems.push(`row ${r + 1}: ${row.length} cells, the header ${header.length}`);
    row.forEach((cell, i) => {
      if (numbers.has(i) && !GERMAN_NUMBER_OR_EMPTY.test(cell)) {
        problems.push(`row ${r + 1}, ${header[i]}: ${JSON.stringify(cell)} is not a German number`);
      } else if (!numbers.has(i) && FORMULA.test(cell)) {
        problems.push(`row ${r + 1}, ${header[i]}: ${JSON.stringify(cell)} starts like a formula`);
      }
    });
  });
  return { header, rows, problems };
}
