import type { SalesExport, SalesExportBody, SalesReportFilters } from '@portal/contract/reports';
import { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import { berlinDateTime } from '../../platform/berlin-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { toCsvPart } from '../../platform/csv.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Storage } from '../../platform/storage.ts';
import { toXlsxParts, type XlsxColumn } from '../../platform/xlsx.ts';
import { RENDER_EXPORT_JOB } from './reports.jobs.ts';
import { exportOf, reportRowOf } from './reports.mapper.ts';
import type { ReportsRepository, SaleReportRecord } from './reports.repository.ts';
import { filtersOf, type ViewOf } from './sales-reports.service.ts';

/** How long an export's file can be downloaded. */
const EXPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Rows read, written and counted per step of an export. */
export const EXPORT_CHUNK_ROWS = 5_000;

const COLUMNS = [
  'id',
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

/** The XLSX cell kind of each column: counts and amounts are numbers there, the time a date. */
const XLSX_KIND: Record<Column, XlsxColumn['kind']> = {
  id: 'integer',
  created_at: 'datetime',
  reseller_name: 'text',
  shop_name: 'text',
  staff_name: 'text',
  product_name: 'text',
  product_type: 'text',
  denomination_value: 'money',
  kind: 'text',
  sale_kind: 'text',
  refund: 'integer',
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
const exportRequest = z.object({ actor: askedBy, filters: z.record(z.string(), z.unknown()) });

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
}) {
  const { repo, viewOf, storage, jobs, clock } = deps;

  async function requestExport(actor: Actor, body: SalesExportBody): Promise<SalesExport> {
    const now = clock.now();
    const request = {
      actor: askedBy.parse(actor),
      filters: filtersOf(body),
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
    const columns = view.masked ? MASKED_COLUMNS : COLUMNS;
    let done = 0;
    async function* rows() {
      for await (const chunk of repo.chunks(query, EXPORT_CHUNK_ROWS)) {
        yield chunk.map((r) => csvRowOf(r, view.masked));
        done += chunk.length;
        await repo.updateExport(e.id, { rowsDone: done });
      }
    }
    async function* csvParts() {
      yield toCsvPart([], columns, true);
      for await (const chunk of rows()) yield toCsvPart(chunk, columns, false);
    }
    const format = e.format === 'xlsx' ? 'xlsx' : 'csv';
    const parts =
      format === 'xlsx'
        ? toXlsxParts(
            'Sales',
            columns.map((c) => ({ key: c, header: c, kind: XLSX_KIND[c] })),
            rows(),
          )
        : csvParts();
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

/** A report row as the export writes it: Berlin wall-clock time, amounts as in the report. */
function csvRowOf(r: SaleReportRecord, masked: boolean) {
  const row = reportRowOf(r, masked);
  return { ...row, created_at: berlinDateTime(r.created_at), refund: row.refund ? 1 : 0 };
}
