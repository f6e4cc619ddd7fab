import { formatDateTime, formatMoney } from '@portal/contract/format';
import PDFDocument from 'pdfkit';
import { toCsv } from '../../platform/csv.ts';

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

const CSV_COLUMNS = ['sale_id', 'product', 'value', 'pin', 'serial', 'batch', 'sold_at_berlin', 'customer_care'];

/** One line per PIN through the portal's one CSV writer (BOM, free text guarded against formulas). */
export function renderSaleCsv(sale: DocumentSale): Buffer {
  const soldAt = formatDateTime(sale.soldAt);
  return toCsv(
    sale.pins.map((p) => ({
      sale_id: String(sale.saleId),
      product: sale.productName,
      value: sale.value,
      pin: p.pin,
      serial: p.serial ?? '',
      batch: p.lot,
      sold_at_berlin: soldAt,
      customer_care: sale.customerCare,
    })),
    CSV_COLUMNS,
  );
}

const RECEIPTS_PER_ROW = 2;
const ROWS_PER_PAGE = 4;

/**
 * The receipts as one PDF: A4 pages of eight receipts (two columns, four rows), each with product,
 * value, PIN, serial, customer care, instructions, shop and Berlin time, framed for cutting.
 */
export function renderSalePdf(sale: DocumentSale): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 28, info: { Title: `Sale ${sale.saleId}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pageW = doc.page.width - 56;
  const pageH = doc.page.height - 56;
  const w = pageW / RECEIPTS_PER_ROW;
  const h = pageH / ROWS_PER_PAGE;
  const soldAt = formatDateTime(sale.soldAt);
  const value = formatMoney(sale.value);
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
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(sale.productName, x + 10, y + 10, { width: inner });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${value}${sale.info ? ` · ${sale.info}` : ''}`, { width: inner });
    doc.moveDown(0.4).font('Helvetica').fontSize(8).text('PIN', { width: inner });
    doc.font('Courier-Bold').fontSize(14).text(p.pin, { width: inner });
    doc.font('Helvetica').fontSize(8);
    if (p.serial) doc.text(`Serial: ${p.serial}`, { width: inner });
    doc.text(`Batch: ${p.lot}`, { width: inner });
    if (sale.customerCare) doc.text(`Customer care: ${sale.customerCare}`, { width: inner });
    if (sale.instructions) doc.moveDown(0.3).text(sale.instructions, { width: inner, height: h - 150, ellipsis: true });
    doc
      .fontSize(7)
      .fillColor('#444444')
      .text(`${sale.shopName} · ${soldAt} · #${sale.saleId}-${i + 1}`, x + 10, y + h - 22, { width: inner });
  });
  doc.end();
  return done;
}
