import type { InvoiceReport, InvoiceRun, InvoiceSummary } from '@portal/contract/invoices';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { sendTopup as offerAndConfirm } from '../../../test/provider-sales.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { type Headers, ok, signInOnce, topUp, transactionKey } from '../selling/selling.fixtures.ts';
import { readCii } from './invoices.cii-read.ts';
import { dumpEinvoice } from './invoices.einvoice.fixtures.ts';

/**
 * Corrections of late refunds (decision 0096, issue 35). In November (Berlin) a shop orders hardware twice and sends
 * two top-ups (the platform's goods: the shop pays its reseller S, the reseller the platform R). One order and one
 * top-up are refunded before November's invoices are issued: left out of them. The other order is cancelled and the
 * other top-up reversed in December, after the invoices: each gets a correction in its issuer's RK series, on both
 * legs for the top-up, dated in December, naming the invoice, with the category and rate of the line it corrects.
 * The shop's November is issued in two parts (decision 0092): the top-up (not taxable, O) and the hardware (S); each
 * correction names the part that listed what it corrects.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let orderLate: number;
let topupLate: number;
/** The shop's November: the not-taxable part (the top-up), then the taxable part (the hardware). */
let shopParts: InvoiceReport[];
let resellerInvoice: InvoiceReport;

const PRICE = '23.47';

async function waitFinal(saleId: number) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const { rows } = await ctx.db.execute<{ status: string }>(
      sql`select status from provider_sales where id = ${saleId}`,
    );
    // The sale exists: the test made it.
    if (rows[0]!.status !== 'pending') return rows[0]!.status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`top-up ${saleId} stayed pending`);
}

/** A top-up as the shop's screen sends it: the offer, then its confirmation (decision 0080, "Offers"). */
async function sendTopup(headers: Headers, mobile: string) {
  const transaction_key = await transactionKey(ctx, headers);
  const sale = await ok<{ sale_id: number }>(
    offerAndConfirm(ctx.app, { transaction_key, product_id: 5000, mobile_number: mobile }, headers),
  );
  expect(await waitFinal(sale.sale_id)).toBe('successful');
  return sale.sale_id;
}

/** The provider's reversal of a completed top-up, through the settlement as DT One's answer would arrive. */
async function reverse(saleId: number) {
  expect(await ctx.app.services.topup.sales!.settle(saleId, { statusName: 'REVERSED' })).toBe('refunded');
}

async function cancel(orderId: number, reseller: Headers) {
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/hardware_orders/status/${orderId}/`,
    payload: { status: 'cancelled' },
    headers: { host: 'localhost', ...reseller },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The recipient's November documents from the issuer, in number order (one per part). */
async function invoicesOf(issuer: Headers, recipientId: number): Promise<InvoiceReport[]> {
  const started = await ok<InvoiceRun>(
    post(
      ctx.app,
      '/api/generate_invoices_with_customer_ids/',
      { customer_ids: [recipientId], month: '2026-11' },
      issuer,
    ),
    202,
  );
  for (let i = 0; i < 200; i++) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice_runs/${started.run_id}/`,
      headers: { host: 'localhost', ...issuer },
    });
    if (res.json().data.status === 'done') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const list = await ok<{ invoices: InvoiceSummary[] }>(
    post(ctx.app, '/api/view_invoices/', { page: 1, view: 'issued', customer_id: recipientId }, issuer),
  );
  const reports = await Promise.all(
    list.invoices.map((i) =>
      ok<InvoiceReport>(post(ctx.app, '/api/get_invoice_report/', { invoice_id: i.id }, issuer)),
    ),
  );
  return reports.sort((a, b) => a.id - b.id);
}

/** What the ledger took from a customer's balance for purchases (net of refunds) within [from, to). */
async function charged(customerId: number, from: string, to: string) {
  const { rows } = await ctx.db.execute<{ total: string }>(sql`
    select coalesce(sum(l.amount), 0)::text as total from ledger_lines l join journal_entries e on e.id = l.entry_id
    where l.customer_id = ${customerId} and l.account = 'balance'
      and e.kind in ('sale', 'hardware_order', 'refund', 'provider_reservation', 'provider_release', 'provider_refund')
      and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz`);
  return new Decimal(rows[0]!.total).negated(); // a sum answers one row
}

const corrections = async (issuerId: number) =>
  (
    await ctx.db.execute<{
      id: number;
      invoice_no: string;
      recipient_customer_id: number;
      refund_entry_id: number;
      corrects_invoice_id: number;
      cancels_invoice: boolean;
      period_start: string;
      gross_total: string;
    }>(sql`
      select id, invoice_no, recipient_customer_id, refund_entry_id, corrects_invoice_id, cancels_invoice,
             period_start::text, gross_total::text
      from invoices where issuer_customer_id = ${issuerId} and refund_entry_id is not null order by id`)
  ).rows.map((r) => ({ ...r, id: Number(r.id), refund_entry_id: Number(r.refund_entry_id) }));

beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'error', DT_ONE_SIMULATOR_DELAY_SCALE: '0.01', DT_ONE_POLL_MS: '150', DT_ONE_TIMEOUT_MS: '2000' },
  });
  ids = await demoIds(ctx.db);
  ctx.clock.set(new Date('2026-11-10T09:00:00Z'));
  await topUp(ctx, ids.reseller, '1000');
  await topUp(ctx, ids.seller, '500');
  const seller = await signInOnce(ctx, 'seller');
  const reseller = await signInOnce(ctx, 'reseller');
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into hardware_categories (owner_customer_id, name, created_at)
    values (${ids.reseller}, 'Terminals', now()) returning id`);
  const product = await ok<{ product_id: number }>(
    post(
      ctx.app,
      '/api/hardware_product/',
      { category_id: rows[0]!.id, product_name: 'Terminal X1', price: PRICE, stock: 9 },
      reseller,
    ),
  );
  const order = async (quantity: number) =>
    (
      await ok<{ order_id: number }>(
        post(ctx.app, '/api/hardware_orders/add/', { product_id: product.product_id, quantity }, seller),
      )
    ).order_id;
  await order(1); // kept: stays on the invoice
  orderLate = await order(2);
  const orderEarly = await order(3);
  topupLate = await sendTopup(seller, '+905321234100');
  const topupEarly = await sendTopup(seller, '+905321234110');
  // Refunded in November, before the invoices: left out of them.
  ctx.clock.set(new Date('2026-11-20T09:00:00Z'));
  await cancel(orderEarly, await signIn(ctx, 'reseller'));
  await reverse(topupEarly);
  // 2 December: November's invoices.
  ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
  shopParts = await invoicesOf(await signIn(ctx, 'reseller'), ids.seller);
  // The platform's invoice to the reseller: one document (the first test checks its lines).
  resellerInvoice = (await invoicesOf(await signIn(ctx, 'superadmin'), ids.reseller))[0]!;
  // 5 December: the late refunds.
  ctx.clock.set(new Date('2026-12-05T10:00:00Z'));
  await cancel(orderLate, await signIn(ctx, 'reseller'));
  await reverse(topupLate);
}, 120_000);
afterAll(async () => ctx?.close());

describe('refunds before the invoice is issued', () => {
  it('are left out of it, and the invoice equals the ledger net of those refunds', async () => {
    for (const [invoice, who, as] of [
      ...shopParts.map((p) => [p, 'reseller-shop', 'reseller'] as const),
      [resellerInvoice, 'platform-reseller', 'superadmin'] as const,
    ]) {
      const xml = await ctx.app.inject({
        method: 'GET',
        url: `/api/invoices/${invoice.id}/xrechnung/`,
        headers: { host: 'localhost', ...(await signIn(ctx, as)) },
      });
      expect(xml.statusCode).toBe(200);
      dumpEinvoice(`corr-${invoice.invoice_no}-${who}`, xml.body);
    }
    expect(shopParts.map((p) => p.lines.map((l) => [l.line_kind, l.quantity, l.unit_price_gross]))).toEqual([
      [['topup', 1, '4.90']],
      [['hardware', 3, PRICE]],
    ]);
    expect(shopParts.map((p) => p.invoice_no)).toEqual(['RE-000001', 'RE-000002']);
    expect(shopParts.reduce((s, p) => s.plus(p.gross_total), new Decimal(0)).toFixed(2)).toBe(
      (await charged(ids.seller, '2026-10-31T23:00:00Z', '2026-11-30T23:00:00Z')).toFixed(2),
    );
    expect(resellerInvoice.lines.map((l) => [l.line_kind, l.quantity, l.unit_price_gross])).toEqual([
      ['topup', 1, '4.80'],
    ]);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from invoice_left_out_refunds`);
    // The cancelled order (shop ← reseller) and the reversed top-up on both legs.
    expect(rows[0]!.n).toBe(3);
  });
});

describe('refunds after the invoice was issued', () => {
  it('get one correction per refund and leg, even when the job runs many times at once', async () => {
    const svc = ctx.app.services.invoices;
    // (The scheduled pass may run meanwhile too: the count of documents is what must hold.)
    const runs = await Promise.all(Array.from({ length: 4 }, () => svc.settleRefunds()));
    expect(runs.reduce((n, r) => n + r.corrected, 0)).toBeLessThanOrEqual(3);
    expect((await svc.settleRefunds()).corrected).toBe(0);
    expect((await corrections(ids.reseller)).length + (await corrections(ids.platform)).length).toBe(3);
    const fromReseller = await corrections(ids.reseller);
    const fromPlatform = await corrections(ids.platform);
    expect(fromReseller.map((c) => [c.invoice_no, c.recipient_customer_id, c.period_start, c.gross_total])).toEqual(
      expect.arrayContaining([
        ['RK-000001', ids.seller, '2026-12-05', expect.any(String)],
        ['RK-000002', ids.seller, '2026-12-05', expect.any(String)],
      ]),
    );
    expect(fromReseller.map((c) => new Decimal(c.gross_total).toFixed(2)).sort()).toEqual(['4.90', '46.94']);
    // The reseller's invoice from the platform listed only this top-up: its correction cancels it in full.
    expect(fromPlatform).toEqual([
      expect.objectContaining({
        invoice_no: 'RK-000001',
        recipient_customer_id: ids.reseller,
        cancels_invoice: true,
        corrects_invoice_id: resellerInvoice.id,
      }),
    ]);
    // Each names the part that listed what it corrects: the hardware its taxable part (partly: a
    // Rechnungskorrektur), the top-up the not-taxable part, which listed only it (in full: a Stornorechnung).
    const [notTaxable, taxable] = shopParts; // the shop's two parts, checked by the first test
    expect(
      fromReseller.map((c) => [new Decimal(c.gross_total).toFixed(2), c.corrects_invoice_id, c.cancels_invoice]).sort(),
    ).toEqual(
      [
        ['4.90', notTaxable!.id, true],
        ['46.94', taxable!.id, false],
      ].sort(),
    );
    // A retried job finds the database's guard too: a second correction of the same refund and issuer is refused.
    await expect(
      ctx.db.execute(sql`
        insert into invoices (issuer_customer_id, recipient_customer_id, number, invoice_no, period_start, period_end,
                              issued_at, issuer, recipient, net_total, vat_total, gross_total, vat_breakdown, kind,
                              refund_entry_id, corrects_invoice_id)
        select issuer_customer_id, recipient_customer_id, 99, 'RK-000099', period_start, period_end, issued_at, issuer,
               recipient, net_total, vat_total, gross_total, vat_breakdown, kind, refund_entry_id, corrects_invoice_id
        from invoices where id = ${fromPlatform[0]!.id}`),
    ).rejects.toThrow();
  });

  it('are type 381 with positive amounts, titled, naming the invoice, each line in the category it had', async () => {
    const reseller = await signIn(ctx, 'reseller');
    for (const c of await corrections(ids.reseller)) {
      const report = await ok<InvoiceReport>(post(ctx.app, '/api/get_invoice_report/', { invoice_id: c.id }, reseller));
      const part = shopParts.find((p) => p.id === c.corrects_invoice_id)!;
      expect(report).toMatchObject({ kind: 'credit_note', preceding_invoice_no: part.invoice_no });
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/invoices/${c.id}/xrechnung/`,
        headers: { host: 'localhost', ...reseller },
      });
      expect(res.statusCode).toBe(200);
      const xml = res.body;
      dumpEinvoice(`corr-${c.invoice_no}-reseller-shop-${report.lines[0]!.line_kind}`, xml);
      const cii = readCii(xml);
      expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
      expect(cii.precedingInvoices).toEqual([part.invoice_no]);
      // BT-26 as format 102 (CII-DT-097).
      expect(xml).toMatch(/<qdt:DateTimeString format="102">2026120\d<\/qdt:DateTimeString>/);
      expect(xml).toContain(
        `<ram:Content>${c.cancels_invoice ? 'Stornorechnung' : 'Rechnungskorrektur'}</ram:Content>`,
      );
      expect(xml).not.toMatch(/Gutschrift/);
      expect(xml).toContain('<udt:DateTimeString format="102">20261205</udt:DateTimeString>');
      const line = report.lines[0]!; // a correction of one refund: one line
      const corrected = part.lines.find((l) => l.line_kind === line.line_kind)!;
      expect([line.vat_treatment, line.vat_rate]).toEqual([corrected.vat_treatment, corrected.vat_rate]);
      expect(new Decimal(report.gross_total).isPositive()).toBe(true);
      expect(xml).toContain(`<ram:CategoryCode>${line.line_kind === 'hardware' ? 'S' : 'O'}</ram:CategoryCode>`);
      if (line.line_kind === 'hardware') {
        expect(xml).toContain('<ram:CategoryCode>S</ram:CategoryCode>');
        expect(report.vat_breakdown).toEqual([
          { vat_treatment: 'spv', vat_rate: '19.00', gross: '46.94', vat: '7.49', net: '39.45' },
        ]);
      }
    }
    const superadmin = await signIn(ctx, 'superadmin');
    const storno = (await corrections(ids.platform))[0]!; // one, checked by the test above
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoices/${storno.id}/xrechnung/`,
      headers: { host: 'localhost', ...superadmin },
    });
    dumpEinvoice(`corr-${storno.invoice_no}-platform-reseller-storno`, res.body);
    expect(res.body).toContain('<ram:Content>Stornorechnung</ram:Content>');
    expect(res.body).toContain('<ram:CategoryCode>O</ram:CategoryCode>');
  });

  it('leave the RE series alone, and the month’s invoices minus corrections equal the ledger net of refunds', async () => {
    const { rows } = await ctx.db.execute<{ series: string; invoice_no: string }>(sql`
      select series, invoice_no from invoices where issuer_customer_id = ${ids.reseller} order by series, number`);
    expect(rows.filter((r) => r.series === 'RE').map((r) => r.invoice_no)).toEqual(['RE-000001', 'RE-000002']);
    const corrected = (await corrections(ids.reseller)).reduce((s, c) => s.plus(c.gross_total), new Decimal(0));
    const ledger = await charged(ids.seller, '2026-10-31T23:00:00Z', '2026-12-31T23:00:00Z');
    const invoiced = shopParts.reduce((s, p) => s.plus(p.gross_total), new Decimal(0));
    expect(invoiced.minus(corrected).toFixed(2)).toBe(ledger.toFixed(2));
    // The corrections are mailed like every document.
    await ctx.app.services.invoiceDocuments.sweepMails();
    await expect
      .poll(async () => (await ctx.messagesTo('seller@demo-prepaid.example')).map((m) => m.subject), {
        timeout: 15_000,
      })
      .toEqual(
        expect.arrayContaining(
          (await corrections(ids.reseller)).map(
            (c) => `${c.cancels_invoice ? 'Stornorechnung' : 'Rechnungskorrektur'} ${c.invoice_no}`,
          ),
        ),
      );
  });
});
