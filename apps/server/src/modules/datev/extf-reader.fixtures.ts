import { expect } from 'vitest';

/**
 * A reader of DATEV-format files written from DATEV's published description (developer portal "DATEV-Format":
 * pages Einstieg, Header, Buchungsstapel, Debitoren/Kreditoren; decision 0147), not from the portal's writer: it
 * decodes Windows-1252, splits CRLF lines and `;` fields with DATEV's quoting, and checks the header's fixed
 * values and expressions, the column line's count and names at the positions the description gives, and every
 * record's field count and the expressions of the fields a sales ledger fills.
 */
export interface ExtfField {
  /** As written, with its quotes. */
  raw: string;
  quoted: boolean;
  value: string;
}

function splitFields(line: string): ExtfField[] {
  const fields: ExtfField[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let value = '';
      let i = at + 1;
      for (;;) {
        if (i >= line.length) throw new Error(`unclosed quote in ${line.slice(at, at + 40)}`);
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') break;
        else value += line[i++];
      }
      const end = i + 1;
      if (end < line.length && line[end] !== ';')
        throw new Error(`text after a closing quote: ${line.slice(at, end + 5)}`);
      fields.push({ raw: line.slice(at, end), quoted: true, value });
      at = end + 1;
    } else {
      const end = line.indexOf(';', at);
      const stop = end < 0 ? line.length : end;
      const raw = line.slice(at, stop);
      if (raw.includes('"')) throw new Error(`a quote inside an unquoted field: ${raw}`);
      fields.push({ raw, quoted: false, value: raw });
      at = stop + 1;
    }
    if (at > line.length) break;
  }
  return fields;
}

/** The file as DATEV's import reads it: Windows-1252, CRLF after every line (the last one too), no BOM. */
export function extfLines(file: Buffer): ExtfField[][] {
  expect(file.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'no UTF-8 BOM').toBe(false);
  const text = new TextDecoder('windows-1252').decode(file);
  expect(text.endsWith('\r\n'), 'the last line ends in CRLF').toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const l of lines) expect(/[\r\n]/.test(l), `a bare CR or LF in ${l.slice(0, 60)}`).toBe(false);
  return lines.map(splitFields);
}

const EMPTY = /^$/;
const QUOTES = /^""$/;

/** DATEV "Header", fields 1–31: the expression of each (1-based), for both categories. */
function headerExpressions(category: 16 | 21): Record<number, RegExp> {
  const booking = category === 21;
  return {
    1: /^"(EXTF|DTVF)"$/,
    2: /^700$/,
    3: booking ? /^21$/ : /^16$/,
    4: booking ? /^"Buchungsstapel"$/ : /^"Debitoren\/Kreditoren"$/,
    5: booking ? /^13$/ : /^5$/,
    6: /^\d{17}$/,
    7: EMPTY,
    8: /^"\w{0,2}"$/,
    9: /^"[^"]{0,25}"$/,
    10: /^"[^"]{0,25}"$/,
    11: /^(\d{4,6}|\d{7})$/,
    12: /^\d{1,5}$/,
    13: /^\d{8}$/,
    14: /^[4-8]$/,
    15: booking ? /^\d{8}$/ : /^(\d{8})?$/,
    16: booking ? /^\d{8}$/ : /^(\d{8})?$/,
    17: /^"[\wÄÖÜäöüß.\-/ ]{0,30}"$/,
    18: /^"([A-Z]{2}){0,2}"$/,
    19: booking ? /^[12]$/ : /^[12]?$/,
    20: booking ? /^(0|30|40|50|64)$/ : /^(0|30|40|50|64)?$/,
    21: booking ? /^(0|1)$/ : /^(0|1)?$/,
    22: booking ? /^"[A-Z]{3}"$/ : /^"([A-Z]{3})?"$/,
    23: EMPTY,
    24: QUOTES,
    25: EMPTY,
    26: EMPTY,
    27: /^"(\d{2}){0,2}"$/,
    28: /^\d{0,4}$/,
    29: EMPTY,
    30: QUOTES,
    31: /^".{0,16}"$/,
  };
}

const isDay = (yyyymmdd: string) => {
  const d = new Date(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10).replaceAll('-', '') === yyyymmdd;
};

function checkHeader(header: ExtfField[], category: 16 | 21) {
  expect(header, 'the header has 31 fields').toHaveLength(31);
  // Every index below is under 31, the length just checked.
  for (const [n, re] of Object.entries(headerExpressions(category))) {
    expect(header[Number(n) - 1]!.raw, `header field ${n}`).toMatch(re);
  }
  const consultant = Number(header[10]!.value);
  expect(consultant >= 1001 && consultant <= 9999999, 'Beraternummer 1001–9999999').toBe(true);
  const client = Number(header[11]!.value);
  expect(client >= 1 && client <= 99999, 'Mandantennummer 1–99999').toBe(true);
  expect(isDay(header[12]!.value), 'WJ-Beginn is a day').toBe(true);
  expect(isDay(header[5]!.value.slice(0, 8)), 'Erzeugt am starts with a day').toBe(true);
  if (category === 21) {
    expect(isDay(header[14]!.value) && isDay(header[15]!.value), 'Datum vom/bis are days').toBe(true);
    expect(header[14]!.value <= header[15]!.value, 'Datum vom ≤ Datum bis').toBe(true);
    // One batch lies in one fiscal year: the year of a Belegdatum (DDMM) comes from WJ-Beginn.
    expect(header[14]!.value >= header[12]!.value, 'the batch starts in its fiscal year').toBe(true);
  }
}

/** The column names the description gives at these positions (1-based). */
const BOOKING_NAMES: Record<number, string> = {
  1: 'Umsatz (ohne Soll/Haben-Kz)',
  2: 'Soll/Haben-Kennzeichen',
  3: 'WKZ Umsatz',
  7: 'Konto',
  8: 'Gegenkonto (ohne BU-Schlüssel)',
  9: 'BU-Schlüssel',
  10: 'Belegdatum',
  11: 'Belegfeld 1',
  12: 'Belegfeld 2',
  14: 'Buchungstext',
  20: 'Beleglink',
  37: 'KOST1 - Kostenstelle',
  88: 'Stück',
  93: 'Zugeordnete Fälligkeit',
  104: 'KOST-Datum',
  111: 'Postensperre bis',
  114: 'Festschreibung',
  115: 'Leistungsdatum',
  116: 'Datum Zuord. Steuerperiode',
  117: 'Fälligkeit',
  121: 'Abrechnungsreferenz',
  122: 'BVV-Position',
  125: 'Abw. Skontokonto',
};

const DEBTOR_NAMES: Record<number, string> = {
  1: 'Konto',
  2: 'Name (Adressatentyp Unternehmen)',
  7: 'Adressatentyp',
  8: 'Kurzbezeichnung',
  9: 'EU-Land',
  10: 'EU-USt-IdNr.',
  15: 'Adressart',
  16: 'Straße',
  18: 'Postleitzahl',
  19: 'Ort',
  20: 'Land',
  33: 'E-Mail',
  41: 'Bankleitzahl 1',
  45: 'IBAN 1',
  47: 'SWIFT-Code 1',
  99: 'Kundennummer',
  100: 'Steuernummer',
  254: 'Letzte Frist',
};

/** Buchungsstapel field expressions (1-based) for the fields a sales ledger fills. */
const BOOKING_FIELDS: Record<number, RegExp> = {
  1: /^(?!0{1,10},00$)\d{1,10},\d{2}$/,
  2: /^"(S|H)"$/,
  7: /^\d{1,9}$/,
  8: /^\d{1,9}$/,
  9: /^"\d{0,4}"$/,
  10: /^\d{4}$/,
  11: /^"[\w$&%*+\-/]{0,36}"$/,
  12: /^"[\w$&%*+\-/]{0,12}"$/,
  14: /^"\P{Cc}{0,60}"$/u,
  114: /^(0|1)$/,
  115: /^(\d{8})?$/,
};

const DEBTOR_FIELDS: Record<number, RegExp> = {
  1: /^\d{1,9}$/,
  2: /^"[^"]{0,50}"$/,
  7: /^"[012]?"$/,
  8: /^"[^"]{0,15}"$/,
  9: /^"([A-Z]{2})?"$/,
  10: /^"[A-Z0-9+*]{0,13}"$/,
  15: /^"(STR|PF|GK)?"$/,
  16: /^"[^"]{0,36}"$/,
  18: /^"[^"]{0,10}"$/,
  19: /^"[^"]{0,30}"$/,
  20: /^"([A-Z]{2})?"$/,
  33: /^"[^"]{0,60}"$/,
  45: /^"([A-Z]{2}\d{2}[A-Z0-9]{1,30})?"$/,
  47: /^"([A-Z0-9]{8}|[A-Z0-9]{11})?"$/,
  99: /^"[^"]{0,15}"$/,
};

export interface ExtfFile {
  header: ExtfField[];
  columns: string[];
  /** Each record by column name, the value without its quotes. */
  records: Record<string, string>[];
  raw: ExtfField[][];
}

/** Reads and checks a Buchungsstapel (category 21, format version 13: 125 columns). */
export function readBookings(file: Buffer): ExtfFile {
  const [header, columns, ...records] = extfLines(file);
  if (!header || !columns) throw new Error('an EXTF file starts with a header line and a column line');
  checkHeader(header, 21);
  expect(columns, 'Buchungsstapel 13 has 125 columns').toHaveLength(125);
  for (const [n, name] of Object.entries(BOOKING_NAMES))
    expect(columns[Number(n) - 1]!.value, `column ${n}`).toBe(name);
  expect(records.length, 'at most 99 999 records').toBeLessThanOrEqual(99_999);
  const from = header[14]!.value;
  const to = header[15]!.value;
  for (const r of records) {
    expect(r, 'every record has 125 fields').toHaveLength(125);
    for (const [n, re] of Object.entries(BOOKING_FIELDS)) expect(r[Number(n) - 1]!.raw, `field ${n}`).toMatch(re);
    // Belegdatum DDMM within the batch's period (the year is the batch's).
    const day = `${from.slice(0, 4)}${r[9]!.value.slice(2, 4)}${r[9]!.value.slice(0, 2)}`;
    expect(isDay(day) && day >= from && day <= to, `Belegdatum ${r[9]!.value} in ${from}–${to}`).toBe(true);
  }
  return toFile(header, columns, records);
}

/** Reads and checks Debitoren/Kreditoren (category 16, format version 5: 254 columns). */
export function readDebtors(file: Buffer, accountLength = 4): ExtfFile {
  const [header, columns, ...records] = extfLines(file);
  if (!header || !columns) throw new Error('an EXTF file starts with a header line and a column line');
  checkHeader(header, 16);
  expect(columns, 'Debitoren/Kreditoren 5 has 254 columns').toHaveLength(254);
  for (const [n, name] of Object.entries(DEBTOR_NAMES)) expect(columns[Number(n) - 1]!.value, `column ${n}`).toBe(name);
  for (const r of records) {
    expect(r, 'every record has 254 fields').toHaveLength(254);
    for (const [n, re] of Object.entries(DEBTOR_FIELDS)) expect(r[Number(n) - 1]!.raw, `field ${n}`).toMatch(re);
    // A personal account is one digit longer than the ledger accounts (Sachkontenlänge + 1).
    expect(r[0]!.value, 'a debtor account').toHaveLength(accountLength + 1);
  }
  return toFile(header, columns, records);
}

function toFile(header: ExtfField[], columns: ExtfField[], records: ExtfField[][]): ExtfFile {
  const names = columns.map((c) => c.value);
  return {
    header,
    columns: names,
    records: records.map((r) => Object.fromEntries(r.map((f, i) => [names[i], f.value]))),
    raw: records,
  };
}
