import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, signIn, type TestContext } from '../../../test/harness.ts';
import { demoIds, insertCustomer, insertOtherTenant } from '../customers/customers.fixtures.ts';
import { postMultipart } from '../inventory/inventory.fixtures.ts';

const sample = (name: string) => readFileSync(join(import.meta.dirname, 'samples', name));

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let h: Record<string, Record<string, string>>;
let secondShop: number;
let otherShop: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ids = await demoIds(ctx.db);
  otherShop = (await insertOtherTenant(ctx.db, ids.platform)).shop.customerId;
  secondShop = (
    await insertCustomer(ctx.db, { name: 'Kiosk Zwei', accountRole: 2, parentId: ids.reseller, username: 'kiosk-zwei' })
  ).customerId;
  h = {};
  for (const u of ['superadmin', 'reseller', 'reseller-staff', 'seller', 'support', 'other-reseller']) {
    h[u] = await signIn(ctx, u);
  }
});
afterAll(async () => ctx.close());

const upload = (name: string, headers = h.reseller!) =>
  postMultipart(
    ctx.app,
    '/api/bank_module_step_1/',
    {},
    { field: 'file', filename: name, content: sample(name), type: name.endsWith('.xml') ? 'text/xml' : 'text/csv' },
    headers,
  );

const wallet = async (customerId: number) =>
  (
    await ctx.db.execute<{ balance: string; outstanding_credit: string }>(
      sql`select balance::text, outstanding_credit::text from wallets where customer_id = ${customerId}`,
    )
  ).rows[0]!; // every customer has a wallet

const bankEntries = async () =>
  Number(
    (await ctx.db.execute<{ n: string }>(sql`select count(*) as n from journal_entries where reference like 'bank:%'`))
      .rows[0]!.n,
  );

/** Polls the import's progress the way the upload screen does, until the job has finished. */
async function bookAndWait(importId: number, headers = h.reseller!) {
  const started = await post(
    ctx.app,
    '/api/celery_process_top_up_with_multi_customers/',
    { import_id: importId },
    headers,
  );
  expect(started.status).toBe(202);
  expect(started.body.data.status).toBe('booking');
  for (let i = 0; i < 200; i++) {
    const r = await get(ctx.app, `/api/get_bank_records/?import_id=${importId}`, headers);
    if (r.body.data.import.status === 'booked') return r.body.data;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('booking did not finish');
}

describe('step 1: statements read before anything is booked', () => {
  it.each([
    ['sparkasse-camt-v2.csv', 'csv-sparkasse', 3, 1],
    ['volksbank.csv', 'csv-volksbank', 3, 1],
    ['ing.csv', 'csv-ing', 2, 1],
    ['camt053.xml', 'camt053', 4, 1],
  ])('reads %s as %s', async (file, format, lines, debits) => {
    const res = await upload(file);
    expect(res.status).toBe(200);
    const { import: imp, bank_records: records } = res.body.data;
    expect(imp).toMatchObject({ format, status: 'parsed', line_count: lines, new_lines: lines, booked: 0 });
    expect(records).toHaveLength(lines);
    expect(records.filter((r: { status: string }) => r.status === 'skipped')).toHaveLength(debits);
    expect(
      records.every(
        (r: { status: string; direction: string }) => (r.direction === 'debit') === (r.status === 'skipped'),
      ),
    ).toBe(true);
    expect(await bankEntries()).toBe(0);
    // Step 2 imports the statement (decision 0127): its lines are listed from then on.
    const imported = await post(
      ctx.app,
      '/api/bank_module_step_2/',
      { import_id: imp.import_id, mappings: [] },
      h.reseller,
    );
    expect(imported.body.data.import.confirmed).toBe(true);
  });

  it('reads German amounts, dates and Windows-1252 names', async () => {
    const res = await get(ctx.app, '/api/get_bank_records/?search=Yilmaz', h.reseller);
    const line = res.body.data.bank_records.find((r: { currency: string; amount: string }) => r.amount === '1250.50');
    expect(line).toMatchObject({
      booking_date: '2026-11-21',
      direction: 'credit',
      payer_name: 'Späti Yilmaz',
      payer_iban: 'DE44500105175407324931',
    });
  });

  it('keeps two identical bookings of one day as two lines', async () => {
    const res = await get(ctx.app, '/api/get_bank_records/?search=KW47', h.reseller);
    expect(res.body.data.bank_records).toHaveLength(2);
    expect(res.body.data.bank_records.map((r: { position: number }) => r.position)).toEqual([1, 2]);
  });

  it('lists the lines of a statement imported again as already imported and adds none', async () => {
    const again = await upload('camt053.xml');
    expect(again.status).toBe(200);
    expect(again.body.data.import).toMatchObject({ line_count: 4, new_lines: 0 });
    expect(again.body.data.bank_records).toEqual([]);
    expect(again.body.data.already_imported).toHaveLength(4);
  });

  it('refuses a file that is no bank statement with a stable code', async () => {
    const res = await postMultipart(
      ctx.app,
      '/api/bank_module_step_1/',
      {},
      { field: 'file', filename: 'x.csv', content: 'Name;Wert\nA;1\n' },
      h.reseller!,
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'bank_file_unreadable', params: { reason: 'header' } });
    const bad = await postMultipart(
      ctx.app,
      '/api/bank_module_step_1/',
      {},
      { field: 'file', filename: 'x.csv', content: 'Buchungstag;Betrag;Name Zahlungsbeteiligter\n32.13.2026;5,00;A\n' },
      h.reseller!,
    );
    expect(bad.body).toMatchObject({ code: 'bank_file_unreadable', params: { reason: 'date', line: 2 } });
  });
});

describe('step 2 and booking', () => {
  let sparkasseImport: number;

  it('maps payers by IBAN and by name, remembers them and books each mapped credit line once', async () => {
    // Outstanding credit is settled first: 100 advanced, then a payment of 150 leaves a balance of 150.
    await post(ctx.app, '/api/add_customer_credit/', { customer_id: ids.seller, amount: '100' }, h.reseller);
    const imports = await ctx.db.execute<{ id: number; format: string }>(sql`select id, format from bank_imports`);
    sparkasseImport = imports.rows.find((r) => r.format === 'csv-sparkasse')!.id;
    const mapped = await post(
      ctx.app,
      '/api/bank_module_step_2/',
      {
        import_id: sparkasseImport,
        mappings: [
          { payer_name: 'Kiosk Müller', payer_iban: 'DE02 1203 0000 0000 2020 51', customer_id: ids.seller },
          { payer_name: 'Späti Yilmaz', payer_iban: 'DE44500105175407324931', customer_id: secondShop },
        ],
      },
      h.reseller,
    );
    expect(mapped.status).toBe(200);
    expect(mapped.body.data.import.to_book).toBe(2);
    const done = await bookAndWait(sparkasseImport);
    expect(done.import).toMatchObject({ status: 'booked', booked: 2, to_book: 0, failed: 0 });
    expect(await wallet(ids.seller)).toEqual({ balance: '150.0000', outstanding_credit: '0.0000' });
    expect(await wallet(secondShop)).toEqual({ balance: '1250.5000', outstanding_credit: '0.0000' });
    const entries = await ctx.db.execute<{ kind: string; method: string }>(
      sql`select kind, method from journal_entries where reference like 'bank:%'`,
    );
    expect(entries.rows).toEqual([
      { kind: 'payment', method: 'bank' },
      { kind: 'payment', method: 'bank' },
    ]);
    // The IBAN mapping matched the other statements' lines of that payer too.
    const kiosk = await get(ctx.app, '/api/get_bank_records/?search=DE02120300000000202051&status=new', h.reseller);
    expect(kiosk.body.data.bank_records.every((r: { customer_id: number }) => r.customer_id === ids.seller)).toBe(true);
    expect(kiosk.body.data.bank_records.length).toBeGreaterThan(0);
  });

  it('books nothing twice: a second booking call and a re-imported statement find nothing to book', async () => {
    const again = await post(
      ctx.app,
      '/api/celery_process_top_up_with_multi_customers/',
      { import_id: sparkasseImport },
      h.reseller,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('nothing_to_book');
    const reimport = await upload('sparkasse-camt-v2.csv');
    expect(reimport.body.data.import.new_lines).toBe(0);
    expect(reimport.body.data.already_imported.filter((r: { status: string }) => r.status === 'booked')).toHaveLength(
      2,
    );
    const repeated = await post(
      ctx.app,
      '/api/celery_process_top_up_with_multi_customers/',
      { import_id: reimport.body.data.import.import_id },
      h.reseller,
    );
    expect(repeated.body.code).toBe('nothing_to_book');
    expect(await bankEntries()).toBe(2);
  });

  it('maps a payer without IBAN by name, whatever its case and spacing', async () => {
    const ing = (await ctx.db.execute<{ id: number }>(sql`select id from bank_imports where format = 'csv-ing'`))
      .rows[0]!.id;
    const res = await post(
      ctx.app,
      '/api/bank_module_step_2/',
      { import_id: ing, mappings: [{ payer_name: 'KIOSK  müller ', customer_id: ids.seller }] },
      h.reseller,
    );
    const kiosk = res.body.data.bank_records.find((r: { direction: string }) => r.direction === 'credit');
    expect(kiosk).toMatchObject({ customer_id: ids.seller, customer_name: 'Demo Shop Berlin', status: 'new' });
  });

  it('prefills remembered payers in a later statement, and never books debit lines', async () => {
    const later = [
      'Bezeichnung Auftragskonto;IBAN Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;Verwendungszweck;Betrag;Waehrung',
      'Geschäftskonto;DE02300606010002474689;24.11.2026;24.11.2026;Kiosk Mueller e.K.;DE02120300000000202051;Aufladung KW48;95,00;EUR',
    ].join('\n');
    const next = await postMultipart(
      ctx.app,
      '/api/bank_module_step_1/',
      {},
      { field: 'file', filename: 'kw48.csv', content: later },
      h.reseller!,
    );
    expect(next.body.data.bank_records[0]).toMatchObject({ customer_id: ids.seller, amount: '95.00', status: 'new' });
    const imports = await ctx.db.execute<{ id: number; format: string }>(sql`select id, format from bank_imports`);
    const camt = imports.rows.find((r) => r.format === 'camt053')!.id;
    const lines = (await get(ctx.app, `/api/get_bank_records/?import_id=${camt}`, h.reseller)).body.data.bank_records;
    expect(lines.find((r: { amount: string }) => r.amount === '70.00').customer_id).toBe(secondShop);
    const debit = lines.find((r: { direction: string }) => r.direction === 'debit');
    const refused = await post(
      ctx.app,
      '/api/update_bank_record/',
      { action: 'assign', id: debit.id, customer_id: ids.seller },
      h.reseller,
    );
    expect(refused.status).toBe(422);
    const done = await bookAndWait(camt);
    expect(done.import).toMatchObject({ booked: 3, failed: 0 });
    expect(done.bank_records.find((r: { id: number }) => r.id === debit.id).status).toBe('skipped');
  });

  it('deletes and restores a line; a booked line stays', async () => {
    const rows = (await get(ctx.app, '/api/get_bank_records/?search=Telekom', h.reseller)).body.data.bank_records;
    const del = await post(ctx.app, '/api/update_bank_record/', { action: 'delete', id: rows[0].id }, h.reseller);
    expect(del.status).toBe(200);
    expect(del.body.data.deleted_at).not.toBeNull();
    const deleted = await get(ctx.app, '/api/get_bank_records/?deleted=1', h.reseller);
    expect(deleted.body.data.bank_records.map((r: { id: number }) => r.id)).toEqual([rows[0].id]);
    const restored = await post(ctx.app, '/api/update_bank_record/', { action: 'restore', id: rows[0].id }, h.reseller);
    expect(restored.body.data.deleted_at).toBeNull();
    expect((await get(ctx.app, '/api/get_bank_records/?deleted=1', h.reseller)).body.data.bank_records).toEqual([]);
    const booked = (await get(ctx.app, '/api/get_bank_records/?status=booked', h.reseller)).body.data.bank_records[0];
    const refused = await post(ctx.app, '/api/update_bank_record/', { action: 'delete', id: booked.id }, h.reseller);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'bank_record_booked', params: { id: booked.id } });
  });

  it('lists the remembered payers and forgets one', async () => {
    const list = await get(ctx.app, '/api/get_bank_name_mapped_customers/', h.reseller);
    expect(list.status).toBe(200);
    const rows: { id: number; payer_name: string; payer_iban: string | null }[] = list.body.data.mapped_customers;
    expect(rows).toHaveLength(3);
    expect(rows.find((m) => m.payer_iban === 'DE02120300000000202051')).toMatchObject({
      payer_name: 'Kiosk Müller',
      customer_name: 'Demo Shop Berlin',
    });
    const id = rows.find((m) => m.payer_name === 'Späti Yilmaz')!.id;
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/update_delete_bank_name_mapped_customer/?id=${id}`,
      headers: { host: 'localhost', ...h.reseller },
    });
    expect(gone.statusCode).toBe(200);
    expect((await get(ctx.app, '/api/get_bank_name_mapped_customers/', h.reseller)).body.data.filters.total_count).toBe(
      2,
    );
  });
});

describe('staff book only to the customers assigned to them', () => {
  it('refuses mapping to an unassigned customer and books only the assigned ones', async () => {
    await ctx.db.execute(sql`insert into staff_assignments (staff_user_id, customer_id, assigned_by, assigned_at)
      values (${ids.user('reseller-staff')}, ${ids.seller}, ${ids.user('reseller')}, now())`);
    const staff = h['reseller-staff']!;
    const imp = (
      await ctx.db.execute<{ id: number }>(
        sql`select id from bank_imports where format = 'csv-ing' order by id limit 1`,
      )
    ).rows[0]!.id;
    const refused = await post(
      ctx.app,
      '/api/bank_module_step_2/',
      { import_id: imp, mappings: [{ payer_name: 'Kiosk Müller', customer_id: secondShop }] },
      staff,
    );
    expect(refused.status).toBe(404);
    const line = (await get(ctx.app, `/api/get_bank_records/?import_id=${imp}&status=new`, staff)).body.data
      .bank_records[0];
    // The owner maps the line to a shop the staff member does not look after: the staff's booking skips it.
    await post(
      ctx.app,
      '/api/update_bank_record/',
      { action: 'assign', id: line.id, customer_id: secondShop },
      h.reseller,
    );
    const none = await post(ctx.app, '/api/celery_process_top_up_with_multi_customers/', { import_id: imp }, staff);
    expect(none.body.code).toBe('nothing_to_book');
    await post(ctx.app, '/api/update_bank_record/', { action: 'assign', id: line.id, customer_id: ids.seller }, staff);
    const before = await wallet(ids.seller);
    const done = await bookAndWait(imp, staff);
    expect(done.import.booked).toBe(1);
    expect(new Decimal((await wallet(ids.seller)).balance).minus(before.balance).toFixed(2)).toBe('300.00');
  });
});

describe('role × endpoint × tenant', () => {
  const calls: [string, string, (importId: number, recordId: number) => string | object][] = [
    ['POST', '/api/bank_module_step_2/', (i) => ({ import_id: i, mappings: [] })],
    ['POST', '/api/update_bank_record/', (_i, r) => ({ action: 'delete', id: r })],
    ['POST', '/api/celery_process_top_up_with_multi_customers/', (i) => ({ import_id: i })],
    ['GET', '/api/get_bank_records/', (i) => `?import_id=${i}`],
    ['GET', '/api/get_bank_name_mapped_customers/', () => ''],
    ['DELETE', '/api/update_delete_bank_name_mapped_customer/', () => '?id=1'],
  ];
  let importId: number;
  let recordId: number;
  beforeAll(async () => {
    const r = await ctx.db.execute<{ id: number; import_id: number }>(
      sql`select id, import_id from bank_records where status = 'new' order by id limit 1`,
    );
    importId = r.rows[0]!.import_id;
    recordId = r.rows[0]!.id;
  });

  const call = async (method: string, url: string, arg: string | object, headers: Record<string, string>) => {
    const res = await ctx.app.inject({
      method: method as 'GET',
      url: typeof arg === 'string' ? `${url}${arg}` : url,
      payload: typeof arg === 'string' ? undefined : arg,
      headers: { host: 'localhost', ...headers },
    });
    return { status: res.statusCode, code: res.json().code };
  };

  it.each(['seller', 'support'])('%s gets 403 on every banking call', async (user) => {
    for (const [method, url, arg] of calls) {
      expect((await call(method, url, arg(importId, recordId), h[user]!)).status, `${method} ${url}`).toBe(403);
    }
    const up = await upload('ing.csv', h[user]!);
    expect(up.status).toBe(403);
  });

  it('anyone signed out gets 401', async () => {
    for (const [method, url, arg] of calls)
      expect((await call(method, url, arg(importId, recordId), {})).status).toBe(401);
  });

  it("another reseller sees none of this reseller's statements, lines, payers or customers", async () => {
    const other = h['other-reseller']!;
    expect((await call('POST', '/api/bank_module_step_2/', { import_id: importId, mappings: [] }, other)).status).toBe(
      404,
    );
    expect((await call('POST', '/api/update_bank_record/', { action: 'delete', id: recordId }, other)).status).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/celery_process_top_up_with_multi_customers/', { import_id: importId }, other)).status,
    ).toBe(404);
    expect((await call('GET', '/api/get_bank_records/', `?import_id=${importId}`, other)).status).toBe(404);
    const list = await get(ctx.app, '/api/get_bank_records/', other);
    expect(list.body.data.filters.total_count).toBe(0);
    expect((await get(ctx.app, '/api/get_bank_name_mapped_customers/', other)).body.data.mapped_customers).toEqual([]);
    const mapping = (await get(ctx.app, '/api/get_bank_name_mapped_customers/', h.reseller)).body.data
      .mapped_customers[0];
    expect(
      (await call('DELETE', '/api/update_delete_bank_name_mapped_customer/', `?id=${mapping.id}`, other)).status,
    ).toBe(404);
    // Its own statement cannot be mapped to this reseller's shop, and this reseller's not to its shop.
    const own = await upload('ing.csv', other);
    expect(own.body.data.import.new_lines).toBe(2);
    const cross = await call(
      'POST',
      '/api/bank_module_step_2/',
      {
        import_id: own.body.data.import.import_id,
        mappings: [{ payer_name: 'Kiosk Müller', customer_id: ids.seller }],
      },
      other,
    );
    expect(cross.status).toBe(404);
    const back = await call(
      'POST',
      '/api/update_bank_record/',
      { action: 'assign', id: recordId, customer_id: otherShop },
      h.reseller!,
    );
    expect(back.status).toBe(404);
  });
});

describe('the platform imports for its direct customers (decision 0127)', () => {
  let directShop: number;
  beforeAll(async () => {
    directShop = (
      await insertCustomer(ctx.db, {
        name: 'Plattform-Kiosk Direkt',
        accountRole: 2,
        parentId: ids.platform,
        username: 'direkt-kiosk',
      })
    ).customerId;
  });

  it('books a reseller’s and a direct shop’s transfers, with its own statements, lines and payers', async () => {
    const statement = [
      'Bezeichnung Auftragskonto;IBAN Auftragskonto;Buchungstag;Valutadatum;Name Zahlungsbeteiligter;IBAN Zahlungsbeteiligter;Verwendungszweck;Betrag;Waehrung',
      'Plattformkonto;DE12500105170648489890;25.11.2026;25.11.2026;Demo Reseller GmbH;DE91100000000123456789;Guthaben November;2.345,67;EUR',
      'Plattformkonto;DE12500105170648489890;25.11.2026;25.11.2026;Plattform-Kiosk Direkt;DE21300500000001234567;Aufladung;41,09;EUR',
      'Plattformkonto;DE12500105170648489890;25.11.2026;25.11.2026;Kiosk Müller;DE02120300000000202051;Aufladung;12,00;EUR',
    ].join('\n');
    const read = await postMultipart(
      ctx.app,
      '/api/bank_module_step_1/',
      {},
      { field: 'file', filename: 'plattform.csv', content: statement },
      h.superadmin!,
    );
    expect(read.status).toBe(200);
    // The reseller's remembered payers are the reseller's: nothing is prefilled for the platform.
    expect(read.body.data.bank_records.every((r: { customer_id: number | null }) => r.customer_id === null)).toBe(true);
    const importId = read.body.data.import.import_id;
    // A shop of the reseller is not the platform's to book to.
    const notDirect = await post(
      ctx.app,
      '/api/bank_module_step_2/',
      { import_id: importId, mappings: [{ payer_name: 'Kiosk Müller', customer_id: ids.seller }] },
      h.superadmin,
    );
    expect(notDirect.status).toBe(404);
    const before = { reseller: await wallet(ids.reseller), shop: await wallet(directShop) };
    await post(
      ctx.app,
      '/api/bank_module_step_2/',
      {
        import_id: importId,
        mappings: [
          { payer_name: 'Demo Reseller GmbH', payer_iban: 'DE91100000000123456789', customer_id: ids.reseller },
          { payer_name: 'Plattform-Kiosk Direkt', payer_iban: 'DE21300500000001234567', customer_id: directShop },
        ],
      },
      h.superadmin,
    );
    const done = await bookAndWait(importId, h.superadmin);
    expect(done.import).toMatchObject({ booked: 2, to_book: 0 });
    const grew = async (id: number, was: { balance: string; outstanding_credit: string }) => {
      const now = await wallet(id);
      return new Decimal(now.balance)
        .plus(now.outstanding_credit)
        .minus(new Decimal(was.balance).plus(was.outstanding_credit))
        .toFixed(2);
    };
    expect(await grew(ids.reseller, before.reseller)).toBe('2345.67');
    expect(await grew(directShop, before.shop)).toBe('41.09');
    // Each side sees only its own statements and payers.
    const resellerList = await get(ctx.app, `/api/get_bank_records/?import_id=${importId}`, h.reseller);
    expect(resellerList.status).toBe(404);
    const payers = (await get(ctx.app, '/api/get_bank_name_mapped_customers/', h.superadmin)).body.data
      .mapped_customers;
    expect(payers.map((m: { payer_name: string }) => m.payer_name).sort()).toEqual([
      'Demo Reseller GmbH',
      'Plattform-Kiosk Direkt',
    ]);
  });
});
