import { formatDateTime, formatMoney } from '@portal/contract/format';
import { vatInGross } from '@portal/contract/invoices';
import QRCode from 'qrcode';
import type { FlixbusBookingTrip } from '../../db/schema/flixbus.ts';
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

/** The bus ticket as one A4 page: the trip, the travellers, the provider's ticket code and the price paid. */
export function renderTicketPdf(t: TicketFacts): Promise<Buffer> {
  const { doc, bytes } = newPdfDocument({ size: 'A4', margin: 48, info: { Title: `Bus ticket ${t.ticketCode}` } });
  const { regular, bold, mono } = PDF_FONT;
  const right = doc.page.width - 48;
  // The code at the top right, where the driver scans it; the texts keep to the left of it.
  if (t.ticketCode) drawTicketCode(doc, t.ticketCode, right - QR_SIDE, 48);
  const width = right - QR_SIDE - 16 - 48;
  doc.font(bold).fontSize(20).text('Bus ticket / Busticket', 48, 48, { width });
  doc.moveDown(0.5);
  doc.font(regular).fontSize(11).fillColor('#555555').text(`FlixBus · ${t.trip.line}`, { width });
  doc.moveDown();
  doc.fillColor('#000000').font(bold).fontSize(16).text(`${t.trip.from} → ${t.trip.to}`, { width });
  doc.font(regular).fontSize(12);
  doc.text(`Departure / Abfahrt: ${formatDateTime(t.trip.departure)}`, { width });
  doc.text(`Arrival / Ankunft: ${formatDateTime(t.trip.arrival)}`, { width });
  doc.y = Math.max(doc.y, 48 + QR_SIDE);
  doc.moveDown();
  doc.font(bold).text('Ticket code / Ticketcode');
  doc.font(mono).fontSize(18).text(t.ticketCode);
  doc.moveDown();
  // Names as on the passenger's ID: the embedded font prints every letter of it (Yılmaz, Ωmega).
  doc.font(bold).fontSize(12).text(`Passengers / Fahrgäste (${t.seats})`);
  doc.font(regular);
  t.passengers.forEach((p, i) => {
    const seat = t.seatNumbers[i];
    doc.text(`• ${p.first_name} ${p.last_name}${seat === undefined ? '' : ` · Seat / Sitzplatz ${seat}`}`);
  });
  if (t.seatNumbers.length > 0) doc.text(`Seats / Sitzplätze: ${t.seatNumbers.join(', ')}`);
  if (t.ebikes > 0) doc.text(`E-bikes: ${t.ebikes}`);
  doc.moveDown();
  doc.text(`Contact / Kontakt: ${t.contactPhone}`);
  doc.text(`Price / Preis: ${formatMoney(t.totalPrice)} ${t.currency === 'EUR' ? '' : t.currency}`.trim());
  if (t.fare) {
    // § 34 UStDV: carrier's name and address, the fare with the tax in one sum, the rate (and here its amount).
    const rate = Number(t.fare.vatRate);
    doc.moveDown(0.5);
    doc.font(bold).text('Fahrausweis / Ticket (§ 34 UStDV)');
    doc.font(regular);
    doc.text(`Beförderer / Carrier: ${t.fare.carrier}`);
    doc.text(`Strecke / Route: ${t.trip.from} - ${t.trip.to} (${t.trip.line})`);
    doc.text(`Fahrpreis inkl. USt / Fare incl. VAT: ${formatMoney(t.totalPrice, t.currency)}`);
    doc.text(
      `Steuersatz / VAT rate: ${rate} % · darin USt / VAT included: ${formatMoney(vatInGross(t.totalPrice, t.fare.vatRate).toFixed(2), t.currency)}`,
    );
    doc.text('Verkauft im Namen und für Rechnung des Beförderers / Sold in the name and on behalf of the carrier.');
  }
  doc.text(`Paid / Bezahlt: ${formatDateTime(t.paidAt)}`);
  doc.text(`Booking / Buchung: ${t.bookingId}`);
  doc.end();
  return bytes;
}
