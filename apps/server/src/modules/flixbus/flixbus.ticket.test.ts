import { describe, expect, it } from 'vitest';
import { pdfText } from '../../platform/pdf-inspect.ts';
import { renderTicketPdf, type TicketFacts } from './flixbus.ticket.ts';

const facts: TicketFacts = {
  bookingId: 12,
  ticketCode: 'FX3200001-7A2C9E',
  trip: {
    uid: '1-2-2026-12-01-0730',
    from: 'Berlin',
    to: 'Hamburg',
    departure: '2026-12-01T06:30:00.000Z',
    arrival: '2026-12-01T09:30:00.000Z',
    line: 'FLX 010',
  },
  seats: 2,
  seatNumbers: [14, 3],
  ebikes: 0,
  passengers: [
    { first_name: 'Erika', last_name: 'Mustermann' },
    { first_name: 'Max', last_name: 'Mustermann' },
  ],
  contactPhone: '+4917612345678',
  totalPrice: '29.98',
  currency: 'EUR',
  paidAt: '2026-11-26T10:00:00.000Z',
  fare: { carrier: 'FlixBus DACH GmbH, Friedenheimer Brücke 16, 80639 München', vatRate: '19.00' },
};

describe('the bus ticket PDF', () => {
  it('prints each passenger with their seat, and the seats', async () => {
    const text = await pdfText(await renderTicketPdf(facts, 'de'));
    expect(text).toContain('FX3200001-7A2C9E');
    expect(text).toContain('Erika Mustermann · Sitzplatz 14');
    expect(text).toContain('Max Mustermann · Sitzplatz 3');
    expect(text).toContain('Sitzplätze: 14, 3');
  });

  it('prints no seats for a booking made before seats were kept', async () => {
    const text = await pdfText(await renderTicketPdf({ ...facts, seatNumbers: [] }, 'de'));
    expect(text).toContain('Erika Mustermann');
    expect(text).not.toContain('Sitzpl');
  });

  it('carries what § 34 UStDV asks of a Fahrausweis when the fare is sold in the carrier’s name', async () => {
    // Long lines wrap in the embedded font: the reader gives one line per wrapped line, joined here by a space.
    const text = (await pdfText(await renderTicketPdf(facts, 'de'))).replace(/\s+/g, ' ');
    expect(text).toContain('Beförderer: FlixBus DACH GmbH, Friedenheimer Brücke 16, 80639 München');
    expect(text).toContain('Strecke: Berlin - Hamburg (FLX 010)');
    // The euro sign comes back through the embedded font's ToUnicode map (issue 40).
    expect(text).toContain('Fahrpreis inkl. USt: 29,98 €');
    // 29.98 × 19 / 119 = 4.7866… → 4.79
    expect(text).toContain('Steuersatz: 19 % · darin USt: 4,79 €');
  });

  it('prints no carrier when bus tickets are sold as vouchers', async () => {
    const text = await pdfText(await renderTicketPdf({ ...facts, fare: null }, 'de'));
    expect(text).not.toContain('Beförderer');
  });
});
