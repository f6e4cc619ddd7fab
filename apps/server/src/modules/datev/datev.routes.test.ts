import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/harness.ts';
import { zipFiles } from '../../platform/zip.fixtures.ts';
import { demoIds, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { type Headers, ok, signInOnce } from '../selling/selling.fixtures.ts';
import { readBookings, readDebtors } from './extf-reader.fixtures.ts';

/**
 * DATEV exports (decision 0147). November 2026 (Berlin) of the platform: an invoice to the demo reseller with a
 * 19 % row of 1 234,57 €, a 7 % row of 85,30 € and a multi-purpose voucher row of 250,00 €, issued at 00:30 on the
 * 1st (Berlin: still November's batch, 23:30 UTC in October); an invoice to another reseller; a correction of
 * 14,85 € at 19 %; a transfer of 1 500,00 € and 123,45 € in cash received. Every file is read by a reader written
 * from DATEV's description (extf-reader.fixtures.ts), not from the writer.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let other: Awaited<ReturnType<typeof insertOtherTenant>>;
let superadmin: Headers;
let reseller: Headers;

async function issue(d: {
  issuer: number;
  recipient: number;
  no: string;
  at: string;
  period: [string, string];
  rows: { t: 'spv' | 'mpv' | 'carrier'; rate: string; gross: string; vat: string }[];
  kind?: 'invoice' | 'credit_note';
  corrects?: number;
}) {
  const gross = d.rows.reduce((s, r) => s.plus(r.gross), new Decimal(0));
  const vat = d.rows.reduce((s, r) => s.plus(r.vat), new Decimal(0));
  const breakdown = d.rows.map((r) => ({
    vat_treatment: r.t,
    vat_rate: r.rate,
    gross: r.gross,
    vat: r.vat,
    net: new Decimal(r.gross).minus(r.vat).toFixed(2),
  }));
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    insert into invoices (issuer_customer_id, recipient_customer_id, number, invoice_no, period_start, period_end,
      issued_at, issuer, recipient, net_total, vat_total, gross_total, vat_breakdown, kind, refund_entry_id,
      corrects_invoice_id)
    select ${d.issuer}, ${d.recipient}, ${Number(d.no.slice(3))}, ${d.no}, ${d.period[0]}::date, ${d.period[1]}::date,
      ${d.at}::timestamptz, '{}'::jsonb, jsonb_build_object('name', c.name), ${gross.minus(vat).toFixed(2)},
      ${vat.toFixed(2)}, ${gross.toFixed(2)}, ${JSON.stringify(breakdown)}::jsonb, ${d.kind ?? 'invoice'},
      ${d.corrects ? 900_000 + d.corrects : null}, ${d.corrects ?? null}
    from customers c where c.id = ${d.recipient}
    returning id`);
  return Number(rows[0]!.id); // the recipient exists: one row
}

async function download(headers: Headers, body: object) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/export_datev/',
    payload: body,
    headers: { host: 'localhost', ...headers },
  });
  return res;
}

const settingsBody = { chart: 'SKR03', consultant_number: 29098, client_number: 55003, fiscal_year_start_month: 1 };

beforeAll(async () => {
  ctx = await createTestApp({ env: { LOG_LEVEL: 'error' } });
  ids = await demoIds(ctx.db);
  // Every call of the test at one instant in November: sessions stay fresh and the payments are November's.
  ctx.clock.set(new Date('2026-11-20T09:15:00Z'));
  other = await insertOtherTenant(ctx.db, ids.platform);
  superadmin = await signInOnce(ctx, 'superadmin');
  reseller = await signInOnce(ctx, 'reseller');
  await ctx.db.execute(sql`
    update customers set legal_name = 'Müller & Söhne Prepaid GmbH',
      address = '{"address": "Königstraße", "house_no": "12a", "postal": "70173", "city": "Stuttgart"}'::jsonb,
      email = 'buchhaltung@mueller-soehne.example', vat_id = 'DE 123456789', tax_number = '99/815/08150',
      iban = 'DE02 1203 0000 0000 2020 51', bic = 'BYLADEM1001'
    where id = ${ids.reseller}`);
  const invoice = await issue({
    issuer: ids.platform,
    recipient: ids.reseller,
    no: 'RE-000041',
    at: '2026-10-31T23:30:00Z',
    period: ['2026-10-01', '2026-10-31'],
    rows: [
      { t: 'mpv', rate: '0.00', gross: '250.00', vat: '0.00' },
      { t: 'spv', rate: '7.00', gross: '85.30', vat: '5.58' },
      { t: 'spv', rate: '19.00', gross: '1234.57', vat: '197.12' },
    ],
  });
  await issue({
    issuer: ids.platform,
    recipient: other.reseller.customerId,
    no: 'RE-000042',
    at: '2026-11-01T01:30:00Z',
    period: ['2026-10-01', '2026-10-31'],
    rows: [{ t: 'spv', rate: '19.00', gross: '99.99', vat: '15.96' }],
  });
  await issue({
    issuer: ids.platform,
    recipient: ids.reseller,
    no: 'RK-000007',
    at: '2026-11-14T10:00:00Z',
    period: ['2026-11-14', '2026-11-14'],
    rows: [{ t: 'spv', rate: '19.00', gross: '14.85', vat: '2.37' }],
    kind: 'credit_note',
    corrects: invoice,
  });
  // December's (Berlin 00:30 on the 1st): not November's batch.
  await issue({
    issuer: ids.platform,
    recipient: ids.reseller,
    no: 'RE-000043',
    at: '2026-11-30T23:30:00Z',
    period: ['2026-11-01', '2026-11-30'],
    rows: [{ t: 'spv', rate: '19.00', gross: '10.00', vat: '1.60' }],
  });
  // The reseller's own invoice to its shop: its books, not the platform's.
  await issue({
    issuer: ids.reseller,
    recipient: ids.seller,
    no: 'RE-000003',
    at: '2026-11-01T02:00:00Z',
    period: ['2026-10-01', '2026-10-31'],
    rows: [
      { t: 'spv', rate: '19.00', gross: '47.60', vat: '7.60' },
      { t: 'carrier', rate: '0.00', gross: '23.90', vat: '0.00' },
    ],
  });
  await ok(
    post(
      ctx.app,
      '/api/add_customer_credit/',
      {
        customer_id: ids.reseller,
        type: 'payment',
        amount: '1500.00',
        method: 'transfer',
        reference: 'Überweisung 11/2026',
      },
      superadmin,
    ),
  );
  await ok(
    post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.reseller, type: 'payment', amount: '123.45', method: 'cash' },
      superadmin,
    ),
  );
  // A payment the reseller received from its shop is the reseller's, not the platform's.
  await ok(
    post(
      ctx.app,
      '/api/add_customer_credit/',
      { customer_id: ids.seller, type: 'payment', amount: '71.50', method: 'transfer' },
      reseller,
    ),
  );
});

afterAll(async () => {
  await ctx?.close();
});

describe('DATEV export of the platform’s November', () => {
  it('is refused before the adviser’s numbers are saved, with a stable code', async () => {
    const res = await download(superadmin, { month: '2026-11', file: 'bookings' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('datev_settings_missing');
  });

  it('saves the settings with the chart’s defaults and records the change in the trail', async () => {
    const before = await ok<{ saved: boolean }>(
      ctx.app
        .inject({ method: 'GET', url: '/api/datev_settings/', headers: { host: 'localhost', ...superadmin } })
        .then((r) => ({ status: r.statusCode, body: r.json() })),
    );
    expect(before.saved).toBe(false);
    const saved = await ok<{ saved: boolean; accounts: Record<string, { account: number; automatic: boolean }> }>(
      post(ctx.app, '/api/update_datev_settings/', settingsBody, superadmin),
    );
    expect(saved.saved).toBe(true);
    expect(saved.accounts.spv_19).toEqual({ account: 8400, automatic: true });
    expect(saved.accounts.mpv).toEqual({ account: 8200, automatic: false });
    const { rows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_trail where table_name = 'datev_settings' and record_key = ${String(ids.platform)}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('books the month’s invoices, correction and payments as DATEV’s description reads them', async () => {
    const res = await download(superadmin, { month: '2026-11', file: 'bookings' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('EXTF_Buchungsstapel_2026-11.csv');
    const file = readBookings(res.rawPayload);
    const h = file.header.map((f) => f.value);
    expect([h[10], h[11], h[12], h[13], h[14], h[15], h[26]]).toEqual([
      '29098',
      '55003',
      '20260101',
      '4',
      '20261101',
      '20261130',
      '03',
    ]);
    expect(h[20]).toBe('0');
    const [mine, theirs] = await ctx.db
      .execute<{ customer_id: number; debtor_number: number }>(sql`
      select customer_id, debtor_number from datev_debtors where issuer_customer_id = ${ids.platform}
      order by debtor_number`)
      .then((r) => r.rows);
    // Numbers follow the customer ids of the batch's debtors: the demo reseller before the other one.
    expect([mine, theirs]).toEqual([
      { customer_id: ids.reseller, debtor_number: 10000 },
      { customer_id: other.reseller.customerId, debtor_number: 10001 },
    ]);
    const pick = (r: Record<string, string>) => [
      r['Umsatz (ohne Soll/Haben-Kz)'],
      r['Soll/Haben-Kennzeichen'],
      r.Konto,
      r['Gegenkonto (ohne BU-Schlüssel)'],
      r['BU-Schlüssel'],
      r.Belegdatum,
      r['Belegfeld 1'],
      r['Belegfeld 2'],
      r.Leistungsdatum,
    ];
    expect(file.records.map(pick)).toEqual([
      ['250,00', 'S', '10000', '8200', '', '0111', 'RE-000041', '', '31102026'],
      ['85,30', 'S', '10000', '8300', '', '0111', 'RE-000041', '', '31102026'],
      ['1234,57', 'S', '10000', '8400', '', '0111', 'RE-000041', '', '31102026'],
      ['99,99', 'S', '10001', '8400', '', '0111', 'RE-000042', '', '31102026'],
      ['14,85', 'H', '10000', '8400', '', '1411', 'RK-000007', 'RE-000041', ''],
      ['1500,00', 'H', '10000', '1200', '', '2011', `ZE-${await entryOf('1500')}`, '', ''],
      ['123,45', 'H', '10000', '1000', '', '2011', `ZE-${await entryOf('123.45')}`, '', ''],
    ]);
    // The seven records were checked just above.
    expect(file.records[0]!.Buchungstext).toBe('Rechnung RE-000041 Demo Reseller GmbH');
    expect(file.records[4]!.Buchungstext).toBe('Rechnungskorrektur RK-000007 Demo Reseller GmbH');
    expect(file.records[5]!.Buchungstext).toBe('Zahlung Demo Reseller GmbH Überweisung 11/2026');
    // Windows-1252: the Ü is one byte 0xDC, not UTF-8's two.
    expect(res.rawPayload.includes(Buffer.from(' Überweisung', 'latin1'))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from('Ü', 'utf8'))).toBe(false);
    // The debtor's balance in the batch: invoices less the correction and the payments, to the cent.
    const signed = file.records
      .filter((r) => r.Konto === '10000')
      .reduce(
        (s, r) =>
          s[r['Soll/Haben-Kennzeichen'] === 'S' ? 'plus' : 'minus'](
            r['Umsatz (ohne Soll/Haben-Kz)']!.replace(',', '.'),
          ),
        new Decimal(0),
      );
    expect(signed.toFixed(2)).toBe('-68.43');
  });

  it('lists the batch’s debtors with stable numbers and their master data', async () => {
    const res = await download(superadmin, { month: '2026-11', file: 'debtors' });
    expect(res.statusCode, res.body).toBe(200);
    const file = readDebtors(res.rawPayload);
    expect(file.records).toHaveLength(2);
    const r = file.records[0]!; // two records, checked above
    expect([r.Konto, r['Name (Adressatentyp Unternehmen)'], r.Adressatentyp, r['EU-Land'], r['EU-USt-IdNr.']]).toEqual([
      '10000',
      'Müller & Söhne Prepaid GmbH',
      '2',
      'DE',
      '123456789',
    ]);
    expect([r.Straße, r.Postleitzahl, r.Ort, r.Land, r['IBAN 1'], r['SWIFT-Code 1'], r.Kundennummer]).toEqual([
      'Königstraße 12a',
      '70173',
      'Stuttgart',
      'DE',
      'DE02120300000000202051',
      'BYLADEM1001',
      String(ids.reseller),
    ]);
    expect(file.records[1]!.Konto).toBe('10001');
    // Asked again, the numbers stay; the database refuses to change or free one.
    const again = readDebtors((await download(superadmin, { month: '2026-11', file: 'debtors' })).rawPayload);
    expect(again.records.map((x) => x.Konto)).toEqual(['10000', '10001']);
    await expect(
      ctx.db.execute(sql`update datev_debtors set debtor_number = 10005 where customer_id = ${ids.reseller}`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from datev_debtors where customer_id = ${ids.reseller}`)).rejects.toThrow();
  });

  it('gives both files in one ZIP, the same bytes as the single downloads', async () => {
    const res = await download(superadmin, { month: '2026-11' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = zipFiles(res.rawPayload);
    expect([...files.keys()]).toEqual(['EXTF_Buchungsstapel_2026-11.csv', 'EXTF_Debitoren_2026-11.csv']);
    const single = await download(superadmin, { month: '2026-11', file: 'bookings' });
    expect(files.get('EXTF_Buchungsstapel_2026-11.csv')?.equals(single.rawPayload)).toBe(true);
    readDebtors(files.get('EXTF_Debitoren_2026-11.csv')!);
  });

  it('books a reseller’s own invoices and payments only, with its own chart and tax keys', async () => {
    await ok(
      post(
        ctx.app,
        '/api/update_datev_settings/',
        {
          chart: 'SKR04',
          consultant_number: 1234567,
          client_number: 7,
          fiscal_year_start_month: 7,
          accounts: { spv_19: { account: 4000, automatic: false } },
        },
        reseller,
      ),
    );
    const file = readBookings((await download(reseller, { month: '2026-11', file: 'bookings' })).rawPayload);
    // The EXTF header's fields by their place in the format.
    expect(file.header[12]!.value).toBe('20260701');
    expect(file.header[26]!.value).toBe('04');
    expect(
      file.records.map((r) => [
        r['Umsatz (ohne Soll/Haben-Kz)'],
        r['Soll/Haben-Kennzeichen'],
        r.Konto,
        r['Gegenkonto (ohne BU-Schlüssel)'],
        r['BU-Schlüssel'],
        r['Belegfeld 1'],
      ]),
    ).toEqual([
      ['47,60', 'S', '10000', '4000', '3', 'RE-000003'],
      ['23,90', 'S', '10000', '1370', '', 'RE-000003'],
      ['71,50', 'H', '10000', '1800', '', expect.stringMatching(/^ZE-\d+$/)],
    ]);
    const debtors = readDebtors((await download(reseller, { month: '2026-11', file: 'debtors' })).rawPayload);
    expect(debtors.records.map((r) => r.Kundennummer)).toEqual([String(ids.seller)]);
  });

  it('refuses the exhausted debtor range with its limit', async () => {
    await ctx.db.execute(sql`
      insert into datev_debtors (issuer_customer_id, customer_id, debtor_number, assigned_at)
      values (${ids.platform}, 999999, 69999, now())`);
    await issue({
      issuer: ids.platform,
      recipient: ids.seller,
      no: 'RE-000044',
      at: '2026-11-20T10:00:00Z',
      period: ['2026-10-01', '2026-10-31'],
      rows: [{ t: 'spv', rate: '19.00', gross: '5.00', vat: '0.80' }],
    });
    const res = await download(superadmin, { month: '2026-11', file: 'bookings' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('datev_debtor_numbers_exhausted');
    expect(res.json().params).toMatchObject({ max: 69999 });
  });
});

describe('who may export', () => {
  it.each([
    ['reseller-staff', 403],
    ['seller', 403],
    ['seller-staff', 403],
    ['other-reseller', 409],
  ])('%s gets %s (never another issuer’s books)', async (username, status) => {
    const res = await download(await signInOnce(ctx, username), { month: '2026-11', file: 'bookings' });
    expect(res.statusCode).toBe(status);
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await download({}, { month: '2026-11', file: 'bookings' });
    expect(res.statusCode).toBe(401);
  });

  it('lets the other reseller export only its own (empty) month', async () => {
    const headers = await signInOnce(ctx, 'other-reseller');
    await ok(post(ctx.app, '/api/update_datev_settings/', settingsBody, headers));
    const file = readBookings((await download(headers, { month: '2026-11', file: 'bookings' })).rawPayload);
    expect(file.records).toEqual([]);
  });
});

async function entryOf(amount: string) {
  const { rows } = await ctx.db.execute<{ id: number }>(sql`
    select e.id from journal_entries e where e.kind = 'payment' and e.customer_id = ${ids.reseller}
      and (select sum(l.amount) from ledger_lines l where l.entry_id = e.id and l.customer_id = e.customer_id
           and l.account in ('balance', 'credit')) = ${amount}::numeric`);
  return Number(rows[0]!.id); // the payment of that amount the test booked
}
