import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../platform/errors.ts';

/** One line of a bank statement as read from the file, before anything is stored. */
export interface StatementLine {
  /** 1-based position among the file's lines. */
  position: number;
  accountIban: string | null;
  bookingDate: string;
  valueDate: string | null;
  /** Positive; `direction` says which way the money went. */
  amount: string;
  currency: string;
  direction: 'credit' | 'debit';
  payerName: string;
  payerIban: string | null;
  purpose: string;
  /** The bank's or the entry's reference, when the format carries one. */
  reference: string | null;
  /** The line's identity among all statements of the owner (see `lineKeys`). */
  lineKey: string;
}

export interface ParsedStatement {
  format: string;
  lines: StatementLine[];
}

type RawLine = Omit<StatementLine, 'lineKey' | 'position'>;

const MAX_LINES = 5000;

const unreadable = (reason: string, params: Record<string, string | number> = {}) =>
  new AppError('bank_file_unreadable', `The bank statement cannot be read: ${reason}`, {
    params: { reason, ...params },
  });

/** The statement's text: UTF-8 where it is valid, else Windows-1252 (what most German banks export). */
function decode(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

const normalise = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .replace(/\s+/g, ' ');

/** Header titles of the German banks' CSV exports, per field (normalised: lower case, umlauts spelled out). */
const COLUMNS = {
  bookingDate: ['buchungstag', 'buchung', 'buchungsdatum'],
  valueDate: ['valutadatum', 'valuta', 'wertstellung', 'wertstellungsdatum'],
  payerName: [
    'beguenstigter/zahlungspflichtiger',
    'name zahlungsbeteiligter',
    'auftraggeber/empfaenger',
    'zahlungspflichtige*r',
    'auftraggeber / beguenstigter',
  ],
  payerIban: ['kontonummer/iban', 'iban zahlungsbeteiligter', 'iban auftraggeber / beguenstigter', 'iban'],
  purpose: ['verwendungszweck'],
  amount: ['betrag', 'betrag (eur)', 'umsatz'],
  currency: ['waehrung', 'whr'],
  reference: ['kundenreferenz (end-to-end)', 'bankreferenz', 'referenz'],
  accountIban: ['auftragskonto', 'iban auftragskonto'],
} as const;
type Field = keyof typeof COLUMNS;

/** Known layouts by one header title only they use, to name what was read. */
const LAYOUTS: [string, string][] = [
  ['beguenstigter/zahlungspflichtiger', 'csv-sparkasse'],
  ['name zahlungsbeteiligter', 'csv-volksbank'],
  ['auftraggeber/empfaenger', 'csv-ing'],
];

function isoDate(text: string, position: number): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text.trim());
  if (!m) throw unreadable('date', { line: position, value: text });
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  const iso = `${year}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso)
    throw unreadable('date', { line: position, value: text });
  return iso;
}

/** A German amount ("-1.234,56", "50,00", "+7"): dots group thousands, the comma separates decimals. */
export function germanAmount(text: string, position: number): Decimal {
  const t = text.trim().replace(/\s/g, '');
  if (!/^[+-]?(\d{1,3}(\.\d{3})+|\d+)(,\d{1,4})?$/.test(t)) throw unreadable('amount', { line: position, value: text });
  return new Decimal(t.replaceAll('.', '').replace(',', '.'));
}

const cleanIban = (v: string | undefined | null) => {
  const t = (v ?? '').replace(/\s/g, '').toUpperCase();
  return t === '' ? null : t;
};

const cleanRef = (v: string | undefined | null) => {
  const t = (v ?? '').trim();
  return t === '' || t.toUpperCase() === 'NOTPROVIDED' || t.toUpperCase() === 'NONREF' ? null : t;
};

function parseCsv(text: string): ParsedStatement {
  let rows: string[][];
  try {
    rows = parse(text, { delimiter: ';', relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  } catch {
    throw unreadable('csv');
  }
  let accountIban: string | null = null;
  const headerAt = rows.findIndex((r) => {
    const titles = r.map(normalise);
    if (titles[0] === 'iban' && titles.length >= 2 && r[1].trim() !== '') accountIban = cleanIban(r[1]);
    return COLUMNS.bookingDate.some((t) => titles.includes(t)) && COLUMNS.amount.some((t) => titles.includes(t));
  });
  if (headerAt < 0) throw unreadable('header');
  const titles = rows[headerAt].map(normalise);
  const col = {} as Record<Field, number>;
  for (const field of Object.keys(COLUMNS) as Field[]) {
    col[field] = titles.findIndex((t) => (COLUMNS[field] as readonly string[]).includes(t));
  }
  // ING lists the balance's currency before the amount's: take the one right after the amount.
  if (normalise(rows[headerAt][col.amount + 1] ?? '') === titles[col.currency]) col.currency = col.amount + 1;
  if (col.payerName < 0) throw unreadable('header');
  const layout = LAYOUTS.find(([title]) => titles.includes(title))?.[1] ?? 'csv';
  const cell = (r: string[], field: Field) => (col[field] < 0 ? '' : (r[col[field]] ?? '').trim());

  const lines: RawLine[] = [];
  for (const [i, r] of rows.slice(headerAt + 1).entries()) {
    const position = headerAt + i + 2;
    if (r.every((c) => c.trim() === '')) continue;
    const signed = germanAmount(cell(r, 'amount'), position);
    if (signed.isZero()) continue;
    const value = cell(r, 'valueDate');
    lines.push({
      accountIban: cleanIban(cell(r, 'accountIban')) ?? accountIban,
      bookingDate: isoDate(cell(r, 'bookingDate'), position),
      valueDate: value === '' ? null : isoDate(value, position),
      amount: signed.abs().toFixed(2),
      currency: cell(r, 'currency') || 'EUR',
      direction: signed.isNegative() ? 'debit' : 'credit',
      payerName: cell(r, 'payerName'),
      payerIban: cleanIban(cell(r, 'payerIban')),
      purpose: cell(r, 'purpose'),
      reference: cleanRef(cell(r, 'reference')),
    });
  }
  return { format: layout, lines: withKeys(lines) };
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
type Node = Record<string, unknown> & { '#text'?: string };
const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((n, key) => (n && typeof n === 'object' ? (n as Node)[key] : undefined), node);
const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return String((v as Node)['#text'] ?? '');
  return String(v);
};

/** ISO 20022 camt.053 (any version): one line per transaction of each entry. */
function parseCamt(xml: string): ParsedStatement {
  const doc = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false }).parse(xml);
  const statements = asArray(at(doc, 'Document', 'BkToCstmrStmt', 'Stmt') as Node[] | Node | undefined);
  if (statements.length === 0) throw unreadable('camt');
  const lines: RawLine[] = [];
  for (const stmt of statements) {
    const accountIban = cleanIban(text(at(stmt, 'Acct', 'Id', 'IBAN')));
    for (const entry of asArray(stmt.Ntry as Node[] | Node | undefined)) {
      const direction = text(entry.CdtDbtInd) === 'DBIT' ? 'debit' : 'credit';
      const details = asArray(at(entry, 'NtryDtls', 'TxDtls') as Node[] | Node | undefined);
      const entryRef = cleanRef(text(entry.AcctSvcrRef)) ?? cleanRef(text(entry.NtryRef));
      const bookingDate = text(at(entry, 'BookgDt', 'Dt')) || text(at(entry, 'BookgDt', 'DtTm')).slice(0, 10);
      const valueDate = text(at(entry, 'ValDt', 'Dt')) || text(at(entry, 'ValDt', 'DtTm')).slice(0, 10) || null;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(bookingDate)) throw unreadable('date', { value: bookingDate });
      for (const [i, tx] of (details.length ? details : [{} as Node]).entries()) {
        const party = direction === 'credit' ? 'Dbtr' : 'Cdtr';
        const amountNode = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? entry.Amt;
        const amount = text(amountNode);
        if (!/^\d+(\.\d+)?$/.test(amount)) throw unreadable('amount', { value: amount });
        const txRef = cleanRef(text(at(tx, 'Refs', 'AcctSvcrRef')));
        lines.push({
          accountIban,
          bookingDate,
          valueDate,
          amount: new Decimal(amount).toFixed(2),
          currency: String((amountNode as Node)?.['@_Ccy'] ?? 'EUR'),
          direction,
          payerName: text(at(tx, 'RltdPties', party, 'Nm')) || text(at(tx, 'RltdPties', party, 'Pty', 'Nm')),
          payerIban: cleanIban(text(at(tx, 'RltdPties', `${party}Acct`, 'Id', 'IBAN'))),
          purpose: asArray(at(tx, 'RmtInf', 'Ustrd') as unknown[] | unknown)
            .map(text)
            .join(' ')
            .trim(),
          reference: txRef ?? (entryRef && details.length > 1 ? `${entryRef}/${i + 1}` : entryRef),
        });
      }
    }
  }
  return { format: 'camt053', lines: withKeys(lines) };
}

/**
 * The identity of each line: its reference where it has one; otherwise a digest of account, dates,
 * amount, counterparty IBAN and purpose together with how many identical lines came before it in the
 * file, since identical bookings on one day are legitimate and must each be kept once.
 */
function withKeys(lines: RawLine[]): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map((l, i) => {
    const direction = l.direction === 'debit' ? '-' : '+';
    if (l.reference) return { ...l, position: i + 1, lineKey: `ref:${l.accountIban ?? ''}:${l.reference}` };
    const fields = [l.accountIban, l.bookingDate, l.valueDate, `${direction}${l.amount}`, l.payerIban, l.purpose];
    const base = JSON.stringify(fields);
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    const digest = createHash('sha256').update(`${base}#${nth}`).digest('hex');
    return { ...l, position: i + 1, lineKey: `sum:${digest}` };
  });
}

/** A CSV of a German bank (semicolon, German decimals and dates) or a CAMT.053 XML statement. */
export function parseStatement(data: Buffer): ParsedStatement {
  if (data.length === 0) throw unreadable('empty');
  const content = decode(data);
  const parsed = content.trimStart().startsWith('<') ? parseCamt(content) : parseCsv(content);
  if (parsed.lines.length === 0) throw unreadable('empty');
  if (parsed.lines.length > MAX_LINES) throw unreadable('too_many_lines', { max: MAX_LINES });
  return parsed;
}
