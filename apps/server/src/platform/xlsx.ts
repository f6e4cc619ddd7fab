import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { type ExportColumn, wallClockOf } from './csv.ts';

/** A column of an XLSX: the same as a CSV's (header in the reader's words, kind). */
export type XlsxColumn = ExportColumn;

/** Euro amounts as German accounting shows them (LCID 407 = de-DE); integers with a thousands separator. */
const NUM_FMT = {
  integer: '#,##0',
  money: '#,##0.00 [$€-407]',
  decimal: '#,##0.####',
  datetime: 'dd.mm.yyyy hh:mm:ss',
  date: 'dd.mm.yyyy',
  // The text format: a PIN typed over in the sheet stays text too.
  code: '@',
} as const;
/** Parts the file store receives; the zip writer's own pieces are a few KiB, too many rows for one file. */
const PART_BYTES = 256 * 1024;

function cellOf(column: XlsxColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'integer':
      return Number(value);
    case 'money':
    case 'decimal':
      // A spreadsheet number is a binary double; an amount with two decimals converts to the nearest one and
      // Excel shows it back exactly. The decimal string stays the source of truth in the portal.
      return Number(value);
    case 'datetime':
      // Berlin wall-clock time as a date cell: Excel dates have no time zone.
      return new Date(`${wallClockOf(value).replace(' ', 'T')}Z`);
    case 'date':
      // A calendar day (a summary's day): midnight of that day, shown without a time.
      return new Date(`${wallClockOf(value).slice(0, 10)}T00:00:00Z`);
    default:
      // Text is a string cell (`t="inlineStr"`): a spreadsheet shows it as typed and never runs it as a formula,
      // so it needs no visible `'` in front (a phone number `+49…` reads as written).
      return String(value);
  }
}

/**
 * An XLSX of one sheet written from row chunks as they come (exceljs' streaming writer): rows are committed
 * and zipped as they arrive, and the output is handed on in parts of about PART_BYTES, so neither all rows
 * nor the whole file is ever in memory.
 */
export async function* toXlsxParts(
  sheetName: string,
  columns: readonly XlsxColumn[],
  chunks: AsyncIterable<readonly Record<string, unknown>[]>,
): AsyncGenerator<Buffer> {
  const out = new PassThrough({ highWaterMark: PART_BYTES });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    key: c.key,
    header: c.header,
    width: c.width ?? (c.kind === 'text' || c.kind === 'code' ? 24 : 14),
    style: c.kind === 'text' ? {} : { numFmt: NUM_FMT[c.kind] },
  }));
  const written = (async () => {
    for await (const chunk of chunks) {
      for (const row of chunk) {
        sheet.addRow(columns.map((c) => cellOf(c, row[c.key]))).commit();
      }
      // Wait for the reader when it is behind, so the zip output does not pile up.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })();
  written.catch((error: unknown) => out.destroy(error as Error));

  let pending: Buffer[] = [];
  let size = 0;
  for await (const piece of out) {
    pending.push(piece as Buffer);
    size += (piece as Buffer).length;
    if (size >= PART_BYTES) {
      yield Buffer.concat(pending);
      pending = [];
      size = 0;
    }
  }
  await written;
  if (size > 0) yield Buffer.concat(pending);
}

/** A whole (small) XLSX in memory, for lists bounded in rows (ledgers): the same writer, one chunk. */
export async function toXlsx(
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: readonly Record<string, unknown>[],
): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of toXlsxParts(
    sheetName,
    columns,
    (async function* () {
      yield rows;
    })(),
  )) {
    parts.push(part);
  }
  return Buffer.concat(parts);
}
