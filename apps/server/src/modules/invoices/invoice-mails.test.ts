import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, login, type SentMessage, type TestContext } from '../../../test/harness.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { buy, ok, type Stock, signInOnce, stockFor, topUp } from '../selling/selling.fixtures.ts';
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

const invoiceNo = async (id: number) =>
  (await ctx.db.execute<{ invoice_no: string }>(sql`select invoice_no from invoices where id = ${id}`)).rows[0]
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
    expect(mails[0].subject).toBe(`Rechnung ${no}`);
    const files = mails[0].attachments ?? [];
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [`${no}-zugferd.pdf`, 'application/pdf'],
      [`${no}.xml`, 'application/xml'],
    ]);
    expect(files[0].content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(readCii(files[1].content.toString('utf8')).number).toBe(no);
    // Sent mails keep neither body nor files in the outbox: the documents live in the books.
    const { rows } = await ctx.db.execute<{ status: string; attachments: unknown }>(
      sql`select status, attachments from outbox_messages where id = ${(await mailRow(invoiceId)).outbox_message_id}`,
    );
    expect(rows[0]).toEqual({ status: 'sent', attachments: null });
  });

  it('a retried mail job, the sweep and a repeated delivery send nothing twice', async () => {
    const docs = ctx.app.services.invoiceDocuments;
    await docs.mailInvoice({ invoiceId });
    await docs.sweepMails();
    await ctx.app.services.outbox.deliver({ id: (await mailRow(invoiceId)).outbox_message_id! });
    // Issuing the same month again finds the invoice and schedules no mail.
    const again = await ctx.app.services.invoices.issueInvoice(ids.reseller, ids.seller, NOVEMBER, null);
    expect(again).toEqual({ invoiceId, created: false });
    expect(await mailsAbout(await invoiceNo(invoiceId))).toHaveLength(1);
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox_messages where recipient = ${SHOP_MAIL}`,
    );
    expect(rows[0].n).toBe(1);
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
      expect(mails[0].attachments).toHaveLength(2);
    }
  });

  it('a document whose seller has no phone for the XRechnung goes out as the plain PDF', async () => {
    await ctx.db.execute(sql`update customers set alternative_mobiles = '{}' where id = ${ids.reseller}`);
    try {
      const id = await creditNote(910_003);
      await ctx.app.services.invoiceDocuments.mailInvoice({ invoiceId: id });
      expect((await mailRow(id)).status).toBe('pdf_only');
      const no = await invoiceNo(id);
      const [mail] = await mailsAbout(no);
      expect(mail.attachments?.map((f) => f.filename)).toEqual([`${no}.pdf`]);
    } finally {
      await ctx.db.execute(
        sql`update customers set alternative_mobiles = '{+49 30 12345671}' where id = ${ids.reseller}`,
      );
    }
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
    expect(rows[0].quantity).toBe(3);
  });
});
