import type { InvoiceReport, InvoiceRun, InvoiceSummary } from '@portal/contract/invoices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, post, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, type Headers, ok, type Stock, stockFor, topUp } from '../selling/selling.fixtures.ts';

/**
 * VAT frozen per sale (issue 35, decision 0132): a stock product's treatment has an append-only, valid-from history,
 * and each sale is invoiced (and corrected) with the entry in force when it was sold. The reseller's product is a
 * multi-purpose voucher until 20 November 09:00 UTC, a single-purpose voucher at 19 % from then on.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let stock: Stock;
let ip = 0;

async function signInNow(username: string): Promise<Headers> {
  ip++;
  const res = await login(ctx, { username }, { ip: `10.9.${Math.floor(ip / 250)}.${ip % 250}` });
  if (res.body.data?.status !== 'signed_in') throw new Error(`sign-in of ${username}: ${JSON.stringify(res.body)}`);
  return authHeaders(res.body.data);
}

async function buyAt(iso: string, quantity: number) {
  ctx.clock.set(new Date(iso));
  await ok(buy(ctx, await signInNow('seller'), stock.configurationId, quantity));
}

async function setVat(iso: string, vat_treatment: 'mpv' | 'spv_7' | 'spv_19') {
  ctx.clock.set(new Date(iso));
  await ok(
    post(
      ctx.app,
      '/api/update_product_details/',
      { product_id: stock.productId, vat_treatment },
      await signInNow('reseller'),
    ),
  );
}

/** November's documents of the shop (the not-taxable part, then the taxable one; decision 0092). */
async function novemberInvoices(): Promise<InvoiceReport[]> {
  const headers = await signInNow('reseller');
  const run = await ok<InvoiceRun>(
    post(
      ctx.app,
      '/api/generate_invoices_with_customer_ids/',
      { customer_ids: [ids.seller], month: '2026-11' },
      headers,
    ),
    202,
  );
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
  const list = await ok<{ invoices: InvoiceSummary[] }>(
    post(ctx.app, '/api/view_invoices/', { page: 1, view: 'issued', customer_id: ids.seller }, headers),
  );
  return Promise.all(
    [...list.invoices]
      .sort((a, b) => a.id - b.id)
      .map((i) => ok<InvoiceReport>(post(ctx.app, '/api/get_invoice_report/', { invoice_id: i.id }, headers))),
  );
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
  );

const history = async () =>
  (
    await ctx.db.execute<{ valid_from: string; vat_treatment: string; vat_rate: string }>(sql`
      select case when valid_from = '-infinity' then '-infinity'
                  else to_char(valid_from at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as valid_from,
             vat_treatment, vat_rate::text
      from product_vat_history where product_id = ${stock.productId} order by valid_from`)
  ).rows;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  ctx.clock.set(new Date('2026-10-30T09:00:00Z'));
  stock = await stockFor(ctx, { owner: 'reseller', pins: 20, shops: [ids.seller] });
  await topUp(ctx, ids.seller, '1000');
  await buyAt('2026-11-01T08:00:00Z', 2);
  await buyAt('2026-11-19T21:00:00Z', 3);
  // The change on the 20th: from then on, never for the sales before.
  await setVat('2026-11-20T09:00:00Z', 'spv_19');
  await buyAt('2026-11-20T09:00:01Z', 1);
  await buyAt('2026-11-27T12:00:00Z', 4);
  ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
}, 120_000);
afterAll(async () => ctx?.close());

describe('VAT frozen per sale', () => {
  it("keeps the product's first treatment as an entry since ever and the change from its moment on", async () => {
    expect(await history()).toEqual([
      { valid_from: '-infinity', vat_treatment: 'mpv', vat_rate: '0.00' },
      { valid_from: '2026-11-20T09:00:00.000Z', vat_treatment: 'spv', vat_rate: '19.00' },
    ]);
  });

  it('invoices the 1st–19th as multi-purpose vouchers and the 20th on at 19 %', async () => {
    const invoices = await novemberInvoices();
    const lines = (i: InvoiceReport) => i.lines.map((l) => [l.line_kind, l.quantity, l.vat_treatment, l.vat_rate]);
    // The same product on two documents: its sales before the change not taxable, those after taxable.
    expect(invoices.map(lines)).toEqual([[['voucher', 5, 'mpv', '0.00']], [['voucher', 5, 'spv', '19.00']]]);
    // A change made after the invoices leaves the issued ones as they were, and a rerun finds them.
    await setVat('2026-12-03T09:00:00Z', 'spv_7');
    const again = await novemberInvoices();
    expect(again.map((i) => i.id)).toEqual(invoices.map((i) => i.id));
    expect(again.map(lines)).toEqual(invoices.map(lines));
  });

  it('corrects a refunded sale with the treatment of its own sale time', async () => {
    const lineOf = async (reclamationId: number, soldAt: string) => {
      const id = await ctx.db.transaction((tx) =>
        ctx.app.services.invoices.issueCreditNote(
          tx,
          {
            issuerId: ids.reseller,
            recipientId: ids.seller,
            reclamationId,
            day: soldAt.slice(0, 10),
            createdBy: ids.user('reseller'),
          },
          [
            {
              productId: stock.productId,
              configurationId: stock.configurationId,
              faceValue: '10.0000',
              unitPrice: '9.80',
              quantity: 1,
              soldAt: new Date(soldAt),
            },
          ],
        ),
      );
      const { rows } = await ctx.db.execute<{ vat_treatment: string; vat_rate: string }>(
        sql`select vat_treatment, vat_rate::text from invoice_lines where invoice_id = ${id}`,
      );
      return rows[0];
    };
    expect(await lineOf(930_001, '2026-11-19T21:00:00Z')).toEqual({ vat_treatment: 'mpv', vat_rate: '0.00' });
    expect(await lineOf(930_002, '2026-11-20T09:00:01Z')).toEqual({ vat_treatment: 'spv', vat_rate: '19.00' });
    expect(await lineOf(930_003, '2026-12-03T10:00:00Z')).toEqual({ vat_treatment: 'spv', vat_rate: '7.00' });
  });

  it('makes a second change in the same instant the one in force, one millisecond later', async () => {
    await setVat('2026-12-05T09:00:00Z', 'mpv');
    await setVat('2026-12-05T09:00:00Z', 'spv_19');
    expect((await history()).slice(-2)).toEqual([
      { valid_from: '2026-12-05T09:00:00.000Z', vat_treatment: 'mpv', vat_rate: '0.00' },
      { valid_from: '2026-12-05T09:00:00.001Z', vat_treatment: 'spv', vat_rate: '19.00' },
    ]);
  });

  it('refuses a backdated entry, any change or deletion of one, and a treatment changed without its entry', async () => {
    expect(
      await refusal(
        ctx.db.execute(sql`insert into product_vat_history (product_id, valid_from, vat_treatment, vat_rate)
          values (${stock.productId}, '2026-11-10T00:00:00Z', 'spv', 7)`),
      ),
    ).toMatch(/backdated/);
    expect(
      await refusal(
        ctx.db.execute(sql`update product_vat_history set vat_rate = 7 where product_id = ${stock.productId}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(ctx.db.execute(sql`delete from product_vat_history where product_id = ${stock.productId}`)),
    ).toMatch(/append-only/);
    expect(
      await refusal(
        ctx.db.execute(sql`update products set vat_treatment = 'mpv', vat_rate = 0 where id = ${stock.productId}`),
      ),
    ).toMatch(/without a product_vat_history entry/);
    expect((await history()).at(-1)).toMatchObject({ vat_treatment: 'spv', vat_rate: '19.00' });
  });
});
