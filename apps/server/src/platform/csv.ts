import { stringify } from 'csv-stringify/sync';

/** Characters that make a spreadsheet read a cell as a formula (CSV injection), plus tab and CR. */
const FORMULA_PREFIX = /^[=+\-@\t\r]/;

export function startsLikeFormula(value: string): boolean {
  return FORMULA_PREFIX.test(value);
}

/** A decimal number written as text (money, a refund of -14.85): a spreadsheet reads it as the number it is. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Escapes a value for display or export: a leading formula character gets a quote in front, a number never. */
export function escapeFormula(value: string): string {
  return startsLikeFormula(value) && !DECIMAL.test(value) ? `'${value}` : value;
}

/**
 * Every CSV the portal writes: UTF-8 with a BOM (so spreadsheets read umlauts), a header row, and every
 * text cell escaped against formulas. Numbers and dates are written as given.
 */
export function toCsv(rows: readonly Record<string, unknown>[], columns: readonly string[]): Buffer {
  return toCsvPart(rows, columns, true);
}

/**
 * One part of a CSV written in chunks: the first part (`first`) carries the BOM and the header row, the
 * others only their rows, escaped the same way.
 */
export function toCsvPart(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
  first: boolean,
): Buffer {
  const body = stringify(
    rows.map((r) => columns.map((c) => (typeof r[c] === 'string' ? escapeFormula(r[c] as string) : (r[c] ?? '')))),
    // A cell holding `;` is quoted: a German spreadsheet splits unquoted lines at `;`, and the part after one
    // (`Kiosk;=1+1`) would start a cell of its own, unescaped, and be read as a formula.
    { header: first, columns: [...columns], bom: first, quoted_match: [';'] },
  );
  return Buffer.from(body, 'utf8');
}
