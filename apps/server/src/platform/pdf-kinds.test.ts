import type { Language } from '@portal/contract/limits';
import { describe, expect, it } from 'vitest';
import { renderTicketPdf, type TicketFacts } from '../modules/flixbus/flixbus.ticket.ts';
import { platformParty, reportFor, resellerParty, shopParty } from '../modules/invoices/invoices.einvoice.fixtures.ts';
import { renderZugferd } from '../modules/invoices/invoices.einvoice.ts';
import { renderInvoicePdf } from '../modules/invoices/invoices.pdf.ts';
import { renderSalePdf } from '../modules/selling/selling.documents.ts';
import order from '../providers/flixbus/recorded/order-confirmed.json' with { type: 'json' };
import { pdfFonts, pdfText, scanQrCode } from './pdf-inspect.ts';

/**
 * Issue 40: every kind of PDF the server makes prints text beyond Latin-1 as written. Each document below carries a
 * name with a dotless ı, a Greek letter and an arrow; each file is read back from its bytes (text through the fonts'
 * ToUnicode maps, fonts from the file's dictionaries), never from what the code meant to write.
 */
const NAME = 'Aylin Yılmaz';
const GREEK = 'Ωmega';
const ARROW = '→';
const squash = (s: string) => s.replace(/\s+/g, ' ');

const shop = { ...shopParty, legal_name: NAME, name: `Späti ${GREEK}` };
const lines = [
  { name: `Guthaben ${GREEK} ${ARROW} 15 €`, unitGross: '14.25', quantity: 3, treatment: 'spv' as const, rate: '19' },
];
const invoice = reportFor({ invoiceNo: 'RE-000041', issuer: resellerParty, recipient: shop, lines });
const correction = {
  ...reportFor({
    kind: 'credit_note',
    invoiceNo: 'RK-000007',
    recipient: shop,
    lines,
    preceding: { no: 'RE-000041', date: '2026-12-01' },
  }),
  refund_entry_id: 977,
  cancels_invoice: false,
};
const overview = {
  ...reportFor({
    kind: 'reclamation',
    invoiceNo: 'RS-000002',
    issuer: platformParty,
    recipient: { ...resellerParty, legal_name: NAME },
    lines,
  }),
  listed_corrections: [{ invoice_no: 'RK-000007', issued_at: '2026-12-14T09:00:00.000Z', gross_total: '42.75' }],
};

/** The provider's own answer to a committed payment (docs/providers/flixbus.md): its ticket code goes on the ticket. */
const ticketCode = order.body.order.ticket_code;
const ticketFacts: TicketFacts = {
  bookingId: 12,
  ticketCode,
  trip: {
    uid: '1-2-2026-12-01-0730',
    from: 'Berlin',
    to: `${GREEK} Hbf`,
    departure: '2026-12-01T06:30:00.000Z',
    arrival: '2026-12-01T09:30:00.000Z',
    line: 'FLX 010',
  },
  seats: 2,
  seatNumbers: [14, 3],
  ebikes: 0,
  passengers: [
    { first_name: 'Aylin', last_name: 'Yılmaz' },
    { first_name: 'Zoë', last_name: 'Øster' },
  ],
  contactPhone: '+4917612345678',
  totalPrice: '29.98',
  currency: 'EUR',
  paidAt: '2026-11-26T10:00:00.000Z',
  fare: { carrier: 'FlixBus DACH GmbH, Friedenheimer Brücke 16, 80639 München', vatRate: '7.00' },
};
const ticket = (language: Language = 'de') => renderTicketPdf(ticketFacts, language);

const receipts = (language: Language = 'de') =>
  renderSalePdf(
    {
      saleId: 4711,
      productName: `Guthaben ${GREEK} ${ARROW} 15 €`,
      productType: 'pin',
      value: '15.00',
      info: `Gültig 12 Monate ${ARROW} ab Kauf`,
      customerCare: '0800 123 456',
      instructions: `*100*PIN# wählen ${ARROW} fertig.`,
      shopName: NAME,
      soldAt: new Date('2026-11-26T10:00:00.000Z'),
      pins: [
        { pin: '1234 5678 9012', serial: 'S-1', lot: 'L-7' },
        { pin: '2234 5678 9012', serial: null, lot: 'L-7' },
      ],
    },
    language,
  );

describe('every PDF the server makes embeds its Unicode font (issue 40)', () => {
  const kinds: [string, () => Promise<Buffer>][] = [
    ['invoice', () => renderInvoicePdf(invoice, 'gross')],
    ['invoice net view', () => renderInvoicePdf(invoice, 'net')],
    [
      'ZUGFeRD invoice',
      async () =>
        renderZugferd(invoice, await renderInvoicePdf(invoice, 'gross'), {
          contact_name: null,
          phone: null,
          email: null,
        }),
    ],
    ['correction (RK)', () => renderInvoicePdf(correction, 'gross')],
    ['monthly overview of corrections (RS)', () => renderInvoicePdf(overview, 'gross')],
    ['bus ticket', () => ticket()],
    ['receipts of a sale', () => receipts()],
  ];

  it.each(kinds)('%s: "Aylin Yılmaz", "Ωmega" and "→" intact, every font embedded', async (kind, render) => {
    const bytes = await render();
    const text = squash(await pdfText(bytes));
    for (const s of [NAME, GREEK, ARROW]) expect(text, `${kind}: ${s}`).toContain(s);
    const fonts = await pdfFonts(bytes);
    expect(fonts.length, kind).toBeGreaterThan(0);
    expect(
      fonts.filter((f) => !f.embedded || !/DejaVuSans/.test(f.baseFont)),
      kind,
    ).toEqual([]);
  });
});

describe("the receipts of a sale are labelled in the buyer's language (issue 40)", () => {
  it.each([
    ['de', ['Seriennummer: S-1', 'Charge: L-7', 'Kundenservice: 0800 123 456'], 'Serial'],
    ['tr', ['Seri numarası: S-1', 'Müşteri hizmetleri: 0800 123 456'], 'Customer care'],
    ['en', ['Serial number: S-1', 'Customer care: 0800 123 456'], 'Seriennummer'],
  ] as const)('%s', async (language, expected, foreign) => {
    const text = squash(await pdfText(await receipts(language)));
    for (const s of expected) expect(text).toContain(s);
    expect(text).not.toContain(foreign);
  });
});

describe("the bus ticket is labelled in the buyer's language (issue 40)", () => {
  it.each([
    [
      'de',
      [
        'Busticket',
        'Abfahrt: 01.12.2026, 07:30',
        'Aylin Yılmaz · Sitzplatz 14',
        'Preis: 29,98 €',
        'Beförderer: FlixBus',
      ],
      ['Seat', 'Carrier', 'Koltuk'],
    ],
    [
      'tr',
      ['Otobüs bileti', 'Kalkış: ', 'Aylin Yılmaz · Koltuk 14', 'Fiyat: ', 'Taşıyıcı: FlixBus', 'KDV oranı: 7 %'],
      ['Sitzplatz', 'Seat', 'Beförderer'],
    ],
    [
      'en',
      ['Bus ticket', 'Departure: 1 Dec 2026, 07:30', 'Aylin Yılmaz · Seat 14', 'Price: 29,98 €', 'Carrier: FlixBus'],
      ['Sitzplatz', 'Beförderer', 'Koltuk'],
    ],
  ] as const)('%s', async (language, expected, foreign) => {
    const text = squash(await pdfText(await ticket(language)));
    for (const s of expected) expect(text).toContain(s);
    for (const s of foreign) expect(text).not.toContain(s);
    // The route's arrow and the passenger's name whatever the language.
    expect(text).toContain(`Berlin ${ARROW} ${GREEK} Hbf`);
  });
});

describe("the bus ticket carries the provider's ticket code as a scannable code", () => {
  it("a QR code that scans to the ticket_code of the provider's order, verbatim", async () => {
    expect(ticketCode).toBe('FX3200001-7A2C9E');
    expect(await scanQrCode(await ticket())).toBe(ticketCode);
  });

  it('a code in any form the provider gives (lower case, punctuation) scans exactly as given', async () => {
    const bytes = await renderTicketPdf({ ...ticketFacts, ticketCode: 'fx-Ab/9:z ü' }, 'de');
    expect(await scanQrCode(bytes)).toBe('fx-Ab/9:z ü');
  });
});
