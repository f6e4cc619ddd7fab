import type { AuditChange } from '@portal/contract/audit';
import { auditActorText, auditFieldTexts, auditKindWord, auditWords } from '@portal/contract/audit-words';
import type { Language } from '@portal/contract/limits';
import type { ExportColumn } from '../../platform/csv.ts';
import { type ExportFormat, exportFile } from '../../platform/export-file.ts';

type Words = ReturnType<typeof auditWords>;

/**
 * The log's export: one row per changed field, in the order the log lists the changes (newest first). The entry's
 * number and time are typed cells; the values are text as the forms show them ("1.234,56 €", "Ja"), since one
 * column holds money, flags and names alike; the writer makes every text cell formula-safe.
 */
const COLUMNS = [
  ['number', 'integer'],
  ['at', 'datetime'],
  ['actor', 'text'],
  ['customer', 'text'],
  ['kind', 'text'],
  ['record', 'text'],
  ['action', 'text'],
  ['field', 'text'],
  ['before', 'text'],
  ['after', 'text'],
  ['request', 'text'],
] as const satisfies readonly (readonly [keyof Words['columns'], ExportColumn['kind']])[];

/** Changes of the audit trail as a CSV or XLSX in the reader's words; the caller has read them under the log's rule. */
export function auditLogExport(o: { rows: readonly AuditChange[]; format: ExportFormat; language: Language }) {
  const words = auditWords(o.language);
  const rows = o.rows.flatMap((c) => {
    const common = {
      number: c.id,
      at: new Date(c.at),
      actor: auditActorText(c, o.language),
      customer: c.customer_name ?? (c.customer_id === null ? '' : `#${c.customer_id}`),
      kind: auditKindWord(c.kind, o.language),
      record: c.record_key,
      action: words.actions[c.action],
      request: c.request_id ?? '',
    };
    return auditFieldTexts(c, o.language).map((f) => ({
      ...common,
      field: f.field,
      before: f.event ? '' : f.before,
      after: f.event ?? f.after,
    }));
  });
  return exportFile({
    format: o.format,
    language: o.language,
    name: 'change-log',
    sheet: words.columns.sheet,
    columns: COLUMNS.map(([key, kind]) => ({ key, kind, header: words.columns[key] })),
    rows,
  });
}
