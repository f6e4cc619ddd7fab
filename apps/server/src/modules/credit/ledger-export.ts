import type { CreditLogRow, LedgerRow } from '@portal/contract/credit';
import type { Language } from '@portal/contract/limits';
import type { ExportColumn } from '../../platform/csv.ts';
import { type ExportFormat, exportFile } from '../../platform/export-file.ts';
import { type ExportWords, exportWords, fill, wordOf } from '../../platform/export-words.ts';

/** The columns of every ledger export, in the order of the ledger screens; the customer only where lines mix customers. */
const COLUMNS = [
  ['reference', 'integer'],
  ['created_at', 'datetime'],
  ['kind', 'text'],
  ['customer_name', 'text'],
  ['account', 'text'],
  ['amount', 'money'],
  ['balance_after', 'money'],
  ['method', 'text'],
  ['source', 'text'],
  ['memo', 'text'],
  ['created_by', 'text'],
] as const satisfies readonly (readonly [keyof ExportWords['ledger'], ExportColumn['kind']])[];

/** The references the server writes as `kind:id` (old lines keep them), said in words as the ledger screens do. */
const REFERENCE = /^(reclamation|bank|hardware_order|inventory_import):(\d+)$/;
const RECLAMATION_MEMO = /^Reclamation \d+$/;
const AUTO_CREDIT_MEMO = /^Auto credit: balance below (\d+(?:\.\d+)?)$/;
const PROVIDER_SALE_WORD = {
  international_topup: 'dtone',
  direct_recharge: 'direct_recharge',
  bus_ticket: 'flixbus',
  soft_pin: 'softpin',
} as const;

/** What a line was, in words: its sale, its provider sale, else its reference (a typed one as typed). */
function sourceOf(r: LedgerRow, words: ExportWords): string {
  if (r.sale) return `${fill(words.references.sale, { id: r.sale.id })}: ${r.sale.product} × ${r.sale.quantity}`;
  if (r.provider_sale)
    return `${wordOf(words.saleKinds, PROVIDER_SALE_WORD[r.provider_sale.kind])} ${r.provider_sale.id}`;
  return referenceOf(r.reference, words);
}

/** A reference the server wrote as `kind:id` in words; one a person typed as typed. */
function referenceOf(reference: string | null, words: ExportWords): string {
  const m = reference === null ? null : REFERENCE.exec(reference);
  if (m)
    return fill(words.references[m[1] as 'reclamation' | 'bank' | 'hardware_order' | 'inventory_import'], {
      id: m[2]!,
    });
  return reference ?? '';
}

/** A memo the server wrote in English, in the reader's words (or left out where the source says it). */
function memoOf(memo: string, words: ExportWords): string {
  if (RECLAMATION_MEMO.test(memo)) return '';
  const auto = AUTO_CREDIT_MEMO.exec(memo);
  return auto ? fill(words.autoCreditMemo, { amount: auto[1]! }) : memo;
}

/**
 * Ledger lines as a CSV or XLSX in the reader's language: the one export of every ledger screen (own ledger,
 * a customer's ledger, wallet histories), whose callers have already checked who may read the lines.
 */
export function ledgerExport(o: {
  rows: readonly LedgerRow[];
  format: ExportFormat;
  language: Language;
  name: string;
  showCustomer: boolean;
}) {
  const words = exportWords(o.language);
  const columns: ExportColumn[] = COLUMNS.filter(([key]) => o.showCustomer || key !== 'customer_name').map(
    ([key, kind]) => ({ key, kind, header: words.ledger[key] }),
  );
  const rows = o.rows.map((r) => ({
    reference: r.entry_id,
    created_at: new Date(r.created_at),
    kind: wordOf(words.ledgerKinds, r.kind),
    customer_name: r.customer_name,
    account: wordOf(words.accounts, r.account),
    amount: r.amount,
    balance_after: r.balance_after,
    method: wordOf(words.methods, r.method),
    source: sourceOf(r, words),
    memo: memoOf(r.memo, words),
    created_by: r.created_by ?? words.system,
  }));
  return exportFile({
    format: o.format,
    language: o.language,
    name: o.name,
    sheet: words.sheets.ledger,
    columns,
    rows,
  });
}

/** The credit log's columns, in the order of `/customer/credit/history`: whose, what, how much, settled, how. */
const CREDIT_LOG_COLUMNS = [
  ['reference', 'integer'],
  ['created_at', 'datetime'],
  ['customer_name', 'text'],
  ['kind', 'text'],
  ['amount', 'money'],
  ['settled_credit', 'money'],
  ['method', 'text'],
  ['source', 'text'],
  ['memo', 'text'],
  ['created_by', 'text'],
] as const satisfies readonly (readonly [keyof ExportWords['ledger'], ExportColumn['kind']])[];

/**
 * The credit log (credit top-ups, payments, auto-credits of the caller's customers) as a CSV or XLSX in the
 * reader's language; the caller has already read the rows under the log's own rule.
 */
export function creditLogExport(o: { rows: readonly CreditLogRow[]; format: ExportFormat; language: Language }) {
  const words = exportWords(o.language);
  return exportFile({
    format: o.format,
    language: o.language,
    name: 'credit-history',
    sheet: words.sheets.creditLog,
    columns: CREDIT_LOG_COLUMNS.map(([key, kind]) => ({ key, kind, header: words.ledger[key] })),
    rows: o.rows.map((r) => ({
      reference: r.entry_id,
      created_at: new Date(r.created_at),
      customer_name: r.customer_name,
      kind: wordOf(words.ledgerKinds, r.kind),
      amount: r.amount,
      settled_credit: r.settled_credit,
      method: wordOf(words.methods, r.method),
      source: referenceOf(r.reference, words),
      memo: memoOf(r.memo, words),
      created_by: r.created_by ?? words.system,
    })),
  });
}
