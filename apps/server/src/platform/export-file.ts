import type { Language } from '@portal/contract/limits';
import { XLSX_CONTENT_TYPE } from '@portal/contract/reports';
import type { FastifyReply } from 'fastify';
import { csvDialectOf, type ExportColumn, writeCsv } from './csv.ts';
import { toXlsx } from './xlsx.ts';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: XLSX_CONTENT_TYPE,
};

export interface ExportFile {
  name: string;
  contentType: string;
  data: Buffer;
}

/**
 * The one building block of the bounded list exports (ledgers): the same columns and rows as a CSV in the
 * reader's dialect or as an XLSX, with headers already in the reader's words.
 */
export async function exportFile(o: {
  format: ExportFormat;
  language: Language;
  /** The file's name without its extension. */
  name: string;
  sheet: string;
  columns: readonly ExportColumn[];
  rows: readonly Record<string, unknown>[];
}): Promise<ExportFile> {
  const data =
    o.format === 'xlsx'
      ? await toXlsx(o.sheet, o.columns, o.rows)
      : writeCsv(o.rows, o.columns, csvDialectOf(o.language));
  return { name: `${o.name}.${o.format}`, contentType: EXPORT_CONTENT_TYPES[o.format], data };
}

export function sendExportFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'no-store')
    .send(file.data);
}
