import type { InvoiceParty } from '@portal/contract/invoices';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { pdfText } from '../../platform/pdf-inspect.ts';
import { readCii } from './invoices.cii-read.ts';
import { ciiSyntaxFindings } from './invoices.cii-syntax.ts';
import { dumpEinvoice, platformParty, reportFor, resellerParty } from './invoices.einvoice.fixtures.ts';
import { renderXRechnung } from './invoices.einvoice.ts';
import { brokenRules } from './invoices.en16931.ts';
import { renderInvoicePdf } from './invoices.pdf.ts';

const noFallback = { contact_name: null, phone: null, email: null };
const findings = (xml: string) => [...brokenRules(readCii(xml)), ...ciiSyntaxFindings(xml)];
const squash = (s: string) => s.replace(/\s+/g, ' ');

/** A month's invoice from `issuer` to a shop: 3 × 14.25 € at 19 % (35.92 € net, 11.9733… € each). */
const invoiceFrom = (issuer: InvoiceParty) =>
  reportFor({
    invoiceNo: 'RE-000031',
    issuer,
    lines: [{ name: 'Guthaben 15', unitGross: '14.25', quantity: 3, treatment: 'spv', rate: '19', face: '15' }],
  });

const refusalOf = async (issuer: InvoiceParty) => {
  const err = await renderXRechnung(invoiceFrom(issuer), noFallback).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return { code: (err as AppError).code, params: (err as AppError).details?.params };
};

describe('BR-CO-26: the seller identified by BT-30, else BT-29, the same on the PDF', () => {
  it('a GmbH: register entry as BT-30, court, form, seat and directors in BT-33, and all of it on the PDF', async () => {
    const report = invoiceFrom(platformParty);
    const xml = await renderXRechnung(report, noFallback);
    dumpEinvoice('party-gmbh', xml);
    expect(findings(xml)).toEqual([]);
    const seller = readCii(xml).seller;
    expect(seller).toMatchObject({ legalId: 'HRB 123456 B', ids: [], globalIds: [] });
    expect(xml).toContain(
      '<ram:Description>Registergericht: Amtsgericht Charlottenburg; Rechtsform: GmbH; Sitz: Berlin; Geschäftsführung: Erika Mustermann, Max Mustermann</ram:Description>',
    );
    const text = squash(await pdfText(await renderInvoicePdf(report, 'gross')));
    // § 35a GmbHG: legal form, seat, register court and number, every managing director.
    expect(text).toContain('Prepaid Plattform GmbH');
    expect(text).toContain('Sitz: Berlin');
    expect(text).toContain('Registergericht: Amtsgericht Charlottenburg, HRB 123456 B');
    expect(text).toContain('Geschäftsführung: Erika Mustermann, Max Mustermann');
    expect(text).toContain('USt-IdNr.: DE123456789');
  });

  it('a UG names its form, and an AG its board as "Vorstand"', async () => {
    const ug = { ...platformParty, legal_name: 'Späti Nord', legal_form: 'ug' as const };
    expect(squash(await pdfText(await renderInvoicePdf(invoiceFrom(ug), 'gross')))).toContain(
      'Späti Nord (UG (haftungsbeschränkt))',
    );
    const ag = { ...platformParty, legal_name: 'Prepaid AG', legal_form: 'ag' as const };
    const xml = await renderXRechnung(invoiceFrom(ag), noFallback);
    expect(xml).toContain('Vorstand: Erika Mustermann, Max Mustermann');
    expect(squash(await pdfText(await renderInvoicePdf(invoiceFrom(ag), 'gross')))).toContain(
      'Vorstand: Erika Mustermann, Max Mustermann',
    );
  });

  it('no register entry but a GLN: BT-29 as ram:GlobalID with scheme 0088, on the PDF too', async () => {
    const issuer = { ...resellerParty, gln: '6291041500213' };
    // An O document names no VAT id (BR-O-02): there the GLN alone identifies the seller.
    const o = await renderXRechnung(
      reportFor({
        invoiceNo: 'RE-000032',
        issuer,
        lines: [{ name: 'Prepaid 15', unitGross: '15', quantity: 3, treatment: 'mpv' }],
      }),
      noFallback,
    );
    expect(findings(o)).toEqual([]);
    expect(findings(o.replace('<ram:GlobalID schemeID="0088">6291041500213</ram:GlobalID>', ''))).toEqual(['BR-CO-26']);
    const report = invoiceFrom(issuer);
    const xml = await renderXRechnung(report, noFallback);
    dumpEinvoice('party-gln', xml);
    expect(findings(xml)).toEqual([]);
    expect(xml).toContain('<ram:GlobalID schemeID="0088">6291041500213</ram:GlobalID>');
    const seller = readCii(xml).seller;
    expect(seller).toMatchObject({ ids: [], globalIds: [{ id: '6291041500213', scheme: '0088' }] });
    expect(seller.legalId).toBeUndefined();
    const text = squash(await pdfText(await renderInvoicePdf(report, 'gross')));
    expect(text).toContain('GLN: 6291041500213');
    expect(text).not.toContain('Kundennummer');
  });

  it('a W-IdNr.: BT-29 as ram:ID; nothing at all: the portal account number, printed as well', async () => {
    const withWid = await renderXRechnung(
      invoiceFrom({ ...resellerParty, economic_id: 'DE987654321-00001' }),
      noFallback,
    );
    expect(findings(withWid)).toEqual([]);
    expect(readCii(withWid).seller.ids).toEqual(['DE987654321-00001']);

    const report = invoiceFrom(resellerParty);
    const xml = await renderXRechnung(report, noFallback);
    expect(readCii(xml).seller.ids).toEqual(['Kundennummer 42']);
    expect(squash(await pdfText(await renderInvoicePdf(report, 'gross')))).toContain('Kundennummer 42');
  });

  it("a late-refund correction (RK) and the monthly overview (RS) print the invoice's identifiers", async () => {
    const lines = [{ name: 'Guthaben 15', unitGross: '14.25', quantity: 1, treatment: 'spv' as const, rate: '19' }];
    for (const issuer of [platformParty, { ...resellerParty, gln: '6291041500213' }]) {
      const correction = {
        ...reportFor({
          kind: 'credit_note',
          invoiceNo: 'RK-000004',
          issuer,
          lines,
          preceding: { no: 'RE-000031', date: '2026-12-01' },
        }),
        refund_entry_id: 9041,
        cancels_invoice: false,
      };
      const overview = {
        ...reportFor({ kind: 'reclamation', invoiceNo: 'RS-000002', issuer, lines }),
        listed_corrections: [{ invoice_no: 'RK-000004', issued_at: '2026-12-14T09:00:00.000Z', gross_total: '14.25' }],
      };
      const xml = await renderXRechnung(correction, noFallback);
      dumpEinvoice(`party-${issuer.gln ? 'gln' : 'gmbh'}-correction`, xml);
      expect(findings(xml)).toEqual([]);
      const expected = issuer.gln
        ? ['GLN: 6291041500213']
        : [
            'Sitz: Berlin',
            'Registergericht: Amtsgericht Charlottenburg, HRB 123456 B',
            'Geschäftsführung: Erika Mustermann, Max Mustermann',
          ];
      for (const doc of [correction, overview]) {
        const text = squash(await pdfText(await renderInvoicePdf(doc, 'gross')));
        expect(text).toContain(doc.invoice_no);
        for (const id of expected) expect(text, doc.invoice_no).toContain(id);
      }
    }
  });

  it('an older document with the register as one text still names BT-30 and BT-33', async () => {
    const older = {
      ...resellerParty,
      commercial_register: 'Amtsgericht Stuttgart HRA 723456',
      legal_form: undefined,
      register_court: undefined,
      register_type: undefined,
      register_number: undefined,
    };
    const xml = await renderXRechnung(invoiceFrom(older), noFallback);
    expect(readCii(xml).seller.legalId).toBe('HRA 723456');
    expect(xml).toContain('Registergericht: Amtsgericht Stuttgart');
  });
});

describe('an issuer whose legal data would make a wrong document is refused before issuing', () => {
  it('a register entry in part (the migration left unsplit text in the number) names the missing part', async () => {
    expect(await refusalOf({ ...resellerParty, register_number: 'Handelsregister Köln 98765' })).toEqual({
      code: 'einvoice_party_incomplete',
      params: { field: 'seller_register_court' },
    });
    expect(await refusalOf({ ...resellerParty, register_court: 'Amtsgericht Köln', register_number: '98765' })).toEqual(
      { code: 'einvoice_party_incomplete', params: { field: 'seller_register_type' } },
    );
  });

  it('a GmbH, UG or AG without seat, register or managing directors (§ 35a GmbHG)', async () => {
    expect(await refusalOf({ ...platformParty, seat: null })).toEqual({
      code: 'einvoice_party_incomplete',
      params: { field: 'seller_seat' },
    });
    expect(await refusalOf({ ...platformParty, legal_form: 'ug', managing_directors: ' ' })).toEqual({
      code: 'einvoice_party_incomplete',
      params: { field: 'seller_managing_directors' },
    });
    expect(
      await refusalOf({
        ...platformParty,
        legal_form: 'ag',
        register_court: null,
        register_type: null,
        register_number: null,
      }),
    ).toEqual({ code: 'einvoice_party_incomplete', params: { field: 'seller_register_number' } });
    // A KG or a sole trader needs none of these.
    const kg = { ...resellerParty, legal_form: 'kg' as const };
    expect(findings(await renderXRechnung(invoiceFrom(kg), noFallback))).toEqual([]);
  });
});
