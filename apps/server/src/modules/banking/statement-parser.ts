import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { Decimal } from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../platform/errors.ts';
import { FORBIDDEN_TEXT } from '../../platform/text-guard.ts';

/** Why a line that was read is not booked: money out, a currency other than the euro, nothing moved. */
export type SkipReason = 'debit' | 'currency' | 'zero_amount';

/** One line of a bank statement as read from the file, before anything is stored. */
export interface StatementLine {
  /** 1-based position among the file's lines. */
  position: number;
  accountIban: string | null;
  bookingDate: string;
  valueDate: string | null;
  /** Not negative; `direction` says which way the money went. In euros unless `skipReason` is `currency`. */
  amount: string;
  currency: string;
  direction: 'credit' | 'debit';
  payerName: string;
  payerIban: string | null;
  purpose: string;
  /** The bank's or the entry's reference, when the format carries one. */
  reference: string | null;
  /** The payer's end-to-end id (SEPA), which a return of the transfer carries again. */
  endToEndId: string | null;
  /** The ISO return reason (`RtrInf/Rsn/Cd`, e.g. AC04) of a returned transfer. */
  returnCode: string | null;
  /** An invoice number of the portal (RE-000123) found in the purpose. */
  invoiceNumber: string | null;
  skipReason: SkipReason | null;
  /** The line's identity among all statements of the owner (decision 0127, `withKeys`). */
  lineKey: string;
  /** The identity without the bank's reference: equal across the bank's formats of one transfer. */
  looseKey: string;
}

/** What a CAMT statement says of itself; CSV exports carry none of it. */
export interface StatementInfo {
  /** `Stmt/Id`. */
  id: string | null;
  /** `Stmt/ElctrncSeqNb`: the bank numbers its statements of one account without gaps. */
  sequenceNumber: number | null;
  accountIban: string | null;
}

export interface ParsedStatement {
  format: string;
  lines: StatementLine[];
  statements: StatementInfo[];
}

type RawLine = Omit<StatementLine, 'lineKey' | 'looseKey' | 'position' | 'invoiceNumber'>;

const MAX_LINES = 5000;
/** The largest amount a line may carry: far above any shop's transfer, far below `numeric(19,4)`'s range. */
const MAX_AMOUNT = new Decimal('999999999.99');
/** Text lengths a bank file never exceeds (SEPA: 70 for names, 4 × 35 or 140 per purpose line, 35 for ids). */
const MAX_TEXT = { payerName: 200, purpose: 1000, reference: 100 } as const;
/** How deep a CAMT file's elements may nest; camt.053 needs about 12, the parser recurses per level. */
const MAX_DEPTH = 40;

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

/** C0 characters and bidi overrides (the JSON text guard's set) are refused wherever they stand in the file. */
function refuseControlCharacters(content: string) {
  const m = FORBIDDEN_TEXT.exec(content);
  if (!m) return;
  const line = content.slice(0, m.index).split('\n').length;
  throw unreadable('control_character', { line });
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

/** A booking date a statement can hold: the database's `date` takes far more, a typo (year 20226) is refused. */
function plausibleDate(iso: string) {
  const year = Number(iso.slice(0, 4));
  const d = new Date(`${iso}T00:00:00Z`);
  return year >= 1990 && year <= 2100 && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

function isoDate(text: string, position: number, field = 'booking_date'): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text.trim());
  if (!m) throw unreadable('date', { line: position, field, value: text.slice(0, 40) });
  // The expression's three groups are not optional.
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3];
  const iso = `${year}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  if (!plausibleDate(iso)) throw unreadable('date', { line: position, field, value: text.slice(0, 40) });
  return iso;
}

/** An amount a line may book: at most two decimals (a cent is the smallest unit booked) and within range. */
function boundedAmount(value: Decimal, text: string, position: number): Decimal {
  if (value.abs().gt(MAX_AMOUNT)) {
    throw unreadable('amount_range', { line: position, field: 'amount', value: text.slice(0, 40) });
  }
  return value;
}

/** A German amount ("-1.234,56", "50,00", "+7"): dots group thousands, the comma separates the cents. */
export function germanAmount(text: string, position: number): Decimal {
  const t = text.trim().replace(/\s/g, '');
  if (/^[+-]?(\d{1,3}(\.\d{3})+|\d+),\d{3,}$/.test(t)) {
    throw unreadable('amount_decimals', { line: position, field: 'amount', value: text.slice(0, 40) });
  }
  if (!/^[+-]?(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(t)) {
    throw unreadable('amount', { line: position, field: 'amount', value: text.slice(0, 40) });
  }
  return boundedAmount(new Decimal(t.replaceAll('.', '').replace(',', '.')), text, position);
}

/** A CAMT amount ("1234.56"): ISO 20022 allows five decimals, a euro line is booked only to the cent. */
function camtAmount(text: string, position: number): Decimal {
  if (/^\d+\.\d{3,}$/.test(text)) throw unreadable('amount_decimals', { line: position, field: 'Amt', value: text });
  if (!/^\d{1,18}(\.\d{1,2})?$/.test(text)) {
    throw unreadable('amount', { line: position, field: 'Amt', value: text.slice(0, 40) });
  }
  return boundedAmount(new Decimal(text), text, position);
}

const cleanIban = (v: string | undefined | null) => {
  const t = (v ?? '').replace(/\s/g, '').toUpperCase();
  return t === '' ? null : t;
};

const cleanRef = (v: string | undefined | null) => {
  const t = (v ?? '').trim();
  return t === '' || t.toUpperCase() === 'NOTPROVIDED' || t.toUpperCase() === 'NONREF' ? null : t;
};

/** The portal's invoice numbers (`RE-` and six digits, decision 0096), as a payer writes them in the purpose. */
export function invoiceNumberIn(purpose: string): string | null {
  const m = /\bRE[- ]?(\d{6})\b/i.exec(purpose);
  return m ? `RE-${m[1]}` : null;
}

function checkLengths(l: RawLine, position: number) {
  for (const field of ['payerName', 'purpose', 'reference'] as const) {
    if ((l[field] ?? '').length > MAX_TEXT[field]) throw unreadable('too_long', { line: position, field });
  }
  for (const field of ['payerIban', 'accountIban'] as const) {
    const v = l[field];
    if (v !== null && !/^[A-Z0-9]{5,34}$/.test(v)) throw unreadable('iban', { line: position, field });
  }
}

function parseCsv(text: string): ParsedStatement {
  let rows: string[][];
  try {
    rows = parse(text, { delimiter: ';', relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw unreadable('csv', line === undefined ? {} : { line });
  }
  let accountIban: string | null = null;
  const headerAt = rows.findIndex((r) => {
    const titles = r.map(normalise);
    if (titles[0] === 'iban' && titles.length >= 2 && r[1]!.trim() !== '') accountIban = cleanIban(r[1]!);
    return COLUMNS.bookingDate.some((t) => titles.includes(t)) && COLUMNS.amount.some((t) => titles.includes(t));
  });
  if (headerAt < 0) throw unreadable('header');
  const header = rows[headerAt]!; // findIndex found it
  const titles = header.map(normalise);
  const col = {} as Record<Field, number>;
  for (const field of Object.keys(COLUMNS) as Field[]) {
    col[field] = titles.findIndex((t) => (COLUMNS[field] as readonly string[]).includes(t));
  }
  // ING lists the balance's currency before the amount's: take the one right after the amount.
  if (normalise(header[col.amount + 1] ?? '') === titles[col.currency]) col.currency = col.amount + 1;
  if (col.payerName < 0) throw unreadable('header');
  const layout = LAYOUTS.find(([title]) => titles.includes(title))?.[1] ?? 'csv';
  const cell = (r: string[], field: Field) => (col[field] < 0 ? '' : (r[col[field]] ?? '').trim());

  const lines: (RawLine & { position: number })[] = [];
  for (const [i, r] of rows.slice(headerAt + 1).entries()) {
    const position = headerAt + i + 2;
    if (r.every((c) => c.trim() === '')) continue;
    const signed = germanAmount(cell(r, 'amount'), position);
    const value = cell(r, 'valueDate');
    const currency = (cell(r, 'currency') || 'EUR').toUpperCase();
    const direction = signed.isNegative() ? 'debit' : 'credit';
    const line: RawLine = {
      accountIban: cleanIban(cell(r, 'accountIban')) ?? accountIban,
      bookingDate: isoDate(cell(r, 'bookingDate'), position),
      valueDate: value === '' ? null : isoDate(value, position, 'value_date'),
      amount: signed.abs().toFixed(2),
      currency,
      direction,
      payerName: cell(r, 'payerName'),
      payerIban: cleanIban(cell(r, 'payerIban')),
      purpose: cell(r, 'purpose'),
      reference: cleanRef(cell(r, 'reference')),
      endToEndId:
        col.reference >= 0 && titles[col.reference]!.includes('end-to-end') ? cleanRef(cell(r, 'reference')) : null,
      returnCode: null,
      skipReason: signed.isZero()
        ? 'zero_amount'
        : currency !== 'EUR'
          ? 'currency'
          : direction === 'debit'
            ? 'debit'
            : null,
    };
    checkLengths(line, position);
    lines.push({ ...line, position });
  }
  return { format: layout, lines: withKeys(lines), statements: [] };
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
type Node = Record<string, unknown> & { '#text'?: string };
const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((n, key) => (n && typeof n === 'object' ? (n as Node)[key] : undefined), node);
const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'object') return String((v as Node)['#text'] ?? '');
  return String(v);
};
const currencyOf = (amountNode: unknown) =>
  amountNode && typeof amountNode === 'object' ? String((amountNode as Node)['@_Ccy'] ?? '').toUpperCase() : '';
const camtDate = (node: unknown) => text(at(node, 'Dt')) || text(at(node, 'DtTm')).slice(0, 10);
const partyName = (tx: unknown, role: string) =>
  text(at(tx, 'RltdPties', role, 'Nm')) || text(at(tx, 'RltdPties', role, 'Pty', 'Nm'));
const partyIban = (tx: unknown, role: string) => cleanIban(text(at(tx, 'RltdPties', `${role}Acct`, 'Id', 'IBAN')));
/** `Sts` is a code in camt.053.001.02 and `Sts/Cd` from .001.08 on. */
const entryStatus = (entry: Node) => text(at(entry, 'Sts', 'Cd')) || text(entry.Sts);

/**
 * How deep the elements nest, counted on the text before the parser sees it: the parser recurses per level,
 * and a file nested thousands deep would otherwise exhaust its stack.
 */
function nestingDepth(xml: string): number {
  let depth = 0;
  let max = 0;
  for (const m of xml.matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (m[1] === '/') depth--;
    else if (m[2] !== '/') depth++;
    if (depth > max) max = depth;
  }
  return max;
}

/** A statement's balance of one type (OPBD or PRCD opening, CLBD closing), signed. */
function balanceOf(stmt: Node, codes: string[]): Decimal | null {
  for (const bal of asArray(stmt.Bal as Node[] | Node | undefined)) {
    if (!codes.includes(text(at(bal, 'Tp', 'CdOrPrtry', 'Cd')))) continue;
    const amount = text(bal.Amt);
    if (!/^\d{1,18}(\.\d{1,5})?$/.test(amount))
      throw unreadable('balance', { field: 'Bal/Amt', value: amount.slice(0, 40) });
    const v = new Decimal(amount);
    return text(bal.CdtDbtInd) === 'DBIT' ? v.negated() : v;
  }
  return null;
}

/** ISO 20022 camt.053 (001.02 to 001.08): one line per transaction of each booked entry. */
function parseCamt(xml: string): ParsedStatement {
  // Entities declared in a DOCTYPE (external, parameter, expanding) are never needed by a bank statement:
  // refused before the parser runs. The five predefined entities (`&amp;`) are still decoded.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw unreadable('doctype');
  if (nestingDepth(xml) > MAX_DEPTH) throw unreadable('nesting', { max: MAX_DEPTH });
  let doc: unknown;
  try {
    // `htmlEntities`: character references (`M&#252;ller`) are XML and are decoded like the five named ones.
    doc = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: false,
      parseTagValue: false,
      htmlEntities: true,
    }).parse(xml, true);
  } catch (err) {
    const line = (err as { err?: { line?: number } }).err?.line;
    throw unreadable('camt', line === undefined ? {} : { line });
  }
  const statements = asArray(at(doc, 'Document', 'BkToCstmrStmt', 'Stmt') as Node[] | Node | undefined);
  if (statements.length === 0) throw unreadable('camt');
  const lines: (RawLine & { position: number })[] = [];
  const infos: StatementInfo[] = [];
  let entryNo = 0;
  for (const stmt of statements) {
    const accountIban = cleanIban(text(at(stmt, 'Acct', 'Id', 'IBAN')));
    const statementId = text(stmt.Id).slice(0, 100) || null;
    const accountCurrency = text(at(stmt, 'Acct', 'Ccy')).toUpperCase();
    // The ledger is in euros (DOMAIN): an account kept in another currency is no statement to book from.
    if (accountCurrency !== '' && accountCurrency !== 'EUR') {
      throw new AppError('bank_statement_currency', `Statement ${statementId} is kept in ${accountCurrency}`, {
        params: { statement: statementId ?? '', currency: accountCurrency.slice(0, 3) },
      });
    }
    const seq = text(stmt.ElctrncSeqNb);
    infos.push({
      id: statementId,
      sequenceNumber: /^\d{1,9}$/.test(seq) ? Number(seq) : null,
      accountIban,
    });
    let entriesSum = new Decimal(0);
    for (const entry of asArray(stmt.Ntry as Node[] | Node | undefined)) {
      entryNo++;
      // Pending and information-only entries are no booking yet.
      const status = entryStatus(entry);
      if (status !== '' && status !== 'BOOK') continue;
      const direction = text(entry.CdtDbtInd) === 'DBIT' ? 'debit' : 'credit';
      const entryAmount = camtAmount(text(entry.Amt), entryNo);
      const entryCurrency = currencyOf(entry.Amt) || 'EUR';
      // An entry in another currency than the account's does not move its balance.
      if (entryCurrency === (accountCurrency || 'EUR')) {
        entriesSum = direction === 'debit' ? entriesSum.minus(entryAmount) : entriesSum.plus(entryAmount);
      }
      const details = asArray(at(entry, 'NtryDtls', 'TxDtls') as Node[] | Node | undefined);
      const entryRef = cleanRef(text(entry.AcctSvcrRef)) ?? cleanRef(text(entry.NtryRef));
      const bookingDate = camtDate(entry.BookgDt);
      const valueDate = camtDate(entry.ValDt) || null;
      if (!plausibleDate(bookingDate)) {
        throw unreadable('date', { line: entryNo, field: 'BookgDt', value: bookingDate.slice(0, 40) });
      }
      if (valueDate !== null && !plausibleDate(valueDate)) {
        throw unreadable('date', { line: entryNo, field: 'ValDt', value: valueDate.slice(0, 40) });
      }
      const single = details.length <= 1;
      for (const [i, tx] of (details.length ? details : [{} as Node]).entries()) {
        const party = direction === 'credit' ? 'Dbtr' : 'Cdtr';
        // A returned payment names the payer of the original transfer as debtor, the other way round.
        const other = direction === 'credit' ? 'Cdtr' : 'Dbtr';
        // The euro amount of this transaction: the entry's where it holds one transaction, else the
        // transaction's own amount in euros. A transfer the bank converted carries its original amount in
        // `AmtDtls/InstdAmt`; what was credited is the euro amount.
        const candidates = single
          ? [entry.Amt, at(tx, 'Amt'), at(tx, 'AmtDtls', 'TxAmt', 'Amt')]
          : [at(tx, 'Amt'), at(tx, 'AmtDtls', 'TxAmt', 'Amt')];
        const euro = candidates.find((a) => a !== undefined && currencyOf(a) === 'EUR');
        const shown = euro ?? candidates.find((a) => a !== undefined) ?? entry.Amt;
        const amount = euro === undefined && single ? entryAmount : camtAmount(text(shown), entryNo);
        const currency = euro ? 'EUR' : currencyOf(shown) || entryCurrency;
        const txRef = cleanRef(text(at(tx, 'Refs', 'AcctSvcrRef')));
        const returnCode = text(at(tx, 'RtrInf', 'Rsn', 'Cd')).slice(0, 10) || null;
        const line: RawLine = {
          accountIban,
          bookingDate,
          valueDate,
          amount: amount.toFixed(2),
          currency,
          direction,
          payerName: partyName(tx, party) || (returnCode ? partyName(tx, other) : ''),
          payerIban: partyIban(tx, party) ?? (returnCode ? partyIban(tx, other) : null),
          purpose: asArray(at(tx, 'RmtInf', 'Ustrd') as unknown[] | unknown)
            .map(text)
            .join(' ')
            .trim(),
          reference: txRef ?? (entryRef && details.length > 1 ? `${entryRef}/${i + 1}` : entryRef),
          endToEndId: cleanRef(text(at(tx, 'Refs', 'EndToEndId'))),
          returnCode,
          skipReason: amount.isZero()
            ? 'zero_amount'
            : currency !== 'EUR'
              ? 'currency'
              : direction === 'debit'
                ? 'debit'
                : null,
        };
        checkLengths(line, entryNo);
        lines.push({ ...line, position: entryNo });
      }
    }
    // A bookkeeper's first check: the entries lead from the opening balance to the closing one. A statement
    // where they do not is incomplete (or altered) and is refused whole.
    const opening = balanceOf(stmt, ['OPBD', 'PRCD']);
    const closing = balanceOf(stmt, ['CLBD']);
    if (opening !== null && closing !== null && !opening.plus(entriesSum).eq(closing)) {
      throw new AppError('bank_statement_unbalanced', `Statement ${statementId}: the entries do not add up`, {
        params: {
          statement: statementId ?? '',
          opening: opening.toFixed(2),
          entries: entriesSum.toFixed(2),
          closing: closing.toFixed(2),
        },
      });
    }
  }
  // Lines are numbered in file order; a refusal names the entry (CAMT) or the file's line (CSV).
  return { format: 'camt053', lines: withKeys(lines), statements: infos };
}

/** A unit separator: refused in every cell, so no field's text can run into the next one's. */
const SEP = '\u001f';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ';
const LOWER = 'abcdefghijklmnopqrstuvwxyzäöü';

/**
 * A payer's name as the identity compares it: spaces collapsed and these letters lowered. Written so that
 * PostgreSQL's `translate` computes it alike under any locale (the backfill in migration 0045).
 */
export function identityName(name: string): string {
  let out = '';
  for (const ch of name.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '')) {
    const at = UPPER.indexOf(ch);
    out += at < 0 ? ch : LOWER[at];
  }
  return out;
}

/** The loose identity: account, booking date, amount and direction, and the payer (IBAN, else name). */
export function looseBase(
  l: Pick<RawLine, 'accountIban' | 'bookingDate' | 'direction' | 'amount' | 'payerIban' | 'payerName'>,
) {
  const payer = l.payerIban ? `iban:${l.payerIban}` : `name:${identityName(l.payerName)}`;
  return [l.accountIban ?? '', l.bookingDate, `${l.direction === 'debit' ? '-' : '+'}${l.amount}`, payer].join(SEP);
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * The identity of each line (decision 0127): account, booking date, amount, direction, payer and the bank's
 * reference where there is one, with how many lines of the same identity came before it in the file, since
 * identical transfers on one day are legitimate and must each be kept once. The purpose is left out: banks
 * shorten and re-wrap it between exports.
 */
function withKeys(lines: (RawLine & { position: number })[]): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map(({ position: _place, ...l }, i) => {
    const loose = looseBase(l);
    const base = `${loose}${SEP}${l.reference ?? ''}`;
    const nth = (seen.get(base) ?? 0) + 1;
    seen.set(base, nth);
    return {
      ...l,
      position: i + 1,
      invoiceNumber: invoiceNumberIn(l.purpose),
      lineKey: `v2:${sha256(`${base}#${nth}`)}`,
      looseKey: sha256(loose),
    };
  });
}

/** A CSV of a German bank (semicolon, German decimals and dates) or a CAMT.053 XML statement. */
export function parseStatement(data: Buffer): ParsedStatement {
  if (data.length === 0) throw unreadable('empty');
  const content = decode(data);
  refuseControlCharacters(content);
  const parsed = content.trimStart().startsWith('<') ? parseCamt(content) : parseCsv(content);
  if (parsed.lines.length === 0) throw unreadable('empty');
  if (parsed.lines.length > MAX_LINES) throw unreadable('too_many_lines', { max: MAX_LINES });
  for (const l of parsed.lines) {
    for (const field of ['payerName', 'purpose', 'reference', 'endToEndId'] as const) {
      // Character references (`&#x202E;`) decode only in the parser: checked again on what was read.
      if (FORBIDDEN_TEXT.test(l[field] ?? '')) throw unreadable('control_character', { line: l.position, field });
    }
  }
  return parsed;
}
