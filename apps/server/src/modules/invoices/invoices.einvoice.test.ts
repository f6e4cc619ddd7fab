import { PDFDocument } from '@cantoo/pdf-lib';
import type { InvoiceReport, InvoiceRun, InvoiceSummary } from '@portal/contract/invoices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, post, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { buy, type Headers, ok, type Stock, stockFor, topUp } from '../selling/selling.fixtures.ts';
import { type CiiInvoice, readCii } from './invoices.cii-read.ts';
import { dumpEinvoice } from './invoices.einvoice.fixtures.ts';
import { brokenRules } from './invoices.en16931.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let platformStock: Stock;
let resellerStock: Stock;

let ip = 0;

/** A new session at the clock's current time (the clock jumps months here), each from an address of its own. */
async function signInNow(username: string): Promise<Headers> {
  ip++;
  const res = await login(ctx, { username }, { ip: `10.7.${Math.floor(ip / 250)}.${ip % 250}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  return authHeaders(res.body.data);
}

async function download(url: string, headers: Headers) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload };
}

async function runUntilDone(headers: Headers, run: InvoiceRun) {
  await expect
    .poll(
      async () => {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/invoice_runs/${run.run_id}/`,
          headers: { host: 'localhost', ...headers },
        });
        return (res.json().data as InvoiceRun).status;
      },
      { timeout: 15_000 },
    )
    .toBe('done');
}

/** Issues the month's documents of `kind` for one customer over the API and returns the one issued. */
async function issue(as: string, customerId: number, kind: 'invoice' | 'reclamation'): Promise<InvoiceReport> {
  const headers = await signInNow(as);
  const generate =
    kind === 'invoice'
      ? '/api/generate_invoices_with_customer_ids/'
      : '/api/generate_reclamation_invoices_with_customer_ids/';
  await runUntilDone(
    headers,
    await ok<InvoiceRun>(post(ctx.app, generate, { customer_ids: [customerId], month: '2026-11' }, headers), 202),
  );
  const list = await ok<{ invoices: InvoiceSummary[] }>(
    post(
      ctx.app,
      kind === 'invoice' ? '/api/view_invoices/' : '/api/view_reclamation_invoices/',
      { page: 1, view: 'issued', customer_id: customerId, month: '2026-11' },
      headers,
    ),
  );
  return report(as, list.invoices[0]!.id); // the month's document of this kind
}

const report = async (as: string, invoiceId: number) =>
  ok<InvoiceReport>(post(ctx.app, '/api/get_invoice_report/', { invoice_id: invoiceId }, await signInNow(as)));

async function xrechnung(as: string, invoiceId: number): Promise<{ xml: string; cii: CiiInvoice }> {
  const res = await download(`/api/invoices/${invoiceId}/xrechnung/`, await signInNow(as));
  expect(res.status).toBe(200);
  expect(res.type).toBe('application/xml');
  const xml = res.body.toString('utf8');
  dumpEinvoice(`db-${invoiceId}-${readCii(xml).number}`, xml);
  return { xml, cii: readCii(xml) };
}

/** A credit note of the reseller to the shop for one PIN sold on `day`, issued at the clock's time. */
async function creditNote(reclamationId: number, day: string): Promise<number> {
  return ctx.db.transaction((tx) =>
    ctx.app.services.invoices.issueCreditNote(
      tx,
      { issuerId: ids.reseller, recipientId: ids.seller, reclamationId, day, createdBy: ids.user('reseller') },
      [
        {
          productId: resellerStock.productId,
          configurationId: resellerStock.configurationId,
          faceValue: '10.0000',
          unitPrice: '9.70',
          quantity: 1,
          soldAt: new Date(`${day}T09:00:00Z`),
        },
      ],
    ),
  );
}

const categories = (cii: CiiInvoice) => [...new Set(cii.lines.map((l) => l.category))].sort();

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  await insertOtherTenant(ctx.db, ids.platform);
  ctx.clock.set(new Date('2026-11-20T09:00:00Z'));
  platformStock = await stockFor(ctx, { owner: 'platform', pins: 10, shops: [ids.seller] });
  resellerStock = await stockFor(ctx, { owner: 'reseller', pins: 10, shops: [ids.seller] });
  await topUp(ctx, ids.reseller, '1000');
  await topUp(ctx, ids.seller, '1000');
  // The reseller's own product is a single-purpose voucher at 19 %; the platform's stays multi-purpose. Set before the
  // sales: each sale is invoiced with the treatment in force when it was sold (decision 0132).
  await ok(
    post(
      ctx.app,
      '/api/update_product_details/',
      { product_id: resellerStock.productId, vat_treatment: 'spv_19' },
      await signInNow('reseller'),
    ),
  );
  ctx.clock.set(new Date('2026-11-21T09:00:00Z'));
  const seller = await signInNow('seller');
  await ok(buy(ctx, seller, platformStock.configurationId, 3));
  await ok(buy(ctx, seller, resellerStock.configurationId, 2));
});

afterAll(async () => {
  await ctx?.close();
});

describe('e-invoices', () => {
  let shopInvoice: InvoiceReport;
  let shopXml: string;
  let resellerXml: string;
  let earlyNote: number;

  it('a credit note issued before its month is invoiced says so and names no invoice (BT-25 left out)', async () => {
    ctx.clock.set(new Date('2026-11-25T09:00:00Z'));
    earlyNote = await creditNote(900_001, '2026-11-21');
    const note = await report('reseller', earlyNote);
    expect(note).toMatchObject({ kind: 'credit_note', preceding_invoice_no: null });
    const { cii } = await xrechnung('reseller', earlyNote);
    expect(cii.typeCode).toBe('381');
    expect(cii.precedingInvoices).toEqual([]);
    expect(cii.notes.join(' ')).toContain('noch nicht ausgestellt');
    expect(brokenRules(cii)).toEqual([]);
  });

  it("the shop's taxable invoice (single-purpose vouchers) is XRechnung that passes every checked rule", async () => {
    ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
    // The month is issued in two parts (decision 0092); the newest is the taxable one.
    shopInvoice = await issue('reseller', ids.seller, 'invoice');
    const { xml, cii } = await xrechnung('reseller', shopInvoice.id);
    shopXml = xml;
    expect(brokenRules(cii)).toEqual([]);
    expect(cii).toMatchObject({
      number: shopInvoice.invoice_no,
      typeCode: '380',
      issueDate: '2026-12-02',
      currency: 'EUR',
      buyerReference: String(ids.seller),
      period: { start: '2026-11-01', end: '2026-11-30' },
    });
    expect(cii.totals).toMatchObject({
      lineTotal: shopInvoice.net_total,
      taxTotal: shopInvoice.vat_total,
      grandTotal: shopInvoice.gross_total,
      prepaid: shopInvoice.gross_total,
      duePayable: '0.00',
    });
    // The multi-purpose vouchers are not on it: they are on the month's O-only document (below).
    expect(categories(cii)).toEqual(['S']);
    expect(cii.breakdown.find((b) => b.category === 'S')?.rate).toBe('19');
    expect(cii.seller).toMatchObject({ vatId: 'DE123456781', taxRegistrationId: '30/123/45671' });
    expect(cii.seller.contact).toMatchObject({ phone: '+49 30 12345671', email: 'reseller@demo-prepaid.example' });
    expect(cii.buyer.endpoint).toBe('seller@demo-prepaid.example');
  });

  it("the shop's not-taxable invoice of the same month is O only, without VAT ids, and numbered before it", async () => {
    const list = await post(
      ctx.app,
      '/api/view_invoices/',
      { page: 1, view: 'issued', customer_id: ids.seller, month: '2026-11' },
      await signInNow('reseller'),
    );
    const ids2 = (list.body.data.invoices as InvoiceSummary[]).map((i) => i.id).sort((a, b) => a - b);
    expect(ids2).toHaveLength(2);
    expect(ids2[1]).toBe(shopInvoice.id);
    const o = await report('reseller', ids2[0]!);
    expect(o.lines.every((l) => l.vat_treatment === 'mpv')).toBe(true);
    expect(Number(o.invoice_no.slice(3))).toBe(Number(shopInvoice.invoice_no.slice(3)) - 1);
    const { cii } = await xrechnung('reseller', o.id);
    expect(brokenRules(cii)).toEqual([]);
    expect(categories(cii)).toEqual(['O']);
    expect(cii.seller.vatId).toBeUndefined();
    expect(cii.buyer.vatId).toBeUndefined();
  });

  it("the reseller's invoice (multi-purpose vouchers only) is category O without VAT ids", async () => {
    const invoice = await issue('superadmin', ids.reseller, 'invoice');
    const { xml, cii } = await xrechnung('superadmin', invoice.id);
    resellerXml = xml;
    expect(brokenRules(cii)).toEqual([]);
    expect(categories(cii)).toEqual(['O']);
    expect(cii.breakdown).toHaveLength(1);
    expect(cii.breakdown[0]).toMatchObject({ category: 'O', amount: '0.00', reasonCode: 'VATEX-EU-O' });
    expect(cii.lines.every((l) => l.rate === undefined)).toBe(true);
    expect(cii.seller.vatId).toBeUndefined();
    expect(cii.buyer.vatId).toBeUndefined();
    expect(cii.seller.taxRegistrationId).toBe('30/123/45670');
  });

  it('the ZUGFeRD PDF embeds the same invoice as the XRechnung, as factur-x.xml', async () => {
    const res = await download(`/api/invoices/${shopInvoice.id}/zugferd/`, await signInNow('reseller'));
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.body);
    const files = pdf.getAttachments();
    const embedded = files.find((f) => f.name === 'factur-x.xml');
    expect(embedded).toBeDefined();
    const fromPdf = readCii(Buffer.from(embedded!.data).toString('utf8'));
    const standalone = readCii(shopXml);
    // Only the guideline differs: Factur-X EN 16931 there, the XRechnung CIUS here.
    expect(fromPdf.specificationId).toBe('urn:cen.eu:en16931:2017');
    expect({ ...fromPdf, specificationId: '' }).toEqual({ ...standalone, specificationId: '' });
    expect(brokenRules(fromPdf)).toEqual([]);
  });

  it('downloads follow the PDF: issuer and recipient managers; shop staff refused as for the PDF, other tenants 404', async () => {
    for (const format of ['xrechnung', 'zugferd']) {
      const url = `/api/invoices/${shopInvoice.id}/${format}/`;
      expect((await download(url, await signInNow('seller'))).status).toBe(200);
      const staff = await signInNow('seller-staff');
      expect((await download(url, staff)).status).toBe(
        (await download(`/api/invoices/${shopInvoice.id}/pdf/`, staff)).status,
      );
      for (const who of ['other-reseller', 'other-shop', 'superadmin']) {
        expect((await download(url, await signInNow(who))).status, `${who} ${format}`).toBe(404);
      }
    }
  });

  it('a credit note issued after its month was invoiced names that invoice (BT-25), and an earlier one still does not', async () => {
    const late = await creditNote(900_002, '2026-11-21');
    const note = await report('reseller', late);
    expect(note.preceding_invoice_no).toBe(shopInvoice.invoice_no);
    expect(note.preceding_invoice_date).toBe('2026-12-02');
    const { cii } = await xrechnung('seller', late);
    expect(cii.precedingInvoices).toEqual([shopInvoice.invoice_no]);
    expect(brokenRules(cii)).toEqual([]);
    // The books are append-only: the November invoice came after the early note, which stays as issued.
    expect((await report('reseller', earlyNote)).preceding_invoice_no).toBeNull();
  });

  it('a monthly overview of corrections is no e-invoice: a PDF listing its RK notes, numbered in its own series', async () => {
    const rs = await issue('reseller', ids.seller, 'reclamation');
    expect(rs.invoice_no).toMatch(/^RS-/);
    expect(rs.listed_corrections?.length).toBeGreaterThan(0);
    expect(rs.listed_corrections?.every((c) => c.invoice_no.startsWith('RK-'))).toBe(true);
    for (const as of ['reseller', 'seller']) {
      for (const format of ['xrechnung', 'zugferd']) {
        const res = await download(`/api/invoices/${rs.id}/${format}/`, await signInNow(as));
        expect(res.status).toBe(409);
        expect(JSON.parse(res.body.toString('utf8')).code).toBe('einvoice_not_an_invoice');
      }
    }
    const pdf = await download(`/api/invoices/${rs.id}/pdf/`, await signInNow('seller'));
    expect(pdf.status).toBe(200);
    const { rows } = await ctx.db.execute<{ xrechnung: Buffer | null; zugferd: Buffer | null }>(
      sql`select xrechnung, zugferd from invoice_files where invoice_id = ${rs.id}`,
    );
    expect(rows[0]).toEqual({ xrechnung: null, zugferd: null });
  });

  it('a deliberately broken invoice fails the rules it breaks', () => {
    const broken = (xml: string, from: RegExp, to: string) => {
      expect(xml).toMatch(from);
      return brokenRules(readCii(xml.replace(from, to)));
    };
    // Totals that do not add up.
    expect(broken(shopXml, /<ram:GrandTotalAmount>[^<]+</, '<ram:GrandTotalAmount>1.00<')).toEqual(
      expect.arrayContaining(['BR-CO-15', 'BR-CO-16']),
    );
    expect(broken(shopXml, /<ram:LineTotalAmount>[^<]+</, '<ram:LineTotalAmount>0.01<')).toEqual(
      expect.arrayContaining(['BR-CO-10']),
    );
    expect(broken(shopXml, /<ram:CalculatedAmount>(?!0\.00)[^<]+</, '<ram:CalculatedAmount>99.99<')).toEqual(
      expect.arrayContaining(['BR-CO-14', 'BR-CO-17', 'BR-S-09']),
    );
    // No seller VAT id or tax number beside standard-rated lines.
    expect(
      broken(shopXml, /<ram:SpecifiedTaxRegistration>[\s\S]*?<\/ram:SellerTradeParty>/, '</ram:SellerTradeParty>'),
    ).toEqual(expect.arrayContaining(['BR-S-02', 'BR-DE-16']));
    // A category O line with a rate.
    expect(
      broken(
        resellerXml,
        /<ram:CategoryCode>O<\/ram:CategoryCode>/,
        '<ram:CategoryCode>O</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent>',
      ),
    ).toEqual(['BR-O-05']);
    // An O line beside S lines, with the VAT ids O forbids (what the split into parts avoids).
    expect(
      broken(
        shopXml,
        /<ram:CategoryCode>S<\/ram:CategoryCode>\s*<ram:RateApplicablePercent>19<\/ram:RateApplicablePercent>/,
        '<ram:CategoryCode>O</ram:CategoryCode>',
      ),
    ).toEqual(expect.arrayContaining(['BR-O-01', 'BR-O-02']));
    // Mandatory terms missing.
    expect(broken(shopXml, /<ram:BuyerReference>[^<]+<\/ram:BuyerReference>/, '')).toEqual(['BR-DE-15']);
    expect(broken(shopXml, /<ram:TypeCode>380</, '<ram:TypeCode>71<')).toEqual(['BR-DE-17']);
    expect(
      broken(shopXml, /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*<\/ram:IncludedSupplyChainTradeLineItem>/, ''),
    ).toEqual(expect.arrayContaining(['BR-16', 'BR-CO-10']));
  });
});
