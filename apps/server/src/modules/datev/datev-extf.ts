import { Decimal } from 'decimal.js';
import { encodeCp1252 } from '../../platform/cp1252.ts';

/**
 * The DATEV format (EXTF) as DATEV's developer portal describes it ("DATEV-Format", pages Einstieg, Header,
 * Buchungsstapel, Debitoren/Kreditoren; decision 0147): a header line of 31 fields, a line of column names, the
 * records; `;` between fields, CRLF after every line, text fields in `"…"` (quotes doubled, no control
 * characters), numbers bare with a decimal comma, Windows-1252. A file is read by position, so every record has
 * every column of its format, empty where unused: `""` for a text field, nothing for a number or date.
 */

/** The header's fixed values (DATEV "Header"): format id, header version, and per category its name and version. */
export const EXTF_HEADER_VERSION = 700;
export const BOOKINGS_FORMAT = { category: 21, name: 'Buchungsstapel', version: 13 } as const;
export const DEBTORS_FORMAT = { category: 16, name: 'Debitoren/Kreditoren', version: 5 } as const;

const range = (n: number, f: (i: number) => string[]) => Array.from({ length: n }, (_, i) => f(i + 1)).flat();

/** Buchungsstapel, format version 13: 125 columns (version 13 added field 125, "Abw. Skontokonto"). */
export const BOOKING_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...range(8, (i) => [`Beleginfo - Art ${i}`, `Beleginfo - Inhalt ${i}`]),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  // DATEV's own column line writes the "Inhalt" names without a space before the hyphen.
  ...range(20, (i) => [`Zusatzinformation - Art ${i}`, `Zusatzinformation- Inhalt ${i}`]),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Mitgliedstaat (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Leerfeld',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Mitgliedstaat u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

/** The Buchungsstapel's number and date fields (1-based): empty ones are written as nothing, not `""`. */
const BOOKING_NUMBERS = new Set([
  1, 4, 5, 7, 8, 10, 13, 15, 17, 18, 19, 39, 41, 43, 44, 45, 46, 47, 88, 89, 90, 92, 93, 94, 97, 99, 100, 101, 104, 106,
  108, 111, 113, 114, 115, 116, 117, 119, 122, 124, 125,
]);

const bank = (i: number) => [
  `Bankleitzahl ${i}`,
  `Bankbezeichnung ${i}`,
  `Bankkonto-Nummer ${i}`,
  `Länderkennzeichen ${i}`,
  `IBAN ${i}`,
  `Leerfeld ${i}`,
  `SWIFT-Code ${i}`,
  `Abw. Kontoinhaber ${i}`,
  `Kennz. Haupt-Bankverb. ${i}`,
  `Bankverb. ${i} Gültig von`,
  `Bankverb. ${i} Gültig bis`,
];
const invoiceAddress = (name: string) => `${name} (Rechnungsadresse)`;

/** Debitoren/Kreditoren, format version 5: 254 columns. */
export const DEBTOR_COLUMNS: readonly string[] = [
  'Konto',
  'Name (Adressatentyp Unternehmen)',
  'Unternehmensgegenstand',
  'Name (Adressatentyp natürl. Person)',
  'Vorname (Adressatentyp natürl. Person)',
  'Name (Adressatentyp keine Angabe)',
  'Adressatentyp',
  'Kurzbezeichnung',
  'EU-Land',
  'EU-USt-IdNr.',
  'Anrede',
  'Titel/Akad. Grad',
  'Adelstitel',
  'Namensvorsatz',
  'Adressart',
  'Straße',
  'Postfach',
  'Postleitzahl',
  'Ort',
  'Land',
  'Versandzusatz',
  'Adresszusatz',
  'Abweichende Anrede',
  'Abw. Zustellbezeichnung 1',
  'Abw. Zustellbezeichnung 2',
  'Kennz. Korrespondenzadresse',
  'Adresse Gültig von',
  'Adresse Gültig bis',
  'Telefon',
  'Bemerkung (Telefon)',
  'Telefon Geschäftsleitung',
  'Bemerkung (Telefon GL)',
  'E-Mail',
  'Bemerkung (E-Mail)',
  'Internet',
  'Bemerkung (Internet)',
  'Fax',
  'Bemerkung (Fax)',
  'Sonstige',
  'Bemerkung (Sonstige)',
  ...range(5, bank),
  'Leerfeld 11',
  'Briefanrede',
  'Grußformel',
  'Kundennummer',
  'Steuernummer',
  'Sprache',
  'Ansprechpartner',
  'Vertreter',
  'Sachbearbeiter',
  'Diverse-Konto',
  'Ausgabeziel',
  'Währungssteuerung',
  'Kreditlimit (Debitor)',
  'Zahlungsbedingung',
  'Fälligkeit in Tagen (Debitor)',
  'Skonto in Prozent (Debitor)',
  'Kreditoren-Ziel 1 (Tage)',
  'Kreditoren-Skonto 1 (%)',
  'Kreditoren-Ziel 2 (Tage)',
  'Kreditoren-Skonto 2 (%)',
  'Kreditoren-Ziel 3 Brutto (Tage)',
  'Kreditoren-Ziel 4 (Tage)',
  'Kreditoren-Skonto 4 (%)',
  'Kreditoren-Ziel 5 (Tage)',
  'Kreditoren-Skonto 5 (%)',
  'Mahnung',
  'Kontoauszug',
  'Mahntext',
  'Mahntext 2',
  'Mahntext 3',
  'Kontoauszugstext',
  'Mahnlimit Betrag',
  'Mahnlimit %',
  'Zinsberechnung',
  'Mahnzinssatz 1',
  'Mahnzinssatz 2',
  'Mahnzinssatz 3',
  'Lastschrift',
  'Verfahren',
  'Mandantenbank',
  'Zahlungsträger',
  ...range(15, (i) => [`Indiv. Feld ${i}`]),
  invoiceAddress('Abweichende Anrede'),
  invoiceAddress('Adressart'),
  invoiceAddress('Straße'),
  invoiceAddress('Postfach'),
  invoiceAddress('Postleitzahl'),
  invoiceAddress('Ort'),
  invoiceAddress('Land'),
  invoiceAddress('Versandzusatz'),
  invoiceAddress('Adresszusatz'),
  invoiceAddress('Abw. Zustellbezeichnung 1'),
  invoiceAddress('Abw. Zustellbezeichnung 2'),
  invoiceAddress('Adresse Gültig von'),
  invoiceAddress('Adresse Gültig bis'),
  ...range(5, (i) => bank(i + 5)),
  'Nummer Fremdsystem',
  'Insolvent',
  ...range(10, (i) => [`SEPA-Mandatsreferenz ${i}`]),
  'Verknüpftes OPOS-Konto',
  'Mahnsperre bis',
  'Lastschriftsperre bis',
  'Zahlungssperre bis',
  'Gebührenberechnung',
  'Mahngebühr 1',
  'Mahngebühr 2',
  'Mahngebühr 3',
  'Pauschalberechnung',
  'Verzugspauschale 1',
  'Verzugspauschale 2',
  'Verzugspauschale 3',
  'Alternativer Suchname',
  'Status',
  'Anschrift manuell geändert (Korrespondenzadresse)',
  'Anschrift individuell (Korrespondenzadresse)',
  'Anschrift manuell geändert (Rechnungsadresse)',
  'Anschrift individuell (Rechnungsadresse)',
  'Fristberechnung bei Debitor',
  'Mahnfrist 1',
  'Mahnfrist 2',
  'Mahnfrist 3',
  'Letzte Frist',
];

/** The debtor file's number and date fields the portal could fill (1-based): the account, the address dates. */
const DEBTOR_NUMBERS = new Set([1, 26, 27, 28, 101, 108, 110, 111]);

/** A text field: quoted, quotes doubled, control characters (line breaks, tabs) as spaces, cut to `max`. */
export function text(value: string | null | undefined, max: number): string {
  const clean = (value ?? '').replace(/\p{Cc}+/gu, ' ').trim();
  return `"${[...clean].slice(0, max).join('').replace(/"/g, '""')}"`;
}

/** An amount as DATEV writes it: positive, two decimals, decimal comma, no thousands separator. */
export const amount = (value: Decimal) => value.abs().toFixed(2, Decimal.ROUND_HALF_UP).replace('.', ',');

/** `YYYY-MM-DD` as `DDMM` (Belegdatum: the year comes from the header's fiscal year) or `DDMMYYYY`. */
export const ddmm = (day: string) => `${day.slice(8, 10)}${day.slice(5, 7)}`;
export const ddmmyyyy = (day: string) => `${ddmm(day)}${day.slice(0, 4)}`;

/**
 * Belegfeld 1 may hold letters, digits and `$ & % * + - /` only, 36 at most (it is the open-item key): anything
 * else is dropped. The portal's numbers (`RE-000017`, `RK-000003`, `ZE-88`) pass unchanged.
 */
export const documentField = (value: string) => text(value.replace(/[^A-Za-z0-9$&%*+\-/_]/g, ''), 36);

export interface ExtfHeader {
  format: typeof BOOKINGS_FORMAT | typeof DEBTORS_FORMAT;
  /** Berlin wall-clock time of the export, `YYYY-MM-DD HH:mm:ss.SSS`. */
  createdAt: string;
  consultantNumber: number;
  clientNumber: number;
  /** `YYYY-MM-DD`, the first day of the fiscal year the batch lies in. */
  fiscalYearStart: string;
  /** Booking batches only: the batch's period, both days included, and its name (30 characters). */
  period?: { from: string; to: string; label: string };
  chart: 'SKR03' | 'SKR04';
}

const ymd = (day: string) => day.replaceAll('-', '');

/** The 31 header fields (DATEV "Header"), fields 7, 23, 25, 26, 29 empty and 24, 30 as `""` as described. */
export function headerLine(h: ExtfHeader): string {
  const period = h.period;
  const booking = period !== undefined;
  const created = h.createdAt
    .replace(/[- :.]/g, '')
    .padEnd(17, '0')
    .slice(0, 17);
  return [
    '"EXTF"',
    String(EXTF_HEADER_VERSION),
    String(h.format.category),
    text(h.format.name, 30),
    String(h.format.version),
    created,
    '',
    '"RE"',
    '""',
    '""',
    String(h.consultantNumber),
    String(h.clientNumber),
    ymd(h.fiscalYearStart),
    '4',
    period ? ymd(period.from) : '',
    period ? ymd(period.to) : '',
    period ? text(period.label, 30) : '""',
    '""',
    booking ? '1' : '',
    booking ? '0' : '',
    // Not locked: the adviser checks accounts and tax keys and locks the batch in DATEV (decision 0147).
    booking ? '0' : '',
    booking ? '"EUR"' : '""',
    '',
    '""',
    '',
    '',
    `"${h.chart.slice(3)}"`,
    '',
    '',
    '""',
    '""',
  ].join(';');
}

/** A record of `columns` from its filled fields (1-based position → field as written), the rest empty. */
function record(columns: readonly string[], numbers: Set<number>, filled: Map<number, string>): string {
  return columns.map((_, i) => filled.get(i + 1) ?? (numbers.has(i + 1) ? '' : '""')).join(';');
}

export interface Booking {
  amount: Decimal;
  /** On `account` (the debtor): S for an invoice, H for a correction or a received payment. */
  side: 'S' | 'H';
  account: number;
  contraAccount: number;
  taxKey: string;
  /** `YYYY-MM-DD`, Berlin. */
  date: string;
  document: string;
  reference: string;
  text: string;
  /** The last day of the period an invoice is for (Leistungsdatum), `YYYY-MM-DD`. */
  servicePeriodEnd?: string;
}

export function bookingRecord(b: Booking): string {
  const filled = new Map<number, string>([
    [1, amount(b.amount)],
    [2, `"${b.side}"`],
    [7, String(b.account)],
    [8, String(b.contraAccount)],
    [9, text(b.taxKey, 4)],
    [10, ddmm(b.date)],
    [11, documentField(b.document)],
    [12, text(b.reference.replace(/[^A-Za-z0-9$&%*+\-/_]/g, ''), 12)],
    [14, text(b.text, 60)],
    // Every record says "not locked" explicitly: an empty field would lock the whole batch on import.
    [114, '0'],
  ]);
  if (b.servicePeriodEnd) filled.set(115, ddmmyyyy(b.servicePeriodEnd));
  return record(BOOKING_COLUMNS, BOOKING_NUMBERS, filled);
}

export interface Debtor {
  number: number;
  customerId: number;
  name: string;
  legalName: string | null;
  street: string | null;
  postal: string | null;
  city: string | null;
  email: string | null;
  vatId: string | null;
  taxNumber: string | null;
  iban: string | null;
  bic: string | null;
}

export function debtorRecord(d: Debtor): string {
  const name = d.legalName || d.name;
  const filled = new Map<number, string>([
    [1, String(d.number)],
    [2, text(name, 50)],
    // 2 = Unternehmen: the portal's customers are businesses.
    [7, text('2', 1)],
    [8, text(d.name, 15)],
    [15, text('STR', 3)],
    [16, text(d.street, 36)],
    [18, text(d.postal, 10)],
    [19, text(d.city, 30)],
    // Recipients abroad are not invoiced (decision 0130): every debtor of a batch is in Germany.
    [20, text('DE', 2)],
    [33, text(d.email, 60)],
    [45, text(d.iban?.replace(/\s+/g, ''), 34)],
    [47, text(d.bic, 11)],
    [99, text(String(d.customerId), 15)],
    [100, text(d.taxNumber, 20)],
  ]);
  const vat = /^([A-Z]{2})\s*(.+)$/.exec((d.vatId ?? '').trim());
  if (vat) {
    filled.set(9, text(vat[1], 2));
    filled.set(10, text(vat[2]!.replace(/\s+/g, ''), 13));
  }
  return record(DEBTOR_COLUMNS, DEBTOR_NUMBERS, filled);
}

/** A whole file: header, column line, records, each line ending in CRLF, in Windows-1252. */
export function extfFile(header: ExtfHeader, columns: readonly string[], records: readonly string[]): Buffer {
  const lines = [headerLine(header), columns.join(';'), ...records];
  return encodeCp1252(lines.map((l) => `${l}\r\n`).join(''));
}
