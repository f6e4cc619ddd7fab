import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { zipFiles } from '../../platform/zip.fixtures.ts';
import { demoIds } from '../customers/customers.fixtures.ts';
import { type Headers, ok, signInOnce } from '../selling/selling.fixtures.ts';
import { readIndex, readTables } from './gdpdu-reader.fixtures.ts';

/**
 * A tax audit's data access (Z3, decision 0147): a period's ledger, documents and lines, master data and trail as
 * CSV with `index.xml`, read by a reader written from the GDPdU description standard (gdpdu-reader.fixtures.ts).
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let superadmin: Headers;

async function exportAudit(headers: Headers, body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/export_tax_audit/',
    payload: body,
    headers: { host: 'localhost', ...headers },
  });
}

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  // Every call of the test at one instant in November: sessions stay fresh and the payments are November's.
  ctx.clock.set(new Date('2026-11-20T09:15:00Z'));
  superadmin = await signInOnce(ctx, 'superadmin');
  // A payment with a memo that holds the file's own delimiters, a quote and a line break.
  await ok(
    post(
      ctx.app,
      '/api/add_customer_credit/',
      {
        customer_id: ids.reseller,
        type: 'payment',
        amount: '1234.57',
        method: 'transfer',
        reference: 'RE-000041; "Oktober"',
        remarks: 'Teilzahlung\nRest folgt',
      },
      superadmin,
    ),
  );
  // A change the trail records (the database's trigger, whoever writes): the reseller's credit limit.
  await ctx.db.execute(sql`update customers set credit_limit = 2500.50 where id = ${ids.reseller}`);
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into invoices (issuer_customer_id, recipient_customer_id, number, invoice_no, period_start, period_end,
      issued_at, issuer, recipient, net_total, vat_total, gross_total, vat_breakdown)
    values (${ids.platform}, ${ids.reseller}, 41, 'RE-000041', '2026-10-01', '2026-10-31', '2026-11-01T01:30:00Z',
      '{}'::jsonb, '{"name": "Demo Reseller GmbH"}'::jsonb, 1117.17, 202.70, 1319.87,
      '[{"vat_treatment": "spv", "vat_rate": "19.00", "gross": "1234.57", "vat": "197.12", "net": "1037.45"},
        {"vat_treatment": "spv", "vat_rate": "7.00", "gross": "85.30", "vat": "5.58", "net": "79.72"}]'::jsonb)
    returning id`);
  const invoiceId = Number(rows[0]!.id); // insert … returning of one row
  await ctx.db.execute(sql`
    insert into invoice_lines (invoice_id, product_id, configuration_id, product_name, face_value, unit_price, quantity,
      gross_amount, vat_treatment, vat_rate)
    values (${invoiceId}, 17, 1, 'Guthabenkarte 15 €', 15, 14.85, 83, 1232.55, 'spv', 19),
           (${invoiceId}, 17, 1, 'Guthabenkarte 15 € (alt)', 15, 2.02, 1, 2.02, 'spv', 19),
           (${invoiceId}, 17, 2, 'Buch', 85.30, 85.30, 1, 85.30, 'spv', 7)`);
});

afterAll(async () => {
  await ctx?.close();
});

describe('tax audit data access (Z3)', () => {
  it('describes every table in index.xml after the GDPdU standard, and every CSV matches its description', async () => {
    const res = await exportAudit(superadmin, { from: '2026-11-01', to: '2026-11-30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('GDPdU_20261101-20261130.zip');
    const files = zipFiles(res.rawPayload);
    const tables = readIndex(files.get('index.xml')!.toString('utf8'));
    expect(tables.map((t) => t.url)).toEqual([
      'buchungen.csv',
      'buchungszeilen.csv',
      'belege.csv',
      'belegpositionen.csv',
      'kunden.csv',
      'produkte.csv',
      'aenderungsprotokoll.csv',
    ]);
    // Nothing in the ZIP that index.xml does not describe.
    expect([...files.keys()].sort()).toEqual(['index.xml', ...tables.map((t) => t.url)].sort());
    const data = readTables(files, tables);

    // The first record names the described columns (Range From 2 skips it).
    for (const t of tables) {
      const head = new TextDecoder().decode(files.get(t.url)!).split('\r\n')[0];
      expect(head).toBe(t.columns.map((c) => `"${c.name}"`).join(';'));
    }
    const payment = data.get('Buchungen')!.rows.find((r) => r[1] === 'payment')!;
    expect(payment.slice(5, 10)).toEqual([
      'transfer',
      'RE-000041; "Oktober"',
      'Teilzahlung Rest folgt',
      '20.11.2026',
      '10:15:00',
    ]);
    const lines = data.get('Buchungszeilen')!.rows.filter((r) => r[1] === payment[0]);
    expect(lines.map((r) => r[4]).sort()).toContain('1234,5700');
    // Each row holds every column of its table.
    expect(lines.reduce((s, r) => s + Math.round(Number(r[4]!.replace(',', '.')) * 10_000), 0)).toBe(0);
    const invoice = data.get('Belege')!.rows.find((r) => r[1] === 'RE-000041')!;
    expect(invoice.slice(6, 13)).toEqual([
      '01.10.2026',
      '31.10.2026',
      '01.11.2026',
      '02:30:00',
      '1117,17',
      '202,70',
      '1319,87',
    ]);
    expect(data.get('Belegpositionen')!.rows.map((r) => [r[4], r[6], r[7], r[8], r[10]])).toEqual([
      ['Guthabenkarte 15 €', '14,85', '83', '1232,55', '19,00'],
      ['Guthabenkarte 15 € (alt)', '2,02', '1', '2,02', '19,00'],
      ['Buch', '85,30', '1', '85,30', '7,00'],
    ]);
    const reseller = data.get('Kunden')!.rows.find((r) => r[0] === String(ids.reseller))!;
    expect(reseller[11]).toBe('2500,50');
  });

  it('holds the trail’s changes of the period, dated by the database', async () => {
    // The trail is dated by the database's clock (the transaction's time), not the app's test clock.
    const { rows } = await ctx.db.execute<{ day: string }>(sql`
      select (max(at) at time zone 'Europe/Berlin')::date::text as day from audit_trail
      where table_name = 'customers' and record_key = ${String(ids.reseller)}`);
    const day = rows[0]!.day; // max() answers one row
    const res = await exportAudit(superadmin, { from: day, to: day });
    const files = zipFiles(res.rawPayload);
    const data = readTables(files, readIndex(files.get('index.xml')!.toString('utf8')));
    const changes = data
      .get('Aenderungsprotokoll')!
      .rows.filter((r) => r[7] === 'customers' && r[8] === String(ids.reseller) && r[11]!.includes('credit_limit'))
      .map((r) => JSON.parse(r[11]!).credit_limit.after);
    expect(changes, 'the credit limit change is in the trail').toContain('2500.5000');
  });

  it('leaves out what lies outside the period', async () => {
    const res = await exportAudit(superadmin, { from: '2026-12-01', to: '2026-12-31' });
    const files = zipFiles(res.rawPayload);
    const data = readTables(files, readIndex(files.get('index.xml')!.toString('utf8')));
    expect(data.get('Buchungen')!.rows).toEqual([]);
    expect(data.get('Belege')!.rows).toEqual([]);
    // Master data is as it is at the export, whatever the period.
    expect(data.get('Kunden')!.rows.length).toBeGreaterThan(2);
  });

  it('refuses more than a year, and a period that ends before it starts', async () => {
    const long = await exportAudit(superadmin, { from: '2025-01-01', to: '2026-01-02' });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ code: 'tax_audit_period_too_long', params: { max_days: 366 } });
    const backwards = await exportAudit(superadmin, { from: '2026-11-30', to: '2026-11-01' });
    expect(backwards.statusCode).toBe(422);
  });

  it.each(['reseller', 'reseller-staff', 'seller'])('is refused to %s', async (username) => {
    const res = await exportAudit(await signInOnce(ctx, username), { from: '2026-11-01', to: '2026-11-30' });
    expect(res.statusCode).toBe(403);
  });
});
