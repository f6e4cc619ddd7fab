import { formatDate, formatMoney } from '@portal/contract/format';
import type { InvoiceReport } from '@portal/contract/invoices';
import { Decimal } from 'decimal.js';
import { newPdfDocument, PDF_FONT } from '../../platform/pdf-font.ts';
import { CARRIER_NOTE, MPV_NOTE, titleOf } from './invoice-titles.ts';
import { lineNetsOf, unitPriceOf } from './invoices.einvoice.ts';
import { partyLegalLines } from './invoices.party-ids.ts';

const percent = (rate: string) => `${rate.replace(/\.00$/, '').replace('.', ',')} %`;

/** A PNG or JPEG image given as a data URL; other images (SVG, WebP, links) are left out of the PDF. */
function imageOf(image: string | null | undefined): Buffer | null {
  const m = /^data:image\/(png|jpeg);base64,(.+)$/.exec(image ?? '');
  return m ? Buffer.from(m[2]!, 'base64') : null;
}

/** Draws an image at a fixed place, scaled into `fit`; one pdfkit cannot read leaves the document without it. */
function drawImage(
  doc: PDFKit.PDFDocument,
  image: string | null | undefined,
  x: number,
  y: number,
  fit: [number, number],
) {
  const data = imageOf(image);
  if (!data) return;
  try {
    doc.image(data, x, y, { fit });
  } catch {
    // An image the issuer uploaded that is not a readable PNG or JPEG must not cost the invoice.
  }
}

/**
 * The two PDF layouts of one document (decision 0090):
 * - `gross`, the document itself: what is issued, kept and mailed (and embedded in the ZUGFeRD PDF). Lines are
 *   priced gross, so it prints the gross unit price and the gross line amount, which multiply out exactly; the
 *   totals give net, VAT and gross per rate, each rate's VAT extracted once from its gross sum.
 * - `net`, a view of it for reading net figures: headed "Ansicht – keine Rechnung" so it is never taken for a
 *   second original of the same number. Its line nets and net unit prices are the XRechnung's (BT-131, BT-146),
 *   a unit price with as many places as it takes; one that is not exact is marked as rounded.
 */
export type PdfView = 'gross' | 'net';

/** "11,975 €": a euro amount with exactly the places it has (at least two), never through a float. */
function euro(v: string): string {
  const places = Math.max(2, new Decimal(v).decimalPlaces());
  return new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(v as unknown as number);
}

export const VIEW_NOT_INVOICE = 'Ansicht – keine Rechnung';

export function renderInvoicePdf(invoice: InvoiceReport, view: PdfView): Promise<Buffer> {
  const title =
    view === 'gross' ? `${titleOf(invoice)} ${invoice.invoice_no}` : `Nettoansicht zu ${invoice.invoice_no}`;
  const { doc, bytes } = newPdfDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: view === 'gross' ? title : `${VIEW_NOT_INVOICE}: ${title}`,
      Author: invoice.issuer.legal_name || invoice.issuer.name,
    },
  });
  const regular: string = PDF_FONT.regular;
  const bold: string = PDF_FONT.bold;
  const left = 50;
  const width = doc.page.width - 100;
  // The issuer's header above everything, its logo at the right; the footer comes last, at the page's foot.
  drawImage(doc, invoice.issuer.header_image, left, 12, [width, 30]);
  drawImage(doc, invoice.issuer.logo, left + width - 120, 45, [120, 45]);
  doc
    .font(regular)
    .fontSize(8)
    .fillColor('#444444')
    .text(partyLegalLines(invoice.issuer, 'issuer').join(' · '), left, 50, {
      width: width - 130,
    });
  doc.moveDown(2).fillColor('#000000').fontSize(10);
  for (const line of partyLegalLines(invoice.recipient, 'recipient')) doc.text(line);
  doc.moveDown(2);
  if (view === 'net') {
    // Prominent, above the title: this file must not circulate as the invoice (one original per number).
    doc.font(bold).fontSize(20).fillColor('#b00020').text(VIEW_NOT_INVOICE);
    doc
      .font(regular)
      .fontSize(9)
      .text(
        `Nettodarstellung des Dokuments ${invoice.invoice_no}. Maßgeblich ist allein das ausgestellte Dokument (Bruttopreise).`,
      );
    doc.fillColor('#000000').moveDown(0.5);
  }
  doc.font(bold).fontSize(16).text(title);
  doc.font(regular).fontSize(10);
  doc.text(`Rechnungsdatum: ${formatDate(invoice.issued_at)}`);
  if (invoice.kind === 'reclamation') {
    // The corrections it lists are the tax documents; this overview must not read as a second one (issue 35).
    doc.text(
      'Keine Rechnung: Übersicht der im Zeitraum ausgestellten Rechnungskorrekturen. Sie ändert keinen Betrag; maßgeblich sind die aufgeführten Rechnungskorrekturen.',
    );
    for (const c of invoice.listed_corrections ?? []) {
      doc.text(`${c.invoice_no} vom ${formatDate(c.issued_at)}: ${c.gross_total} EUR brutto`);
    }
  }
  if (invoice.reclamation_id !== null) {
    doc.text(`Erstattung der Reklamation Nr. ${invoice.reclamation_id}: die aufgeführten Beträge werden erstattet.`);
  }
  if (invoice.refund_entry_id) {
    // A late refund (decision 0096): the correction belongs to the month of the refund (§ 17 UStG).
    doc.text(
      `Erstattung vom ${formatDate(invoice.period_start)} nach Ausstellung der Rechnung: die aufgeführten Beträge werden erstattet (§ 17 UStG).`,
    );
  }
  if (invoice.kind === 'credit_note') {
    // The invoice this corrects (BT-25), or why none is named: the sale's month was not invoiced yet.
    doc.text(
      invoice.preceding_invoice_no
        ? `Bezug: Rechnung ${invoice.preceding_invoice_no}${invoice.preceding_invoice_date ? ` vom ${formatDate(invoice.preceding_invoice_date)}` : ''}`
        : 'Bezug: Die Rechnung für den Monat der Lieferung ist noch nicht ausgestellt.',
    );
  }
  doc.text(`Leistungszeitraum: ${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}`);
  doc.moveDown(1);

  const cols = [
    { title: 'Produkt', w: 0.32, align: 'left' as const },
    { title: 'Nennwert', w: 0.12, align: 'right' as const },
    { title: 'Menge', w: 0.08, align: 'right' as const },
    { title: view === 'net' ? 'Einzelpreis netto' : 'Einzelpreis brutto', w: 0.18, align: 'right' as const },
    { title: 'USt.', w: 0.11, align: 'right' as const },
    { title: view === 'net' ? 'Betrag netto' : 'Betrag brutto', w: 0.19, align: 'right' as const },
  ];
  const row = (cells: string[], weight = regular) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    const top = doc.y;
    let x = left;
    doc.font(weight).fontSize(9);
    let bottom = top;
    cells.forEach((c, i) => {
      const col = cols[i]!; // every row has one cell per column
      const w = col.w * width;
      doc.text(c, x + 2, top, { width: w - 4, align: col.align });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 3;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .stroke('#999999');
  };
  row(
    cols.map((c) => c.title),
    bold,
  );
  rule();
  doc.y += 3;
  // The net view's figures are the XRechnung's: line nets that add up to each rate's net, unit prices from them.
  const nets = view === 'net' ? lineNetsOf(invoice) : [];
  let rounded = false;
  invoice.lines.forEach((l, i) => {
    let unit = l.unit_price_gross;
    let amount = l.gross_amount;
    if (view === 'net') {
      const net = nets[i]!; // lineNetsOf answers one net per line
      amount = net.toFixed(2);
      // Negative lines (the combined view's credited lines) price by their absolute quantity.
      const price = unitPriceOf(net.abs(), Math.abs(l.quantity));
      const exact = new Decimal(price).times(Math.abs(l.quantity)).eq(net.abs());
      if (!exact) rounded = true;
      unit = `${euro(price)}${exact ? '' : '*'}`;
    } else unit = euro(new Decimal(unit).toFixed(2));
    row([
      l.product_name,
      l.line_kind === 'hardware' ? '' : formatMoney(l.face_value),
      String(l.quantity),
      unit,
      l.vat_treatment === 'mpv' ? 'MZG' : l.vat_treatment === 'carrier' ? 'DLP' : percent(l.vat_rate),
      formatMoney(amount),
    ]);
  });
  rule();
  doc.moveDown(0.5);
  if (rounded) {
    doc
      .font(regular)
      .fontSize(8)
      .text('* Einzelpreis netto gerundet: Menge × Einzelpreis ergibt den Betrag netto auf den Cent.', left, doc.y, {
        width,
      });
    doc.moveDown(0.5);
  }

  // Per rate: net + VAT = gross, the VAT extracted once from the rate's gross sum (decision 0090).
  const tcols = [0.34, 0.22, 0.22, 0.22];
  const trow = (cells: string[], weight = regular) => {
    if (doc.y > doc.page.height - 100) doc.addPage();
    const top = doc.y;
    let x = left + width * 0.2;
    const tw = width * 0.8;
    doc.font(weight).fontSize(9);
    let bottom = top;
    cells.forEach((c, i) => {
      const cw = tcols[i]! * tw; // every totals row has one cell per column
      doc.text(c, x + 2, top, { width: cw - 4, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
      x += cw;
    });
    doc.y = bottom + 3;
  };
  trow(['Steuersatz', 'Netto', 'USt.', 'Brutto'], bold);
  for (const b of invoice.vat_breakdown) {
    trow([
      b.vat_treatment === 'mpv'
        ? 'Mehrzweck-Gutscheine (nicht steuerbar)'
        : b.vat_treatment === 'carrier'
          ? 'Fahrpreise des Beförderers (DLP)'
          : `USt. ${percent(b.vat_rate)}`,
      formatMoney(b.net),
      formatMoney(b.vat),
      formatMoney(b.gross),
    ]);
  }
  trow(
    ['Summe', formatMoney(invoice.net_total), formatMoney(invoice.vat_total), formatMoney(invoice.gross_total)],
    bold,
  );
  doc.moveDown(0.5);
  const total = (label: string, value: string) => {
    const y = doc.y;
    doc.font(bold).fontSize(10);
    doc.text(label, left + width * 0.4, y, { width: width * 0.4 });
    doc.text(value, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
  };
  total('Gesamtbetrag brutto', formatMoney(invoice.gross_total));
  doc.moveDown(2).font(regular).fontSize(8).fillColor('#444444');
  if (invoice.vat_breakdown.some((b) => b.vat_treatment === 'mpv')) doc.text(MPV_NOTE, left, doc.y, { width });
  if (invoice.vat_breakdown.some((b) => b.vat_treatment === 'carrier')) doc.text(CARRIER_NOTE, left, doc.y, { width });
  const bank = [invoice.issuer.iban && `IBAN ${invoice.issuer.iban}`, invoice.issuer.bic && `BIC ${invoice.issuer.bic}`]
    .filter(Boolean)
    .join(' · ');
  if (bank) doc.moveDown(0.5).text(bank, left, doc.y, { width });
  drawImage(doc, invoice.issuer.footer_image, left, doc.page.height - 45, [width, 30]);
  doc.end();
  return bytes;
}
