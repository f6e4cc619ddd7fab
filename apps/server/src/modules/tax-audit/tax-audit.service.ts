import { Decimal } from 'decimal.js';
import type { Db } from '../../db/connect.ts';
import type { Viewer } from '../../platform/actor.ts';
import { berlinDateTime } from '../../platform/berlin-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { zipStream } from '../../platform/zip.ts';
import { AUDIT_TABLES, type AuditColumn, type AuditTable, findSupplier, type Period } from './tax-audit.repository.ts';

type Row = Record<string, unknown>;

/** Rows read per query: a page of a large ledger never sits in memory whole. */
const PAGE = 5_000;
/**
 * The longest period one export covers: a fiscal year (and a leap day). The ZIP has no ZIP64, so a table stays
 * below 4 GiB; an auditor asks for more years as one export each.
 */
export const MAX_PERIOD_DAYS = 366;

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** A CSV field as `index.xml` describes it: numbers with a decimal comma, text in `"…"` on one line. */
function field(c: AuditColumn, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (c.type === 'numeric') {
    return new Decimal(String(value)).toFixed(c.accuracy ?? 0, Decimal.ROUND_HALF_UP).replace('.', ',');
  }
  if (c.type === 'date') return String(value);
  // One record per line: a line break inside a memo would end the record for a reader that splits lines.
  return `"${String(value)
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/"/g, '""')}"`;
}

const line = (cells: string[]) => Buffer.from(`${cells.join(';')}\r\n`, 'utf8');

function columnXml(c: AuditColumn, element: 'VariablePrimaryKey' | 'VariableColumn'): string {
  const type =
    c.type === 'numeric'
      ? c.accuracy
        ? `<Numeric><Accuracy>${c.accuracy}</Accuracy></Numeric>`
        : '<Numeric/>'
      : c.type === 'date'
        ? '<Date><Format>DD.MM.YYYY</Format></Date>'
        : '<AlphaNumeric/>';
  return `        <${element}><Name>${c.name}</Name><Description>${xml(c.description)}</Description>${type}</${element}>`;
}

function tableXml(t: AuditTable, p: Period): string {
  const validity = t.periodic
    ? `      <Validity><Range><From>${ddmmyyyy(p.from)}</From><To>${ddmmyyyy(p.to)}</To></Range><Format>DD.MM.YYYY</Format></Validity>\n`
    : '';
  return [
    '    <Table>',
    `      <URL>${t.file}</URL>`,
    `      <Name>${t.name}</Name>`,
    `      <Description>${xml(t.description)}</Description>`,
    validity.trimEnd(),
    '      <UTF8/>',
    '      <DecimalSymbol>,</DecimalSymbol>',
    '      <DigitGroupingSymbol>.</DigitGroupingSymbol>',
    // The first record is the column names.
    '      <Range><From>2</From></Range>',
    '      <VariableLength>',
    '        <ColumnDelimiter>;</ColumnDelimiter>',
    '        <RecordDelimiter>&#13;&#10;</RecordDelimiter>',
    '        <TextEncapsulator>&quot;</TextEncapsulator>',
    ...t.columns.map((c, i) => columnXml(c, i < t.keyCount ? 'VariablePrimaryKey' : 'VariableColumn')),
    ...t.foreignKeys.map(
      (f) => `        <ForeignKey><Name>${f.column}</Name><References>${f.references}</References></ForeignKey>`,
    ),
    '      </VariableLength>',
    '    </Table>',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

/** `index.xml` after the GDPdU description standard (DTD gdpdu-01-08-2002). */
export function indexXml(p: Period, supplier: { name: string; location: string }, createdAt: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE DataSet SYSTEM "gdpdu-01-08-2002.dtd">',
    '<DataSet>',
    '  <Version>1.0</Version>',
    '  <DataSupplier>',
    `    <Name>${xml(supplier.name)}</Name>`,
    `    <Location>${xml(supplier.location)}</Location>`,
    `    <Comment>Datenträgerüberlassung (Z3) nach § 147 Abs. 6 AO, Zeitraum ${ddmmyyyy(p.from)} bis ${ddmmyyyy(p.to)}, erstellt ${xml(createdAt)}</Comment>`,
    '  </DataSupplier>',
    '  <Media>',
    `    <Name>Prepaid-Portal ${ddmmyyyy(p.from)} bis ${ddmmyyyy(p.to)}</Name>`,
    ...AUDIT_TABLES.map((t) => tableXml(t, p)),
    '  </Media>',
    '</DataSet>',
    '',
  ].join('\n');
}

export function createTaxAuditService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function* tableChunks(t: AuditTable, p: Period): AsyncGenerator<Buffer> {
    yield line(t.columns.map((c) => `"${c.name}"`));
    let cursor: number | null = null;
    for (;;) {
      if (t.linesOf) {
        const parents: { id: number | string }[] = (await db.execute(t.linesOf.parents(p, cursor, PAGE))).rows as {
          id: number | string;
        }[];
        if (parents.length === 0) return;
        const ids: number[] = parents.map((r) => Number(r.id));
        const lines: Row[] = (await db.execute(t.linesOf.lines(ids))).rows;
        if (lines.length > 0) yield Buffer.concat(lines.map((r) => line(t.columns.map((c) => field(c, r[c.name])))));
        cursor = ids[ids.length - 1]!; // not empty: an empty page returned above
        continue;
      }
      if (!t.page) return;
      const rows: Row[] = (await db.execute(t.page(p, cursor, PAGE))).rows;
      if (rows.length === 0) return;
      yield Buffer.concat(rows.map((r) => line(t.columns.map((c) => field(c, r[c.name])))));
      const next = rows[rows.length - 1]!.cursor as number | string | null | undefined;
      if (next === null || next === undefined) return;
      cursor = Number(next);
    }
  }

  /**
   * A period's data access for a tax audit as a ZIP streamed while it is read: `index.xml` and one CSV per table.
   * The platform's data: its superadmin managers only (rule `taxAudit`).
   */
  async function exportPeriod(actor: Viewer, p: Period) {
    const days = (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 + 1;
    if (days > MAX_PERIOD_DAYS) {
      throw new AppError('tax_audit_period_too_long', 'One export covers a year at most', {
        params: { max_days: MAX_PERIOD_DAYS },
      });
    }
    // The caller's own customer, and customers are never deleted.
    const supplier = (await findSupplier(db, actor.customerId))!;
    const now = berlinDateTime(clock.now());
    const index = Buffer.from(indexXml(p, supplier, now), 'utf8');
    const files = [
      {
        name: 'index.xml',
        chunks: (async function* () {
          yield index;
        })(),
      },
      ...AUDIT_TABLES.map((t) => ({ name: t.file, chunks: tableChunks(t, p) })),
    ];
    return {
      filename: `GDPdU_${p.from.replaceAll('-', '')}-${p.to.replaceAll('-', '')}.zip`,
      parts: zipStream(files, now),
    };
  }

  return { exportPeriod };
}
export type TaxAuditService = ReturnType<typeof createTaxAuditService>;
