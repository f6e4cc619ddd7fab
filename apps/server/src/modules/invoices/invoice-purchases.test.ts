import { crc32, deflateSync } from 'node:zlib';
import type { InvoiceReport, InvoiceRun, InvoiceSummary } from '@portal/contract/invoices';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signIn, type TestContext } from '../../../test/harness.ts';
import { sendTopup as offerAndConfirm } from '../../../test/provider-sales.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import {
  buy,
  type Headers,
  ok,
  type Stock,
  signInOnce,
  stockFor,
  topUp,
  transactionKey,
} from '../selling/selling.fixtures.ts';

/**
 * Everything a shop buys is on its invoice (decision 0096): PINs from stock, hardware orders from its reseller
 * (goods at 19 %) and top-ups (multi-purpose vouchers) once final; a cancelled order and a failed top-up are not.
 * The invoice's gross total equals what the ledger charged the shop's balance in the month.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let stock: Stock;

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

async function sendTopup(headers: Headers, mobile: string) {
  const transaction_key = await transactionKey(ctx, headers);
  const sale = await ok<{ sale_id: number }>(
    offerAndConfirm(ctx.app, { transaction_key, product_id: 5000, mobile_number: mobile }, headers),
  );
  return waitFinal(sale.sale_id);
}

/** The recipient's November documents, oldest first: the not-taxable part, then the taxable one (decision 0092). */
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
  return Promise.all(
    [...list.invoices]
      .sort((a, b) => a.id - b.id)
      .map((i) => ok<InvoiceReport>(post(ctx.app, '/api/get_invoice_report/', { invoice_id: i.id }, issuer))),
  );
}

/** What the ledger took from a customer's balance for purchases in November (Berlin), net of what it gave back. */
async function chargedInNovember(customerId: number) {
  const { rows } = await ctx.db.execute<{ total: string }>(sql`
    select coalesce(sum(l.amount), 0)::text as total from ledger_lines l join journal_entries e on e.id = l.entry_id
    where l.customer_id = ${customerId} and l.account = 'balance'
      and e.kind in ('sale', 'hardware_order', 'refund', 'provider_reservation', 'provider_release')
      and l.created_at >= '2026-10-31T23:00:00Z' and l.created_at < '2026-11-30T23:00:00Z'`);
  return new Decimal(rows[0]!.total).negated().toFixed(2); // a sum answers one row
}

/** A 1×1 PNG of one colour: pdfkit reads it, so it lands in the PDF as an image of its own. */
function png(colour: string) {
  const pixel = Buffer.from(`${colour}AAAA`, 'base64').subarray(0, 3);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = deflateSync(Buffer.concat([Buffer.from([0]), pixel]));
  const file = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${file.toString('base64')}`;
}

beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'error', DT_ONE_SIMULATOR_DELAY_SCALE: '0.01', DT_ONE_POLL_MS: '150', DT_ONE_TIMEOUT_MS: '2000' },
  });
  ids = await demoIds(ctx.db);
  await topUp(ctx, ids.reseller, '1000');
  await topUp(ctx, ids.seller, '500');
  const seller = await signInOnce(ctx, 'seller');
  const reseller = await signInOnce(ctx, 'reseller');

  stock = await stockFor(ctx, { owner: 'reseller', pins: 3, shops: [ids.seller] });
  await ok(buy(ctx, seller, stock.configurationId, 2));

  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into hardware_categories (owner_customer_id, name, created_at)
    values (${ids.reseller}, 'Terminals', now()) returning id`);
  const product = await ok<{ product_id: number }>(
    post(
      ctx.app,
      '/api/hardware_product/',
      { category_id: rows[0]!.id, product_name: 'Terminal X1', price: '30.00', stock: 5 },
      reseller,
    ),
  );
  await ok(post(ctx.app, '/api/hardware_orders/add/', { product_id: product.product_id, quantity: 2 }, seller));
  const cancelled = await ok<{ order_id: number }>(
    post(ctx.app, '/api/hardware_orders/add/', { product_id: product.product_id, quantity: 1 }, seller),
  );
  const res = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/hardware_orders/status/${cancelled.order_id}/`,
    payload: { status: 'cancelled' },
    headers: { host: 'localhost', ...reseller },
  });
  expect(res.statusCode).toBe(200);

  // The reseller's documents carry its logo, header and footer (three different 1×1 PNGs).
  await ctx.db.execute(sql`update customers set invoice_logo = ${png('/wD/')}, invoice_header_image = ${png('/wAA')},
    invoice_footer_image = ${png('AP8A')} where id = ${ids.reseller}`);
  expect(await sendTopup(seller, '+905321234100')).toBe('successful');
  expect(await sendTopup(seller, '+905321234102')).toBe('failed');
  ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
}, 120_000);
afterAll(async () => ctx?.close());

describe('the invoice of everything bought in the month', () => {
  it("lists the shop's PINs, its hardware order at 19 % and its completed top-up, equal to its ledger", async () => {
    const parts = await invoicesOf(await signIn(ctx, 'reseller'), ids.seller);
    expect(parts).toHaveLength(2);
    const [notTaxable, taxable] = [parts[0]!, parts[1]!];
    const kinds = (i: InvoiceReport) =>
      i.lines.map((l) => [l.line_kind, l.quantity, l.unit_price_gross, l.vat_treatment, l.vat_rate]);
    // Not taxable (multi-purpose vouchers) on one document, taxable (the hardware) on another, both RE invoices.
    expect(kinds(notTaxable)).toEqual([
      ['voucher', 2, expect.any(String), 'mpv', '0.00'],
      ['topup', 1, '4.90', 'mpv', '0.00'],
    ]);
    expect(kinds(taxable)).toEqual([['hardware', 2, '30.00', 'spv', '19.00']]);
    expect([notTaxable.invoice_no, taxable.invoice_no].every((n) => n.startsWith('RE-'))).toBe(true);
    expect(taxable.lines[0]!.product_name).toBe('Terminal X1');
    expect(taxable.vat_breakdown).toEqual([
      expect.objectContaining({ vat_treatment: 'spv', vat_rate: '19.00', gross: '60.00', vat: '9.58', net: '50.42' }),
    ]);
    expect(new Decimal(notTaxable.gross_total).plus(taxable.gross_total).toFixed(2)).toBe(
      await chargedInNovember(ids.seller),
    );
  });

  it("prints the issuer's header, logo and footer on the PDF", async () => {
    const reseller = await signIn(ctx, 'reseller');
    const list = await ok<{ invoices: InvoiceSummary[] }>(
      post(ctx.app, '/api/view_invoices/', { page: 1, view: 'issued', customer_id: ids.seller }, reseller),
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/invoices/${list.invoices[0]!.id}/pdf/?view=gross`,
      headers: { host: 'localhost', ...reseller },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(3);
  });

  it("lists the top-up on the reseller's invoice from the platform at the reseller's price", async () => {
    const invoices = await invoicesOf(await signIn(ctx, 'superadmin'), ids.reseller);
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0]!; // its length was checked above
    expect(invoice.lines).toEqual([
      expect.objectContaining({ line_kind: 'topup', quantity: 1, unit_price_gross: '4.80', vat_treatment: 'mpv' }),
    ]);
    expect(invoice.gross_total).toBe('4.80');
  });

  it('makes XRechnung of each part: the hardware in category S alone, the vouchers in O alone (BR-O-11)', async () => {
    const reseller = await signIn(ctx, 'reseller');
    const list = await ok<{ invoices: InvoiceSummary[] }>(
      post(ctx.app, '/api/view_invoices/', { page: 1, view: 'issued', customer_id: ids.seller }, reseller),
    );
    const xml = async (id: number) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/invoices/${id}/xrechnung/`,
        headers: { host: 'localhost', ...reseller },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.body;
    };
    const [notTaxable, taxable] = [...list.invoices].sort((a, b) => a.id - b.id);
    const s = await xml(taxable!.id); // the shop's two parts, checked by the first test
    expect(s).toContain('Terminal X1');
    expect(s.match(/<ram:CategoryCode>([A-Z]+)<\/ram:CategoryCode>/g)?.every((c) => c.includes('>S<'))).toBe(true);
    const o = await xml(notTaxable!.id);
    expect(o.match(/<ram:CategoryCode>([A-Z]+)<\/ram:CategoryCode>/g)?.every((c) => c.includes('>O<'))).toBe(true);
    expect(o).not.toContain('Terminal X1');
  });
});
