import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfText } from '../../platform/pdf-inspect.ts';
import { platformParty, reportFor, resellerParty, shopParty } from './invoices.einvoice.fixtures.ts';
import { renderZugferd } from './invoices.einvoice.ts';
import { renderInvoicePdf, VIEW_NOT_INVOICE } from './invoices.pdf.ts';

const noFallback = { contact_name: null, phone: null, email: null };

/** A shop whose names need more than WinAnsi: a dotless ı, Greek, an arrow. */
const shop = { ...shopParty, legal_name: 'Ayşe Yılmaz', name: 'Späti Ωmega → Eck' };

/** Lines priced gross whose nets do not divide evenly: 2 × 14.25 € at 19 % is 23.95 € net, 11.975 € each. */
const invoice = reportFor({
  invoiceNo: 'RE-000017',
  recipient: shop,
  lines: [
    { name: 'Guthaben Ωmega 15 €', unitGross: '14.25', quantity: 2, treatment: 'spv', rate: '19', face: '15' },
    { name: 'Kaffee→Karte', unitGross: '4.99', quantity: 7, treatment: 'spv', rate: '7' },
  ],
});
const summary = reportFor({
  kind: 'reclamation',
  invoiceNo: 'RS-000003',
  issuer: platformParty,
  recipient: { ...resellerParty, legal_name: 'Yılmaz Großhandel' },
  lines: [{ name: 'Prepaid Ωmega', unitGross: '9.70', quantity: 3, treatment: 'mpv' }],
});

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('invoice PDFs embed their one Unicode font', () => {
  it('every font of the invoice, its net view, its ZUGFeRD PDF and the summary is embedded', async () => {
    const gross = await renderInvoicePdf(invoice, 'gross');
    const files = {
      gross,
      net: await renderInvoicePdf(invoice, 'net'),
      zugferd: await renderZugferd(invoice, gross, noFallback),
      summary: await renderInvoicePdf(summary, 'gross'),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const fonts = await pdfFonts(bytes);
      expect(fonts.length, name).toBeGreaterThan(0);
      // Helvetica (a standard font, never embedded) is what pdfkit falls back to: it must appear nowhere.
      expect(
        fonts.filter((f) => !f.embedded),
        name,
      ).toEqual([]);
      expect(fonts.map((f) => f.baseFont).join(' '), name).not.toMatch(/Helvetica/);
      expect(
        fonts.every((f) => /DejaVuSans/.test(f.baseFont)),
        name,
      ).toBe(true);
    }
  });

  it('keeps Latin Extended, Greek and arrows as they were written', async () => {
    const gross = await renderInvoicePdf(invoice, 'gross');
    for (const bytes of [gross, await renderZugferd(invoice, gross, noFallback)]) {
      const text = squash(await pdfText(bytes));
      expect(text).toContain('Ayşe Yılmaz');
      expect(text).toContain('Guthaben Ωmega 15 €');
      expect(text).toContain('Kaffee→Karte');
    }
    expect(squash(await pdfText(await renderInvoicePdf(summary, 'gross')))).toContain('Yılmaz Großhandel');
  });
});

describe('printed figures multiply out (decision 0090)', () => {
  it('the invoice prints the gross unit price and gross line amount, and net, VAT and gross per rate', async () => {
    const text = squash(await pdfText(await renderInvoicePdf(invoice, 'gross')));
    expect(text).toContain('Rechnung RE-000017');
    expect(text).not.toContain(VIEW_NOT_INVOICE);
    // 2 × 14,25 = 28,50 and 7 × 4,99 = 34,93, exactly.
    expect(text).toMatch(/Guthaben Ωmega 15 € 15,00 € 2 14,25 € 19 % 28,50 €/);
    expect(text).toMatch(/Kaffee→Karte 4,99 € 7 4,99 € 7 % 34,93 €/);
    // Per rate: net + VAT = gross, VAT once from the rate's gross sum (28.50 × 19/119 = 4.55; 34.93 × 7/107 = 2.29).
    expect(text).toMatch(/USt\. 7 % 32,64 € 2,29 € 34,93 €/);
    expect(text).toMatch(/USt\. 19 % 23,95 € 4,55 € 28,50 €/);
    expect(text).toMatch(/Summe 56,59 € 6,84 € 63,43 €/);
  });

  it('the net view says prominently that it is no invoice, with net unit prices that give the line net', async () => {
    const text = squash(await pdfText(await renderInvoicePdf(invoice, 'net')));
    expect(text.indexOf(VIEW_NOT_INVOICE)).toBeGreaterThan(-1);
    expect(text.indexOf(VIEW_NOT_INVOICE)).toBeLessThan(text.indexOf('RE-000017'));
    expect(text).not.toMatch(/(^| )Rechnung RE-000017/);
    // 23,95 € net over 2: 11,975 € exactly; 32,64 € over 7 is 4,662857…: 4,663 € rounded (7 × 4,663 = 32,641).
    expect(text).toMatch(/Guthaben Ωmega 15 € 15,00 € 2 11,975 € 19 % 23,95 €/);
    expect(text).toMatch(/Kaffee→Karte 4,99 € 7 4,663 €\* 7 % 32,64 €/);
    expect(text).toContain('* Einzelpreis netto gerundet');
  });
});
