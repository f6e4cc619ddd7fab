import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderTicketPdf, type TicketFacts } from './flixbus.ticket.ts';

/** The text a PDF shows: every content stream inflated, the strings of its text operators joined per operator. */
function textOf(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1] as string, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...(op[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}

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
};

describe('the bus ticket PDF', () => {
  it('prints each passenger with their seat, and the seats', async () => {
    const text = textOf(await renderTicketPdf(facts));
    expect(text).toContain('FX3200001-7A2C9E');
    expect(text).toContain('Erika Mustermann · Seat / Sitzplatz 14');
    expect(text).toContain('Max Mustermann · Seat / Sitzplatz 3');
    expect(text).toContain('Seats / Sitzplätze: 14, 3');
  });

  it('prints no seats for a booking made before seats were kept', async () => {
    const text = textOf(await renderTicketPdf({ ...facts, seatNumbers: [] }));
    expect(text).toContain('Erika Mustermann');
    expect(text).not.toContain('Sitzpl');
  });
});
