import { formatDateTime, formatMoney } from '@portal/contract/format';
import type { Language } from '@portal/contract/limits';
import { parse } from 'csv-parse/sync';
import { csvDialectOf, type ExportColumn, MACHINE_CSV, writeCsv } from '../../platform/csv.ts';
import { exportWords } from '../../platform/export-words.ts';
import { newPdfDocument, PDF_FONT } from '../../platform/pdf-font.ts';

/** What the bulk file holds per PIN; built by the render job from the sale and its decrypted PINs. */
export interface DocumentSale {
  saleId: number;
  productName: string;
  productType: string;
  value: string;
  info: string;
  customerCare: string;
  instructions: string;
  shopName: string;
  soldAt: Date;
  pins: { pin: string; serial: string | null; lot: string }[];
}

/**
 * The machine-readable bulk-PIN file that shops' own software reads (decision 0131, docs/api/selling.md): these
 * columns in this order, an English snake_case header, `,` between cells, dot decimals, times as
 * `YYYY-MM-DD HH:mm:ss` Berlin time, UTF-8 without a BOM, never localised. The first eight are the columns the
 * file always had; `reference` (one per PIN, the receipt's `#sale-n`) is added at the end so readers by position
 * keep working. Changing them breaks shops' software: a test pins them.
 */
export const MACHINE_PIN_COLUMNS = [
  { key: 'sale_id', header: 'sale_id', kind: 'integer' },
  { key: 'product', header: 'product', kind: 'text' },
  { key: 'value', header: 'value', kind: 'money' },
  { key: 'pin', header: 'pin', kind: 'code' },
  { key: 'serial', header: 'serial', kind: 'code' },
  { key: 'batch', header: 'batch', kind: 'code' },
  { key: 'sold_at_berlin', header: 'sold_at_berlin', kind: 'datetime' },
  { key: 'customer_care', header: 'customer_care', kind: 'text' },
  { key: 'reference', header: 'reference', kind: 'text' },
] as const satisfies readonly ExportColumn[];

/** The reference of a sale's n-th PIN (1-based), as its receipt in the PDF prints it after `#`. */
export const pinReference = (saleId: number | string, n: number) => `${saleId}-${n}`;

/**
 * The bulk sale's PINs as the machine-readable CSV: what the render job stores, and what the download answers
 * with `?format=machine`. The localised file for people is written from it when it is downloaded.
 */
export function renderSaleCsv(sale: DocumentSale): Buffer {
  return writeCsv(
    sale.pins.map((p, i) => ({
      sale_id: sale.saleId,
      product: sale.productName,
      value: sale.value,
      pin: p.pin,
      serial: p.serial ?? '',
      batch: p.lot,
      sold_at_berlin: sale.soldAt,
      customer_care: sale.customerCare,
      reference: pinReference(sale.saleId, i + 1),
    })),
    MACHINE_PIN_COLUMNS,
    MACHINE_CSV,
  );
}

/** The localised file's columns: the reference first (unique per row), PIN and serial kept text. */
const PIN_COLUMNS = [
  ['reference', 'text'],
  ['product', 'text'],
  ['value', 'money'],
  ['pin', 'code'],
  ['serial', 'code'],
  ['batch', 'code'],
  ['sold_at', 'datetime'],
  ['customer_care', 'text'],
] as const;

/**
 * The bulk-PIN CSV for a person, in the reader's language and spreadsheet dialect (a German Excel: `;`, decimal
 * comma, BOM), written from the stored machine file. A PIN or serial a spreadsheet would read as a number (and cut
 * after 15 digits) carries an invisible mark that keeps it text. A file stored before `reference` existed gets
 * its references from its row order, as its receipts were numbered.
 */
export function localisePinsCsv(machine: Buffer, language: Language): Buffer {
  const words = exportWords(language);
  // The stored file has the machine columns (MACHINE_PIN_COLUMNS); one stored before `reference` existed lacks it.
  const records = parse(machine, { bom: true, columns: true, skip_empty_lines: true }) as (Record<
    Exclude<(typeof MACHINE_PIN_COLUMNS)[number]['key'], 'reference'>,
    string
  > & { reference?: string })[];
  const rows = records.map((r, i) => ({
    reference: r.reference || pinReference(r.sale_id, i + 1),
    product: r.product,
    value: r.value,
    pin: r.pin,
    serial: r.serial,
    batch: r.batch,
    sold_at: r.sold_at_berlin,
    customer_care: r.customer_care,
  }));
  return writeCsv(
    rows,
    PIN_COLUMNS.map(([key, kind]) => ({ key, kind, header: words.pins[key] })),
    csvDialectOf(language),
  );
}

const RECEIPTS_PER_ROW = 2;
const ROWS_PER_PAGE = 4;

/**
 * The receipts as one PDF: A4 pages of eight receipts (two columns, four rows), each with product,
 * value, PIN, serial, customer care, instructions, shop and Berlin time, framed for cutting.
 */
export function renderSalePdf(sale: DocumentSale, language: Language): Promise<Buffer> {
  const words = exportWords(language);
  const label = words.pins;
  const title = words.references.sale.replace('{{id}}', String(sale.saleId));
  // The embedded Unicode font (decision 0092): product names, instructions and shop names in any script.
  const { doc, bytes } = newPdfDocument({ size: 'A4', margin: 28, info: { Title: title } });
  const { regular, bold, mono } = PDF_FONT;
  const pageW = doc.page.width - 56;
  const pageH = doc.page.height - 56;
  const w = pageW / RECEIPTS_PER_ROW;
  const h = pageH / ROWS_PER_PAGE;
  const soldAt = formatDateTime(sale.soldAt, language);
  const value = formatMoney(sale.value, 'EUR', language);
  sale.pins.forEach((p, i) => {
    const slot = i % (RECEIPTS_PER_ROW * ROWS_PER_PAGE);
    if (i > 0 && slot === 0) doc.addPage();
    const x = 28 + (slot % RECEIPTS_PER_ROW) * w;
    const y = 28 + Math.floor(slot / RECEIPTS_PER_ROW) * h;
    const inner = w - 20;
    doc
      .save()
      .dash(3, { space: 3 })
      .rect(x + 2, y + 2, w - 4, h - 4)
      .stroke('#999999')
      .restore();
    doc
      .fillColor('#000000')
      .font(bold)
      .fontSize(11)
      .text(sale.productName, x + 10, y + 10, { width: inner });
    doc
      .font(regular)
      .fontSize(9)
      .text(`${value}${sale.info ? ` · ${sale.info}` : ''}`, { width: inner });
    doc.moveDown(0.4).font(regular).fontSize(8).text(label.pin, { width: inner });
    doc.font(mono).fontSize(14).text(p.pin, { width: inner });
    doc.font(regular).fontSize(8);
    if (p.serial) doc.text(`${label.serial}: ${p.serial}`, { width: inner });
    doc.text(`${label.batch}: ${p.lot}`, { width: inner });
    if (sale.customerCare) doc.text(`${label.customer_care}: ${sale.customerCare}`, { width: inner });
    if (sale.instructions) doc.moveDown(0.3).text(sale.instructions, { width: inner, height: h - 150, ellipsis: true });
    doc
      .fontSize(7)
      .fillColor('#444444')
      .text(`${sale.shopName} · ${soldAt} · #${sale.saleId}-${i + 1}`, x + 10, y + h - 22, { width: inner });
  });
  doc.end();
  return bytes;
}
