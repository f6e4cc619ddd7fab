import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { berlinDayEndSql, berlinDayStartSql } from '../../db/sql.ts';

/**
 * The tables of a tax audit's data access (Z3, § 147 Abs. 6 AO; decision 0147): the ledger (entries and their
 * lines), the issued documents and their lines, the master data (customers, products) and the audit trail. Each is
 * one CSV described in `index.xml` (GDPdU description standard): its columns in order, the key first, their type
 * (a number with its decimals, a date, text), the foreign keys to the other tables.
 */
export interface AuditColumn {
  name: string;
  description: string;
  type: 'numeric' | 'alphanumeric' | 'date';
  /** Decimals of a number. */
  accuracy?: number;
}

export interface AuditTable {
  file: string;
  name: string;
  description: string;
  /** Whether the rows are the period's (else: the master data as it is at the export). */
  periodic: boolean;
  /** The leading columns that are the key. */
  keyCount: number;
  columns: AuditColumn[];
  foreignKeys: { column: string; references: string }[];
  /** One page of rows after `cursor` (a key; null to start), each with the `cursor` of the next page. */
  page?(p: Period, cursor: number | null, limit: number): SQL;
  /**
   * A table of lines: a page of its parents' ids after `cursor` (the period's entries or documents), then the lines
   * of those parents; the next page starts after the last parent, whether it had lines or not.
   */
  linesOf?: { parents(p: Period, cursor: number | null, limit: number): SQL; lines(ids: number[]): SQL };
}

export interface Period {
  from: string;
  to: string;
}

const within = (column: SQL, p: Period) =>
  sql`${column} >= ${berlinDayStartSql(p.from)} and ${column} < ${berlinDayEndSql(p.to)}`;
const day = (column: SQL) => sql`to_char(${column} at time zone 'Europe/Berlin', 'DD.MM.YYYY')`;
const time = (column: SQL) => sql`to_char(${column} at time zone 'Europe/Berlin', 'HH24:MI:SS')`;
const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
const after = (column: SQL, cursor: number | null) => (cursor === null ? sql`true` : sql`${column} > ${cursor}`);

const n = (name: string, description: string, accuracy = 0): AuditColumn => ({
  name,
  description,
  type: 'numeric',
  accuracy,
});
const a = (name: string, description: string): AuditColumn => ({ name, description, type: 'alphanumeric' });
const d = (name: string, description: string): AuditColumn => ({ name, description, type: 'date' });

/** The period's journal entries, by id: the cursor of a lines page is the last entry id of its entries. */
const entriesOf = (p: Period, cursor: number | null, limit: number) => sql`
  select id from journal_entries where ${within(sql`created_at`, p)} and ${after(sql`id`, cursor)}
  order by id limit ${limit}`;
const documentsOf = (p: Period, cursor: number | null, limit: number) => sql`
  select id from invoices where ${within(sql`issued_at`, p)} and ${after(sql`id`, cursor)}
  order by id limit ${limit}`;

export const AUDIT_TABLES: AuditTable[] = [
  {
    file: 'buchungen.csv',
    name: 'Buchungen',
    description: 'Buchungssätze (Journal): jede Geldbewegung mit zwei oder mehr Zeilen, die sich zu null summieren',
    periodic: true,
    keyCount: 1,
    columns: [
      n('buchung_id', 'Nummer der Buchung'),
      a('art', 'Art der Buchung (sale, payment, credit_topup, refund, credit_note, …)'),
      n('kunde_id', 'Kunde, den die Buchung betrifft'),
      n('erfasst_von_kunde_id', 'Kunde, der sie erfasst hat'),
      n('benutzer_id', 'Benutzer, der sie erfasst hat'),
      a('zahlungsart', 'Zahlungsart einer Zahlung (cash, transfer, bank)'),
      a('referenz', 'Referenz'),
      a('vermerk', 'Vermerk'),
      d('datum', 'Buchungsdatum (Berlin)'),
      a('uhrzeit', 'Buchungszeit (Berlin, HH:MM:SS)'),
    ],
    foreignKeys: [{ column: 'kunde_id', references: 'Kunden' }],
    page: (p, cursor, limit) => sql`
      select e.id as buchung_id, e.kind as art, e.customer_id as kunde_id, e.actor_customer_id as erfasst_von_kunde_id,
             e.created_by as benutzer_id, e.method as zahlungsart, e.reference as referenz, e.memo as vermerk,
             ${day(sql`e.created_at`)} as datum, ${time(sql`e.created_at`)} as uhrzeit, e.id as cursor
      from journal_entries e where e.id in (${entriesOf(p, cursor, limit)}) order by e.id`,
  },
  {
    file: 'buchungszeilen.csv',
    name: 'Buchungszeilen',
    description: 'Zeilen der Buchungen: Konto eines Kunden und Betrag (positiv: Zugang auf dem Konto)',
    periodic: true,
    keyCount: 1,
    columns: [
      n('zeile_id', 'Nummer der Zeile'),
      n('buchung_id', 'Buchung der Zeile'),
      n('kunde_id', 'Kunde des Kontos'),
      a('konto', 'Konto (balance, credit, sales_income, inventory, cost_of_sales, revenue, …)'),
      n('betrag', 'Betrag in EUR', 4),
      n('saldo_danach', 'Stand des Guthaben- oder Kreditkontos danach, in EUR', 4),
    ],
    foreignKeys: [
      { column: 'buchung_id', references: 'Buchungen' },
      { column: 'kunde_id', references: 'Kunden' },
    ],
    linesOf: {
      parents: entriesOf,
      lines: (ids) => sql`
        select l.id as zeile_id, l.entry_id as buchung_id, l.customer_id as kunde_id, l.account as konto,
               l.amount::text as betrag, l.balance_after::text as saldo_danach
        from ledger_lines l where l.entry_id = any(${idArray(ids)}) order by l.entry_id, l.id`,
    },
  },
  {
    file: 'belege.csv',
    name: 'Belege',
    description: 'Ausgestellte Belege: Rechnungen (RE), Rechnungskorrekturen (RK), Monatsübersichten (RS)',
    periodic: true,
    keyCount: 1,
    columns: [
      n('beleg_id', 'Nummer des Belegs in der Datenbank'),
      a('belegnummer', 'Belegnummer (RE-…, RK-…, RS-…)'),
      a('art', 'invoice, credit_note (Korrektur) oder reclamation (Übersicht)'),
      n('aussteller_id', 'Ausstellender Kunde'),
      n('empfaenger_id', 'Empfangender Kunde'),
      a('empfaenger', 'Name des Empfängers bei Ausstellung'),
      d('zeitraum_von', 'Leistungszeitraum von'),
      d('zeitraum_bis', 'Leistungszeitraum bis'),
      d('ausgestellt_am', 'Ausstellungsdatum (Berlin)'),
      a('ausgestellt_um', 'Ausstellungszeit (Berlin, HH:MM:SS)'),
      n('netto', 'Nettobetrag in EUR', 2),
      n('umsatzsteuer', 'Umsatzsteuer in EUR', 2),
      n('brutto', 'Bruttobetrag in EUR', 2),
      n('korrigiert_beleg_id', 'Beleg, den eine Korrektur korrigiert'),
      a('storno', 'Stornorechnung (ja/nein)'),
      a('teil', 'Teil des Monats (all, taxable, not_taxable)'),
    ],
    foreignKeys: [
      { column: 'aussteller_id', references: 'Kunden' },
      { column: 'empfaenger_id', references: 'Kunden' },
    ],
    page: (p, cursor, limit) => sql`
      select i.id as beleg_id, i.invoice_no as belegnummer, i.kind as art, i.issuer_customer_id as aussteller_id,
             i.recipient_customer_id as empfaenger_id, i.recipient->>'name' as empfaenger,
             to_char(i.period_start, 'DD.MM.YYYY') as zeitraum_von, to_char(i.period_end, 'DD.MM.YYYY') as zeitraum_bis,
             ${day(sql`i.issued_at`)} as ausgestellt_am, ${time(sql`i.issued_at`)} as ausgestellt_um,
             i.net_total::text as netto, i.vat_total::text as umsatzsteuer, i.gross_total::text as brutto,
             i.corrects_invoice_id as korrigiert_beleg_id, case when i.cancels_invoice then 'ja' else 'nein' end as storno,
             i.part as teil, i.id as cursor
      from invoices i where i.id in (${documentsOf(p, cursor, limit)}) order by i.id`,
  },
  {
    file: 'belegpositionen.csv',
    name: 'Belegpositionen',
    description: 'Positionen der Belege: Produkt, Nennwert, Stückpreis brutto, Menge, Umsatzsteuerbehandlung',
    periodic: true,
    keyCount: 1,
    columns: [
      n('position_id', 'Nummer der Position'),
      n('beleg_id', 'Beleg der Position'),
      a('art', 'voucher (PINs), hardware, topup (Anbieterware)'),
      n('produkt_id', 'Produkt'),
      a('produkt', 'Produktname bei Ausstellung'),
      n('nennwert', 'Nennwert in EUR', 2),
      n('stueckpreis', 'Stückpreis brutto in EUR', 2),
      n('menge', 'Menge'),
      n('betrag', 'Betrag brutto in EUR', 2),
      a('ust_behandlung', 'mpv (Mehrzweckgutschein), spv (Einzweckgutschein/Ware), carrier (im Namen des Beförderers)'),
      n('ust_satz', 'Umsatzsteuersatz in Prozent', 2),
    ],
    foreignKeys: [{ column: 'beleg_id', references: 'Belege' }],
    linesOf: {
      parents: documentsOf,
      lines: (ids) => sql`
      select l.id as position_id, l.invoice_id as beleg_id, l.line_kind as art, l.product_id as produkt_id,
             l.product_name as produkt, l.face_value::text as nennwert, l.unit_price::text as stueckpreis,
             l.quantity as menge, l.gross_amount::text as betrag, l.vat_treatment as ust_behandlung,
             l.vat_rate::text as ust_satz
      from invoice_lines l where l.invoice_id = any(${idArray(ids)}) order by l.invoice_id, l.id`,
    },
  },
  {
    file: 'kunden.csv',
    name: 'Kunden',
    description: 'Stammdaten der Kunden (Plattform, Wiederverkäufer, Shops) zum Zeitpunkt des Exports',
    periodic: false,
    keyCount: 1,
    columns: [
      n('kunde_id', 'Nummer des Kunden'),
      n('uebergeordnet_id', 'Übergeordneter Kunde'),
      a('rolle', '0 Plattform, 1 Wiederverkäufer, 2 Shop'),
      a('name', 'Name'),
      a('firma', 'Firmierung'),
      a('strasse', 'Straße und Hausnummer'),
      a('plz', 'Postleitzahl'),
      a('ort', 'Ort'),
      a('ust_idnr', 'Umsatzsteuer-Identifikationsnummer'),
      a('steuernummer', 'Steuernummer'),
      a('iban', 'IBAN'),
      n('kreditlimit', 'Kreditlimit in EUR', 2),
      a('aktiv', 'aktiv (ja/nein)'),
    ],
    foreignKeys: [],
    page: (_p, cursor, limit) => sql`
      select c.id as kunde_id, c.parent_id as uebergeordnet_id, c.account_role::text as rolle, c.name,
             c.legal_name as firma, trim(concat_ws(' ', c.address->>'address', c.address->>'house_no')) as strasse,
             c.address->>'postal' as plz, c.address->>'city' as ort, c.vat_id as ust_idnr, c.tax_number as steuernummer,
             c.iban, c.credit_limit::text as kreditlimit, case when c.is_active then 'ja' else 'nein' end as aktiv,
             c.id as cursor
      from customers c where ${after(sql`c.id`, cursor)} order by c.id limit ${limit}`,
  },
  {
    file: 'produkte.csv',
    name: 'Produkte',
    description: 'Stammdaten der Produkte mit ihrer Umsatzsteuerbehandlung zum Zeitpunkt des Exports',
    periodic: false,
    keyCount: 1,
    columns: [
      n('produkt_id', 'Nummer des Produkts'),
      n('eigentuemer_id', 'Kunde, dem Produkt und Bestand gehören'),
      a('produktart', 'Art (cash_card, gift_card, calling_card, …)'),
      a('produkt', 'Produktname'),
      a('ust_behandlung', 'mpv oder spv'),
      n('ust_satz', 'Umsatzsteuersatz in Prozent', 2),
      a('aktiv', 'aktiv (ja/nein)'),
    ],
    foreignKeys: [{ column: 'eigentuemer_id', references: 'Kunden' }],
    page: (_p, cursor, limit) => sql`
      select p.id as produkt_id, p.owner_customer_id as eigentuemer_id, p.product_type as produktart,
             p.product_name as produkt, p.vat_treatment as ust_behandlung, p.vat_rate::text as ust_satz,
             case when p.is_active then 'ja' else 'nein' end as aktiv, p.id as cursor
      from products p where ${after(sql`p.id`, cursor)} order by p.id limit ${limit}`,
  },
  {
    file: 'aenderungsprotokoll.csv',
    name: 'Aenderungsprotokoll',
    description:
      'Protokoll jeder Änderung an Stammdaten und Einstellungen: wer, wann, welcher Datensatz, vorher und nachher',
    periodic: true,
    keyCount: 1,
    columns: [
      n('eintrag_id', 'Nummer des Eintrags'),
      d('datum', 'Datum (Berlin)'),
      a('uhrzeit', 'Zeit (Berlin, HH:MM:SS)'),
      a('akteur', 'Wer: user, api_key, public oder der Name eines Jobs, einer Migration, eines Werkzeugs'),
      n('benutzer_id', 'Benutzer'),
      n('fuer_kunde_id', 'Kunde, für den der Benutzer handelte'),
      a('anfrage_id', 'Nummer der Anfrage'),
      a('tabelle', 'Tabelle des Datensatzes'),
      a('datensatz', 'Schlüssel des Datensatzes'),
      n('betroffener_kunde_id', 'Kunde, dem der Datensatz gehört'),
      a('aktion', 'insert, update oder delete'),
      a('aenderungen', 'Geänderte Felder vorher und nachher (JSON)'),
    ],
    foreignKeys: [],
    page: (p, cursor, limit) => sql`
      select t.id as eintrag_id, ${day(sql`t.at`)} as datum, ${time(sql`t.at`)} as uhrzeit, t.actor_name as akteur,
             t.actor_user_id as benutzer_id, t.actor_customer_id as fuer_kunde_id, t.request_id as anfrage_id,
             t.table_name as tabelle, t.record_key as datensatz, t.subject_customer_id as betroffener_kunde_id,
             t.action as aktion, t.changes::text as aenderungen, t.id as cursor
      from audit_trail t where ${within(sql`t.at`, p)} and ${after(sql`t.id`, cursor)} order by t.id limit ${limit}`,
  },
];

/** The data supplier `index.xml` names: the exporting customer's legal name and address. */
export async function findSupplier(db: Db, customerId: number) {
  const { rows } = await db.execute<{ name: string; location: string }>(sql`
    select coalesce(legal_name, name) as name,
           trim(concat_ws(' ', address->>'address', address->>'house_no', address->>'postal', address->>'city'))
             as location
    from customers where id = ${customerId}`);
  return rows[0];
}
