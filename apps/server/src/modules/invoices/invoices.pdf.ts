import { formatDate, formatMoney } from '@portal/contract/format';
import type { InvoiceParty, InvoiceReport } from '@portal/contract/invoices';
import PDFDocument from 'pdfkit';
import { titleOf } from './invoice-titles.ts';

/** The note § 14 UStG needs where no VAT is charged: multi-purpose vouchers are taxed when redeemed. */
export const MPV_NOTE =
  'Mehrzweck-Gutscheine: Die Übertragung ist nicht steuerbar (§ 3 Abs. 15 UStG); die Umsatzsteuer entsteht erst bei Einlösung.';

/** Bus fares sold in the carrier's name (decision 0132): passed through, not the issuer's supply. */
export const CARRIER_NOTE =
  'Fahrpreise: im Namen und für Rechnung des Beförderers vereinnahmt (durchlaufender Posten, § 10 Abs. 1 Satz 6 UStG); der Fahrausweis des Beförderers weist die Umsatzsteuer aus.';

const percent = (rate: string) => `${rate.replace(/\.00$/, '').replace('.', ',')} %`;

function partyLines(p: InvoiceParty): string[] {
  return [
    p.legal_name || p.name,
    p.address,
    p.managing_directors ? `Geschäftsführung: ${p.managing_directors}` : '',
    p.commercial_register ? p.commercial_register : '',
    p.vat_id ? `USt-IdNr.: ${p.vat_id}` : '',
    p.tax_number ? `Steuernummer: ${p.tax_number}` : '',
  ].filter(Boolean);
}

/** A PNG or JPEG image given as a data URL; other images (SVG, WebP, links) are left out of the PDF. */
function imageOf(image: string | null | undefined): Buffer | null {
  const m = /^data:image\/(png|jpeg);base64,(.+)$/.exec(image ?? '');
  return m ? Buffer.from(m[2], 'base64') : null;
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
 * The invoice as an A4 PDF in German (the language of the books): issuer and recipient with their tax ids,
 * number, date and service period, one line per product and denomination, VAT per rate, totals. `view`
 * chooses whether line prices are shown net or gross; the totals block always shows both.
 */
export function renderInvoicePdf(invoice: InvoiceReport, view: 'net' | 'gross'): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${titleOf(invoice)} ${invoice.invoice_no}`,
      Author: invoice.issuer.legal_name || invoice.issuer.name,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const width = doc.page.width - 100;
  // The issuer's header above everything, its logo at the right; the footer comes last, at the page's foot.
  drawImage(doc, invoice.issuer.header_image, left, 12, [width, 30]);
  drawImage(doc, invoice.issuer.logo, left + width - 120, 45, [120, 45]);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#444444')
    .text(partyLines(invoice.issuer).join(' · '), left, 50, {
      width: width - 130,
    });
  doc.moveDown(2).fillColor('#000000').fontSize(10);
  for (const line of partyLines(invoice.recipient)) doc.text(line);
  doc.moveDown(2);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`${titleOf(invoice)} ${invoice.invoice_no}`);
  doc.font('Helvetica').fontSize(10);
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
  doc.text(view === 'net' ? 'Darstellung: Nettopreise' : 'Darstellung: Bruttopreise');
  doc.moveDown(1);

  const cols = [
    { title: 'Produkt', w: 0.34, align: 'left' as const },
    { title: 'Nennwert', w: 0.12, align: 'right' as const },
    { title: 'Menge', w: 0.09, align: 'right' as const },
    { title: view === 'net' ? 'Einzelpreis netto' : 'Einzelpreis brutto', w: 0.16, align: 'right' as const },
    { title: 'USt.', w: 0.11, align: 'right' as const },
    { title: view === 'net' ? 'Betrag netto' : 'Betrag brutto', w: 0.18, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    if (y > doc.page.height - 120) doc.addPage();
    const top = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = top;
    cells.forEach((c, i) => {
      const w = cols[i].w * width;
      doc.text(c, x + 2, top, { width: w - 4, align: cols[i].align });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 3;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke('#999999');
  doc.y += 3;
  for (const l of invoice.lines) {
    row([
      l.product_name,
      l.line_kind === 'hardware' ? '' : formatMoney(l.face_value),
      String(l.quantity),
      formatMoney(view === 'net' ? l.unit_price_net : l.unit_price_gross),
      l.vat_treatment === 'mpv' ? 'MZG' : l.vat_treatment === 'carrier' ? 'DLP' : percent(l.vat_rate),
      formatMoney(view === 'net' ? l.net_amount : l.gross_amount),
    ]);
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke('#999999');
  doc.moveDown(1);

  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left + width * 0.4, y, { width: width * 0.4 });
    doc.text(value, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
  };
  total('Summe netto', formatMoney(invoice.net_total));
  for (const b of invoice.vat_breakdown) {
    if (b.vat_treatment === 'mpv') total('Mehrzweck-Gutscheine (nicht steuerbar)', formatMoney(b.gross));
    else if (b.vat_treatment === 'carrier') total('Fahrpreise des Beförderers (DLP)', formatMoney(b.gross));
    else total(`USt. ${percent(b.vat_rate)} auf ${formatMoney(b.net)}`, formatMoney(b.vat));
  }
  total('Gesamtbetrag brutto', formatMoney(invoice.gross_total), true);
  doc.moveDown(2).font('Helvetica').fontSize(8).fillColor('#444444');
  if (invoice.vat_breakdown.some((b) => b.vat_treatment === 'mpv')) doc.text(MPV_NOTE, left, doc.y, { width });
  if (invoice.vat_breakdown.some((b) => b.vat_treatment === 'carrier')) doc.text(CARRIER_NOTE, left, doc.y, { width });
  const bank = [invoice.issuer.iban && `IBAN ${invoice.issuer.iban}`, invoice.issuer.bic && `BIC ${invoice.issuer.bic}`]
    .filter(Boolean)
    .join(' · ');
  if (bank) doc.moveDown(0.5).text(bank, left, doc.y, { width });
  drawImage(doc, invoice.issuer.footer_image, left, doc.page.height - 45, [width, 30]);
  doc.end();
  return done;
}
