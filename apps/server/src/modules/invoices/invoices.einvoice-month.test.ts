import { PDFDocument } from '@cantoo/pdf-lib';
import type { InvoiceReport } from '@portal/contract/invoices';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partOf } from './invoice-parts.ts';
import { readCii } from './invoices.cii-read.ts';
import { ciiSyntaxFindings } from './invoices.cii-syntax.ts';
import { dumpEinvoice, type LineSpec, platformParty, reportFor, resellerParty } from './invoices.einvoice.fixtures.ts';
import { lineNetsOf, renderXRechnung, renderZugferd, unitPriceOf } from './invoices.einvoice.ts';
import { brokenRules } from './invoices.en16931.ts';
import { registerOf } from './invoices.party-ids.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';

/**
 * A month like the one the e-invoice issue was found with (19 % and 7 % single-purpose vouchers, multi-purpose
 * vouchers, quantities above 1, hardware, top-ups, credit notes with and without their invoice), rendered
 * without a database and checked by rule id. With EINVOICE_DUMP_DIR set, the documents are also written there
 * for scripts/validate-einvoices.sh (the official XSD, CEN and KoSIT rules, fetched outside the repository).
 */

const noFallback = { contact_name: null, phone: null, email: null };

/** Every finding: the business rules over the read-back CII and the XSD order / syntax rules over the text. */
const findings = (xml: string) => [...brokenRules(readCii(xml)), ...ciiSyntaxFindings(xml)];

const dump = dumpEinvoice;

const spv19 = (name: string, unitGross: string, quantity: number): LineSpec => ({
  name,
  unitGross,
  quantity,
  treatment: 'spv',
  rate: '19',
});
const spv7 = (name: string, unitGross: string, quantity: number): LineSpec => ({
  name,
  unitGross,
  quantity,
  treatment: 'spv',
  rate: '7',
});
const mpv = (name: string, unitGross: string, quantity: number, kind: LineSpec['kind'] = 'voucher'): LineSpec => ({
  name,
  unitGross,
  quantity,
  treatment: 'mpv',
  kind,
});

const MONTH = {
  // Platform → reseller: multi-purpose vouchers only (category O); the platform has a register entry.
  'RE-platform-reseller-mpv': reportFor({
    invoiceNo: 'RE-000001',
    issuer: platformParty,
    recipient: resellerParty,
    lines: [
      mpv('Aufladung Netz A', '14.55', 40),
      mpv('Aufladung Netz B', '28.95', 1500),
      mpv('Top-up', '7.3333', 3, 'topup'),
    ],
  }),
  // Platform → reseller: hardware (19 %) and a 7 % ticket voucher, the month's taxable part; its multi-purpose
  // vouchers are on the O-only document above (decision 0092: never both on one document).
  'RE-platform-reseller-taxable': reportFor({
    invoiceNo: 'RE-000002',
    issuer: platformParty,
    recipient: resellerParty,
    lines: [
      { ...spv19('Kartenterminal T2', '189.99', 3), kind: 'hardware' },
      spv7('Fahrkarte Kurzstrecke', '4.4386', 7),
    ],
  }),
  // Reseller → shop: the reseller has no register entry and no VAT id on O documents (BT-29 identifies it).
  'RE-reseller-shop-mpv': reportFor({
    invoiceNo: 'RE-000003',
    lines: [
      mpv('Aufladung Netz A', '9.70', 1),
      mpv('Aufladung Netz C', '11.975', 13),
      mpv('Top-up', '20.00', 1, 'topup'),
    ],
  }),
  'RE-reseller-shop-taxable': reportFor({
    invoiceNo: 'RE-000004',
    lines: [
      spv19('Guthaben Shop X 15', '14.25', 2),
      spv19('Guthaben Shop Y 5', '4.99', 1499),
      spv7('Fahrkarte Tageskarte', '4.4386', 11),
    ],
  }),
  // Credit notes: one naming its invoice (BT-25/BT-26), one issued before its month's invoice.
  'RK-reseller-shop-named': reportFor({
    kind: 'credit_note',
    invoiceNo: 'RK-000001',
    reclamationId: 77,
    preceding: { no: 'RE-000004', date: '2026-12-01' },
    period: { start: '2026-11-21', end: '2026-11-21' },
    issuedAt: '2026-12-05T10:00:00.000Z',
    lines: [spv19('Guthaben Shop X 15', '14.25', 1), mpv('Aufladung Netz A', '9.70', 1)],
  }),
  'RK-reseller-shop-early': reportFor({
    kind: 'credit_note',
    invoiceNo: 'RK-000002',
    reclamationId: 78,
    period: { start: '2026-11-21', end: '2026-11-21' },
    issuedAt: '2026-11-25T10:00:00.000Z',
    lines: [spv7('Fahrkarte Tageskarte', '4.4386', 1)],
  }),
  'RS-reseller-shop': reportFor({
    kind: 'reclamation',
    invoiceNo: 'RS-000001',
    lines: [spv19('Guthaben Shop X 15', '14.25', 1), spv7('Fahrkarte Tageskarte', '4.4386', 1)],
  }),
} satisfies Record<string, InvoiceReport>;

describe('a month of documents as XRechnung (CII)', () => {
  for (const [name, report] of Object.entries(MONTH)) {
    it(`${name} breaks no checked rule and follows the XSD's order`, async () => {
      const xml = await renderXRechnung(report, noFallback);
      dump(name, xml);
      expect(findings(xml)).toEqual([]);
      const cii = readCii(xml);
      expect(cii.totals).toMatchObject({ lineTotal: report.net_total, grandTotal: report.gross_total });
    });
  }

  it('the ZUGFeRD PDF carries the same corrected CII (checked by the same rules)', async () => {
    const report = MONTH['RK-reseller-shop-named'];
    const pdf = await renderZugferd(report, await renderInvoicePdf(report, 'gross'), noFallback);
    const embedded = (await PDFDocument.load(pdf)).getAttachments().find((f) => f.name === 'factur-x.xml');
    const xml = Buffer.from(embedded!.data).toString('utf8');
    dump('RK-reseller-shop-named-zugferd', xml);
    expect(findings(xml)).toEqual([]);
    expect(xml).toContain('<qdt:DateTimeString format="102">20261201</qdt:DateTimeString>');
  });
});

describe('the rules the e-invoice issue named', () => {
  /** The document with `from` replaced, and what the checks find in it. */
  const broken = (xml: string, from: RegExp | string, to: string) => {
    expect(xml).toMatch(from);
    return findings(xml.replace(from, to));
  };

  it('BR-CO-26: an issuer without register entry is identified by its account number (BT-29), one with by BT-30', async () => {
    const o = await renderXRechnung(MONTH['RE-reseller-shop-mpv'], noFallback);
    const seller = readCii(o).seller;
    expect(seller).toMatchObject({ ids: ['Kundennummer 42'], vatId: undefined, taxRegistrationId: '99/815/08151' });
    expect(broken(o, '<ram:ID>Kundennummer 42</ram:ID>', '')).toEqual(['BR-CO-26']);

    const platform = await renderXRechnung(MONTH['RE-platform-reseller-mpv'], noFallback);
    expect(readCii(platform).seller).toMatchObject({ ids: [], legalId: 'HRB 123456 B', vatId: undefined });
    // The court and the managing directors as the seller's additional legal information (BT-33).
    expect(platform).toContain(
      '<ram:Description>Registergericht: Amtsgericht Charlottenburg; Rechtsform: GmbH; Sitz: Berlin; Geschäftsführung: Erika Mustermann, Max Mustermann</ram:Description>',
    );
  });

  it('register entries split into the entry (BT-30) and the court (BT-33)', () => {
    expect(registerOf('Amtsgericht Charlottenburg HRB 123456 B')).toEqual({
      entry: 'HRB 123456 B',
      court: 'Amtsgericht Charlottenburg',
    });
    expect(registerOf('HRA 4711, AG München')).toEqual({ entry: 'HRA 4711', court: 'AG München' });
    expect(registerOf('Genossenschaftsregister GnR 17')).toEqual({ entry: 'GnR 17', court: 'Genossenschaftsregister' });
    expect(registerOf('12345')).toEqual({ entry: '12345', court: null });
    expect(registerOf('  ')).toBeNull();
  });

  it('BR-O-02: an O document names neither VAT id; BR-O-11: O never beside another category', async () => {
    const o = await renderXRechnung(MONTH['RE-reseller-shop-mpv'], noFallback);
    const cii = readCii(o);
    expect(cii.breakdown.map((b) => b.category)).toEqual(['O']);
    expect(cii.seller.vatId).toBeUndefined();
    expect(cii.buyer.vatId).toBeUndefined();
    expect(
      broken(
        o,
        '<ram:SpecifiedTaxRegistration>',
        '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE987654321</ram:ID></ram:SpecifiedTaxRegistration><ram:SpecifiedTaxRegistration>',
      ),
    ).toEqual(['BR-O-02']);
    // A document of both (what the portal no longer issues as an invoice: the month goes out in parts) could only
    // carry the not-taxable lines as E; written as O it breaks BR-O-11.
    const mixed = await renderXRechnung(
      reportFor({
        invoiceNo: 'RE-000098',
        lines: [spv19('Guthaben Shop X 15', '14.25', 2), mpv('Aufladung', '9.70', 3)],
      }),
      noFallback,
    );
    expect(readCii(mixed).breakdown.map((b) => b.category)).not.toContain('O');
    expect(broken(mixed, /<ram:CategoryCode>E<\/ram:CategoryCode>/g, '<ram:CategoryCode>O</ram:CategoryCode>')).toEqual(
      expect.arrayContaining(['BR-O-11']),
    );
  });

  it('BR-DE-14: the O breakdown carries rate 0 (BT-119), its lines none (BR-O-05)', async () => {
    const o = await renderXRechnung(MONTH['RE-platform-reseller-mpv'], noFallback);
    const cii = readCii(o);
    expect(cii.breakdown).toEqual([expect.objectContaining({ category: 'O', rate: '0', amount: '0.00' })]);
    expect(cii.lines.every((l) => l.rate === undefined)).toBe(true);
    expect(
      broken(
        o,
        /<ram:CategoryCode>O<\/ram:CategoryCode>(\s*<ram:ExemptionReasonCode>[^<]+<\/ram:ExemptionReasonCode>)\s*<ram:RateApplicablePercent>0<\/ram:RateApplicablePercent>/,
        '<ram:CategoryCode>O</ram:CategoryCode>$1',
      ),
    ).toEqual(['BR-DE-14']);
  });

  it('CII-DT-097: BT-26 is qdt:DateTimeString in format 102; the library’s ISO date in udt would fail', async () => {
    const xml = await renderXRechnung(MONTH['RK-reseller-shop-named'], noFallback);
    expect(readCii(xml).precedingInvoices).toEqual(['RE-000004']);
    expect(xml).toMatch(
      /<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20261201<\/qdt:DateTimeString>\s*<\/ram:FormattedIssueDateTime>/,
    );
    expect(
      broken(
        xml,
        '<qdt:DateTimeString format="102">20261201</qdt:DateTimeString>',
        '<udt:DateTimeString format="102">2026-12-01</udt:DateTimeString>',
      ),
    ).toEqual([
      'XSD ram:FormattedIssueDateTime: udt:DateTimeString not expected',
      'XSD ram:FormattedIssueDateTime: qdt:DateTimeString missing',
      'CII-DT-097',
    ]);
  });

  it('CII-SR-030: one note per text', async () => {
    const xml = await renderXRechnung(MONTH['RK-reseller-shop-named'], noFallback);
    const cii = readCii(xml);
    // The § 3 Abs. 15 note, the title (issue 35: its own BT-22 note) and the reference, each in its own element.
    expect(cii.notes).toHaveLength(3);
    expect(cii.notes[1]).toBe('Rechnungskorrektur');
    expect(xml.match(/<ram:IncludedNote>/g)).toHaveLength(3);
    expect(
      broken(
        xml,
        /<\/ram:Content>\s*<\/ram:IncludedNote>\s*<ram:IncludedNote>\s*<ram:Content>/,
        '</ram:Content><ram:Content>',
      ),
    ).toEqual(['CII-SR-030']);
  });

  it('the XSD: the header delivery element is written, between agreement and settlement', async () => {
    const xml = await renderXRechnung(MONTH['RE-reseller-shop-taxable'], noFallback);
    expect(xml).toMatch(
      /<\/ram:ApplicableHeaderTradeAgreement>\s*<ram:ApplicableHeaderTradeDelivery\/>\s*<ram:ApplicableHeaderTradeSettlement>/,
    );
    expect(broken(xml, '<ram:ApplicableHeaderTradeDelivery/>', '')).toEqual([
      'XSD rsm:SupplyChainTradeTransaction: ram:ApplicableHeaderTradeDelivery missing',
    ]);
    expect(
      broken(
        xml,
        /<ram:ApplicableHeaderTradeDelivery\/>\s*(<ram:ApplicableHeaderTradeSettlement>[\s\S]*<\/ram:ApplicableHeaderTradeSettlement>)/,
        '$1<ram:ApplicableHeaderTradeDelivery/>',
      ),
    ).toEqual(['XSD rsm:SupplyChainTradeTransaction: ram:ApplicableHeaderTradeDelivery out of order']);
  });

  it('PEPPOL-EN16931-R120: 2 × 14.25 € gross at 19 % is 23.95 € net at 11.975 € each, written with three places', async () => {
    expect(unitPriceOf('23.95', 2)).toBe('11.975');
    expect(unitPriceOf('9.70', 1)).toBe('9.70');
    const xml = await renderXRechnung(MONTH['RE-reseller-shop-taxable'], noFallback);
    const line = readCii(xml).lines[0];
    expect(line).toMatchObject({ quantity: '2', net: '23.95', price: '11.975' });
    expect(
      broken(xml, '<ram:ChargeAmount>11.975</ram:ChargeAmount>', '<ram:ChargeAmount>11.97</ram:ChargeAmount>'),
    ).toEqual(['PEPPOL-EN16931-R120']);
  });

  it('unit prices multiply back to the line net for every quantity from 1 to 1 500 (4.4386 € gross at 7 %, 11.975 € at 19 %)', () => {
    for (const [unitGross, rate] of [
      ['4.4386', '7'],
      ['11.975', '19'],
      ['14.25', '19'],
      ['0.01', '19'],
    ] as const) {
      for (let q = 1; q <= 1500; q++) {
        const gross = new Decimal(unitGross).times(q).toFixed(2);
        const net = new Decimal(gross).minus(
          new Decimal(gross)
            .times(rate)
            .dividedBy(new Decimal(rate).plus(100))
            .toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
        );
        const price = unitPriceOf(net, q);
        expect(
          new Decimal(price).times(q).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
          `${unitGross} × ${q}`,
        ).toBe(net.toFixed(2));
        expect(price.split('.')[1]!.length).toBeLessThanOrEqual(6); // at least two places
      }
    }
  });

  it('a property: random lines (quantities 1–1 500, prices to four places, 0/7/19 %) always give a valid XRechnung', async () => {
    const line = fc.record({
      cents: fc.integer({ min: 1, max: 5_000_000 }),
      quantity: fc.integer({ min: 1, max: 1500 }),
      treatment: fc.constantFrom('mpv', 'spv19', 'spv7'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), async (lines) => {
        const report = reportFor({
          invoiceNo: 'RE-000099',
          lines: lines.map((l, i) => ({
            name: `Produkt ${i + 1}`,
            unitGross: new Decimal(l.cents).dividedBy(10_000).toFixed(4),
            quantity: l.quantity,
            treatment: l.treatment === 'mpv' ? 'mpv' : 'spv',
            rate: l.treatment === 'spv7' ? '7' : '19',
          })),
        });
        const xml = await renderXRechnung(report, noFallback);
        expect(findings(xml)).toEqual([]);
        // The lines add up to the document's net exactly (BR-CO-10 by construction, here by value).
        expect(
          lineNetsOf(report)
            .reduce((s, n) => s.plus(n), new Decimal(0))
            .toFixed(2),
        ).toBe(report.net_total);
      }),
      { numRuns: 40 },
    );
  });
});

describe('a month in parts: not taxable beside taxable (decision 0092)', () => {
  // One recipient's realistic month: vouchers at prices that do not divide evenly, quantities up to 1 500, a bus
  // fare passed through for the carrier, hardware, 7 % and 19 % single-purpose vouchers.
  const month: LineSpec[] = [
    mpv('Aufladung Netz C', '11.975', 13),
    mpv('Aufladung Netz B', '28.95', 1500),
    mpv('Top-up', '7.3333', 3, 'topup'),
    { name: 'Busticket Berlin – Hamburg', unitGross: '29.99', quantity: 2, treatment: 'carrier', kind: 'topup' },
    spv19('Guthaben Shop X 15', '14.25', 2),
    spv19('Guthaben Shop Y 5', '4.99', 1499),
    spv7('Fahrkarte Tageskarte', '4.4386', 11),
    { ...spv19('Kartenterminal T2', '189.99', 3), kind: 'hardware' },
  ];
  const notTaxable = reportFor({
    invoiceNo: 'RE-000011',
    lines: month.filter((l) => partOf(l.treatment) === 'not_taxable'),
  });
  const taxable = reportFor({ invoiceNo: 'RE-000012', lines: month.filter((l) => partOf(l.treatment) === 'taxable') });

  it('the O-only document: category O alone (BR-O-11), no VAT id (BR-O-02), every rule and the XSD order kept', async () => {
    const xml = await renderXRechnung(notTaxable, noFallback);
    dump('RE-part-not-taxable', xml);
    expect(findings(xml)).toEqual([]);
    const cii = readCii(xml);
    expect(cii.breakdown).toEqual([expect.objectContaining({ category: 'O', rate: '0', amount: '0.00' })]);
    expect(new Set(cii.lines.map((l) => l.category))).toEqual(new Set(['O']));
    expect(cii.seller.vatId).toBeUndefined();
    expect(cii.buyer.vatId).toBeUndefined();
    // The fare passed through for the carrier gives its own reason beside the vouchers'.
    expect(cii.breakdown[0]!.reason).toContain('§ 3 Abs. 15 UStG');
    expect(cii.breakdown[0]!.reason).toContain('Beförderers');
  });

  it('the taxable document: S at 19 and 7 % only, every rule and the XSD order kept', async () => {
    const xml = await renderXRechnung(taxable, noFallback);
    dump('RE-part-taxable', xml);
    expect(findings(xml)).toEqual([]);
    const cii = readCii(xml);
    expect(cii.breakdown.map((b) => [b.category, b.rate])).toEqual([
      ['S', '7'],
      ['S', '19'],
    ]);
    expect(cii.seller.vatId).toBe(taxable.issuer.vat_id);
  });

  it('both parts together are the whole month, to the cent', () => {
    const whole = reportFor({ invoiceNo: 'RE-000013', lines: month });
    expect(new Decimal(notTaxable.gross_total).plus(taxable.gross_total).toFixed(2)).toBe(whole.gross_total);
    expect(new Decimal(notTaxable.vat_total).plus(taxable.vat_total).toFixed(2)).toBe(whole.vat_total);
  });

  it('BR-O-11 and BR-O-02 by rule id: an O line written onto the taxable document breaks them', async () => {
    const xml = await renderXRechnung(taxable, noFallback);
    const withO = xml.replace(
      /<ram:CategoryCode>S<\/ram:CategoryCode>\s*<ram:RateApplicablePercent>19<\/ram:RateApplicablePercent>/,
      '<ram:CategoryCode>O</ram:CategoryCode>',
    );
    // Its header breakdown gains an O row after the S rows, as a mixed document would need.
    const end = '</ram:ApplicableTradeTax>';
    const at = withO.lastIndexOf(end) + end.length;
    const oRow =
      '<ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>' +
      '<ram:ExemptionReason>x</ram:ExemptionReason><ram:BasisAmount>0.00</ram:BasisAmount>' +
      '<ram:CategoryCode>O</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>';
    const withOBreakdown = withO.slice(0, at) + oRow + withO.slice(at);
    expect(brokenRules(readCii(withOBreakdown))).toEqual(expect.arrayContaining(['BR-O-02', 'BR-O-11']));
  });
});
