import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';

/**
 * A reader of a tax audit's data access after the GDPdU description standard (DTD gdpdu-01-08-2002; decision 0147),
 * written from the DTD's content models and the standard's meaning of the elements, not from the writer: it checks
 * `index.xml`'s element structure, then reads every described table with the delimiters, encapsulator, decimal
 * symbol and first record the description declares, and checks each record's column count and each value's type
 * (Numeric with its Accuracy, Date with its Format) and every foreign key against the referenced table's key.
 */
type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

/** The DTD's content models of the elements the portal uses, over child names each followed by `,`. */
const MODELS: Record<string, RegExp> = {
  DataSet: /^Version,(DataSupplier,)?(Command,)*(Media,)+(Command,)*$/,
  DataSupplier: /^Name,Location,Comment,$/,
  Media: /^Name,(Command,)*(Table,)+(Command,)*$/,
  Table:
    /^URL,(Name,)?(Description,)?(Validity,)?((ANSI|Macintosh|OEM|UTF16|UTF7|UTF8),)?(DecimalSymbol,DigitGroupingSymbol,)?(SkipNumBytes,)?(Range,)?(Epoch,)?(VariableLength|FixedLength),$/,
  Validity: /^Range,(Format,)?$/,
  Range: /^From,((To|Length),)?$/,
  VariableLength:
    /^(ColumnDelimiter,)?(RecordDelimiter,)?(TextEncapsulator,)?((VariablePrimaryKey,)+(VariableColumn,)*|(VariableColumn,)+)(ForeignKey,)*$/,
  VariableColumn: /^Name,(Description,)?(Numeric,|AlphaNumeric,(MaxLength,)?|Date,)(Map,)*$/,
  VariablePrimaryKey: /^Name,(Description,)?(Numeric,|AlphaNumeric,(MaxLength,)?|Date,)(Map,)*$/,
  Numeric: /^((ImpliedAccuracy|Accuracy),)?$/,
  Date: /^(Format,)?$/,
  ForeignKey: /^(Name,)+References,$/,
  AlphaNumeric: /^$/,
  UTF8: /^$/,
};

const nameOf = (n: Node) => Object.keys(n).find((k) => k !== ':@') ?? '';
const childrenOf = (n: Node) => (n[nameOf(n)] as Node[]).filter((c) => nameOf(c) !== '#text');
/** Character references (`&#13;&#10;` for CRLF) expanded as an XML processor does, if the parser left them. */
const expand = (s: string) =>
  s
    .replace(/&#x([0-9a-fA-F]+);/g, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)));
const textOf = (n: Node) =>
  expand(
    (n[nameOf(n)] as Node[])
      .filter((c) => nameOf(c) === '#text')
      .map((c) => String(c['#text']))
      .join(''),
  );
const child = (n: Node, name: string) => childrenOf(n).find((c) => nameOf(c) === name);
const childText = (n: Node, name: string) => {
  const c = child(n, name);
  return c ? textOf(c) : undefined;
};

function checkStructure(n: Node) {
  const name = nameOf(n);
  const model = MODELS[name];
  if (model) {
    const seq = childrenOf(n)
      .map((c) => `${nameOf(c)},`)
      .join('');
    expect(seq, `<${name}> follows the DTD`).toMatch(model);
  }
  for (const c of childrenOf(n)) checkStructure(c);
}

export interface DescribedColumn {
  name: string;
  type: 'Numeric' | 'AlphaNumeric' | 'Date';
  accuracy: number;
  format?: string;
  key: boolean;
}

export interface DescribedTable {
  url: string;
  name: string;
  columns: DescribedColumn[];
  foreignKeys: { names: string[]; references: string }[];
  decimal: string;
  columnDelimiter: string;
  recordDelimiter: string;
  encapsulator: string;
  firstRecord: number;
  utf8: boolean;
}

/** Parses `index.xml` and checks it against the DTD's content models. */
export function readIndex(xmlText: string): DescribedTable[] {
  expect(xmlText).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  expect(xmlText).toContain('<!DOCTYPE DataSet SYSTEM "gdpdu-01-08-2002.dtd">');
  const doc = new XMLParser({ preserveOrder: true, trimValues: false, processEntities: true }).parse(xmlText) as Node[];
  const dataSet = doc.find((n) => nameOf(n) === 'DataSet');
  expect(dataSet, 'a DataSet').toBeDefined();
  checkStructure(dataSet!);
  const media = childrenOf(dataSet!).filter((c) => nameOf(c) === 'Media');
  const tables = media.flatMap((m) => childrenOf(m).filter((c) => nameOf(c) === 'Table'));
  return tables.map((t) => {
    const v = child(t, 'VariableLength')!;
    const columns = childrenOf(v)
      .filter((c) => nameOf(c) === 'VariablePrimaryKey' || nameOf(c) === 'VariableColumn')
      .map((c) => {
        const typeNode = childrenOf(c).find((x) => ['Numeric', 'AlphaNumeric', 'Date'].includes(nameOf(x)))!;
        const type = nameOf(typeNode) as DescribedColumn['type'];
        return {
          name: childText(c, 'Name')!,
          type,
          accuracy: type === 'Numeric' ? Number(childText(typeNode, 'Accuracy') ?? 0) : 0,
          format: type === 'Date' ? childText(typeNode, 'Format') : undefined,
          key: nameOf(c) === 'VariablePrimaryKey',
        };
      });
    const range = child(t, 'Range');
    return {
      url: childText(t, 'URL')!,
      name: childText(t, 'Name')!,
      columns,
      foreignKeys: childrenOf(v)
        .filter((c) => nameOf(c) === 'ForeignKey')
        .map((f) => ({
          names: childrenOf(f)
            .filter((x) => nameOf(x) === 'Name')
            .map(textOf),
          references: childText(f, 'References')!,
        })),
      // The standard's defaults where the description names none: decimal comma, `;`, CRLF, `"`.
      decimal: childText(t, 'DecimalSymbol') ?? ',',
      columnDelimiter: childText(v, 'ColumnDelimiter') ?? ';',
      recordDelimiter: childText(v, 'RecordDelimiter') ?? '\r\n',
      encapsulator: childText(v, 'TextEncapsulator') ?? '"',
      firstRecord: range ? Number(childText(range, 'From')) : 1,
      utf8: child(t, 'UTF8') !== undefined,
    };
  });
}

/** The records of a delimited file, honouring the encapsulator (a delimiter inside `"…"` is text). */
export function records(text: string, t: DescribedTable): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    if (quoted) {
      if (text.startsWith(t.encapsulator + t.encapsulator, i)) {
        cell += t.encapsulator;
        i += 2;
      } else if (text.startsWith(t.encapsulator, i)) {
        quoted = false;
        i += 1;
      } else cell += text[i++];
    } else if (text.startsWith(t.encapsulator, i) && cell === '') {
      quoted = true;
      i += 1;
    } else if (text.startsWith(t.columnDelimiter, i)) {
      row.push(cell);
      cell = '';
      i += t.columnDelimiter.length;
    } else if (text.startsWith(t.recordDelimiter, i)) {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
      i += t.recordDelimiter.length;
    } else cell += text[i++];
  }
  expect(quoted, 'no open text at the end').toBe(false);
  if (cell !== '' || row.length > 0) out.push([...row, cell]);
  return out;
}

const formatExpression = (format: string) =>
  new RegExp(
    `^${format.replace('DD', '(\\d{2})').replace('MM', '(\\d{2})').replace('YYYY', '(\\d{4})').replace(/\./g, '\\.')}$`,
  );

/** Reads every described table from `files` and checks counts, types and foreign keys. */
export function readTables(files: Map<string, Buffer>, tables: DescribedTable[]) {
  const data = new Map<string, { table: DescribedTable; rows: string[][] }>();
  for (const t of tables) {
    const file = files.get(t.url);
    expect(file, `${t.url} described and present`).toBeDefined();
    const text = t.utf8 ? new TextDecoder('utf-8', { fatal: true }).decode(file!) : file!.toString('latin1');
    const all = records(text, t);
    const rows = all.slice(t.firstRecord - 1);
    for (const [r, row] of rows.entries()) {
      expect(row.length, `${t.url} record ${r + t.firstRecord} has the described column count`).toBe(t.columns.length);
      for (const [c, value] of row.entries()) {
        const col = t.columns[c]!; // the record has the described column count, checked just above
        if (value === '') continue;
        const where = `${t.url} record ${r + t.firstRecord} ${col.name}=${value}`;
        if (col.type === 'Numeric') {
          const decimals = col.accuracy > 0 ? `\\${t.decimal}\\d{${col.accuracy}}` : '';
          expect(value, where).toMatch(new RegExp(`^-?\\d+${decimals}$`));
        } else if (col.type === 'Date') {
          const m = formatExpression(col.format ?? 'DD.MM.YYYY').exec(value);
          expect(m, where).not.toBeNull();
          const iso = `${m![3]}-${m![2]}-${m![1]}`;
          expect(new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10), where).toBe(iso);
        }
      }
    }
    data.set(t.name, { table: t, rows });
  }
  for (const { table, rows } of data.values()) {
    for (const fk of table.foreignKeys) {
      const target = data.get(fk.references);
      expect(target, `${table.name} references ${fk.references}`).toBeDefined();
      const keyIndex = target!.table.columns.findIndex((c) => c.key);
      const keys = new Set(target!.rows.map((r) => r[keyIndex]));
      for (const name of fk.names) {
        const at = table.columns.findIndex((c) => c.name === name);
        expect(at, `${table.name}.${name} is a column`).toBeGreaterThanOrEqual(0);
        for (const r of rows) {
          if (r[at] !== '') expect(keys.has(r[at]), `${table.name}.${name}=${r[at]} in ${fk.references}`).toBe(true);
        }
      }
    }
  }
  return data;
}
