import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertCustomer } from '../customers/customers.fixtures.ts';
import { postMultipart } from '../inventory/inventory.fixtures.ts';
import { type BankTx, camt053, sparkasseCsv } from './banking.fixtures.ts';

/**
 * Decision 0127: every payer credited exactly once across overlapping statements and across the bank's
 * formats, euros only, amounts to the cent, one line's failure never the run's.
 */
let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let h: Record<string, string>;
const shop: Record<string, number> = {};
const ACCOUNT = 'DE89370400440532013000';

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  h = await signIn(ctx, 'reseller');
  for (const name of [
    'Kiosk Bergmann',
    'Späti Arslan',
    'Kiosk Müller',
    'Lotto Yıldız',
    'Tabak Krause',
    'Imbiss Nowak',
  ]) {
    const username = name.toLowerCase().replace(/[^a-z]/g, '-');
    shop[name] = (await insertCustomer(ctx.db, { name, accountRole: 2, parentId: ids.reseller, username })).customerId;
  }
});
afterAll(async () => ctx.close());

let fileNo = 0;
const upload = (content: Buffer | string, name = `statement-${++fileNo}.csv`) =>
  postMultipart(
    ctx.app,
    '/api/bank_module_step_1/',
    {},
    { field: 'file', filename: name, content, type: name.endsWith('.xml') ? 'application/xml' : 'text/csv' },
    h,
  );

const balance = async (customerId: number) =>
  new Decimal(
    (
      await ctx.db.execute<{ balance: string }>(
        sql`select (balance + outstanding_credit)::text as balance from wallets where customer_id = ${customerId}`,
      )
    ).rows[0]!.balance,
  );

async function mapAndBook(importId: number, mappings: { payer_name: string; payer_iban?: string; customer: string }[]) {
  const mapped = await post(
    ctx.app,
    '/api/bank_module_step_2/',
    {
      import_id: importId,
      mappings: mappings.map((m) => ({
        payer_name: m.payer_name,
        payer_iban: m.payer_iban,
        customer_id: shop[m.customer],
      })),
    },
    h,
  );
  expect(mapped.status).toBe(200);
  return book(importId);
}

/** Step 2 without mappings: the statement is imported. */
const confirm = (importId: number) =>
  post(ctx.app, '/api/bank_module_step_2/', { import_id: importId, mappings: [] }, h);

async function book(importId: number, extra: Record<string, unknown> = {}) {
  const started = await post(
    ctx.app,
    '/api/celery_process_top_up_with_multi_customers/',
    { import_id: importId, ...extra },
    h,
  );
  if (started.status !== 202) return { started, import: undefined, bank_records: [] };
  for (let i = 0; i < 200; i++) {
    const r = await get(ctx.app, `/api/get_bank_records/?import_id=${importId}&limit=100`, h);
    // The lines are read again once the import is booked: the answer's two reads run side by side.
    if (r.body.data.import.status === 'booked') {
      return {
        started,
        ...(await get(ctx.app, `/api/get_bank_records/?import_id=${importId}&limit=100`, h)).body.data,
      };
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('booking did not finish');
}

const noIban = (date: string, amount: string, name: string, purpose: string): BankTx => ({
  date,
  amount,
  name,
  purpose,
});

describe('overlapping statements credit every payer exactly once', () => {
  it('a new payer beside a line already imported is new; the old payer is not credited again', async () => {
    const b = noIban('2026-11-23', '48.73', 'Kiosk Bergmann', 'Aufladung');
    const a = noIban('2026-11-23', '48.73', 'Späti Arslan', 'Aufladung');
    const first = await upload(sparkasseCsv(ACCOUNT, [b]));
    expect(first.body.data.import.new_lines).toBe(1);
    const before = { a: await balance(shop['Späti Arslan']!), b: await balance(shop['Kiosk Bergmann']!) };
    await mapAndBook(first.body.data.import.import_id, [{ payer_name: 'Kiosk Bergmann', customer: 'Kiosk Bergmann' }]);

    const second = await upload(sparkasseCsv(ACCOUNT, [a, b]));
    expect(second.status).toBe(200);
    expect(second.body.data.import.new_lines).toBe(1);
    expect(second.body.data.bank_records.map((r: { payer_name: string }) => r.payer_name)).toEqual(['Späti Arslan']);
    expect(second.body.data.already_imported.map((r: { payer_name: string }) => r.payer_name)).toEqual([
      'Kiosk Bergmann',
    ]);
    await mapAndBook(second.body.data.import.import_id, [{ payer_name: 'Späti Arslan', customer: 'Späti Arslan' }]);
    expect((await balance(shop['Kiosk Bergmann']!)).minus(before.b).toFixed(2)).toBe('48.73');
    expect((await balance(shop['Späti Arslan']!)).minus(before.a).toFixed(2)).toBe('48.73');
  });

  it('keeps a second identical transfer of the same day that only the later file holds', async () => {
    const t = noIban('2026-11-24', '19.99', 'Kiosk Bergmann', 'Guthaben');
    const first = await upload(sparkasseCsv(ACCOUNT, [t]));
    await confirm(first.body.data.import.import_id);
    const second = await upload(sparkasseCsv(ACCOUNT, [t, t]));
    expect(first.body.data.import.new_lines).toBe(1);
    expect(second.body.data.import.new_lines).toBe(1);
    expect(second.body.data.already_imported).toHaveLength(1);
  });
});

describe('lines imported before the new identity get it by a backfill (import, migrate, import again)', () => {
  it('a statement booked before the change and read again books nothing twice', async () => {
    const day = '2026-11-25';
    const lines = [
      {
        date: day,
        amount: '101.01',
        name: 'Imbiss Nowak',
        iban: 'DE27100777770209299700',
        purpose: 'RE-000412',
        e2e: 'E2E-NOWAK-1',
      },
      noIban(day, '33.33', 'Tabak Krause', 'KW48'),
      noIban(day, '33.33', 'Tabak Krause', 'KW48'),
      noIban(day, '-7.77', 'Sparkasse', 'Kontofuehrung'),
    ];
    const first = await upload(sparkasseCsv(ACCOUNT, lines.slice(0, 2)));
    const importId = first.body.data.import.import_id;
    const before = await balance(shop['Tabak Krause']!);
    const done = await mapAndBook(importId, [
      { payer_name: 'Imbiss Nowak', payer_iban: 'DE27100777770209299700', customer: 'Imbiss Nowak' },
      { payer_name: 'Tabak Krause', customer: 'Tabak Krause' },
    ]);
    expect(done.import).toMatchObject({ booked: 2, failed: 0 });
    // A later file holding the day in full: one more Krause line and a debit, stored in a second import.
    const second = await upload(sparkasseCsv(ACCOUNT, lines));
    expect(second.body.data.import.new_lines).toBe(2);
    await mapAndBook(second.body.data.import.import_id, []);
    expect((await balance(shop['Tabak Krause']!)).minus(before).toFixed(2)).toBe('66.66');

    // The keys as the old code wrote them; the migration's backfill runs again over every line.
    await ctx.db.execute(sql`update bank_records set line_key = 'sum:' || md5(id::text), loose_key = ''`);
    await ctx.db.execute(sql`select bank_records_rekey()`);

    for (const file of [lines.slice(0, 2), lines]) {
      const again = await upload(sparkasseCsv(ACCOUNT, file));
      expect(again.status).toBe(200);
      expect(again.body.data.import.new_lines).toBe(0);
      expect(again.body.data.already_imported).toHaveLength(file.length);
      const retry = await book(again.body.data.import.import_id);
      expect(retry.started.body.code).toBe('nothing_to_book');
    }
    expect((await balance(shop['Tabak Krause']!)).minus(before).toFixed(2)).toBe('66.66');
  });
});

describe('the same transfer in the bank CSV and in CAMT.053', () => {
  const day = '2026-11-26';
  const mueller: BankTx = {
    date: day,
    amount: '73.19',
    name: 'Kiosk Müller',
    iban: 'DE02120300000000202051',
    purpose: 'Aufladung Kiosk 1001',
    e2e: 'E2E-MUELLER-20261126',
  };
  const yildiz: BankTx = {
    date: day,
    amount: '1234.57',
    name: 'Lotto Yildiz',
    iban: 'DE44500105175407324931',
    purpose: 'Guthaben',
  };
  let csvLine: { id: number; entry_id: number };
  let camtImport: number;

  it('reading a file adds nothing to the list of bank records; importing it (step 2) does', async () => {
    const total = async () => (await get(ctx.app, '/api/get_bank_records/', h)).body.data.filters.total_count;
    const listed = await total();
    const read = await upload(sparkasseCsv(ACCOUNT, [mueller]));
    expect(read.body.data.import.confirmed).toBe(false);
    expect(await total()).toBe(listed);
    const done = await mapAndBook(read.body.data.import.import_id, [
      { payer_name: 'Kiosk Müller', payer_iban: mueller.iban, customer: 'Kiosk Müller' },
    ]);
    expect(await total()).toBe(listed + 1);
    csvLine = done.bank_records[0];
    expect(csvLine.entry_id).not.toBeNull();
  });

  it('flags the CAMT line as a possible duplicate naming the booked CSV line, and books only the other', async () => {
    const before = await balance(shop['Kiosk Müller']!);
    const res = await upload(
      camt053({ account: ACCOUNT, sequence: 1, txs: [{ ...mueller, ref: '2026112600031415' }, yildiz] }),
      'camt-1126.xml',
    );
    expect(res.status).toBe(200);
    camtImport = res.body.data.import.import_id;
    expect(res.body.data.import).toMatchObject({ new_lines: 2, duplicates: 1 });
    const [dup, other] = res.body.data.bank_records;
    expect(dup).toMatchObject({
      status: 'duplicate',
      customer_id: shop['Kiosk Müller'],
      duplicate_of: { id: csvLine.id, status: 'booked', entry_id: csvLine.entry_id, amount: '73.19' },
    });
    expect(other.status).toBe('new');
    const done = await mapAndBook(camtImport, [
      { payer_name: 'Lotto Yildiz', payer_iban: yildiz.iban, customer: 'Lotto Yıldız' },
    ]);
    expect(done.import).toMatchObject({ booked: 1, duplicates: 1 });
    expect((await balance(shop['Kiosk Müller']!)).minus(before).toFixed(2)).toBe('0.00');
    expect((await balance(shop['Lotto Yıldız']!)).toFixed(2)).toBe('1234.57');
  });

  it('books the possible duplicate only once confirmed naming the earlier line', async () => {
    const lines = (await get(ctx.app, `/api/get_bank_records/?import_id=${camtImport}`, h)).body.data.bank_records;
    const dup = lines.find((r: { status: string }) => r.status === 'duplicate');
    const wrong = await post(
      ctx.app,
      '/api/update_bank_record/',
      { action: 'confirm_duplicate', id: dup.id, duplicate_of: dup.id },
      h,
    );
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ code: 'bank_duplicate_mismatch', params: { id: dup.id } });
    const before = await balance(shop['Kiosk Müller']!);
    const ok = await post(
      ctx.app,
      '/api/update_bank_record/',
      { action: 'confirm_duplicate', id: dup.id, duplicate_of: csvLine.id },
      h,
    );
    expect(ok.body.data).toMatchObject({ status: 'new', duplicate_of: { id: csvLine.id } });
    expect(ok.body.data.duplicate_confirmed_at).not.toBeNull();
    const done = await book(camtImport);
    expect(done.import).toMatchObject({ booked: 2, duplicates: 0 });
    expect((await balance(shop['Kiosk Müller']!)).minus(before).toFixed(2)).toBe('73.19');
  });

  it('a read that was never imported leaves its lines to the next read of them', async () => {
    const t = noIban('2026-11-26', '64.10', 'Tabak Krause', 'nur gelesen');
    const abandoned = await upload(sparkasseCsv(ACCOUNT, [t]));
    const again = await upload(sparkasseCsv(ACCOUNT, [t]));
    expect(again.body.data.import.new_lines).toBe(1);
    expect(again.body.data.already_imported).toEqual([]);
    const left = await get(ctx.app, `/api/get_bank_records/?import_id=${abandoned.body.data.import.import_id}`, h);
    expect(left.body.data.bank_records).toEqual([]);
  });

  it('does not flag two transfers of one format that the bank told apart by reference', async () => {
    const t = { date: '2026-11-27', amount: '25.50', name: 'Kiosk Müller', iban: mueller.iban, purpose: 'x' };
    const one = await upload(camt053({ account: ACCOUNT, sequence: 2, txs: [{ ...t, ref: 'REF-A' }] }), 'a.xml');
    await mapAndBook(one.body.data.import.import_id, []);
    const two = await upload(
      camt053({
        account: ACCOUNT,
        sequence: 3,
        txs: [
          { ...t, ref: 'REF-A' },
          { ...t, ref: 'REF-B' },
        ],
      }),
      'b.xml',
    );
    expect(two.body.data.import).toMatchObject({ new_lines: 1, duplicates: 0 });
  });
});

describe('amounts to the cent', () => {
  it.each([
    ['CSV', () => sparkasseCsv(ACCOUNT, [noIban('2026-11-28', '1', 'Kiosk Bergmann', 'x')], [{ amount: '0,004' }]), 2],
    ['CAMT', () => camt053({ account: ACCOUNT, txs: [noIban('2026-11-28', '12.345', 'Kiosk Bergmann', 'x')] }), 1],
  ])('refuses %s amounts with more than two decimals, naming the line', async (_f, file, line) => {
    const res = await upload(file(), _f === 'CAMT' ? 'dec.xml' : 'dec.csv');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'bank_file_unreadable', params: { reason: 'amount_decimals', line } });
  });

  it('skips a line of 0.00 and books the others', async () => {
    const res = await upload(
      sparkasseCsv(ACCOUNT, [
        noIban('2026-11-28', '0.00', 'Kiosk Bergmann', 'Kartenpruefung'),
        noIban('2026-11-28', '15.37', 'Kiosk Bergmann', 'Aufladung'),
      ]),
    );
    expect(res.status).toBe(200);
    const [zero, line] = res.body.data.bank_records;
    expect(zero).toMatchObject({ status: 'skipped', skip_reason: 'zero_amount', amount: '0.00' });
    const done = await mapAndBook(res.body.data.import.import_id, []);
    expect(done.import).toMatchObject({ booked: 1, failed: 0 });
    expect(done.bank_records.find((r: { id: number }) => r.id === line.id).status).toBe('booked');
  });

  it('marks a line the ledger refuses as failed and books the rest: the run never stays "booking"', async () => {
    const res = await upload(
      sparkasseCsv(ACCOUNT, [
        noIban('2026-11-29', '11.11', 'Kiosk Bergmann', 'eins'),
        noIban('2026-11-29', '22.22', 'Kiosk Bergmann', 'zwei'),
        noIban('2026-11-29', '33.34', 'Kiosk Bergmann', 'drei'),
      ]),
    );
    const importId = res.body.data.import.import_id;
    const [, broken] = res.body.data.bank_records;
    // A line stored as 0.00 by the code before this change (0,004): the ledger refuses a payment of nothing.
    await ctx.db.execute(sql`update bank_records set amount = 0 where id = ${broken.id}`);
    const before = await balance(shop['Kiosk Bergmann']!);
    const done = await mapAndBook(importId, []);
    expect(done.import).toMatchObject({ status: 'booked', booked: 2, failed: 1 });
    const failed = done.bank_records.find((r: { id: number }) => r.id === broken.id);
    expect(failed.status).toBe('failed');
    expect(failed.error_code).toEqual(expect.any(String));
    expect((await balance(shop['Kiosk Bergmann']!)).minus(before).toFixed(2)).toBe('44.45');
  });
});

describe('euros only', () => {
  it('skips CSV lines in another currency with the reason', async () => {
    const res = await upload(
      sparkasseCsv(ACCOUNT, [
        { ...noIban('2026-11-30', '250.00', 'Kiosk Bergmann', 'USD'), currency: 'USD' },
        { ...noIban('2026-11-30', '99.95', 'Kiosk Bergmann', 'CHF'), currency: 'CHF' },
        noIban('2026-11-30', '17.03', 'Kiosk Bergmann', 'EUR'),
      ]),
    );
    const lines = res.body.data.bank_records;
    expect(lines.map((r: { status: string; skip_reason: string | null }) => [r.status, r.skip_reason])).toEqual([
      ['skipped', 'currency'],
      ['skipped', 'currency'],
      ['new', null],
    ]);
    const assign = await post(
      ctx.app,
      '/api/update_bank_record/',
      { action: 'assign', id: lines[0].id, customer_id: shop['Kiosk Bergmann'] },
      h,
    );
    expect(assign.status).toBe(422);
    const before = await balance(shop['Kiosk Bergmann']!);
    const done = await mapAndBook(res.body.data.import.import_id, []);
    expect(done.import.booked).toBe(1);
    expect((await balance(shop['Kiosk Bergmann']!)).minus(before).toFixed(2)).toBe('17.03');
  });

  it('books a converted CAMT transfer at the euro amount credited, and skips an entry in USD', async () => {
    const res = await upload(
      camt053({
        account: ACCOUNT,
        version: '02',
        txs: [
          {
            date: '2026-12-01',
            amount: '92.37',
            name: 'Kiosk Bergmann',
            purpose: 'Aufladung aus USA',
            instructed: { amount: '100.00', currency: 'USD' },
          },
          { date: '2026-12-01', amount: '40.00', name: 'Kiosk Bergmann', purpose: 'USD', currency: 'USD' },
        ],
      }),
      'fx.xml',
    );
    expect(res.status).toBe(200);
    const [converted, usd] = res.body.data.bank_records;
    expect(converted).toMatchObject({ amount: '92.37', currency: 'EUR', status: 'new' });
    expect(usd).toMatchObject({ currency: 'USD', status: 'skipped', skip_reason: 'currency' });
    const before = await balance(shop['Kiosk Bergmann']!);
    await mapAndBook(res.body.data.import.import_id, []);
    expect((await balance(shop['Kiosk Bergmann']!)).minus(before).toFixed(2)).toBe('92.37');
  });

  it('refuses the statement of an account kept in another currency whole', async () => {
    const res = await upload(
      camt053({
        account: 'CH9300762011623852957',
        accountCurrency: 'CHF',
        id: 'STMT-CHF-1',
        txs: [{ ...noIban('2026-12-01', '80.00', 'Kiosk Bergmann', 'x'), currency: 'CHF' }],
      }),
      'chf.xml',
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'bank_statement_currency',
      params: { statement: 'STMT-CHF-1', currency: 'CHF' },
    });
  });
});

describe('a return debit', () => {
  it('is offered as the reversal of the payment it returns, and booking it takes the payment back', async () => {
    const account = 'DE12500105170648489890';
    const credit: BankTx = {
      date: '2026-12-02',
      amount: '58.31',
      name: 'Imbiss Nowak',
      iban: 'DE27100777770209299700',
      purpose: 'Aufladung',
      e2e: 'NOWAK-2026-12-02-1',
    };
    const paid = await upload(camt053({ account, sequence: 7, txs: [credit] }), 'paid.xml');
    const before = await balance(shop['Imbiss Nowak']!);
    await mapAndBook(paid.body.data.import.import_id, [
      { payer_name: 'Imbiss Nowak', payer_iban: credit.iban, customer: 'Imbiss Nowak' },
    ]);
    expect((await balance(shop['Imbiss Nowak']!)).minus(before).toFixed(2)).toBe('58.31');
    const creditLine = (await get(ctx.app, `/api/get_bank_records/?import_id=${paid.body.data.import.import_id}`, h))
      .body.data.bank_records[0];

    const returned = await upload(
      camt053({
        account,
        sequence: 8,
        txs: [
          { ...credit, date: '2026-12-04', amount: '-58.31', returnCode: 'AC04', purpose: 'RETOURE Konto erloschen' },
          { date: '2026-12-04', amount: '-4.50', name: 'Bank', purpose: 'Entgelt Retoure' },
        ],
      }),
      'returned.xml',
    );
    const [ret, fee] = returned.body.data.bank_records;
    expect(ret).toMatchObject({
      direction: 'debit',
      status: 'new',
      return_code: 'AC04',
      customer_id: shop['Imbiss Nowak'],
      reversal_of: { id: creditLine.id, amount: '58.31', entry_id: creditLine.entry_id },
    });
    expect(fee).toMatchObject({ status: 'skipped', skip_reason: 'debit', reversal_of: null });
    const done = await book(returned.body.data.import.import_id);
    expect(done.import).toMatchObject({ booked: 1, failed: 0 });
    expect((await balance(shop['Imbiss Nowak']!)).minus(before).toFixed(2)).toBe('0.00');
    // Read again, the return is already imported: the payment is not taken back twice.
    const again = await upload(
      camt053({ account, sequence: 9, txs: [{ ...credit, date: '2026-12-05', amount: '-58.31', returnCode: 'AC04' }] }),
      'again.xml',
    );
    expect(again.body.data.bank_records[0]).toMatchObject({ status: 'skipped', reversal_of: null });
  });
});
