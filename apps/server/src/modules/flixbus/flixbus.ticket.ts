import { formatDateTime, formatMoney } from '@portal/contract/format';
import { vatInGross } from '@portal/contract/invoices';
import type { Language } from '@portal/contract/limits';
import QRCode from 'qrcode';
import type { FlixbusBookingTrip } from '../../db/schema/flixbus.ts';
import { exportWords } from '../../platform/export-words.ts';
import { newPdfDocument, PDF_FONT } from '../../platform/pdf-font.ts';

export interface TicketFacts {
  bookingId: number;
  /** The order's `ticket_code` exactly as the provider answered it (docs/providers/flixbus.md). */
  ticketCode: string;
  trip: FlixbusBookingTrip;
  seats: number;
  /** One per passenger, in the passengers' order. */
  seatNumbers: number[];
  ebikes: number;
  passengers: { first_name: string; last_name: string }[];
  contactPhone: string;
  totalPrice: string;
  currency: string;
  paidAt: string;
  /**
   * A fare sold in the carrier's name (decision 0132): the carrier (name and address) and its VAT rate, printed as
   * § 34 UStDV asks of a Fahrausweis. null when bus tickets are set to be sold as vouchers.
   */
  fare: { carrier: string; vatRate: string } | null;
}

/** The QR code's side on the page (about 42 mm), whatever its version: a driver's scanner reads it from a phone. */
const QR_SIDE = 120;

/**
 * The provider's ticket code as a QR code (ISO/IEC 18004), drawn as vector squares: its content is the order's
 * `ticket_code` verbatim, nothing the portal adds or makes up (decision 0103). Error correction M; the quiet zone
 * of four modules is left white around it.
 */
function drawTicketCode(doc: PDFKit.PDFDocument, code: string, x: number, y: number) {
  const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const module = QR_SIDE / (n + 8);
  const left = x + 4 * module;
  const top = y + 4 * module;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) doc.rect(left + col * module, top + row * module, module, module);
    }
  }
  doc.fill('#000000');
}

/**
 * The bus ticket as one A4 page: the trip, the travellers, the provider's ticket code and the price paid. Labels,
 * dates and amounts in the buyer's language (issue 40), as the bulk receipts PDF; names, places and the provider's
 * line and code as given.
 */
export function renderTicketPdf(t: TicketFacts, language: Language): Promise<Buffer> {
  const w = exportWords(language).ticket;
  const money = (amount: string) => formatMoney(amount, t.currency, language);
  const when = (at: string) => formatDateTime(at, language);
  const { doc, bytes } = newPdfDocument({ size: 'A4', margin: 48, info: { Title: `${w.title} ${t.ticketCode}` } });
  const { regular, bold, mono } = PDF_FONT;
  const right = doc.page.width - 48;
  // The code at the top right, where the driver scans it; the texts keep to the left of it.
  if (t.ticketCode) drawTicketCode(doc, t.ticketCode, right - QR_SIDE, 48);
  const width = right - QR_SIDE - 16 - 48;
  doc.font(bold).fontSize(20).text(w.title, 48, 48, { width });
  doc.moveDown(0.5);
  doc.font(regular).fontSize(11).fillColor('#555555').text(`FlixBus · ${t.trip.line}`, { width });
  doc.moveDown();
  doc.fillColor('#000000').font(bold).fontSize(16).text(`${t.trip.from} → ${t.trip.to}`, { width });
  doc.font(regular).fontSize(12);
  doc.text(`${w.departure}: ${when(t.trip.departure)}`, { width });
  doc.text(`${w.arrival}: ${when(t.trip.arrival)}`, { width });
  doc.y = Math.max(doc.y, 48 + QR_SIDE);
  doc.moveDown();
  doc.font(bold).text(w.ticketCode);
  doc.font(mono).fontSize(18).text(t.ticketCode);
  doc.moveDown();
  // Names as on the passenger's ID: the embedded font prints every letter of it (Yılmaz, Ωmega).
  doc.font(bold).fontSize(12).text(`${w.passengers} (${t.seats})`);
  doc.font(regular);
  t.passengers.forEach((p, i) => {
    const seat = t.seatNumbers[i];
    doc.text(`• ${p.first_name} ${p.last_name}${seat === undefined ? '' : ` · ${w.seat} ${seat}`}`);
  });
  if (t.seatNumbers.length > 0) doc.text(`${w.seats}: ${t.seatNumbers.join(', ')}`);
  if (t.ebikes > 0) doc.text(`${w.ebikes}: ${t.ebikes}`);
  doc.moveDown();
  doc.text(`${w.contact}: ${t.contactPhone}`);
  doc.text(`${w.price}: ${money(t.totalPrice)}`);
  if (t.fare) {
    // § 34 UStDV: carrier's name and address, the fare with the tax in one sum, the rate (and here its amount).
    // Rates in the German number format euro amounts use in every language (spec section 1), "7 %" or "7,5 %".
    const rate = Number(t.fare.vatRate).toLocaleString('de-DE');
    doc.moveDown(0.5);
    doc.font(bold).text(w.fareTitle);
    doc.font(regular);
    doc.text(`${w.carrier}: ${t.fare.carrier}`);
    doc.text(`${w.route}: ${t.trip.from} - ${t.trip.to} (${t.trip.line})`);
    doc.text(`${w.fare}: ${money(t.totalPrice)}`);
    doc.text(
      `${w.vatRate}: ${rate} % · ${w.vatIncluded}: ${money(vatInGross(t.totalPrice, t.fare.vatRate).toFixed(2))}`,
    );
    doc.text(w.soldForCarrier);
  }
  doc.text(`${w.paid}: ${when(t.paidAt)}`);
  doc.text(`${w.booking}: ${t.bookingId}`);
  doc.end();
  return bytes;
}
