import type { ErrorCode } from '@portal/contract/envelope';
import { IMPORT_MAX_LINES } from '@portal/contract/inventory-import';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../platform/errors.ts';

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'];

/** A cell that holds digits: PINs, serials and lot numbers do; header titles do not. */
const hasDigit = (cell: string) => /\d/.test(cell);

export interface CsvRow {
  /** 1-based line of the file, so the operator can find a refused row. */
  line: number;
  cells: string[];
}

/** A refusal of the uploaded file: a code the web translates, its limits as params, the English as fallback. */
export function fileRefusal(
  code: ErrorCode,
  rule: string,
  message: string,
  params?: Record<string, string | number>,
  field = 'csv_file',
): AppError {
  const text = `${field}: ${message}`;
  return new AppError(code, text, { errors: [{ field, rule, message: text }], ...(params && { params }) });
}

/**
 * The uploaded bytes as text, only when they are a CSV by content: UTF-8 text (a BOM is dropped), no
 * NUL or other control bytes that text files do not hold. The name must end in .csv as well.
 */
export function csvText(fileName: string, data: Buffer): string {
  if (!/\.csv$/i.test(fileName)) throw fileRefusal('import_not_csv', 'type', 'only .csv files');
  if (data.length === 0) throw fileRefusal('import_file_empty', 'empty', 'the file is empty');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw fileRefusal('import_not_text', 'type', 'not a text CSV file (UTF-8 expected)');
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control bytes is the point of this check.
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(text))
    throw fileRefusal('import_not_text', 'type', 'not a text CSV file');
  return text.replace(/^\uFEFF/, '');
}

export function nonEmptyLineCount(text: string): number {
  let n = 0;
  for (const line of text.split(/\r\n|\n|\r/)) if (line.trim() !== '') n++;
  return n;
}

/** Parses the text with the chosen delimiter; empty lines are skipped, rows may differ in width. */
export function parseCsv(text: string, delimiter: string): CsvRow[] {
  try {
    // One line ending throughout, so the parser's line numbers match what an editor shows. Each record is
    // taken with the line it ends on as the parser reads it; the parser's own output is left empty.
    const rows: CsvRow[] = [];
    parse(text.replace(/\r\n?/g, '\n'), {
      delimiter,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      on_record: (record, context) => {
        if (record.some((c) => c !== '')) rows.push({ line: context.lines, cells: record });
        return null;
      },
    });
    return rows;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw fileRefusal(
      'import_unreadable',
      'format',
      `cannot be read as CSV (${message.split('\n')[0]!.slice(0, 120)})`,
    );
  }
}

/**
 * What step 1 learns from the file: every check that needs no mapping. Refuses an empty file, more
 * than 1501 non-empty lines (1500 PINs and a header), and a delimiter that is not the file's.
 */
export function inspectCsv(fileName: string, data: Buffer, delimiter: string) {
  const text = csvText(fileName, data);
  const lineCount = nonEmptyLineCount(text);
  if (lineCount === 0) throw fileRefusal('import_file_empty', 'empty', 'the file has no rows');
  if (lineCount > IMPORT_MAX_LINES)
    throw fileRefusal(
      'import_too_many_lines',
      'too_many_rows',
      `at most ${IMPORT_MAX_LINES} lines (1500 PINs and a header)`,
      {
        max: IMPORT_MAX_LINES,
        lines: lineCount,
      },
    );
  const rows = parseCsv(text, delimiter);
  const columnCount = Math.max(...rows.map((r) => r.cells.length));
  if (columnCount === 1) {
    // One column with the chosen delimiter: fine for a PIN-only file, wrong when every line splits on another one.
    // Every row parseCsv keeps has a non-empty cell, so `cells[0]` is there.
    const other = CANDIDATE_DELIMITERS.find((d) => d !== delimiter && rows.every((r) => r.cells[0]!.includes(d)));
    if (other) {
      const found = other === '\t' ? 'tab' : other;
      const chosen = delimiter === '\t' ? 'tab' : delimiter;
      throw fileRefusal(
        'import_delimiter_mismatch',
        'mismatch',
        `the file is separated by "${found}", not "${chosen}"`,
        { found, chosen },
        'delimiter',
      );
    }
  }
  return { text, lineCount, columnCount, detectedHeader: detectHeader(rows), preview: rows.slice(0, 5) };
}

/** A first row without any digit above a row with digits is a header (the operator can override it). */
export function detectHeader(rows: CsvRow[]): boolean {
  if (rows.length < 2) return false;
  return !rows[0]!.cells.some(hasDigit) && rows[1]!.cells.some(hasDigit);
}
