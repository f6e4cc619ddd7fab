import type { Language } from '@portal/contract/limits';
import type { SalesExport, SalesExportBody, SalesReportFilters } from '@portal/contract/reports';
import { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import { berlinDateTime } from '../../platform/berlin-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { csvDialectOf, type ExportColumn, writeCsv } from '../../platform/csv.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type ExportWords, exportWords, wordOf } from '../../platform/export-words.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { languageOf } from '../../platform/language.ts';
import type { Storage } from '../../platform/storage.ts';
import { toXlsxParts } from '../../platform/xlsx.ts';
import { RENDER_EXPORT_JOB } from './reports.job-defs.ts';
import { exportOf, reportRowOf } from './reports.mapper.ts';
import type { ReportsRepository, SaleReportRecord } from './reports.repository.ts';
import { filtersOf, type ViewOf } from './sales-reports.service.ts';

/** How long an export's file can be downloaded. */
const EXPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Rows read, written and counted per step of an export. */
export const EXPORT_CHUNK_ROWS = 5_000;

const COLUMNS = [
  'reference',
  'created_at',
  'reseller_name',
  'shop_name',
  'staff_name',
  'product_name',
  'product_type',
  'denomination_value',
  'kind',
  'sale_kind',
  'refund',
  'operator_name',
  'mobile_number',
  'quantity',
  'pins',
  'face_value',
  'selling_amount',
  'buying_amount',
  'margin',
] as const;
const MASKED_COLUMNS = COLUMNS.filter((c) => c !== 'buying_amount' && c !== 'margin');
type Column = (typeof COLUMNS)[number];

/** The cell kind of each column: counts and amounts are numbers in both files, the time a date. */
const KIND: Record<Column, ExportColumn['kind']> = {
  reference: 'text',
  created_at: 'datetime',
  reseller_name: 'text',
  shop_name: 'text',
  staff_name: 'text',
  product_name: 'text',
  product_type: 'text',
  denomination_value: 'money',
  kind: 'text',
  sale_kind: 'text',
  refund: 'text',
  operator_name: 'text',
  mobile_number: 'text',
  quantity: 'integer',
  pins: 'integer',
  face_value: 'money',
  selling_amount: 'money',
  buying_amount: 'money',
  margin: 'money',
};

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Who asked, kept with the export so the job reads exactly the sales the asker could see then. */
const askedBy = z.object({
  customerId: z.number(),
  userId: z.number(),
  account_role: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  internal_role: z.union([z.literal(0), z.literal(1)]),
  customerRole: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
/** The asker's language, kept with the export: the job writes headers and words in it (older requests: German). */
const exportRequest = z.object({
  actor: askedBy,
  filters: z.record(z.string(), z.unknown()),
  language: z.string().optional(),
});

/**
 * `/get_sales_report_download_url/`: a CSV or XLSX of a sales report with its filters, built by a job in chunks,
 * with progress, for the asking user only, until it expires.
 */
export function createReportExportsService(deps: {
  repo: ReportsRepository;
  viewOf: ViewOf;
  storage: Pick<Storage, 'putParts' | 'get'>;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
  /** The language a user reads the portal in. */
  languageOfUser: (userId: number) => Promise<Language>;
}) {
  const { repo, viewOf, storage, jobs, clock } = deps;

  async function requestExport(actor: Actor, body: SalesExportBody): Promise<SalesExport> {
    const now = clock.now();
    const request = {
      actor: askedBy.parse(actor),
      filters: filtersOf(body),
      language: await deps.languageOfUser(actor.userId),
    };
    const row = await repo.insertExport({
      userId: actor.userId,
      customerId: actor.customerId,
      format: body.format,
      request,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_LIFETIME_MS),
    });
    await jobs.send(RENDER_EXPORT_JOB, { exportId: row.id }, { singletonKey: `export-${row.id}` });
    return exportOf(row);
  }

  async function ownExport(actor: Actor, exportId: string) {
    const e = await repo.findExport(exportId);
    if (!e || e.userId !== actor.userId || e.expiresAt.getTime() <= clock.now().getTime()) throw notFound('Export');
    return e;
  }

  const getExport = async (actor: Actor, exportId: string) => exportOf(await ownExport(actor, exportId));

  async function getExportFile(actor: Actor, exportId: string) {
    const e = await ownExport(actor, exportId);
    if (e.status !== 'ready' || !e.fileId) throw new AppError('in_progress', 'The file is still being prepared');
    const file = await storage.get(e.fileId);
    if (!file) throw notFound('File');
    return file;
  }

  /** The job: counts the rows, then writes the file chunk by chunk, counting progress as it goes. */
  async function renderExport(data: { exportId: string }) {
    const e = await repo.findExport(data.exportId);
    if (!e || e.status === 'ready') return;
    const request = exportRequest.parse(e.request);
    const view = await viewOf(request.actor);
    const query = view.query(request.filters as SalesReportFilters);
    const total = await repo.countRows(query);
    await repo.updateExport(e.id, { status: 'running', rowsDone: 0, rowsTotal: total });
    const words = exportWords(languageOf(request.language));
    const dialect = csvDialectOf(languageOf(request.language));
    const columns: ExportColumn[] = (view.masked ? MASKED_COLUMNS : COLUMNS).map((c) => ({
      key: c,
      header: words.sales[c],
      kind: KIND[c],
    }));
    let done = 0;
    async function* rows() {
      for await (const chunk of repo.chunks(query, EXPORT_CHUNK_ROWS)) {
        yield chunk.map((r) => exportRowOf(r, view.masked, words));
        done += chunk.length;
        await repo.updateExport(e!.id, { rowsDone: done }); // found above; a hoisted function keeps no narrowing
      }
    }
    async function* csvParts() {
      yield writeCsv([], columns, dialect, true);
      for await (const chunk of rows()) yield writeCsv(chunk, columns, dialect, false);
    }
    const format = e.format === 'xlsx' ? 'xlsx' : 'csv';
    const parts = format === 'xlsx' ? toXlsxParts(words.sheets.sales, columns, rows()) : csvParts();
    const name = `sales-report-${berlinDateTime(e.createdAt).slice(0, 10)}.${format}`;
    const file = await storage.putParts(
      {
        purpose: 'report-export',
        ownerCustomerId: e.customerId,
        name,
        contentType: CONTENT_TYPES[format],
        expiresAt: e.expiresAt,
      },
      parts,
    );
    await repo.updateExport(e.id, { status: 'ready', rowsDone: done, fileId: file.id });
  }

  async function sweepExports() {
    await repo.deleteExpiredExports(clock.now());
  }

  return { requestExport, getExport, getExportFile, renderExport, sweepExports };
}
export type ReportExportsService = ReturnType<typeof createReportExportsService>;

/**
 * The prefix of a row's reference by its sale kind: ids are counted per kind (a PIN sale 17 and a DT One sale 17
 * both exist), so the reference names the kind; a refund is a row of its own with its sale's id and gets `-R`.
 */
const REFERENCE_PREFIX: Record<string, string> = {
  pin: 'PIN',
  dtone: 'DTONE',
  direct_recharge: 'DR',
  flixbus: 'FLIXBUS',
  softpin: 'SOFTPIN',
};

export function saleReference(saleKind: string, id: number, refund: boolean): string {
  return `${REFERENCE_PREFIX[saleKind] ?? saleKind.toUpperCase()}-${id}${refund ? '-R' : ''}`;
}

/** A report row as the export writes it: a unique reference, Berlin wall-clock time, codes in the reader's words. */
function exportRowOf(r: SaleReportRecord, masked: boolean, words: ExportWords) {
  const row = reportRowOf(r, masked);
  return {
    ...row,
    reference: saleReference(r.sale_kind, r.id, r.refund),
    created_at: r.created_at,
    product_type: wordOf(words.productTypes, row.product_type),
    kind: wordOf(words.purchaseKinds, row.kind),
    sale_kind: wordOf(words.saleKinds, row.sale_kind),
    refund: row.refund ? words.yes : words.no,
  };
}
