import { randomInt } from 'node:crypto';
import type { InvoiceReport, InvoiceRun, InvoiceSummary } from '@portal/contract/invoices';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, post, type TestContext } from '../../../test/harness.ts';
import { pdfText } from '../../platform/pdf-inspect.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { buy, type Headers, newShop, ok, type Stock, stockFor, topUp } from '../selling/selling.fixtures.ts';
import { VIEW_NOT_INVOICE } from './invoices.pdf.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let platformStock: Stock;
let resellerStock: Stock;
let shopTwo: number;
let other: Awaited<ReturnType<typeof insertOtherTenant>>;
let ip = 0;

/** A new session at the clock's current time, from an address of its own (sign-in is rate limited). */
async function signInNow(username: string): Promise<Headers> {
  ip++;
  const res = await login(ctx, { username }, { ip: `10.9.${Math.floor(ip / 250)}.${ip % 250}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  return authHeaders(res.body.data);
}

/** Sum of a customer's balance lines of sale entries within [from, to): what it paid for purchases. */
async function ledgerPurchases(customerId: number, from: string, to: string): Promise<Decimal> {
  const { rows } = await ctx.db.execute<{ total: string }>(sql`
    select coalesce(sum(l.amount), 0) as total from ledger_lines l join journal_entries e on e.id = l.entry_id
    where l.customer_id = ${customerId} and l.account = 'balance' and e.kind = 'sale'
      and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz`);
  return new Decimal(rows[0]!.total).negated(); // a sum answers one row
}

// November 2026 in Berlin: 2026-11-01 00:00 CET = 2026-10-31 23:00 UTC; December starts 2026-11-30 23:00 UTC.
const NOV_START = '2026-10-31T23:00:00Z';
const DEC_START = '2026-11-30T23:00:00Z';

async function runUntilDone(headers: Headers, run: InvoiceRun): Promise<InvoiceRun> {
  for (let i = 0; i < 200; i++) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoice_runs/${run.run_id}/`,
      headers: { host: 'localhost', ...headers },
    });
    const r = res.json().data as InvoiceRun;
    if (r.status === 'done' || r.status === 'refused') return r;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('invoice run did not finish');
}

async function generate(headers: Headers, customer_ids: number[], month = '2026-11') {
  const run = await ok<InvoiceRun>(
    post(ctx.app, '/api/generate_invoices_with_customer_ids/', { customer_ids, month }, headers),
    202,
  );
  return runUntilDone(headers, run);
}

async function invoicesOf(headers: Headers, body: object) {
  return ok<{ invoices: InvoiceSummary[]; filters: { total_count: number } }>(
    post(ctx.app, '/api/view_invoices/', { page: 1, ...body }, headers),
  );
}

// Random quantities and discounts each run (prices round half-up per unit): the totals must still equal
// the ledger to the cent. The seller's discount stays below the reseller's and the reseller's price above
// the PINs' cost (9.00), as the discount rules demand.
const quantities = Array.from({ length: 6 }, () => randomInt(1, 5));
const pct = (from: number, to: number) => (randomInt(from * 100, to * 100 + 1) / 100).toFixed(2);
const discounts = { resellerDiscount: pct(6, 9.5), sellerDiscount: pct(0.5, 5.5) };

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  other = await insertOtherTenant(ctx.db, ids.platform);
  // Stock and credit first, at the end of October (Berlin), so every purchase below can pay.
  ctx.clock.set(new Date('2026-10-31T21:00:00Z'));
  platformStock = await stockFor(ctx, { owner: 'platform', pins: 20, shops: [ids.seller], ...discounts });
  resellerStock = await stockFor(ctx, { owner: 'reseller', pins: 20, shops: [ids.seller], ...discounts });
  const two = await newShop(ctx, 'Shop Two');
  shopTwo = two.customerId;
  await topUp(ctx, ids.reseller, '2000');
  await topUp(ctx, ids.seller, '1000');
  // The reseller's own stock is taxed at 19 % (single-purpose vouchers); the platform's stays multi-purpose;
  // set before the sales, as each sale keeps the treatment in force when it was sold (decision 0132).
  await ok(
    post(
      ctx.app,
      '/api/update_product_details/',
      { product_id: resellerStock.productId, vat_treatment: 'spv_19' },
      await signInNow('reseller'),
    ),
  );

  // 23:30 Berlin on 31 October: October's, not on November's invoice.
  ctx.clock.set(new Date('2026-10-31T22:30:00Z'));
  await ok(buy(ctx, await signInNow('seller'), platformStock.configurationId, 1));
  // 00:30 Berlin on 1 November: November's.
  ctx.clock.set(new Date('2026-10-31T23:30:00Z'));
  await ok(buy(ctx, await signInNow('seller'), resellerStock.configurationId, 1));
  ctx.clock.set(new Date('2026-11-21T09:00:00Z'));
  const seller = await signInNow('seller');
  for (const [i, q] of quantities.entries()) {
    await ok(buy(ctx, seller, (i % 2 ? resellerStock : platformStock).configurationId, q));
  }
  // 00:30 Berlin on 1 December: December's.
  ctx.clock.set(new Date('2026-11-30T23:30:00Z'));
  await ok(buy(ctx, await signInNow('seller'), platformStock.configurationId, 1));
  ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
});

afterAll(async () => {
  await ctx?.close();
});

describe(`invoices (quantities ${quantities.join(', ')}; discounts ${JSON.stringify(discounts)})`, () => {
  /** The shop's November in two parts (decision 0092): the not-taxable document, then the taxable one. */
  let shopInvoice: InvoiceReport;
  let shopTaxable: InvoiceReport;

  it('refuses a month that is not over yet', async () => {
    const res = await post(
      ctx.app,
      '/api/generate_invoices_with_customer_ids/',
      { customer_ids: [ids.seller], month: '2026-12' },
      await signInNow('reseller'),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('invoice_period_open');
  });

  it("issues the shop's November at its buying price, equal to its ledger purchases of the Berlin month", async () => {
    const reseller = await signInNow('reseller');
    const customers = await ok<{ customers: { customer_id: number; purchases_gross: string; invoice_id: null }[] }>(
      post(ctx.app, '/api/get_customers_for_invoice/', { page: 1, month: '2026-11' }, reseller),
    );
    const paid = await ledgerPurchases(ids.seller, NOV_START, DEC_START);
    expect(customers.customers.find((c) => c.customer_id === ids.seller)?.purchases_gross).toBe(paid.toFixed(2));

    const run = await generate(reseller, [ids.seller, shopTwo]);
    expect(run).toMatchObject({ status: 'done', total: 2, done: 2, issued: 1 });
    const list = await invoicesOf(reseller, { view: 'issued', month: '2026-11' });
    // Two documents for the one shop: the platform's multi-purpose vouchers (O only) and the reseller's own
    // single-purpose vouchers at 19 % — never both on one document (decision 0092, BR-O-11).
    expect(list.invoices.map((i) => i.recipient_id)).toEqual([ids.seller, ids.seller]);
    const [first, second] = await Promise.all(
      [...list.invoices]
        .sort((a, b) => a.id - b.id)
        .map((i) => ok<InvoiceReport>(post(ctx.app, '/api/get_invoice_report/', { invoice_id: i.id }, reseller))),
    );
    // The two documents, checked above.
    shopInvoice = first!;
    shopTaxable = second!;
    expect(shopInvoice.lines.every((l) => l.vat_treatment === 'mpv')).toBe(true);
    expect(shopTaxable.lines.every((l) => l.vat_treatment === 'spv')).toBe(true);
    expect([shopInvoice.invoice_no, shopTaxable.invoice_no]).toEqual(['RE-000001', 'RE-000002']);
    // Both together equal the ledger's purchases of the month.
    expect(new Decimal(shopInvoice.gross_total).plus(shopTaxable.gross_total).toFixed(2)).toBe(paid.toFixed(2));
    for (const invoice of [shopInvoice, shopTaxable]) {
      expect(invoice).toMatchObject({ period_start: '2026-11-01', period_end: '2026-11-30' });
      expect(invoice.issuer.vat_id).toMatch(/^DE/);
      const linesGross = invoice.lines.reduce((s, l) => s.plus(l.gross_amount), new Decimal(0));
      expect(linesGross.toFixed(2)).toBe(invoice.gross_total);
      for (const l of invoice.lines) {
        expect(new Decimal(l.unit_price_gross).times(l.quantity).toFixed(2)).toBe(l.gross_amount);
      }
    }
    // 1 PIN at 00:30 on 1 November plus the day's purchases; the October and December ones are left out.
    const pins = [...shopInvoice.lines, ...shopTaxable.lines].reduce((n, l) => n + l.quantity, 0);
    expect(pins).toBe(1 + quantities.reduce((a, b) => a + b, 0));
  });

  it('extracts VAT once per rate from the gross sum and leaves multi-purpose vouchers without VAT', () => {
    const spv = shopTaxable.vat_breakdown.find((b) => b.vat_treatment === 'spv');
    const mpv = shopInvoice.vat_breakdown.find((b) => b.vat_treatment === 'mpv');
    expect(spv?.vat_rate).toBe('19.00');
    expect(spv?.vat).toBe(
      new Decimal(spv!.gross).times(19).dividedBy(119).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    );
    expect(mpv).toMatchObject({ vat: '0.00', net: mpv?.gross });
    for (const invoice of [shopInvoice, shopTaxable]) {
      expect(new Decimal(invoice.net_total).plus(invoice.vat_total).toFixed(2)).toBe(invoice.gross_total);
    }
  });

  it('invoices the reseller at its platform price R, equal to its ledger purchases', async () => {
    const admin = await signInNow('superadmin');
    const run = await generate(admin, [ids.reseller]);
    expect(run).toMatchObject({ status: 'done', issued: 1 });
    const list = await invoicesOf(admin, { view: 'issued', customer_id: ids.reseller });
    const invoice = await ok<InvoiceReport>(
      post(ctx.app, '/api/get_invoice_report/', { invoice_id: list.invoices[0]!.id }, admin),
    );
    expect(invoice.gross_total).toBe((await ledgerPurchases(ids.reseller, NOV_START, DEC_START)).toFixed(2));
    // Only the platform's stock is the reseller's purchase; its own stock is not bought from anyone.
    expect(new Set(invoice.lines.map((l) => l.product_id))).toEqual(new Set([platformStock.productId]));
    expect(invoice.invoice_no).toBe('RE-000001');
  });

  it('issues nothing twice: a second run and concurrent attempts find the invoice', async () => {
    const reseller = await signInNow('reseller');
    const again = await generate(reseller, [ids.seller]);
    expect(again).toMatchObject({ status: 'done', issued: 1 });
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.app.services.invoices.issueInvoice(
          ids.reseller,
          ids.seller,
          { start: '2026-11-01', end: '2026-11-30' },
          null,
        ),
      ),
    );
    expect(attempts.filter((a) => a.created)).toHaveLength(0);
    expect(new Set(attempts.map((a) => a.invoiceIds.join()))).toEqual(new Set([`${shopInvoice.id},${shopTaxable.id}`]));
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices where recipient_customer_id = ${ids.seller}`,
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('numbers concurrent first issues gap-free per issuer and series, once per recipient', async () => {
    // October: one purchase of the demo shop; racing six issues of it and of shop two (nothing bought), and six
    // corrections of the same issuer at once. Each series counts on its own: RE 1, 2, 3 and RK 1…6, no gap, no
    // number shared, whatever order the twelve transactions commit in.
    const period = { start: '2026-10-01', end: '2026-10-31' };
    const svc = ctx.app.services.invoices;
    const correction = (i: number) =>
      ctx.db.transaction((tx) =>
        svc.issueCreditNote(
          tx,
          {
            issuerId: ids.reseller,
            recipientId: ids.seller,
            reclamationId: 990_000 + i,
            day: '2026-10-15',
            createdBy: 1,
          },
          [
            {
              productId: resellerStock.productId,
              configurationId: resellerStock.configurationId,
              faceValue: '10',
              unitPrice: '9.97',
              quantity: 3,
              soldAt: new Date('2026-10-15T10:00:00Z'),
            },
          ],
        ),
      );
    const [attempts] = await Promise.all([
      Promise.all(
        Array.from({ length: 6 }, (_, i) => svc.issueInvoice(ids.reseller, i % 2 ? shopTwo : ids.seller, period, null)),
      ),
      Promise.all(Array.from({ length: 6 }, (_, i) => correction(i))),
    ]);
    expect(attempts.filter((a) => a.created)).toHaveLength(1);
    expect(attempts.filter((a) => a.invoiceId === null)).toHaveLength(3);
    const numbers = async (series: string) =>
      (
        await ctx.db.execute<{ number: number; invoice_no: string }>(
          sql`select number, invoice_no from invoices where issuer_customer_id = ${ids.reseller} and series = ${series}
              order by number`,
        )
      ).rows;
    // November's two parts are RE 1 and 2 (decision 0092); October (multi-purpose vouchers only, one part) is 3.
    expect((await numbers('RE')).map((r) => r.invoice_no)).toEqual(['RE-000001', 'RE-000002', 'RE-000003']);
    expect((await numbers('RK')).map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('the migration starts each series after the highest number its type issued in the old single series', async () => {
    // An issuer numbered as before issue 35: one series for everything, RK-000001 before its first invoice.
    const legacy = [
      ['RK', 1, 'credit_note'],
      ['RE', 2, 'invoice'],
      ['RS', 3, 'reclamation'],
      ['RE', 4, 'invoice'],
    ] as const;
    for (const [series, n, kind] of legacy) {
      await ctx.db.execute(sql`
        insert into invoices (issuer_customer_id, recipient_customer_id, number, invoice_no, period_start, period_end,
                              issued_at, issuer, recipient, net_total, vat_total, gross_total, vat_breakdown, kind,
                              reclamation_id)
        select 880001, 880002, ${n}, ${`${series}-${String(n).padStart(6, '0')}`}, ${`2026-0${n}-01`}::date,
               ${`2026-0${n}-28`}::date,
               issued_at, issuer, recipient, net_total, vat_total, gross_total, vat_breakdown, ${kind},
               ${kind === 'credit_note' ? 880003 : null}
        from invoices where id = ${shopInvoice.id}`);
    }
    await ctx.db.execute(sql`
      insert into invoice_mails (invoice_id, status, created_at)
      select id, 'predates_mailing', now() from invoices where issuer_customer_id = 880001`);
    const before = await ctx.db.execute(sql`select * from invoice_counters order by 1, 2`);
    await ctx.db.execute(sql`select invoice_counters_from_issued()`);
    const { rows } = await ctx.db.execute<{ series: string; last_number: number }>(
      sql`select series, last_number from invoice_counters where issuer_customer_id = 880001 order by series`,
    );
    expect(rows).toEqual([
      { series: 'RE', last_number: 4 },
      { series: 'RK', last_number: 1 },
      { series: 'RS', last_number: 3 },
    ]);
    // Every other issuer's counters are what issuing left them: the backfill and the live counters agree.
    const after = await ctx.db.execute(
      sql`select * from invoice_counters where issuer_customer_id <> 880001 order by 1, 2`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it("starts the monthly runs on the 1st for last month's buyers, finishing an interrupted run without doubles", async () => {
    // 02:30 Berlin on 1 November: October's run. The shop's October invoice exists (test above); the
    // reseller's from the platform (its shop sold platform stock at 23:30 on 31 October) does not yet.
    ctx.clock.set(new Date('2026-11-01T01:30:00Z'));
    const before = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from invoices`);
    await ctx.app.services.invoices.startMonthlyRuns();
    const runs = async () =>
      (
        await ctx.db.execute<{ issuer_customer_id: number; status: string; done: number; recipient_ids: number[] }>(
          sql`select issuer_customer_id, status, done, recipient_ids from invoice_runs where period_start = '2026-10-01'
              order by id`,
        )
      ).rows;
    await expect.poll(async () => (await runs()).every((r) => r.status === 'done'), { timeout: 15_000 }).toBe(true);
    expect((await runs()).map((r) => [r.issuer_customer_id, r.recipient_ids])).toEqual([
      [ids.platform, [ids.reseller]],
      [ids.reseller, [ids.seller]],
    ]);
    const after = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from invoices`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 1);

    // A run that stopped after its first recipient (a restart between two invoices) goes on from there.
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      insert into invoice_runs (issuer_customer_id, recipient_ids, period_start, period_end, status, done, created_at)
      values (${ids.reseller}, ${`{${ids.seller},${shopTwo}}`}::int[], '2026-11-01', '2026-11-30', 'running', 1, now())
      returning id`);
    await ctx.app.services.invoices.workRun(rows[0]!.id);
    const resumed = await ctx.db.execute<{ status: string; done: number }>(
      sql`select status, done from invoice_runs where id = ${rows[0]!.id}`,
    );
    expect(resumed.rows[0]).toEqual({ status: 'done', done: 2 });
    const again = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from invoices`);
    expect(again.rows[0]!.n).toBe(after.rows[0]!.n);
    ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
  });

  it('keeps issued invoices and their lines unchangeable in the database', async () => {
    await expect(
      ctx.db.execute(sql`update invoices set gross_total = 0 where id = ${shopInvoice.id}`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from invoice_lines where invoice_id = ${shopInvoice.id}`)).rejects.toThrow();
  });

  it('refuses an issuer without a tax id, and customers of another tenant', async () => {
    const otherReseller = await signInNow('other-reseller');
    const res = await post(
      ctx.app,
      '/api/generate_invoices_with_customer_ids/',
      { customer_ids: [other.shop.customerId], month: '2026-11' },
      otherReseller,
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('issuer_tax_id_missing');
    const cross = await post(
      ctx.app,
      '/api/generate_invoices_with_customer_ids/',
      { customer_ids: [ids.seller, other.shop.customerId], month: '2026-11' },
      await signInNow('reseller'),
    );
    expect(cross.status).toBe(404);
  });

  it('lets the issuer generate once the party above has entered its VAT id', async () => {
    const admin = await signInNow('superadmin');
    await ok(
      post(
        ctx.app,
        '/api/update_customer_extra_details/',
        { customer_id: other.reseller.customerId, legal_name: 'Other Reseller AG', vat_id: 'DE987654321' },
        admin,
      ),
    );
    const otherReseller = await signInNow('other-reseller');
    const run = await generate(otherReseller, [other.shop.customerId]);
    // The other shop bought nothing: the run finishes without an invoice.
    expect(run).toMatchObject({ status: 'done', total: 1, issued: 0 });
  });

  it('serves the invoice as issued (gross, the default) and a net view that says it is no invoice', async () => {
    const headers = await signInNow('seller');
    const get = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/invoices/${shopInvoice.id}/pdf/${query}`,
        headers: { host: 'localhost', ...headers },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      return res;
    };
    const issued = await get('?view=gross');
    expect(issued.headers['content-disposition']).toBe(`attachment; filename="${shopInvoice.invoice_no}.pdf"`);
    // The bytes kept at issue, from which the mailed ZUGFeRD PDF was made; the default view is the same.
    const { rows } = await ctx.db.execute<{ pdf: Buffer }>(
      sql`select pdf from invoice_files where invoice_id = ${shopInvoice.id}`,
    );
    expect(Buffer.from(rows[0]!.pdf).equals(issued.rawPayload)).toBe(true);
    expect((await get('')).rawPayload.equals(issued.rawPayload)).toBe(true);
    expect(await pdfText(issued.rawPayload)).not.toContain(VIEW_NOT_INVOICE);
    const net = await get('?view=net');
    expect(net.headers['content-disposition']).toBe(
      `attachment; filename="${shopInvoice.invoice_no}-nettoansicht.pdf"`,
    );
    expect(await pdfText(net.rawPayload)).toContain(VIEW_NOT_INVOICE);
  });
});

describe('who sees which invoice (role × endpoint × tenant)', () => {
  type Call = 'customers' | 'generate' | 'issued' | 'received' | 'report' | 'pdf';
  let shopInvoiceId: number;
  let resellerInvoiceId: number;

  beforeAll(async () => {
    const { rows } = await ctx.db.execute<{ id: number; recipient_customer_id: number }>(
      sql`select id, recipient_customer_id from invoices where period_start = '2026-11-01'`,
    );
    shopInvoiceId = rows.find((r) => r.recipient_customer_id === ids.seller)!.id;
    resellerInvoiceId = rows.find((r) => r.recipient_customer_id === ids.reseller)!.id;
  });

  async function call(
    headers: Headers,
    c: Call,
    invoiceId: number,
  ): Promise<{ status: number; body: { data?: { invoices?: InvoiceSummary[] } } | null }> {
    switch (c) {
      case 'customers':
        return post(ctx.app, '/api/get_customers_for_invoice/', { page: 1, month: '2026-11' }, headers);
      case 'generate':
        return post(
          ctx.app,
          '/api/generate_invoices_with_customer_ids/',
          { customer_ids: [ids.seller], month: '2026-11' },
          headers,
        );
      case 'issued':
        return post(ctx.app, '/api/view_invoices/', { page: 1, view: 'issued' }, headers);
      case 'received':
        return post(ctx.app, '/api/view_invoices/', { page: 1, view: 'received' }, headers);
      case 'report':
        return post(ctx.app, '/api/get_invoice_report/', { invoice_id: invoiceId }, headers);
      case 'pdf': {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/invoices/${invoiceId}/pdf/`,
          headers: { host: 'localhost', ...headers },
        });
        return { status: res.statusCode, body: null };
      }
    }
  }

  // The shop's invoice: its issuer (reseller) and its recipient (shop owner) read it; nobody else does.
  const shopInvoiceMatrix: [string, Record<Call, number>][] = [
    ['superadmin', { customers: 200, generate: 404, issued: 200, received: 403, report: 404, pdf: 404 }],
    ['reseller', { customers: 200, generate: 202, issued: 200, received: 200, report: 200, pdf: 200 }],
    ['reseller-staff', { customers: 200, generate: 404, issued: 200, received: 403, report: 404, pdf: 404 }],
    ['seller', { customers: 403, generate: 403, issued: 403, received: 200, report: 200, pdf: 200 }],
    ['seller-staff', { customers: 403, generate: 403, issued: 403, received: 403, report: 403, pdf: 403 }],
    ['support', { customers: 403, generate: 403, issued: 403, received: 403, report: 403, pdf: 403 }],
    ['other-reseller', { customers: 200, generate: 404, issued: 200, received: 200, report: 404, pdf: 404 }],
    ['other-shop', { customers: 403, generate: 403, issued: 403, received: 200, report: 404, pdf: 404 }],
  ];

  it.each(shopInvoiceMatrix)('%s on the shop invoice', async (user, expected) => {
    const headers = await signInNow(user);
    for (const c of Object.keys(expected) as Call[]) {
      const res = await call(headers, c, shopInvoiceId);
      expect({ call: c, status: res.status }).toEqual({ call: c, status: expected[c] });
      if (res.status === 200 && (c === 'issued' || c === 'received')) {
        const rows = res.body?.data?.invoices ?? [];
        const me = (await demoIds(ctx.db)).user(user);
        const { rows: cust } = await ctx.db.execute<{ customer_id: number }>(
          sql`select customer_id from users where id = ${me}`,
        );
        const mine = cust[0]!.customer_id; // the signed-in user's row
        for (const r of rows) expect(c === 'issued' ? r.issuer_id : r.recipient_id).toBe(mine);
        // An issuer's staff list only the invoices to the customers they are assigned to, as they read them.
        if (c === 'issued' && mine === ids.reseller) {
          expect(rows.some((r) => r.id === shopInvoiceId)).toBe(expected.report === 200);
        }
      }
    }
  });

  it("lets the reseller read the platform's invoice to it, and no other reseller or shop", async () => {
    expect((await call(await signInNow('reseller'), 'report', resellerInvoiceId)).status).toBe(200);
    expect((await call(await signInNow('superadmin'), 'report', resellerInvoiceId)).status).toBe(200);
    for (const user of ['other-reseller', 'seller', 'reseller-staff']) {
      expect((await call(await signInNow(user), 'report', resellerInvoiceId)).status).toBe(404);
    }
  });
});
