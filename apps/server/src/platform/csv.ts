import type { Language } from '@portal/contract/limits';
import { stringify } from 'csv-stringify/sync';
import { Decimal } from 'decimal.js';
import { berlinDateTime } from './berlin-time.ts';

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
 * What a column of an export holds, so each writer writes it as what it is (a number stays a number). A `code` is
 * text made of digits that must stay text (a PIN, a serial number): a spreadsheet reading a 16-digit PIN as a
 * number keeps 15 digits.
 */
export type ExportColumnKind = 'text' | 'code' | 'integer' | 'money' | 'decimal' | 'datetime' | 'date';

/** One column of an export (CSV and XLSX alike): its key in the rows, its header in the reader's words, its kind. */
export interface ExportColumn {
  key: string;
  header: string;
  kind: ExportColumnKind;
  width?: number;
}

/**
 * How a CSV is written for its reader (decision 0131): the separator and decimal mark a spreadsheet of the
 * reader's language expects when it opens the file by double-click, the BOM that makes it read UTF-8, and how
 * dates are written. The machine dialect is the fixed one other software reads (bulk PINs).
 */
export interface CsvDialect {
  delimiter: ',' | ';';
  decimal: '.' | ',';
  bom: boolean;
  /** `YYYY-MM-DD HH:mm:ss` (iso) or day first with the given separator (`28.11.2026 23:55:00`). */
  date: 'iso' | { separator: '.' | '/' | '-' };
  /**
   * A spreadsheet opens the file (every localised dialect): a `code` a spreadsheet would read as a number or a date
   * gets an invisible mark in front so it stays text. Software reading the machine dialect gets the code bare.
   */
  forSpreadsheets: boolean;
}

/**
 * Per language: German, Turkish, French and Dutch spreadsheets (Excel and LibreOffice with those regional
 * settings) use the decimal comma and therefore `;` between cells; English ones the dot and `,`.
 */
export const CSV_DIALECTS = {
  de: { delimiter: ';', decimal: ',', bom: true, date: { separator: '.' }, forSpreadsheets: true },
  tr: { delimiter: ';', decimal: ',', bom: true, date: { separator: '.' }, forSpreadsheets: true },
  fr: { delimiter: ';', decimal: ',', bom: true, date: { separator: '/' }, forSpreadsheets: true },
  nl: { delimiter: ';', decimal: ',', bom: true, date: { separator: '-' }, forSpreadsheets: true },
  en: { delimiter: ',', decimal: '.', bom: true, date: 'iso', forSpreadsheets: true },
} as const satisfies Record<Language, CsvDialect>;

/** The machine-readable dialect (documented in docs/api/selling.md, never localised): `,`, dot decimals, ISO times, no BOM. */
export const MACHINE_CSV: CsvDialect = {
  delimiter: ',',
  decimal: '.',
  bom: false,
  date: 'iso',
  forSpreadsheets: false,
};

export const csvDialectOf = (language: Language): CsvDialect => CSV_DIALECTS[language];

/** An instant written as ISO text with its zone (`2026-11-28T22:55:00.000Z`, as the JSON answers give times). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A Berlin wall-clock time (`YYYY-MM-DD HH:mm:ss`) for an instant (a Date or ISO text with its zone, which would
 * otherwise be written in UTC), or the wall-clock text as given (a calendar day stays a day).
 */
export function wallClockOf(value: unknown): string {
  if (value instanceof Date) return berlinDateTime(value);
  const text = String(value);
  return INSTANT.test(text) ? berlinDateTime(new Date(text)) : text;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?/;

function csvDate(value: unknown, dialect: CsvDialect): string {
  const text = wallClockOf(value);
  const m = WALL_CLOCK.exec(text);
  if (!m || dialect.date === 'iso') return m ? `${m[1]}-${m[2]}-${m[3]}${m[4] ? ` ${m[4]}` : ''}` : text;
  const s = dialect.date.separator;
  return `${m[3]}${s}${m[2]}${s}${m[1]}${m[4] ? ` ${m[4]}` : ''}`;
}

/** A decimal as the dialect writes numbers: no thousands separator, its decimal mark, money with two places. */
function csvNumber(value: unknown, kind: 'integer' | 'money' | 'decimal', dialect: CsvDialect): string {
  const d = new Decimal(value as Decimal.Value);
  const text = kind === 'integer' ? d.toFixed(0) : d.toFixed(Math.max(kind === 'money' ? 2 : 0, d.decimalPlaces()));
  return dialect.decimal === ',' ? text.replace('.', ',') : text;
}

/**
 * A text cell: one starting like a formula gets a `'` in front, whatever it looks like (a typed `-5` in a memo is
 * text, not a number). Separators, quotes and line breaks inside are left to the RFC 4180 quoting, so a cell
 * never splits into one that starts like a formula.
 */
export const textCell = (value: string): string => (startsLikeFormula(value) ? `'${value}` : value);

/**
 * What a spreadsheet opening a CSV would read as a number, a date or a time rather than text: digits with at most
 * separators, signs and an exponent (`1234567890123456`, `0049`, `12.11`, `1,5E3`, `12:30`).
 */
export const SPREADSHEET_NUMBER = /^\s*[+-]?[\d\s.,/:]*\d[\d\s.,/:]*(e[+-]?\d+)?\s*$/i;
/**
 * The mark that keeps such a code text (U+200B ZERO WIDTH SPACE): invisible, not a digit, not white space to a
 * spreadsheet, and unlike `="…"` no formula, so the formula rule holds for every cell.
 */
export const KEEP_TEXT = '\u200B';

/** A code (PIN, serial) in a file a spreadsheet opens: kept text, never a number that loses digits or a date. */
export const codeCell = (value: string): string =>
  startsLikeFormula(value) ? `'${value}` : SPREADSHEET_NUMBER.test(value) ? `${KEEP_TEXT}${value}` : value;

/** One cell in a dialect: empty for none, numbers and times as the reader's spreadsheet reads them, text guarded. */
export function csvCell(value: unknown, kind: ExportColumnKind, dialect: CsvDialect): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'integer':
    case 'money':
    case 'decimal':
      return csvNumber(value, kind, dialect);
    case 'datetime':
      return csvDate(value, dialect);
    case 'date':
      return csvDate(wallClockOf(value).slice(0, 10), dialect);
    case 'code':
      return dialect.forSpreadsheets ? codeCell(String(value)) : textCell(String(value));
    default:
      return textCell(String(value));
  }
}

/**
 * Rows as CSV in a dialect (RFC 4180: fields with the separator, a quote or a line break quoted, quotes doubled,
 * CRLF between records). `header` writes the BOM (where the dialect has one) and the header row: a file written
 * in parts has them in its first part only.
 */
export function writeCsv(
  rows: readonly Record<string, unknown>[],
  columns: readonly ExportColumn[],
  dialect: CsvDialect,
  header = true,
): Buffer {
  const records = rows.map((r) => columns.map((c) => csvCell(r[c.key], c.kind, dialect)));
  if (header) records.unshift(columns.map((c) => textCell(c.header)));
  const body = stringify(records, {
    delimiter: dialect.delimiter,
    record_delimiter: 'windows',
    bom: header && dialect.bom,
    // A separator of either dialect next to anything but digits is quoted: a spreadsheet splitting at the other
    // one still keeps the cell whole (`Kiosk;=1+1` in an English file); an amount's decimal comma is left bare.
    quoted_match: [/[,;](?!\d)|(?<!\d)[,;]/],
  });
  return Buffer.from(body, 'utf8');
}
