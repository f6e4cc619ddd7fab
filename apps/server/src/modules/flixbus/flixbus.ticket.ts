import { formatDateTime, formatMoney } from '@portal/contract/format';
import { vatInGross } from '@portal/contract/invoices';
import PDFDocument from 'pdfkit';
import type { FlixbusBookingTrip } from '../../db/schema/flixbus.ts';

export interface TicketFacts {
  bookingId: number;
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

/** The bus ticket as one A4 page: the trip, the travellers, the provider's ticket code and the price paid. */
export function renderTicketPdf(t: TicketFacts): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Bus ticket ${t.ticketCode}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text('Bus ticket / Busticket');
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(11).fillColor('#555555').text(`FlixBus · ${t.trip.line}`);
  doc.moveDown();
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(`${t.trip.from} → ${t.trip.to}`);
  doc.font('Helvetica').fontSize(12);
  doc.text(`Departure / Abfahrt: ${formatDateTime(t.trip.departure)}`);
  doc.text(`Arrival / Ankunft: ${formatDateTime(t.trip.arrival)}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Ticket code / Ticketcode');
  doc.font('Courier-Bold').fontSize(18).text(t.ticketCode);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).text(`Passengers / Fahrgäste (${t.seats})`);
  doc.font('Helvetica');
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
    doc.font('Helvetica-Bold').text('Fahrausweis / Ticket (§ 34 UStDV)');
    doc.font('Helvetica');
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
  return done;
}
