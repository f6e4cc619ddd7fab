import type { CustomerForInvoice, InvoiceRun } from '@portal/contract/invoices';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createTestApp,
  get,
  login,
  post,
  type SentMessage,
  type TestContext,
} from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, ok, type Stock, signInOnce, stockFor, topUp } from '../selling/selling.fixtures.ts';
import { MAX_MAIL_ATTEMPTS } from './invoice-documents.service.ts';
import { readCii } from './invoices.cii-read.ts';

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let stock: Stock;
const SHOP_MAIL = 'seller@demo-prepaid.example';
const NOVEMBER = { start: '2026-11-01', end: '2026-11-30' };

/** A credit note of the reseller to the shop, issued at the clock's time, as the reclamation's refund does. */
async function creditNote(reclamationId: number): Promise<number> {
  return ctx.db.transaction((tx) =>
    ctx.app.services.invoices.issueCreditNote(
      tx,
      {
        issuerId: ids.reseller,
        recipientId: ids.seller,
        reclamationId,
        day: '2026-11-21',
        createdBy: ids.user('reseller'),
      },
      [
        {
          productId: stock.productId,
          configurationId: stock.configurationId,
          faceValue: '10.0000',
          unitPrice: '9.80',
          quantity: 1,
          soldAt: new Date('2026-11-21T09:00:00Z'),
        },
      ],
    ),
  );
}

const mailRow = async (invoiceId: number) =>
  (
    await ctx.db.execute<{ status: string; outbox_message_id: number | null }>(
      sql`select status, outbox_message_id from invoice_mails where invoice_id = ${invoiceId}`,
    )
  ).rows[0];

/** The messages to the shop about one document, once its mail was queued and everything queued was sent. */
async function mailsAbout(invoiceNo: string): Promise<SentMessage[]> {
  return (await ctx.messagesTo(SHOP_MAIL)).filter((m) => m.subject.endsWith(` ${invoiceNo}`));
}

const counter = async (issuerId: number, series: 'RE' | 'RK') =>
  (
    await ctx.db.execute<{ last_number: number }>(
      sql`select last_number from invoice_counters where issuer_customer_id = ${issuerId} and series = ${series}`,
    )
  ).rows[0]?.last_number ?? 0;

const filesOf = async (invoiceId: number) =>
  (
    await ctx.db.execute<{ pdf: Buffer; xrechnung: Buffer; zugferd: Buffer }>(
      sql`select pdf, xrechnung, zugferd from invoice_files where invoice_id = ${invoiceId}`,
    )
  ).rows[0]!; // kept at issue

const invoiceNo = async (id: number) =>
  (await ctx.db.execute<{ invoice_no: string }>(sql`select invoice_no from invoices where id = ${id}`)).rows[0]!
    .invoice_no;

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  ctx.clock.set(new Date('2026-11-20T09:00:00Z'));
  stock = await stockFor(ctx, { owner: 'platform', pins: 10, shops: [ids.seller] });
  await topUp(ctx, ids.reseller, '1000');
  await topUp(ctx, ids.seller, '1000');
  ctx.clock.set(new Date('2026-11-21T09:00:00Z'));
  await ok(buy(ctx, await signInOnce(ctx, 'seller'), stock.configurationId, 4));
});

afterAll(async () => {
  await ctx?.close();
});

describe('mailing issued documents', () => {
  let invoiceId: number;

  it('issuing an invoice mails it once to the shop, as ZUGFeRD PDF with the XRechnung beside it', async () => {
    ctx.clock.set(new Date('2026-12-02T08:00:00Z'));
    const issued = await ctx.app.services.invoices.issueInvoice(ids.reseller, ids.seller, NOVEMBER, null);
    expect(issued.created).toBe(true);
    invoiceId = issued.invoiceId!;
    await expect.poll(async () => (await mailRow(invoiceId))?.status, { timeout: 15_000 }).toBe('queued');
    const no = await invoiceNo(invoiceId);
    const mails = await mailsAbout(no);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Rechnung ${no}`);
    // The demo shop's main account chose no language: the mail is German, as its documents.
    expect(mails[0]!.body).toContain(`anbei erhalten Sie Rechnung ${no} von`);
    const files = mails[0]!.attachments ?? [];
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [`${no}-zugferd.pdf`, 'application/pdf'],
      [`${no}.xml`, 'application/xml'],
    ]);
    expect(files[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(readCii(files[1]!.content.toString('utf8')).number).toBe(no);
    // Sent mails keep neither body nor files in the outbox: the documents live in the books. The sender has the
    // mail a moment before the outbox marks it sent, so this waits for the mark (a loaded machine showed the gap).
    const outboxRow = async () =>
      (
        await ctx.db.execute<{ status: string; attachments: unknown }>(
          sql`select status, attachments from outbox_messages where id = ${(await mailRow(invoiceId))!.outbox_message_id}`,
        )
      ).rows[0];
    await expect.poll(outboxRow, { timeout: 15_000 }).toEqual({ status: 'sent', attachments: null });
  });

  it('a retried mail job, the sweep and a repeated delivery send nothing twice', async () => {
    const docs = ctx.app.services.invoiceDocuments;
    await docs.mailInvoice({ invoiceId });
    await docs.sweepMails();
    await ctx.app.services.outbox.deliver({ id: (await mailRow(invoiceId))!.outbox_message_id! });
    // Issuing the same month again finds the invoice and schedules no mail.
    const again = await ctx.app.services.invoices.issueInvoice(ids.reseller, ids.seller, NOVEMBER, null);
    expect(again).toMatchObject({ invoiceId, invoiceIds: [invoiceId], created: false });
    expect(await mailsAbout(await invoiceNo(invoiceId))).toHaveLength(1);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox_messages where recipient = ${SHOP_MAIL}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('concurrent mail jobs for one credit note queue one mail; the sweep finds credit notes by itself', async () => {
    const first = await creditNote(910_001);
    await Promise.all(
      Array.from({ length: 4 }, () => ctx.app.services.invoiceDocuments.mailInvoice({ invoiceId: first })),
    );
    const second = await creditNote(910_002);
    await ctx.app.services.invoiceDocuments.sweepMails();
    await expect.poll(async () => (await mailRow(second))?.status, { timeout: 15_000 }).toBe('queued');
    for (const id of [first, second]) {
      const no = await invoiceNo(id);
      const mails = await mailsAbout(no);
      expect(mails.map((m) => m.subject)).toEqual([`Rechnungskorrektur ${no}`]);
      expect(mails[0]!.attachments).toHaveLength(2);
    }
  });

  it('a shop whose main account reads Dutch gets the mail in Dutch; the documents it brings stay German', async () => {
    const language = (l: string | null) =>
      ctx.db.execute(
        sql`update users set settings = case when ${l}::text is null then settings - 'language'
              else settings || jsonb_build_object('language', ${l}::text) end
            where customer_id = ${ids.seller} and is_main`,
      );
    await language('nl');
    try {
      const id = await creditNote(910_010);
      await ctx.app.services.invoiceDocuments.mailInvoice({ invoiceId: id });
      const no = await invoiceNo(id);
      const mail = (await mailsAbout(no))[0]!; // mailInvoice queued it, the test context sent it
      expect(mail.subject).toBe(`Factuurcorrectie ${no}`);
      expect(mail.body).toContain(`bijgaand ontvangt u Factuurcorrectie ${no} van`);
      expect(mail.body).toContain('De documenten zijn in het Duits');
      expect(mail.body).not.toMatch(/anbei|Guten Tag/);
      // The attached e-invoice is the German document: its title note is German.
      const xml = (mail.attachments ?? []).find((f) => f.contentType === 'application/xml');
      expect(xml?.content.toString('utf8')).toContain('Rechnungskorrektur');
    } finally {
      await language(null);
    }
  });

  it('a credit note whose e-invoice cannot be made refuses its transaction naming the field, and uses no number', async () => {
    const before = await counter(ids.reseller, 'RK');
    await ctx.db.execute(sql`update customers set alternative_mobiles = '{}' where id = ${ids.reseller}`);
    try {
      await expect(creditNote(910_003)).rejects.toMatchObject({
        code: 'einvoice_party_incomplete',
        details: { params: { field: 'seller_phone' } },
      });
    } finally {
      await ctx.db.execute(
        sql`update customers set alternative_mobiles = '{+49 30 12345671}' where id = ${ids.reseller}`,
      );
    }
    expect(await counter(ids.reseller, 'RK')).toBe(before);
    const { rows } = await ctx.db.execute(sql`select 1 from invoices where reclamation_id = 910003`);
    expect(rows).toHaveLength(0);
  });

  it('downloads and the mail serve the bytes kept at issue, which the database never changes', async () => {
    const kept = await filesOf(invoiceId);
    // A later change of the issuer's data does not change the issued document's files.
    await ctx.db.execute(sql`update customers set legal_name = 'Umbenannt GmbH' where id = ${ids.reseller}`);
    try {
      const res0 = await login(ctx, { username: 'reseller' }, { ip: '10.8.0.2' });
      const headers = authHeaders(res0.body.data as Parameters<typeof authHeaders>[0]);
      for (const [format, bytes] of [
        ['xrechnung', kept.xrechnung],
        ['zugferd', kept.zugferd],
        ['pdf', kept.pdf],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/invoices/${invoiceId}/${format}/`,
          headers: { host: 'localhost', ...headers },
        });
        expect(res.statusCode, format).toBe(200);
        expect(Buffer.compare(res.rawPayload, bytes), format).toBe(0);
      }
      expect(kept.xrechnung.toString('utf8')).not.toContain('Umbenannt');
      const mail = (await mailsAbout(await invoiceNo(invoiceId)))[0]!; // the one mail of the first test
      expect(Buffer.compare(mail.attachments![1]!.content, kept.xrechnung)).toBe(0);
    } finally {
      await ctx.db.execute(sql`update customers set legal_name = null where id = ${ids.reseller}`);
    }
    await expect(
      ctx.db.execute(sql`update invoice_files set pdf = '' where invoice_id = ${invoiceId}`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from invoice_files where invoice_id = ${invoiceId}`)).rejects.toThrow();
  });

  it('a mail that keeps failing is tried a bounded number of times, then marked failed and left alone', async () => {
    // A document from before the files were kept, whose recipient address no longer parses: every attempt fails.
    const { rows } = await ctx.db.execute<{ id: number }>(sql`
      insert into invoices (issuer_customer_id, recipient_customer_id, number, invoice_no, period_start, period_end,
                            issued_at, issuer, recipient, net_total, vat_total, gross_total, vat_breakdown, kind)
      select issuer_customer_id, recipient_customer_id, 900000, 'RE-900000', '2026-10-01', '2026-10-31', issued_at,
             issuer, jsonb_set(recipient, '{address}', '"nirgendwo"'), net_total, vat_total, gross_total,
             vat_breakdown, kind
      from invoices where id = ${invoiceId} returning id`);
    const legacy = Number(rows[0]!.id);
    const docs = ctx.app.services.invoiceDocuments;
    for (let i = 1; i < MAX_MAIL_ATTEMPTS; i++) {
      await expect(docs.mailInvoice({ invoiceId: legacy })).rejects.toMatchObject({
        code: 'einvoice_party_incomplete',
      });
    }
    // Within the pause after a failed attempt the sweep leaves it to the job's own retries.
    await docs.sweepMails();
    await docs.mailInvoice({ invoiceId: legacy });
    expect((await mailRow(legacy))!.status).toBe('failed');
    const attempts = await ctx.db.execute<{ attempts: number; last_error: string }>(
      sql`select attempts, last_error from invoice_mail_attempts where invoice_id = ${legacy}`,
    );
    expect(attempts.rows[0]).toMatchObject({ attempts: MAX_MAIL_ATTEMPTS });
    expect(attempts.rows[0]!.last_error).toContain('buyer address');
    // Marked: neither the job nor the sweep tries again.
    await docs.mailInvoice({ invoiceId: legacy });
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 24 * 3600_000));
    await docs.sweepMails();
    const again = await ctx.db.execute<{ attempts: number }>(
      sql`select attempts from invoice_mail_attempts where invoice_id = ${legacy}`,
    );
    expect(again.rows[0]!.attempts).toBe(MAX_MAIL_ATTEMPTS);
    // The issuer is told once, in its bell (issue 35): the reseller's operators with has_invoice see it; the shop,
    // the recipient, does not.
    const told = await ctx.db.execute<{ customer_id: number; params: Record<string, unknown>; link: string }>(
      sql`select customer_id, params, link from notices where kind = 'invoice_mail_failed'`,
    );
    expect(told.rows).toEqual([
      {
        customer_id: ids.reseller,
        params: { invoice_id: legacy, invoice_no: 'RE-900000', customer_name: expect.any(String) },
        link: '/invoices-all',
      },
    ]);
    const bell = await ok<{ notices: { kind: string; params: Record<string, unknown> }[] }>(
      get(ctx.app, '/api/view_notices/', await signIn('reseller', '10.8.2.1')),
    );
    expect(bell.notices.filter((n) => n.kind === 'invoice_mail_failed')).toHaveLength(1);
    const shopBell = await ok<{ notices: { kind: string }[] }>(
      get(ctx.app, '/api/view_notices/', await signIn('seller', '10.8.2.2')),
    );
    expect(shopBell.notices.filter((n) => n.kind === 'invoice_mail_failed')).toHaveLength(0);
  });
});

describe('the monthly schedule', () => {
  const runs = async () =>
    (
      await ctx.db.execute<{ issuer_customer_id: number; kind: string; status: string; recipient_ids: number[] }>(
        sql`select issuer_customer_id, kind, status, recipient_ids from invoice_runs where period_start = '2026-12-01'
            order by id`,
      )
    ).rows;
  const documents = async () =>
    (
      await ctx.db.execute<{ issuer: number; recipient: number; kind: string; n: number }>(
        sql`select issuer_customer_id as issuer, recipient_customer_id as recipient, kind, count(*)::int as n
            from invoices where period_start = '2026-12-01' and kind <> 'credit_note'
            group by 1, 2, 3 order by 1, 2, 3`,
      )
    ).rows;

  it("issues last month's invoices and reclamation invoices per issuer, each recipient and month once", async () => {
    // The credit notes above were issued on 2 December: December's reclamation invoice, made on 1 January
    // beside the invoices of a December purchase (the shop's from its reseller, the reseller's from the platform).
    ctx.clock.set(new Date('2026-12-15T09:00:00Z'));
    const res = await login(ctx, { username: 'seller' }, { ip: '10.8.0.1' });
    expect(res.body.data.status).toBe('signed_in');
    await ok(buy(ctx, authHeaders(res.body.data as Parameters<typeof authHeaders>[0]), stock.configurationId, 1));
    ctx.clock.set(new Date('2027-01-01T01:30:00Z'));
    await ctx.app.services.invoices.startMonthlyRuns();
    await expect.poll(async () => (await runs()).every((r) => r.status === 'done'), { timeout: 15_000 }).toBe(true);
    expect((await runs()).map((r) => [r.issuer_customer_id, r.kind, r.recipient_ids])).toEqual([
      [ids.platform, 'invoice', [ids.reseller]],
      [ids.reseller, 'invoice', [ids.seller]],
      [ids.reseller, 'reclamation', [ids.seller]],
    ]);
    const once = [
      { issuer: ids.platform, recipient: ids.reseller, kind: 'invoice', n: 1 },
      { issuer: ids.reseller, recipient: ids.seller, kind: 'invoice', n: 1 },
      { issuer: ids.reseller, recipient: ids.seller, kind: 'reclamation', n: 1 },
    ];
    expect(await documents()).toEqual(once);

    // The schedule firing again (a retried job) starts runs that find the documents and issue nothing twice.
    await ctx.app.services.invoices.startMonthlyRuns();
    await expect.poll(async () => (await runs()).every((r) => r.status === 'done'), { timeout: 15_000 }).toBe(true);
    expect(await runs()).toHaveLength(6);
    expect(await documents()).toEqual(once);
    const { rows } = await ctx.db.execute<{ quantity: number }>(sql`
      select sum(l.quantity)::int as quantity from invoices i join invoice_lines l on l.invoice_id = i.id
      where i.kind = 'reclamation' and i.period_start = '2026-12-01'`);
    // Three credit notes of December (the one mailed in Dutch among them): the one refused (its seller had no
    // phone) issued nothing.
    expect(rows[0]!.quantity).toBe(3);
  });
});

/** A new session at the clock's time, from an address of its own (sign-in is rate limited per address). */
async function signIn(username: string, ip: string) {
  const res = await login(ctx, { username }, { ip });
  return authHeaders(res.body.data as Parameters<typeof authHeaders>[0]);
}

describe('a month whose e-invoice cannot be made', () => {
  async function generate(headers: Awaited<ReturnType<typeof signIn>>) {
    const started = await ok<InvoiceRun>(
      post(
        ctx.app,
        '/api/generate_invoices_with_customer_ids/',
        { customer_ids: [ids.seller], month: '2027-01' },
        headers,
      ),
      202,
    );
    let run = started;
    await expect
      .poll(
        async () => {
          run = await ok<InvoiceRun>(get(ctx.app, `/api/invoice_runs/${started.run_id}/`, headers));
          return run.status;
        },
        { timeout: 15_000 },
      )
      .toBe('done');
    return run;
  }
  const customerRow = async (headers: Awaited<ReturnType<typeof signIn>>) =>
    (
      await ok<{ customers: CustomerForInvoice[] }>(
        post(ctx.app, '/api/get_customers_for_invoice/', { month: '2027-01', page: 1 }, headers),
      )
    ).customers.find((c) => c.customer_id === ids.seller)!;

  it('is held with the reason on the issuer’s screen, uses no number, and is issued by a later run once fixed', async () => {
    ctx.clock.set(new Date('2027-01-10T09:00:00Z'));
    await ok(buy(ctx, await signIn('seller', '10.8.1.1'), stock.configurationId, 1));
    ctx.clock.set(new Date('2027-02-02T09:00:00Z'));
    const reseller = await signIn('reseller', '10.8.1.2');
    const before = await counter(ids.reseller, 'RE');
    await ctx.db.execute(sql`update customers set alternative_mobiles = '{}' where id = ${ids.reseller}`);
    try {
      const run = await generate(reseller);
      expect(run).toMatchObject({ status: 'done', total: 1, done: 1, issued: 0, held: 1 });
      expect(await customerRow(reseller)).toMatchObject({
        invoice_id: null,
        held: { code: 'einvoice_party_incomplete', params: { field: 'seller_phone' } },
      });
      expect(await counter(ids.reseller, 'RE')).toBe(before);
    } finally {
      await ctx.db.execute(
        sql`update customers set alternative_mobiles = '{+49 30 12345671}' where id = ${ids.reseller}`,
      );
    }
    // A recipient outside Germany (decision 0130): a foreign USt-IdNr., then a postcode that is not German, hold the
    // month with the evidence; no number is used.
    const shop = (
      await ctx.db.execute<{ vat_id: string | null; address: Record<string, string> }>(
        sql`select vat_id, address from customers where id = ${ids.seller}`,
      )
    ).rows[0]!;
    try {
      await ctx.db.execute(sql`update customers set vat_id = 'ATU 12345678' where id = ${ids.seller}`);
      expect(await generate(reseller)).toMatchObject({ issued: 0, held: 1 });
      expect((await customerRow(reseller)).held).toMatchObject({
        code: 'invoice_recipient_abroad',
        params: { evidence: 'ATU12345678' },
      });
      await ctx.db.execute(sql`
        update customers set vat_id = null, address = ${JSON.stringify({ ...shop.address, postal: '1010', city: 'Wien' })}::jsonb
        where id = ${ids.seller}`);
      expect(await generate(reseller)).toMatchObject({ issued: 0, held: 1 });
      expect((await customerRow(reseller)).held).toMatchObject({
        code: 'invoice_recipient_abroad',
        params: { evidence: '1010' },
      });
      expect(await counter(ids.reseller, 'RE')).toBe(before);
    } finally {
      await ctx.db.execute(sql`
        update customers set vat_id = ${shop.vat_id}, address = ${JSON.stringify(shop.address)}::jsonb
        where id = ${ids.seller}`);
    }
    const run = await generate(reseller);
    expect(run).toMatchObject({ issued: 1, held: 0 });
    const row = await customerRow(reseller);
    expect(row.held).toBeNull();
    expect(row.invoice_no).toBe(`RE-${String(before + 1).padStart(6, '0')}`);
    expect(await filesOf(row.invoice_id!)).toBeDefined();
  });
});
